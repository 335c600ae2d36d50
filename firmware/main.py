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
DATA_PIN = 0             # GP0 (pin 1) drives the 74AHCT125's pin 2, and on through 330 ohm to DIN
LAYOUT = "traditional"   # a name in pegboard/layout.py's LAYOUTS: "traditional" (2 rows of 30, twice)
                         # or "straight" (a start hole + 121 per track)
TRACKS = 2
HOLES = 121
BUDGET_MA = 450          # the defaults are the one board that runs on USB alone: traditional, 2 tracks,
                         # 450 mA (220 on a port that keeps to 250 mA). Any other board has a supply and
                         # its fuse: the guide's supply table, 800 mA per amp of the fuse, never more
STATUS_PIN = "LED"       # the Pico's own LED (GP25; on a Pico W the name reaches the Wi-Fi chip's pin)
FRAME_MS = 40            # redraw an animated picture 25 times a second
READ_MAX = 256           # bytes taken from USB per pass (a Ctrl-C ends the pass at once)


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


class StatusLed:
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


def draw(strip: Any, shape: Any, board: Any, cap: Any, now_ms: int) -> None:
    """One frame on the strip: a busy loop with interrupts off (machine.bitstream), about 7.3 ms at 244
    LEDs and 14.6 ms at 488, so the loop answers the host before it draws."""
    strip.fill((0, 0, 0))
    lit = picture.board_lights(shape, board, now_ms, board.host_quiet(now_ms), BUDGET_MA, cap)
    for index in lit:
        strip[index] = lit[index]
    strip.write()


def state_power(shape: Any, board: Any) -> Any:
    """The Power of what the board shows now (its picture, or a test pattern): how it is dimmed to fit
    BUDGET_MA."""
    return picture.board_power(shape, board, BUDGET_MA)


def main() -> None:
    shape = layout.make(LAYOUT, TRACKS, HOLES)
    board = core.Board(TRACKS, HOLES, shape.leds)
    board.power = lambda b: state_power(shape, b).field()  # REPORT says how the picture is dimmed
    strip = neopixel.NeoPixel(machine.Pin(DATA_PIN), shape.leds)
    status, clock = StatusLed(), Clock()
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    micropython.kbd_intr(-1)  # every byte belongs to the protocol, but for the Ctrl-C core.take_input finds
    out.write(board.info_line())  # lost if no host has the port open: the host asks with HELLO anyway
    drawn: tuple[int, bool] = (-1, False)
    last_draw = -FRAME_MS
    cap = None
    while True:
        data, stop = core.take_input(poll.poll, lambda: inp.read(1), FRAME_MS // 2, READ_MAX)
        now = clock.ms()
        for line in board.receive(data, now) if data else ():
            out.write(line)  # answered before anything is drawn: an ACK never waits behind the strip
        if stop:
            break
        quiet = board.host_quiet(now)
        moving = picture.animated(board.tracks, board.winner, quiet) and (board.test is None or quiet)
        if (board.changes, quiet) != drawn or (moving and now - last_draw >= FRAME_MS):
            if cap is None or board.changes != drawn[0]:
                cap = state_power(shape, board)
            draw(strip, shape, board, cap, now)
            drawn, last_draw = (board.changes, quiet), now
        status.show(quiet, now)
    micropython.kbd_intr(3)
    strip.fill((0, 0, 0))
    strip.write()


main()
