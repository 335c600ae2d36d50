"""The firmware's core behind a real pseudo-terminal, so the driver talks to it exactly as to a Pico on USB.

    python -m firmware.pty_board [--layout straight|traditional] [--tracks 2] [--drop P] [--garble P]
                                 [--duplicate P] [--delay P] [--corrupt P] [--seed N] [--seconds S]

prints the pty's path (give it to `cribbage board get --port PATH`) and answers on it with the same
Board the Pico runs (firmware/pegboard/core.py), sized and named as the firmware with that layout is. The
cable is the simulated board's (board_driver.sim and board_driver.ptysim, the one fault harness): each
whole line, either way, may be dropped, garbled, duplicated or delayed (board_driver.faults, seeded).
CPython only (it needs os.openpty).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import threading
import time

from board_driver.faults import NO_FAULTS, FaultPlan
from board_driver.ptysim import PtySim
from board_driver.sim import SimBoard
from firmware.pegboard import core, picture
from firmware.pegboard import layout as layouts
from firmware.pegboard.layout import Layout


def make_board(name: str = layouts.STRAIGHT, tracks: int = 2, holes: int = 121,
               faults: FaultPlan = NO_FAULTS, budget_ma: int = picture.USB_BUDGET_MA) -> tuple[SimBoard, Layout]:
    """The board the firmware would be with these settings (its core on a simulated cable, its REPORT
    ending with the power field as the firmware's does), and its Layout; ValueError for a board that
    cannot be built."""
    shape = layouts.make(name, tracks, holes)
    if shape is None:
        raise ValueError(f"no {name} board with {tracks} tracks of {holes} holes")
    board = SimBoard(tracks, holes, firmware=core.FIRMWARE, faults=faults, leds=shape.leds)

    def power(b: core.Board) -> str:
        return picture.board_power(shape, b, budget_ma).field()

    board.core.power = power
    return board, shape


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m firmware.pty_board",
                                description="Run the reference firmware's core on a pseudo-terminal.")
    p.add_argument("--layout", choices=layouts.NAMES, default=layouts.STRAIGHT)
    p.add_argument("--tracks", type=int, choices=(1, 2, 3, 4), default=2)
    p.add_argument("--holes", type=int, default=121, help="holes per track (121, or 61 for a short board)")
    for name in ("drop", "garble", "duplicate", "delay"):
        p.add_argument(f"--{name}", type=float, default=0.0, metavar="P",
                       help=f"probability (0-1) that a line, either way, is {name}{'ped' if name == 'drop' else 'd'}")
    p.add_argument("--corrupt", type=float, default=0.0, metavar="P",
                   help="probability (0-1) that a byte, either way, arrives as another byte")
    p.add_argument("--delay-s", type=float, default=0.2, metavar="S", help="how late a late line is")
    p.add_argument("--seed", type=int, default=None, help="seed for the faults (repeatable runs)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this long (default: Ctrl-C)")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    try:
        plan = FaultPlan(drop=args.drop, garble=args.garble, duplicate=args.duplicate, delay=args.delay,
                         delay_s=args.delay_s, seed=args.seed, corrupt=args.corrupt)
        board, shape = make_board(args.layout, args.tracks, args.holes, plan)
    except ValueError as exc:
        print(f"python -m firmware.pty_board: {exc}", file=sys.stderr)
        return 2
    with PtySim(board) as pty:
        info = board.info
        print(f"firmware core ({shape.name}, {info.tracks} tracks x {info.holes} holes, {info.leds} LEDs) "
              f"on {pty.path}", flush=True)
        print(f"try: cribbage board get --port {pty.path}", flush=True)
        pty.reboot()  # a board says INFO when it boots
        until = None if args.seconds is None else time.monotonic() + args.seconds
        with contextlib.suppress(KeyboardInterrupt):
            pty.serve(threading.Event(), until=until)
    return 0


if __name__ == "__main__":
    sys.exit(main())
