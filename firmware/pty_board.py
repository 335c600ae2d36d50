"""The firmware's core behind a real pseudo-terminal, so the driver talks to it exactly as to a Pico on USB.

    python -m firmware.pty_board [--layout straight|traditional] [--tracks 2] [--drop P] [--garble P]
                                 [--duplicate P] [--delay P] [--seed N] [--seconds S]

prints the pty's path (give it to `cribbage board get --port PATH`) and answers on it with the same
Board the Pico runs (firmware/pegboard/core.py). Faults on the line are injected here, on the board's
side of the cable: each whole line, either way, may be dropped, garbled, duplicated or delayed
(board_driver.faults, seeded), as the simulated board does. CPython only (it needs os.openpty).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import select
import sys
import threading
import time
import tty
from collections import deque

from board_driver.faults import NO_FAULTS, FaultInjector, FaultPlan
from firmware.pegboard import layout as layouts
from firmware.pegboard.core import MAX_LINE, Board
from firmware.pegboard.layout import Layout

POLL_S = 0.05


def now_ms() -> int:
    return int(time.monotonic() * 1000)


class PtyBoard:
    """A firmware Board answering on the slave side of a new pseudo-terminal (raw mode, no echo)."""

    def __init__(self, board: Board, faults: FaultPlan = NO_FAULTS) -> None:
        self.board = board
        self.injector = FaultInjector(faults)
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)  # the board's answers must not come back as input
        self.path = os.ttyname(self._slave)
        self._partial = bytearray()
        self._inbox: deque[tuple[float, bytes]] = deque()
        self._outbox: deque[tuple[float, bytes]] = deque()
        self._in_due = self._out_due = 0.0
        self._deaf_until = 0.0
        self._lock = threading.Lock()

    def reboot(self, boot_s: float = 0.0) -> None:
        """A reset (a watchdog, or DTR on a board wired for it): deaf for boot_s, then blank and INFO."""
        with self._lock:
            self._deaf_until = time.monotonic() + boot_s
            self._inbox.clear()
            self._partial.clear()
            if boot_s <= 0:
                self._boot(time.monotonic())

    def _boot(self, now: float) -> None:
        self._deaf_until = 0.0
        self.board.boot()
        self._send(self.board.info_line(), now)

    def _send(self, line: bytes, now: float) -> None:
        late = float(getattr(self.injector.plan, "reply_delay_s", 0.0))  # a board that is always slow
        for delay, copy in self.injector.apply(line):
            self._out_due = max(self._out_due, now + delay + late)
            self._outbox.append((self._out_due, copy))

    def _hear(self, data: bytes, now: float) -> None:
        """Bytes from the host: whole lines go through the faults to the inbox; a run without a newline
        longer than a line goes to the board as it is (it answers LENGTH at the newline)."""
        if not self.injector.plan.any:
            self._inbox.append((now, data))
            return
        self._partial += data
        while (end := self._partial.find(b"\n")) >= 0:
            line = bytes(self._partial[:end + 1])
            del self._partial[:end + 1]
            for delay, copy in self.injector.apply(line):
                self._in_due = max(self._in_due, now + delay)
                self._inbox.append((self._in_due, copy))
        if len(self._partial) > MAX_LINE:
            self._inbox.append((now, bytes(self._partial)))
            self._partial.clear()

    def step(self, data: bytes, now: float) -> bytes:
        """Take the host's bytes, let the board answer what is due, and return what is due to the host."""
        with self._lock:
            if self._deaf_until:
                if now < self._deaf_until:
                    data = b""  # a booting board hears nothing
                else:
                    self._boot(now)
            if data:
                self._hear(data, now)
            while self._inbox and self._inbox[0][0] <= now:
                for answer in self.board.receive(self._inbox.popleft()[1], int(now * 1000)):
                    self._send(answer, now)
            out = bytearray()
            while self._outbox and self._outbox[0][0] <= now:
                out += self._outbox.popleft()[1]
            return bytes(out)

    def _next_due(self) -> float | None:
        dues = [q[0][0] for q in (self._inbox, self._outbox) if q]
        if self._deaf_until:
            dues.append(self._deaf_until)
        return min(dues) if dues else None

    def serve(self, stop: threading.Event, until: float | None = None) -> None:
        """Answer the host until `stop` is set (or the monotonic time `until`)."""
        while not stop.is_set() and (until is None or time.monotonic() < until):
            due = self._next_due()
            wait = POLL_S if due is None else max(0.0, min(POLL_S, due - time.monotonic()))
            ready, _, _ = select.select([self._master], [], [], wait)
            data = b""
            if ready:
                with contextlib.suppress(OSError):
                    data = os.read(self._master, 4096)
            out = self.step(data, time.monotonic())
            if out:
                os.write(self._master, out)

    def close(self) -> None:
        for fd in (self._master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)

    def __enter__(self) -> PtyBoard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def make_board(name: str = layouts.STRAIGHT, tracks: int = 2, holes: int = 121) -> tuple[Board, Layout]:
    """The Board and Layout the firmware would run with these settings; ValueError for a board that
    cannot be built."""
    shape = layouts.make(name, tracks, holes)
    if shape is None:
        raise ValueError(f"no {name} board with {tracks} tracks of {holes} holes")
    return Board(tracks, holes, shape.leds), shape


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m firmware.pty_board",
                                description="Run the reference firmware's core on a pseudo-terminal.")
    p.add_argument("--layout", choices=layouts.NAMES, default=layouts.STRAIGHT)
    p.add_argument("--tracks", type=int, choices=(1, 2, 3, 4), default=2)
    p.add_argument("--holes", type=int, default=121, help="holes per track (121, or 61 for a short board)")
    for name in ("drop", "garble", "duplicate", "delay"):
        p.add_argument(f"--{name}", type=float, default=0.0, metavar="P",
                       help=f"probability (0-1) that a line, either way, is {name}{'ped' if name == 'drop' else 'd'}")
    p.add_argument("--delay-s", type=float, default=0.2, metavar="S", help="how late a late line is")
    p.add_argument("--seed", type=int, default=None, help="seed for the faults (repeatable runs)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this long (default: Ctrl-C)")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    try:
        plan = FaultPlan(drop=args.drop, garble=args.garble, duplicate=args.duplicate, delay=args.delay,
                         delay_s=args.delay_s, seed=args.seed)
        board, shape = make_board(args.layout, args.tracks, args.holes)
    except ValueError as exc:
        print(f"python -m firmware.pty_board: {exc}", file=sys.stderr)
        return 2
    with PtyBoard(board, plan) as pty:
        print(f"firmware core ({shape.name}, {board.tracks_n} tracks x {board.holes} holes, {shape.leds} LEDs) "
              f"on {pty.path}", flush=True)
        print(f"try: cribbage board get --port {pty.path}", flush=True)
        pty.reboot()  # a board says INFO when it boots
        until = None if args.seconds is None else time.monotonic() + args.seconds
        with contextlib.suppress(KeyboardInterrupt):
            pty.serve(threading.Event(), until)
    return 0


if __name__ == "__main__":
    sys.exit(main())
