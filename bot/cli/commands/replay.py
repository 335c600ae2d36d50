"""`cribbage replay`: re-check every record in a file through the engine."""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Iterator
from typing import IO

from bot.cli.errors import UsageError
from bot.cli.streams import capped_lines, open_for_reading
from engine.core.record import RecordError, read_lines, replay


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="replay game records through the engine and report any that differ")
    p.add_argument("file", help="a JSON Lines file of game records (- for stdin)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Every record is checked, whatever the ones before it hold: a bad one is a line naming its reason.
    The file is read as bytes, each line decoded alone, so one bad byte spoils only its own line."""
    try:
        stream: IO[bytes] | IO[str] = getattr(sys.stdin, "buffer", sys.stdin) if args.file == "-" \
            else open_for_reading(args.file)
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    good = bad = 0
    with stream:
        for n, record in _records(stream, args.file):
            try:
                if isinstance(record, RecordError):
                    raise record
                replay(record)
            except RecordError as exc:
                bad += 1
                print(f"line {n}: {exc}")  # a failing standard output goes on to main, which says so
            else:
                good += 1
    print(f"{good} replayed, {bad} did not")
    return 1 if bad or not good else 0


def _records(stream: IO[bytes] | IO[str], name: str) -> Iterator[tuple[int, object]]:
    """read_lines over `stream`, a failure to read (a directory, a device that fails mid-way) said as a UsageError
    naming how many records were read: only the reading is wrapped, not the printing of the report."""
    lines = read_lines(capped_lines(stream.readline, name))
    for done in itertools.count():
        try:
            item = next(lines)
        except StopIteration:
            return
        except OSError as exc:
            raise UsageError(f"cannot read {name} after {done} record(s): {exc.strerror or exc}") from None
        yield item
