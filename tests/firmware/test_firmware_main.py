"""firmware/main.py, the Pico's hardware layer, run on CPython against stand-ins for MicroPython's
machine, neopixel and micropython modules, a scripted USB port and a fake clock."""

from __future__ import annotations

import io
import re
import select
import sys
import time
import types
from pathlib import Path

import pytest

import firmware.pegboard
from firmware.pegboard import core, layout, picture
from firmware.pty_pico import LedBuffer

MAIN = Path(__file__).resolve().parents[2] / "firmware" / "main.py"


class Clock:
    def __init__(self) -> None:
        self.ms = 0

    def ticks_ms(self) -> int:
        return self.ms % (1 << 30)  # MicroPython's ticks wrap

    def ticks_diff(self, a: int, b: int) -> int:
        return (a - b + (1 << 29)) % (1 << 30) - (1 << 29)


class Usb:
    """sys.stdin/stdout and select.poll for main.py: host bytes due at given times, the board's bytes kept."""

    def __init__(self, clock: Clock, script: list[tuple[int, bytes]]) -> None:
        self.clock = clock
        self.script = list(script)
        self.pending = bytearray()
        self.buffer = self  # sys.stdin.buffer and sys.stdout.buffer are this object
        self.sent = io.BytesIO()
        self.events: list[tuple[int, str, bytes]] = []
        """(ms, "out" or "draw", bytes sent or b"") in the order they happened."""

    def register(self, stream: object, mask: int) -> None:
        pass

    def poll(self, timeout_ms: int) -> list[tuple[object, int]]:
        """Ready at once, or when the next bytes arrive within timeout_ms (the clock moves to then)."""
        self._arrive()
        if not self.pending:
            if not self.script or self.script[0][0] > self.clock.ms + timeout_ms:
                self.clock.ms += max(timeout_ms, 1)
                return []
            self.clock.ms = self.script[0][0]
            self._arrive()
        return [(self, 1)]

    def _arrive(self) -> None:
        while self.script and self.script[0][0] <= self.clock.ms:
            self.pending += self.script.pop(0)[1]

    def read(self, n: int) -> bytes:
        out = bytes(self.pending[:n])
        del self.pending[:n]
        return out

    def write(self, data: bytes) -> int:
        self.events.append((self.clock.ms, "out", data))
        return self.sent.write(data)

    def unread(self) -> bytes:
        """What the firmware left unread when it stopped: the REPL's."""
        return bytes(self.pending) + b"".join(data for _, data in self.script)


class Strip(LedBuffer):
    def __init__(self, pin: object, n: int) -> None:
        super().__init__(n)
        self.frames: list[tuple[int, dict[int, tuple[int, int, int]]]] = []
        self.clock: Clock | None = None
        self.usb: Usb | None = None
        self.write_ms = 0
        """How long a write holds the loop (machine.bitstream: about 15 ms at 488 LEDs)."""

    def write(self) -> None:
        lit = {i: c for i, c in enumerate(self.leds) if c != (0, 0, 0)}
        assert self.clock is not None and self.usb is not None
        self.frames.append((self.clock.ms, lit))
        self.usb.events.append((self.clock.ms, "draw", b""))
        self.clock.ms += self.write_ms


def hardware(clock: Clock, usb: Usb, write_ms: int) -> tuple[types.ModuleType, list[Strip], list[int], list[int]]:
    strips: list[Strip] = []
    duties: list[int] = []
    intr: list[int] = []

    class Pin:
        OUT = 1

        def __init__(self, name: object, mode: int = 0) -> None:
            self.name = name

    class PWM:
        def __init__(self, pin: Pin) -> None:
            pass

        def freq(self, hz: int) -> None:
            pass

        def duty_u16(self, value: int) -> None:
            duties.append(value)

    def make_strip(pin: object, n: int) -> Strip:
        strip = Strip(pin, n)
        strip.clock, strip.usb, strip.write_ms = clock, usb, write_ms
        strips.append(strip)
        return strip

    machine = types.ModuleType("machine")
    machine.Pin, machine.PWM = Pin, PWM  # type: ignore[attr-defined]
    neo = types.ModuleType("neopixel")
    neo.NeoPixel = make_strip  # type: ignore[attr-defined]
    micro = types.ModuleType("micropython")
    micro.kbd_intr = intr.append  # type: ignore[attr-defined]
    sys.modules.update(machine=machine, neopixel=neo, micropython=micro)
    return machine, strips, duties, intr


