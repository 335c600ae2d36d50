"""`cribbage replay`: re-check every record in a file through the engine."""

from __future__ import annotations

import argparse
import sys

from bot.errors import UsageError
from engine.record import RecordError, read_lines, replay


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="replay game records through the engine and report any that differ")
    p.add_argument("file", help="a JSON Lines file of game records (- for stdin)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        stream = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    good = bad = 0
    with stream:
        for n, record in read_lines(stream):
            try:
                if isinstance(record, RecordError):
                    raise record
                replay(record)
            except RecordError as exc:
                bad += 1
                print(f"line {n}: {exc}")
            else:
                good += 1
    print(f"{good} replayed, {bad} did not")
    return 1 if bad or not good else 0
