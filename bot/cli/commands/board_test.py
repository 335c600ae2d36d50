"""`cribbage board test`: the builder's test pattern, to check every solder joint before the back goes on.

Each LED in turn (white, in strip order: the first one that stays dark is just after the bad joint), then each
track's whole block of LEDs in its colour, then every LED white at the board's power budget (what the supply
and the fuse must carry). The board draws each pattern itself (the protocol's TEST frame); the host only says
which. Ctrl-C at any moment ends the test on the board too, so the board goes back to its picture.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from board_driver.errors import BoardError, NotAcknowledged
from board_driver.link import BoardLink
from board_driver.model import BoardInfo
from board_driver.protocol import NakReason, Pattern, SetTest
from bot.cli.commands.board_common import (
    ATTEMPTS,
    RESEND_S,
    BoardFailed,
    checked_report,
    connect,
    failing,
    port_argument,
)
from bot.cli.errors import UsageError
from bot.cli.numbers import decimal
from bot.cli.stopping import Stopped
from firmware.pegboard import core
from firmware.pegboard import layout as layouts
from firmware.pegboard.layout import Layout


def register(boards: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = boards.add_parser("test", help="light each LED in turn, each track, then full white: check the joints",
                          description="The test pattern, drawn by the board: each LED in turn in white (the "
                                      "first that stays dark comes just after a bad joint), each track's LEDs in "
                                      "its colour, then every LED white, dimmed to the board's power budget. "
                                      "Ctrl-C stops it and the board shows its picture again.")
    port_argument(p)
    p.add_argument("--step", type=decimal(0, 10), default=0.1, metavar="S",
                   help="seconds each LED is lit on its own (default 0.1)")
    p.add_argument("--hold", type=decimal(0, 600), default=2.0, metavar="S",
                   help="seconds each track's colour, and the full white, are shown (default 2)")
    p.set_defaults(func=run_test)


@dataclass
class Progress:
    """Where the test is, for the line Ctrl-C prints: the last pattern the board acknowledged."""

    seq: int = 0
    shown: str = "nothing yet"


def led_name(shape: Layout | None, index: int) -> str:
    """`track 1, hole 57` (tracks from 1; a traditional lap LED serves two holes), or just the LED's number
    when the board's INFO matches no layout."""
    if shape is None:
        return f"LED {index}"
    track = index // shape.block
    holes = [h for h in range(shape.holes + 1) if shape.led(track, h) == index]
    words = "the start hole" if holes == [0] else f"hole{'s' * (len(holes) > 1)} " + " and ".join(map(str, holes))
    return f"LED {index} (track {track + 1}, {words})"


def _show(link: BoardLink, progress: Progress, pattern: Pattern, index: int | None, what: str) -> None:
    """One pattern on the board, once it has acknowledged it; a board without TEST says so in words."""
    progress.seq = progress.seq % core.MAX_SEQ + 1
    try:
        link.request(SetTest(progress.seq, pattern, index), progress.seq, timeout=RESEND_S, attempts=ATTEMPTS)
    except NotAcknowledged as exc:
        if exc.reason is NakReason.UNKNOWN:
            raise BoardFailed(f"the board at {link.url} has no test pattern (its firmware is older than "
                              f"{core.FIRMWARE}): copy firmware/ to it again (docs/board-hardware.md)") from None
        raise BoardFailed(str(exc)) from None
    progress.shown = what


def _each_led(link: BoardLink, info: BoardInfo, shape: Layout | None, step: float, progress: Progress,
              say: Callable[[str], None]) -> None:
    live = sys.stdout.isatty()
    say(f"1. each LED in turn, white, {step:g} s each: the first that stays dark is just after a bad joint")
    block = shape.block if shape is not None else info.leds
    for first in range(0, info.leds, max(1, block)):
        last = min(info.leds, first + block) - 1
        if not live:
            say(f"   {led_name(shape, first)} to {led_name(shape, last)}")
        for index in range(first, last + 1):
            _show(link, progress, Pattern.LED, index, led_name(shape, index))
            if live:
                print(f"\r   {led_name(shape, index)} of 0-{info.leds - 1}\x1b[K", end="", flush=True)
            time.sleep(step)
    if live:
        print()


def _each_track(link: BoardLink, info: BoardInfo, shape: Layout | None, hold: float, progress: Progress,
                say: Callable[[str], None]) -> None:
    report = checked_report(link, info)
    say(f"2. each track in its colour, {hold:g} s each")
    block = shape.block if shape is not None else 0
    for track in range(info.tracks):
        colour = report.tracks[track].colour or core.DEFAULT_COLOURS[track % len(core.DEFAULT_COLOURS)]
        leds = f"LEDs {track * block}-{(track + 1) * block - 1}" if block else "its LEDs"
        _show(link, progress, Pattern.TRACK, track, f"track {track + 1}")
        say(f"   track {track + 1}: {leds} in #{colour:06X}")
        time.sleep(hold)


def _white(link: BoardLink, info: BoardInfo, hold: float, progress: Progress, say: Callable[[str], None]) -> None:
    _show(link, progress, Pattern.WHITE, None, "every LED white")
    power = checked_report(link, info).power
    if power is None:
        say(f"3. every LED white, {hold:g} s (this board does not say its current)")
    else:
        wanted, budget = power
        say(f"3. every LED white, {hold:g} s: it would draw {wanted:,} mA, and the board keeps to its budget, "
            f"{budget:,} mA (BUDGET_MA)")
    time.sleep(hold)


@failing
def run_test(args: argparse.Namespace) -> int:
    if args.step < 0 or args.hold < 0:
        raise UsageError("--step and --hold are seconds, 0 or more")
    progress = Progress()
    with connect(args.port) as link:
        assert link.info is not None
        info = link.info
        shape = layouts.find(info.tracks, info.holes, info.leds)
        named = f"{shape.name}, " if shape is not None else ""
        print(f"testing the board at {args.port} ({info.firmware}, {named}{info.tracks} tracks x {info.holes} "
              f"holes, {info.leds} LEDs); Ctrl-C stops it", flush=True)

        def say(line: str) -> None:
            print(line, flush=True)

        try:
            _each_led(link, info, shape, args.step, progress, say)
            _each_track(link, info, shape, args.hold, progress, say)
            _white(link, info, args.hold, progress, say)
        except KeyboardInterrupt as stop:
            shown = progress.shown
            ended = _end(link, progress)
            print(f"{chr(10) * sys.stdout.isatty()}cribbage board test: stopped at {shown}; {ended}",
                  file=sys.stderr)
            if isinstance(stop, Stopped):
                raise  # SIGTERM or SIGHUP: the command line's own words and status
            return 130
        _show(link, progress, Pattern.END, None, "the picture")
    print("done: the board shows its picture again")
    return 0


def _end(link: BoardLink, progress: Progress) -> str:
    """The test ended on the board too (its picture back), in words, even after a Ctrl-C mid-exchange."""
    try:
        _show(link, progress, Pattern.END, None, "the picture")
    except (BoardFailed, BoardError, OSError) as exc:
        return f"the board did not take the end of the test ({exc}); it shows its picture 5 s after the host goes quiet"
    return "the board shows its picture again"
