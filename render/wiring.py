"""The pegboard's wiring figure for docs/board-hardware.md: supply, fuse, capacitor, Pico, 74AHCT125 level
shifter with its pin numbers, the data resistor, and the strip's pieces fed from a power bus.

Drawn from code (not by hand) so the figure's pins and values are the ones the guide's text and the
firmware name (DATA_PIN = GP0) and a test can hold them to each other.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1120, 600
POWER = (213, 94, 0)
GROUND = (20, 20, 20)
DATA = (0, 114, 178)
BOX = (90, 90, 90)
PIN = "GP0"
SHIFTER_PINS = {1: "1OE (GND)", 2: "1A in", 3: "1Y out", 7: "GND", 14: "VCC 5 V"}
"""The 74AHCT125 pins the figure wires; 4, 10 and 13 (the other enables) and 5, 9, 12 (their inputs) go to GND."""
PULL_DOWN = "10k"
"""From pin 2 to GND: the buffer's input is held low while the Pico is off, so the strip sees no noise."""
CAPACITOR = "1000 uF 16 V"


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


class _Sketch:
    def __init__(self) -> None:
        self.image = Image.new("RGB", (WIDTH, HEIGHT), "white")
        self.draw = ImageDraw.Draw(self.image)

    def box(self, x: int, y: int, w: int, h: int, title: str, lines: tuple[str, ...] = ()) -> None:
        self.draw.rectangle((x, y, x + w, y + h), outline=BOX, width=2)
        self.text(x + 8, y + 6, title, 15)
        for k, line in enumerate(lines):
            self.text(x + 8, y + 28 + 17 * k, line, 12, BOX)

    def text(self, x: float, y: float, words: str, size: int = 13, colour: tuple[int, int, int] = GROUND,
             anchor: str = "la") -> None:
        self.draw.text((x, y), words, fill=colour, font=_font(size), anchor=anchor)

    def wire(self, colour: tuple[int, int, int], *points: tuple[int, int], width: int = 3) -> None:
        self.draw.line(points, fill=colour, width=width, joint="curve")
        for x, y in (points[0], points[-1]):
            self.draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=colour)

    def part(self, x: int, y: int, label: str, vertical: bool = False) -> None:
        """A two-terminal part (resistor, fuse, capacitor) as a small labelled block on a wire."""
        w, h = (16, 34) if vertical else (40, 16)
        self.draw.rectangle((x - w // 2, y - h // 2, x + w // 2, y + h // 2), fill="white", outline=GROUND, width=2)
        self.text(x + (14 if vertical else 0), y + (0 if vertical else -14), label, 12,
                  anchor="lm" if vertical else "md")


def wiring_png() -> bytes:
    """The figure as PNG bytes."""
    s = _Sketch()
    s.text(20, 14, "Pegboard wiring with a 5 V supply (power on before data; grounds joined)", 17)
    bus_power, bus_ground = 120, 160
    s.box(20, 70, 150, 110, "5 V supply", ("see the supply table", "DC jack"))
    s.wire(POWER, (170, bus_power), (1080, bus_power))
    s.wire(GROUND, (170, bus_ground), (1080, bus_ground))
    s.part(220, bus_power, "fuse (table)")
    s.text(1080, bus_power - 8, "+5 V bus, 20 AWG", 12, POWER, "rd")
    s.text(1080, bus_ground + 6, "GND bus, 20 AWG", 12, GROUND, "ra")
    s.wire(POWER, (300, bus_power), (300, 200))
    s.wire(GROUND, (330, bus_ground), (330, 200))
    s.part(315, 210, "")
    s.text(345, 204, f"{CAPACITOR} (10 V at least) at the jack:", 12, anchor="lm")
    s.text(345, 220, "its - stripe to GND, + to +5 V", 12, anchor="lm")

    s.box(20, 300, 170, 200, "Raspberry Pi Pico", ("pin 1  GP0 (DATA_PIN)", "pin 3  GND", "pin 40 VBUS: not to +5 V",
                                                   "USB to the computer"))
    s.box(330, 300, 230, 200, "74AHCT125 (DIP-14)", ("pin 14 VCC  <- +5 V bus", "pin 7  GND", "pin 1  1OE -> GND",
                                                      "pin 2  1A  <- GP0; 10k to GND", "pin 3  1Y  -> 330 ohm -> DIN",
                                                      "pins 4 5 9 10 12 13 -> GND", "100 nF from 14 to 7"))
    s.wire(DATA, (190, 330), (260, 330), (260, 400), (330, 400))
    s.text(262, 404, "2", 12, DATA)
    s.wire(GROUND, (190, 350), (230, 350), (230, bus_ground))
    s.wire(POWER, (560, 320), (600, 320), (600, bus_power))
    s.text(566, 310, "14", 12, POWER)
    s.wire(GROUND, (560, 340), (620, 340), (620, bus_ground))
    s.text(566, 344, "7, 1, unused", 12, GROUND)
    s.wire(DATA, (560, 420), (680, 420))
    s.text(566, 424, "3", 12, DATA)
    s.part(700, 420, "330 ohm at DIN")
    s.wire(DATA, (720, 420), (760, 420))

    for k, (x, name) in enumerate(((760, "strip piece 1"), (930, "piece 2 ..."))):
        s.box(x, 380, 150, 110, name, ("DIN  +5V  GND", "arrows point away", "from DIN"))
        s.wire(POWER, (x + 60, 380), (x + 60, bus_power))
        s.wire(GROUND, (x + 100, 380), (x + 100, bus_ground))
        s.text(x + 64, 250 + 20 * k, "inject", 12, POWER)
    s.wire(DATA, (910, 470), (930, 470))
    s.text(920, 500, "DO -> DIN jumper (26 AWG); 5 V and GND from the bus", 12, DATA, "ma")
    s.text(20, 540, "USB only (no supply): strip +5 V from VBUS (pin 40), GND to pin 3, no capacitor over 10 uF "
           "on VBUS, and the budget of the guide's USB section.", 13)
    s.text(20, 562, "Without the 74AHCT125: GP0 -> 330 ohm -> DIN, the resistor at the strip's end of the wire.", 13)
    out = io.BytesIO()
    s.image.save(out, "PNG", optimize=True)
    return out.getvalue()
