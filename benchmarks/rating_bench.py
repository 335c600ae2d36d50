"""What rating a game adds to its end (issue 56: under 2 ms), run by hand:

    .venv/bin/python benchmarks/rating_bench.py [--batches 200] [--per-batch 50]

One game's end: the farming check at its start against the history (100 meetings), the judgement of the
finished game, and each member's Glicko-2 period. Timed in batches of calls; the figure is the median of the
batches' per-call times (a batch slowed by another process on the machine does not move the median).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.rating.glicko2 import Rating  # noqa: E402
from engine.rating.rated import Change, FinishedGame, Meeting, SeatPlayer, apply, farmed_pairs, judge  # noqa: E402

RATINGS = {"ann": Rating(1612, 64, 0.059), "bob": Rating(1488, 92, 0.061), "cat": Rating(1530, 120, 0.06),
           "dan": Rating(1705, 71, 0.058)}
PAIRS = [frozenset(p) for p in (("ann", "bob"), ("ann", "cat"), ("bob", "dan"), ("cat", "dan"), ("ann", "dan"))]
HISTORY = [Meeting(6_000.0 * i, PAIRS[i % 5]) for i in range(100)]
"""A hundred rated pairings over a week, each pair's last 24 hours under the limit."""
NOW = 6_000.0 * 100
GAMES = {
    "two players": FinishedGame((SeatPlayer("ann"), SeatPlayer("bob")), (121, 97), 0),
    "three players": FinishedGame((SeatPlayer("ann"), SeatPlayer("bob"), SeatPlayer("cat")), (104, 121, 88), 1),
    "four players": FinishedGame(tuple(SeatPlayer(m) for m in ("ann", "bob", "cat", "dan")), (121, 96, 121, 96), 2),
}


def one_end(game: FinishedGame) -> Callable[[], tuple[Change, ...]]:
    def run() -> tuple[Change, ...]:
        farmed = farmed_pairs(game.members, HISTORY, NOW, limit=5)
        return apply(RATINGS, judge(game, farmed).pairings)
    return run


def median_per_call(fn: Callable[[], tuple[Change, ...]], batches: int, per_batch: int) -> float:
    times = []
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(per_batch):
            fn()
        times.append((time.perf_counter() - start) / per_batch)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--batches", type=int, default=200)
    parser.add_argument("--per-batch", type=int, default=50)
    args = parser.parse_args()
    for name, game in GAMES.items():
        seconds = median_per_call(one_end(game), args.batches, args.per_batch)
        changes = one_end(game)()
        print(f"{name:14} {seconds * 1e6:8.1f} µs a game's end (median of {args.batches} batches of "
              f"{args.per_batch}); {len(changes)} members rated")


if __name__ == "__main__":
    main()
