"""The firmware's own main.py on a pseudo-terminal, with stand-ins for the Pico's hardware modules.

    python -m board_driver.pico_pty [--layout straight|traditional] [--tracks 2] [--strip-ms MS] [--log FILE]
                                [--seconds S]

prints the pty's path and runs firmware/main.py (not a copy of its loop) against it: `machine`,
`neopixel` and `micropython` are stand-ins, and the strip's write holds the loop as machine.bitstream
does on the Pico, a busy wait of --strip-ms (by default 30 us an LED: 7.3 ms at 244 LEDs, 14.6 ms at
488). With --log, every answer the firmware writes and every strip write is a line `MS out PAYLOAD` or
`MS draw START_MS END_MS` (time.monotonic in ms), so a test can see that an ACK goes out before the
frame that shows it is drawn. When main.py stops (a Ctrl-C), what is left unread goes to a stand-in for
MicroPython's REPL, which answers mpremote's Ctrl-A as the real one does. CPython on Linux or macOS only.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import sys
import threading
import time
import tty
import types
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from firmware.pegboard import layout as layouts

MAIN = Path(str(resources.files("firmware").joinpath("main.py")))
RAW_REPL = b"raw REPL; CTRL-B to exit\r\n>"
"""What MicroPython says when it enters the raw REPL (mpremote waits for exactly this)."""


class Port:
    """sys.stdin and sys.stdout for main.py: the pty's board side (`buffer` is itself, as MicroPython's is)."""

    def __init__(self, fd: int, log: TextIO | None) -> None:
        self.fd = fd
        self.buffer = self
        self.log = log

    def fileno(self) -> int:
        return self.fd

    def read(self, n: int) -> bytes:
        return os.read(self.fd, n)

    def write(self, data: bytes) -> int:
        if self.log is not None:
            self.log.write(f"{time.monotonic() * 1000:.3f} out {data.decode(errors='replace').strip()}\n")
        return os.write(self.fd, data)


class LedBuffer:
    """The colours neopixel.NeoPixel holds until a write sends them; each stand-in strip says what a write does."""

    def __init__(self, n: int) -> None:
        self.leds = [(0, 0, 0)] * n

    def fill(self, colour: tuple[int, int, int]) -> None:
        self.leds = [colour] * len(self.leds)

    def __setitem__(self, index: int, colour: tuple[int, int, int]) -> None:
        self.leds[index] = colour


class Strip(LedBuffer):
    """neopixel.NeoPixel: a write holds the caller for `write_ms`, as the Pico's bitstream does."""

    def __init__(self, n: int, write_ms: float, log: TextIO | None) -> None:
        super().__init__(n)
        self.write_ms = write_ms
        self.log = log
        self.writes = 0

    def write(self) -> None:
        start = time.monotonic()
        while time.monotonic() - start < self.write_ms / 1000:
            pass  # interrupts off on the Pico: nothing else runs
        self.writes += 1
        if self.log is not None:
            lit = sum(1 for c in self.leds if c != (0, 0, 0))
            self.log.write(f"{start * 1000:.3f} draw {start * 1000:.3f} {time.monotonic() * 1000:.3f} {lit}\n")


def stand_ins(write_ms: float | None, log: TextIO | None) -> None:
    """Put machine, neopixel and micropython (and time.ticks_*) where main.py imports them."""
    class Pin:
        OUT = 1

        def __init__(self, name: object, mode: int = 0) -> None:
            self.name = name

        def value(self, level: int) -> None:
            pass

    class PWM:
        def __init__(self, pin: Pin) -> None:
            pass

        def freq(self, hz: int) -> None:
            pass

        def duty_u16(self, value: int) -> None:
            pass

    machine = types.ModuleType("machine")
    machine.Pin, machine.PWM = Pin, PWM  # type: ignore[attr-defined]
    neopixel = types.ModuleType("neopixel")
    neopixel.NeoPixel = lambda pin, n: Strip(n, n * 0.03 if write_ms is None else write_ms, log)  # type: ignore[attr-defined]
    micropython = types.ModuleType("micropython")
    micropython.kbd_intr = lambda char: None  # type: ignore[attr-defined]
    sys.modules.update(machine=machine, neopixel=neopixel, micropython=micropython)
    time.ticks_ms = lambda: int(time.monotonic() * 1000)  # type: ignore[attr-defined]
    time.ticks_diff = lambda a, b: a - b  # type: ignore[attr-defined]
    sys.path.insert(0, str(MAIN.parent))  # `from pegboard import ...`, as on the Pico


def firmware_source(name: str, tracks: int) -> str:
    """main.py with its LAYOUT and TRACKS settings changed."""
    source = MAIN.read_text()
    for setting, value in (("LAYOUT", name), ("TRACKS", tracks)):
        source = re.sub(rf"^{setting} = .*$", f"{setting} = {value!r}", source, count=1, flags=re.M)
    return source


def repl(fd: int, left: bytes, until: float) -> None:
    """MicroPython's REPL after main.py ends, as far as mpremote needs it: Ctrl-A enters the raw REPL."""
    os.write(fd, b"MicroPython (stand-in)\r\n>>> ")
    data = left
    while time.monotonic() < until:
        if b"\x01" in data:
            os.write(fd, RAW_REPL)
            data = data[data.index(b"\x01") + 1:]
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            data += os.read(fd, 4096)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m board_driver.pico_pty", description="Run firmware/main.py on a pty.")
    p.add_argument("--layout", choices=layouts.NAMES, default=layouts.STRAIGHT)
    p.add_argument("--tracks", type=int, choices=(1, 2, 3, 4), default=2)
    p.add_argument("--strip-ms", type=float, default=None, help="how long a strip write holds the loop")
    p.add_argument("--log", type=Path, default=None, help="write answers and strip writes here, timed")
    p.add_argument("--seconds", type=float, default=60.0, help="stop after this long (default 60)")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    threading.Timer(args.seconds + 1.0, os._exit, args=(0,)).start()  # a host that never sends Ctrl-C
    master, slave = os.openpty()
    tty.setraw(slave)
    until = time.monotonic() + args.seconds
    log = None if args.log is None else args.log.open("w", buffering=1)
    print(f"firmware/main.py on {os.ttyname(slave)}", flush=True)
    stand_ins(args.strip_ms, log)
    port = Port(master, log)
    sys.stdin, sys.stdout = port, port
    scope: dict[str, Any] = {"__name__": "__main__"}
    exec(compile(firmware_source(args.layout, args.tracks), str(MAIN), "exec"), scope)  # returns at a Ctrl-C
    sys.stdin, sys.stdout = sys.__stdin__, sys.__stdout__
    if log is not None:
        log.write(f"{time.monotonic() * 1000:.3f} stopped\n")
    repl(master, b"", until)
    os.close(slave)
    return 0


if __name__ == "__main__":
    sys.exit(main())
