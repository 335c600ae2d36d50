"""`cribbage score`: count a hand or crib, one from the arguments or many from standard input."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from functools import cache
from itertools import chain
from typing import IO, TextIO

from bot.cli.errors import UsageError
from bot.cli.numbers import worker_count, worker_number
from bot.cli.stdin_lines import BadLine, decode_line, line_blocks
from bot.cli.streams import without_bom
from bot.cli.worker_processes import worker_pool
from engine.core.cards import CARD_BY_TEXT, Card, CardError, check_distinct, parse_card, parse_cards
from engine.core.scoring import (
    Breakdown,
    breakdown_json,
    flush_points,
    has_nobs,
    rank_template,
    score_hand,
    score_total,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("score", help="count a hand or crib with its starter, with the calls")
    p.add_argument("cards", nargs="*", help="four hand cards, e.g. 5H 5C 5D JS")
    p.add_argument("--starter", help="the starter card, e.g. 5S")
    p.add_argument("--crib", action="store_true", help="count as a crib (flush needs all five)")
    p.add_argument("--json", action="store_true", help="write JSON")
    p.add_argument("--batch", action="store_true",
                   help="read lines of 4 hand cards then the starter, optionally 'crib', from stdin")
    p.add_argument("--workers", type=worker_number, default=0,
                   help="processes for a large batch (default: one per core)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.batch:
        if args.cards or args.starter:
            raise UsageError("--batch reads cards from standard input; give no cards or --starter")
        return run_batch(sys.stdin, sys.stdout, as_json=args.json, workers=worker_count(args.workers))
    if args.starter is None:
        raise UsageError("give the starter with --starter, e.g. --starter 5S")
    try:
        hand = parse_cards(args.cards, count=4)
        breakdown = score_hand(hand, parse_card(args.starter), crib=args.crib)
    except CardError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps(breakdown_json(breakdown)))
    else:
        print(format_breakdown(breakdown))
    return 0


def format_breakdown(b: Breakdown) -> str:
    head = f"{' '.join(c.pretty() for c in b.hand)}  starter {b.starter.pretty()}"
    lines = [head + ("  (crib)" if b.crib else "")]
    for item in b.items:
        cards = " ".join(str(c) for c in item.cards)
        lines.append(f"  {item.points:>2}  {item.kind.value:<8} {cards:<16} {item.call}")
    lines.append(f"total {b.total}")
    return "\n".join(lines)


def read_line(line: str) -> tuple[tuple[Card, ...], Card, bool]:
    """A batch line: four hand cards, the starter, and optionally the word `crib`."""
    tokens = line.replace(",", " ").split()
    crib = bool(tokens) and tokens[-1].lower() == "crib"
    if crib:
        tokens = tokens[:-1]
    if len(tokens) != 5:
        raise CardError(f"expected 4 hand cards and a starter, got {len(tokens)} card(s)")
    try:
        cards = tuple([CARD_BY_TEXT[t] for t in tokens])
    except KeyError:
        cards = parse_cards(tokens)  # raises, naming the bad token
    if len(set(cards)) != 5:
        check_distinct(cards)
    return cards[:4], cards[4], crib


@cache
def _items_format(ranks: tuple[int, ...]) -> tuple[str, int]:
    """The JSON of a rank template's items as a format string over the rank-sorted cards."""
    parts = []
    for kind, positions, points, call in rank_template(ranks):
        cards = ", ".join(f'"{{{i}}}"' for i in positions)
        parts.append(f'{{{{"kind": "{kind.value}", "cards": [{cards}], "points": {points}, '
                     f'"call": "{call}"}}}}')
    return ", ".join(parts), sum(t[2] for t in rank_template(ranks))


def json_line(hand: tuple[Card, ...], starter: Card, crib: bool) -> str:
    """`json.dumps(breakdown_json(...))`, built from cached pieces when suits score nothing."""
    if flush_points(hand, starter, crib) or has_nobs(hand, starter):
        return json.dumps(breakdown_json(score_hand(hand, starter, crib)))
    five = sorted((*hand, starter), key=lambda c: c.rank * 64 + c.index)
    fmt, total = _items_format(tuple(c.rank for c in five))
    items = fmt.format(*[c.text for c in five])
    cards = '", "'.join(c.text for c in hand)
    return (f'{{"hand": ["{cards}"], "starter": "{starter.text}", '
            f'"crib": {"true" if crib else "false"}, "total": {total}, "items": [{items}]}}')


CHUNK = 10_000
"""Lines a block holds at most: what a worker process scores at once when input comes in bulk."""


def score_chunk(job: tuple[int, list[bytes], bool]) -> tuple[str, int]:
    """Answer a block of batch lines (first line number, lines, JSON?): the output and bad lines."""
    first, lines, as_json = job
    bad = 0
    out: list[str] = []
    for n, raw in enumerate(lines, start=first):
        try:
            line = decode_line(raw)
            if not line.strip():
                continue
            hand, starter, crib = read_line(line)
        except (CardError, BadLine) as exc:
            bad += 1
            out.append(json.dumps({"line": n, "error": str(exc)}) if as_json
                       else f"line {n}: error: {exc}")
            continue
        if as_json:
            out.append(json_line(hand, starter, crib))
        else:
            text = " ".join(c.text for c in hand)
            total = score_total(hand, starter, crib)
            out.append(f"{text} {starter.text}{' crib' if crib else ''}: {total}")
    return ("\n".join(out) + "\n" if out else ""), bad


def run_batch(stdin: IO[str] | IO[bytes], stdout: TextIO, *, as_json: bool, workers: int = 1) -> int:
    """Score every line, in order, each block answered as soon as it is read; once input comes in full
    blocks (a file, a fast pipe) and there are several workers, the blocks go to other processes."""
    jobs = ((first, lines, as_json) for first, lines in without_bom(line_blocks(stdin, CHUNK)))
    bad = 0
    for job in jobs:
        if workers > 1 and len(job[1]) == CHUNK:
            return _pooled(chain([job], jobs), stdout, workers, bad)
        text, n_bad = score_chunk(job)
        bad += n_bad
        stdout.write(text)
        stdout.flush()
    return 1 if bad else 0


def _pooled(jobs: Iterator[tuple[int, list[bytes], bool]], stdout: TextIO, workers: int, bad: int) -> int:
    with worker_pool(workers) as pool:
        for text, n_bad in pool.imap(score_chunk, jobs):
            stdout.write(text)
            stdout.flush()
            bad += n_bad
    return 1 if bad else 0
