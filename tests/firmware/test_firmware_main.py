"""firmware/main.py, the Pico's hardware layer, run on CPython against stand-ins for MicroPython's
machine, neopixel and micropython modules, a scripted USB port and a fake clock."""

from __future__ import annotations

import io
import runpy
import select
import sys
import time
import types
from pathlib import Path

import pytest

import firmware.pegboard
from firmware.pegboard import core, layout, picture

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

    def register(self, stream: object, mask: int) -> None:
        pass

    def poll(self, timeout_ms: int) -> list[tuple[object, int]]:
        while self.script and self.script[0][0] <= self.clock.ms:
            self.pending += self.script.pop(0)[1]
        if not self.pending:
            self.clock.ms += max(timeout_ms, 1)
            return []
        return [(self, 1)]

    def read(self, n: int) -> bytes:
        out = bytes(self.pending[:n])
        del self.pending[:n]
        return out

    def write(self, data: bytes) -> int:
        return self.sent.write(data)


class Strip:
    def __init__(self, pin: object, n: int) -> None:
        self.leds = [(0, 0, 0)] * n
        self.frames: list[tuple[int, dict[int, tuple[int, int, int]]]] = []
        self.clock: Clock | None = None

    def fill(self, colour: tuple[int, int, int]) -> None:
        self.leds = [colour] * len(self.leds)

    def __setitem__(self, index: int, colour: tuple[int, int, int]) -> None:
        self.leds[index] = colour

    def write(self) -> None:
        lit = {i: c for i, c in enumerate(self.leds) if c != (0, 0, 0)}
        self.frames.append((self.clock.ms if self.clock else 0, lit))


def hardware(clock: Clock) -> tuple[types.ModuleType, list[Strip], list[int], list[int]]:
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
        strip.clock = clock
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


def run_main(monkeypatch: pytest.MonkeyPatch, script: list[tuple[int, bytes]]) -> tuple[Usb, Strip, list[int],
                                                                                             list[int]]:
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
    _, strips, duties, intr = hardware(clock)
    try:
        runpy.run_path(str(MAIN), run_name="__main__")
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
        b"INFO 1 pegboard-1.0 2 121 244*4D7B\n", b"INFO 1 pegboard-1.0 2 121 244*4D7B\n", b"ACK 1*92BD\n",
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


def test_a_control_byte_inside_a_line_is_the_protocols_not_a_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    usb, _, _, _ = run_main(monkeypatch, [(100, b"PI\x03NG 1*0000\n"), (200, b"\x03")])
    assert usb.sent.getvalue().splitlines()[1].startswith(b"NAK - CRC")
