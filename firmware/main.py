"""The reference pegboard firmware for a Raspberry Pi Pico (RP2040) under MicroPython: the hardware layer.

Everything that touches hardware is here and nowhere else: the WS2812 strip (neopixel on one GPIO),
USB serial (sys.stdin / sys.stdout), the onboard status LED, the INFO line at boot and the breathing
while the host is quiet. The protocol and the picture are the plain modules in pegboard/, the code the
project's tests run on CPython. Copy this file to the Pico as main.py and the pegboard folder beside it
(docs/board-hardware.md says how); it starts at power-on.
"""

import select
import sys
import time

try:  # noqa: SIM105 - MicroPython has no contextlib
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated there
    pass

import machine  # type: ignore[import-not-found]
import micropython  # type: ignore[import-not-found]
import neopixel  # type: ignore[import-not-found]
from pegboard import core, layout, picture  # type: ignore[import-not-found]

# -- settings: change these to match your board -----------------------------------------------------
DATA_PIN = 0             # GP0 (pin 1) drives the strip's DIN through a 330 ohm resistor
LAYOUT = "straight"      # a name in pegboard/layout.py's LAYOUTS: "straight" (a start hole + 121 per
                         # track) or "traditional" (2 rows of 30, twice)
TRACKS = 2
HOLES = 121
BUDGET_MA = 450          # USB: 450. With a 5 V supply of A amps for the strip: about A * 900
STATUS_PIN = "LED"       # the Pico's own LED (GP25; on a Pico W the name reaches the Wi-Fi chip's pin)
FRAME_MS = 40            # redraw an animated picture 25 times a second
READ_MAX = 256           # bytes taken from USB per pass


class Clock:
    """Milliseconds since boot that never wrap (time.ticks_ms wraps; the core wants plain numbers)."""

    def __init__(self) -> None:
        self.last = time.ticks_ms()  # type: ignore[attr-defined]
        self.total = 0

    def ms(self) -> int:
        now = time.ticks_ms()  # type: ignore[attr-defined]
        self.total += time.ticks_diff(now, self.last)  # type: ignore[attr-defined]
        self.last = now
        return self.total


class Status:
    """The onboard LED: steady while the host talks, breathing (PWM, or blinking without) while it is quiet."""

    def __init__(self) -> None:
        pin = machine.Pin(STATUS_PIN, machine.Pin.OUT)
        try:
            self.pwm = machine.PWM(pin)
            self.pwm.freq(1000)
        except (ValueError, TypeError):
            self.pwm = None
        self.pin = pin

    def show(self, quiet: bool, now_ms: int) -> None:
        level = picture.wave(now_ms, picture.BREATH_MS) if quiet else 255
        if self.pwm is not None:
            self.pwm.duty_u16(level * level)
        else:
            self.pin.value(1 if level >= 128 else 0)


def read_available(poll: Any, stream: Any, wait_ms: int) -> bytes:
    """Whatever the host has sent, waiting at most wait_ms for the first byte."""
    data = b""
    while len(data) < READ_MAX and poll.poll(0 if data else wait_ms):
        data += stream.read(1)
    return data


def stop_asked(data: bytes, board: Any) -> bool:
    """Ctrl-C at the start of a line (what mpremote and Thonny send) hands the board back to the REPL.
    A 0x03 inside a line is the protocol's business: that line is refused (NAK FORMAT)."""
    return bool(board.reader.idle()) and data.lstrip(b"\r")[:1] == b"\x03"


def draw(strip: Any, shape: Any, board: Any, now_ms: int) -> None:
    strip.fill((0, 0, 0))
    lit = picture.lights(shape, board.tracks, board.brightness, board.winner, board.skunk, now_ms,
                         board.host_quiet(now_ms), BUDGET_MA)
    for index in lit:
        strip[index] = lit[index]
    strip.write()


def main() -> None:
    shape = layout.make(LAYOUT, TRACKS, HOLES)
    board = core.Board(TRACKS, HOLES, shape.leds)
    strip = neopixel.NeoPixel(machine.Pin(DATA_PIN), shape.leds)
    status, clock = Status(), Clock()
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    micropython.kbd_intr(-1)  # every byte belongs to the protocol; see stop_asked
    out.write(board.info_line())  # lost if no host has the port open: the host asks with HELLO anyway
    drawn: tuple[int, bool] = (-1, False)
    last_draw = -FRAME_MS
    while True:
        data = read_available(poll, inp, FRAME_MS // 2)
        now = clock.ms()
        if data and stop_asked(data, board):
            break
        for line in board.receive(data, now) if data else ():
            out.write(line)
        quiet = board.host_quiet(now)
        moving = picture.animated(board.tracks, board.winner, quiet)
        if (board.changes, quiet) != drawn or (moving and now - last_draw >= FRAME_MS):
            draw(strip, shape, board, now)
            drawn, last_draw = (board.changes, quiet), now
        status.show(quiet, now)
    micropython.kbd_intr(3)
    strip.fill((0, 0, 0))
    strip.write()


main()
