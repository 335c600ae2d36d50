"""The colour of every LED at one moment: pegs, highlight pulse, winner flash, skunk line, breathing,
brightness, and the cap that keeps the strip inside its power budget.

A pure function of the board's state, the layout and the time, so the firmware, the tests and the
`cribbage render led` picture all light the same LEDs. Runs unchanged under MicroPython.

What is lit, for each track that is not dark (colour 000000 lights nothing), later rules winning:
  host quiet    the track's quiet LED (start hole, else game hole) breathes in its colour, 0-BREATH_MAX, 4 s
  winner        every other LED of the track flashes at FLASH in its colour, on 250 ms, off 250 ms
  skunk line    the skunk hole's LED in SKUNK white
  back peg      its colour at BACK (dim)
  front peg     its colour at FRONT; with H=1 it pulses PULSE_MIN-FRONT once a second
Then every channel is scaled by brightness / 255, and by the power cap if the estimate is over budget.
"""

from .core import Track
from .layout import Layout

FRONT = 255
BACK = 64
FLASH = 48
PULSE_MIN = 64
BREATH_MAX = 160
SKUNK = (96, 96, 96)
PULSE_MS = 1000
FLASH_MS = 250
BREATH_MS = 4000
MA_PER_CHANNEL = 20
"""A WS2812 channel at 255 draws about 20 mA (60 mA for full white)."""
IDLE_MA = 1
"""What a dark WS2812 still draws."""
USB_BUDGET_MA = 450
"""The default budget: USB gives 500 mA and the Pico itself needs some."""


def wave(now_ms: int, period_ms: int) -> int:
    """A triangle wave 0..255: 255 at time 0, 0 half a period later."""
    phase = now_ms % period_ms
    return 255 * abs(2 * phase - period_ms) // period_ms


def _scaled(colour: int, level: int) -> tuple[int, int, int]:
    return ((colour >> 16) * level // 255, ((colour >> 8) & 0xFF) * level // 255, (colour & 0xFF) * level // 255)


def _track_lights(lit: dict[int, tuple[int, int, int]], layout: Layout, t: int, track: Track,
                  winner: int | None, skunk: int | None, now_ms: int, quiet: bool) -> None:
    """Write one track's LEDs into `lit`, in the order of the rules above (later ones win)."""
    colour = track.colour
    if not colour:
        return
    if quiet:
        level = BREATH_MAX * wave(now_ms, BREATH_MS) // 255
        index = layout.quiet_led(t)
        if index >= 0 and level:
            lit[index] = _scaled(colour, level)
    if winner == t and (now_ms // FLASH_MS) % 2 == 0:
        flash = _scaled(colour, FLASH)
        for index in layout.hole_leds(t):
            lit[index] = flash
    if skunk is not None:
        index = layout.led(t, skunk)
        if index >= 0:
            lit[index] = SKUNK
    if track.back:
        lit[layout.led(t, track.back)] = _scaled(colour, BACK)
    if track.front:
        level = FRONT
        if track.highlight:
            level = PULSE_MIN + (FRONT - PULSE_MIN) * wave(now_ms, PULSE_MS) // 255
        lit[layout.led(t, track.front)] = _scaled(colour, level)


def lights(layout: Layout, tracks: list[Track], brightness: int = 255, winner: int | None = None,
           skunk: int | None = None, now_ms: int = 0, quiet: bool = False,
           budget_ma: int = USB_BUDGET_MA) -> dict[int, tuple[int, int, int]]:
    """The LEDs that are lit, strip index to (r, g, b) as sent to the strip; every other LED is off.

    Pegs past the layout's holes are the protocol's business (the board refuses them), so every
    hole named here has an LED, except hole 0 on a board without start LEDs."""
    lit: dict[int, tuple[int, int, int]] = {}
    for t in range(min(len(tracks), layout.tracks)):
        _track_lights(lit, layout, t, tracks[t], winner, skunk, now_ms, quiet)
    lit.pop(-1, None)
    if brightness < 255:
        for index in lit:
            r, g, b = lit[index]
            lit[index] = (r * brightness // 255, g * brightness // 255, b * brightness // 255)
    return capped(lit, layout.leds, budget_ma)


def colours(layout: Layout, lit: dict[int, tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Every LED's colour in strip order (the dark ones (0, 0, 0))."""
    return [lit.get(index, (0, 0, 0)) for index in range(layout.leds)]


def current_ma(lit: dict[int, tuple[int, int, int]], leds: int) -> float:
    """The estimated current of the strip: MA_PER_CHANNEL at 255 per channel, plus IDLE_MA per LED."""
    units = 0
    for r, g, b in lit.values():
        units += r + g + b
    return leds * IDLE_MA + units * MA_PER_CHANNEL / 255


def capped(lit: dict[int, tuple[int, int, int]], leds: int,
           budget_ma: int = USB_BUDGET_MA) -> dict[int, tuple[int, int, int]]:
    """`lit` scaled down so current_ma stays within budget_ma (all dark when even idle LEDs exceed it).

    Integer arithmetic: each channel becomes c * allowed // total, where total is the sum of all
    channel values and allowed the sum the budget leaves after the idle current, so the sum can
    only land at or under `allowed`."""
    total = 0
    for r, g, b in lit.values():
        total += r + g + b
    allowed = (budget_ma - leds * IDLE_MA) * 255 // MA_PER_CHANNEL
    if total <= allowed:
        return lit
    if allowed <= 0:
        return {}
    out = {}
    for index in lit:
        r, g, b = lit[index]
        out[index] = (r * allowed // total, g * allowed // total, b * allowed // total)
    return out


def animated(tracks: list[Track], winner: int | None, quiet: bool) -> bool:
    """Whether the picture changes with time (so the firmware must keep redrawing)."""
    if quiet or winner is not None:
        return True
    return any(track.highlight and track.front and track.colour for track in tracks)
