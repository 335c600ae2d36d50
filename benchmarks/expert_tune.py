"""Variants of the expert against another strength in duplicate pairs, run by hand (never a timed test):

    nice -n 19 .venv/bin/python benchmarks/expert_tune.py --games 400 --seed 21 --workers 2 \\
        'v1:peg_weight=0.5,model_keeps=1' [--against expected]

Each variant is `name:key=value,...` with ExpertPlayer's keyword arguments (numbers; 0/1 for flags; none for None), or
`name` alone for a registered strength. Every variant plays the same deck sequences. Reported: the win
rate with its 95% Wilson interval and points per deal by kind for both sides, and each later variant's win rate
less the first's, pair by pair on the same decks (common random numbers): where two variants decide alike the pair
is the same game twice and adds nothing to the error, so this difference is far tighter than two separate matches.
"""

from __future__ import annotations

import argparse
import functools
import math
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.computer.arena import A, ArenaTally, B, play_pairs, split_pairs  # noqa: E402
from engine.computer.expert import ExpertPlayer  # noqa: E402
from engine.computer.players import STRENGTHS  # noqa: E402
from engine.core.rules import Rules  # noqa: E402


def register(spec: str) -> str:
    name, _, args = spec.partition(":")
    if not args:
        return name
    kwargs: dict[str, Any] = {}  # ExpertPlayer's keywords, checked by it
    for item in args.split(","):
        key, value = item.split("=")
        kwargs[key] = None if value == "none" else float(value) if "." in value else int(value)
    STRENGTHS[name] = functools.partial(ExpertPlayer, **kwargs)
    return name


def job(a: str, b: str, seed: int, span: tuple[int, int]) -> tuple[ArenaTally, list[int]]:
    """The tally of pairs span[0] to span[1] - 1, and A's wins (0, 1 or 2) in each of them."""
    pairs = [play_pairs(a, b, Rules(), seed, index, index + 1) for index in range(*span)]
    return sum(pairs, ArenaTally()), [pair.a_wins for pair in pairs]


def paired(wins: list[int], base: list[int]) -> str:
    """Win rate of `wins` less `base` over the same pairs, with its standard error."""
    diffs = [(w - b) / 2 for w, b in zip(wins, base, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else float("nan")
    same = sum(1 for d in diffs if d == 0) / n
    return f"{100 * mean:+.2f} points of win rate (se {100 * se:.2f}) over {n} pairs, {100 * same:.0f}% of pairs level"


def kinds(tally: ArenaTally, side: int) -> str:
    deals = tally.role(side, True).deals + tally.role(side, False).deals
    both = tally.role(side, True) + tally.role(side, False)
    show = both.hand + both.crib
    return (f"peg {both.pegging / deals:.3f}  hand {both.hand / deals:.3f}  crib {both.crib / deals:.3f}  "
            f"show {show / deals:.3f}  total {both.total / deals:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--against", default="expected")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    names = [register(v) for v in args.variants]
    pairs = args.games // 2
    ctx = multiprocessing.get_context("fork")
    base: list[int] = []
    with ctx.Pool(args.workers) as pool:
        for name in names:
            start = time.perf_counter()
            spans = split_pairs(pairs, 8 * args.workers)
            parts = pool.starmap(job, [(name, args.against, args.seed, s) for s in spans])
            tally = sum((t for t, _ in parts), ArenaTally())
            wins = [w for _, ws in parts for w in ws]
            lo, hi = tally.ci95()
            margin = (tally.role(A, True) + tally.role(A, False)).total - \
                (tally.role(B, True) + tally.role(B, False)).total
            print(f"{name}: {tally.a_wins} wins of {tally.games} games, {100 * tally.win_rate():.1f}% "
                  f"[{100 * lo:.1f}, {100 * hi:.1f}], "
                  f"margin {margin / tally.complete_deals:+.3f} points/deal ({time.perf_counter() - start:.0f} s)")
            print(f"   {name:>10}: {kinds(tally, A)}")
            print(f"   {args.against:>10}: {kinds(tally, B)}")
            if base:
                print(f"   {name} less {names[0]}: {paired(wins, base)}")
            else:
                base = wins
            sys.stdout.flush()


if __name__ == "__main__":
    main()