def run_main(monkeypatch: pytest.MonkeyPatch, script: list[tuple[int, bytes]], write_ms: int = 0,
             settings: dict[str, object] | None = None) -> tuple[Usb, Strip, list[int], list[int]]:
    """Run firmware/main.py until it stops, its settings (TRACKS, BUDGET_MA, ...) changed as given, on a
    straight board unless LAYOUT says otherwise."""
    clock = Clock()
    monkeypatch.setattr(time, "ticks_ms", clock.ticks_ms, raising=False)
    monkeypatch.setattr(time, "ticks_diff", clock.ticks_diff, raising=False)
    usb = Usb(clock, script)
    monkeypatch.setattr(select, "poll", lambda: usb)
    monkeypatch.setattr(sys, "stdin", usb)
    monkeypatch.setattr(sys, "stdout", usb)
    for name in ("machine", "neopixel", "micropython"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setitem(sys.modules, "pegboard", firmware.pegboard)
    for name, module in (("core", core), ("layout", layout), ("picture", picture)):
        monkeypatch.setitem(sys.modules, f"pegboard.{name}", module)
    _, strips, duties, intr = hardware(clock, usb, write_ms)
    source = MAIN.read_text()
    for name, value in {"LAYOUT": "straight", **(settings or {})}.items():  # these tests' board: 244 LEDs
        source, found = re.subn(rf"^{name} = .*$", f"{name} = {value!r}", source, count=1, flags=re.M)
        assert found, name
    try:
        exec(compile(source, str(MAIN), "exec"), {"__name__": "__main__"})
    finally:
        for name in ("machine", "neopixel", "micropython"):
            sys.modules.pop(name, None)
    return usb, strips[0], duties, intr


def frame(payload: bytes) -> bytes:
    return payload + b"*%04X\n" % core.crc16(payload)


STATE = b"STATE 1 87,80,FF2020,0 95,91,2060FF,1*FDF5\n"


def test_it_says_info_at_boot_answers_the_host_and_lights_the_strip(monkeypatch: pytest.MonkeyPatch) -> None:
    usb, strip, duties, intr = run_main(monkeypatch, [
        (100, b"HELLO 1*3C7B\n"), (200, STATE), (300, b"BRIGHT 2 255*" + b"%04X" % core.crc16(b"BRIGHT 2 255") + b"\n"),
        (400, frame(b"PING 3")[:-1] + b"\r\n"), (1000, b"\x03")])
    assert usb.sent.getvalue().splitlines(keepends=True) == [
        b"INFO 1 pegboard-1.2 2 121 244*EDC8\n", b"INFO 1 pegboard-1.2 2 121 244*EDC8\n", b"ACK 1*92BD\n",
        b"ACK 2*" + b"%04X" % core.crc16(b"ACK 2") + b"\n", b"PONG 3*" + b"%04X" % core.crc16(b"PONG 3") + b"\n"]
    assert intr == [-1, 3]  # the protocol owns Ctrl-C until a Ctrl-C at a line's start hands it back
    at_boot = strip.frames[0][1]
    assert set(at_boot) == {0, 243} and at_boot[0][0] > 60  # power-on is quiet: the start holes breathe
    shown = [lit for ms, lit in strip.frames if 300 <= ms < 1000]
    assert shown and shown[0][87] == (255, 32, 32) and shown[0][80] == (64, 8, 8) and 0 not in shown[0]
    assert len({lit[148] for lit in shown}) > 3  # track 2's highlighted front peg pulses
    assert strip.frames[-1][1] == {}  # stopped: the strip goes dark
    assert duties[0] < 255 * 255 and duties[-1] == 255 * 255  # breathing at boot, then steady with a host


def test_after_5_s_without_the_host_the_start_holes_breathe_and_pegs_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    _, strip, duties, _ = run_main(monkeypatch, [(100, b"STATE 1 87,80,FF2020,0 95,91,2060FF,0*" +
                                                  b"%04X" % core.crc16(b"STATE 1 87,80,FF2020,0 95,91,2060FF,0") +
                                                  b"\n"), (9000, b"\r\x03")])
    steady = [lit for ms, lit in strip.frames if 87 in lit and ms <= 5100]
    assert len(steady) == 1 and 0 not in steady[0]  # drawn once: nothing moves while the host talks
    quiet = [lit for ms, lit in strip.frames if 5200 <= ms < 9000]
    assert quiet and all(lit[87] == (128, 16, 16) for lit in quiet)
    assert len({lit.get(0) for lit in quiet}) > 5  # breathing
    assert len(set(duties[-50:])) > 5


# -- Ctrl-C: what mpremote sends to get in --------------------------------------------------------
# mpremote 1.29.0, transport_serial.py, SerialTransport.enter_raw_repl: write(b"\r\x03"), read whatever is
# waiting, write(b"\r\x01"), then wait up to 10 s for "raw REPL; CTRL-B to exit\r\n>". Older versions
# (pyboard.py) wrote b"\r\x03\x03" first. On a busy board both writes are in the buffer at once.
MPREMOTE = b"\r\x03" + b"\r\x01"
MPREMOTE_OLD = b"\r\x03\x03" + b"\r\x01"
WINNER = [(100, STATE), (150, frame(b"EFFECT 2 1 91"))]
"""A game's end: the winner's track flashes, so the board draws a frame every 40 ms."""


@pytest.mark.parametrize(("sent", "left"), [(MPREMOTE, b"\r\x01"), (MPREMOTE_OLD, b"\x03\r\x01")],
                         ids=["mpremote-1.29", "pyboard-older"])
def test_a_ctrl_c_between_lines_stops_at_once_and_leaves_the_rest_for_the_repl(
        monkeypatch: pytest.MonkeyPatch, sent: bytes, left: bytes) -> None:
    usb, strip, _, intr = run_main(monkeypatch, [*WINNER, (1000, sent)], write_ms=15, settings={"TRACKS": 4})
    assert usb.unread() == left  # the Ctrl-A (and a second Ctrl-C) are the REPL's: mpremote gets in
    assert intr == [-1, 3]
    assert [ms for ms, _ in strip.frames if ms >= 1000] == [strip.frames[-1][0]] and strip.frames[-1][1] == {}
    assert len([ms for ms, lit in strip.frames if 200 < ms < 1000 and lit]) >= 15  # it was animating


@pytest.mark.parametrize("before", [b"STATE 3 87,80,FF", b"x" * 300], ids=["half-a-line", "overlong-line"])
def test_a_ctrl_c_inside_a_line_is_seen_too(monkeypatch: pytest.MonkeyPatch, before: bytes) -> None:
    usb, strip, _, intr = run_main(monkeypatch, [*WINNER, (500, before), (600, MPREMOTE)])
    assert usb.unread() == b"\r\x01" and intr == [-1, 3]
    assert usb.sent.getvalue().count(b"NAK") == 0  # the half line is dropped, not answered
    assert strip.frames[-1][1] == {}


def test_an_ack_is_sent_before_the_strip_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    moves = [(100 + 30 * i, frame(b"STATE %d %d,%d,FF2020,0" % (i + 1, i + 2, i + 1))) for i in range(20)]
    usb, strip, _, _ = run_main(monkeypatch, [*moves, (2000, b"\x03")], write_ms=15, settings={"TRACKS": 4})
    acks = [i for i, (_, _, data) in enumerate(usb.events) if data.startswith(b"ACK")]
    draws = [i for i, (_, kind, _) in enumerate(usb.events) if kind == "draw"]
    assert len(acks) == 20
    for n, i in enumerate(acks):
        assert usb.events[i][0] - moves[n][0] <= 1  # answered as it arrived (the fake poll costs 1 ms)
        assert usb.events[i + 1][1] == "draw"  # then the 15 ms frame that shows it
        assert strip.frames[draws.index(i + 1)][1][n + 2] == (107, 13, 13)  # 488 LEDs on 450 mA: dimmed
