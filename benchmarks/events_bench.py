"""Swiss pairings and standings for a big club night (issue 57: pairings under 100 ms, standings under 50 ms for 256
entrants), run by hand:

    .venv/bin/python benchmarks/events_bench.py [--entrants 256] [--runs 50]

A club night of nine games is played out with random results (seeded, so every run plays the same night); the
pairings of rounds 1, 5 and 9 and the standings after the ninth game are timed `--runs` times each. The figures are
the median and the worst of the runs (one slowed by another process on the machine moves the worst, not the median).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.events.scoring import Bye, Played, Result  # noqa: E402
from engine.events.standings import standings  # noqa: E402
from engine.events.swiss import Pairings, first_round, next_round  # noqa: E402

ROUNDS = 9
TIMED = (1, 5, 9)


def play(pairings: Pairings, rng: random.Random) -> list[Result]:
    out: list[Result] = [Bye(pairings.bye)] if pairings.bye is not None else []
    for first, second in pairings.pairs:
        loser = rng.randint(60, 120)
        out.append(Played(first, second, 121, loser) if rng.random() < 0.5 else Played(first, second, loser, 121))
    return out


def night(entrants: list[str], ratings: dict[str, float]) -> dict[int, list[Result]]:
    """The results before each timed round, and after the last (key ROUNDS + 1)."""
    rng = random.Random(57)
    before: dict[int, list[Result]] = {}
    results: list[Result] = []
    for number in range(1, ROUNDS + 1):
        before[number] = list(results)
        pairings = first_round(entrants, ratings) if number == 1 else next_round(entrants, results, ratings)
        assert pairings.rematches == 0, (number, pairings.rematches)
        results += play(pairings, rng)
    before[ROUNDS + 1] = results
    return before


def timed(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entrants", type=int, default=256)
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    entrants = [f"member{i:03d}" for i in range(args.entrants)]
    ratings = {e: 1500.0 + random.Random(i).gauss(0, 150) for i, e in enumerate(entrants)}
    before = night(entrants, ratings)
    for number in TIMED:
        results = before[number]

        def pair(results: list[Result] = results, number: int = number) -> Pairings:
            return first_round(entrants, ratings) if number == 1 else next_round(entrants, results, ratings)

        median, worst = timed(pair, args.runs)
        print(f"Swiss pairings, round {number}: {median * 1e3:6.2f} ms median, {worst * 1e3:6.2f} ms worst "
              f"({args.entrants} entrants, {len(results)} results before, {args.runs} runs)")
    final = before[ROUNDS + 1]
    median, worst = timed(lambda: standings(entrants, final), args.runs)
    print(f"standings after {ROUNDS} games: {median * 1e3:6.2f} ms median, {worst * 1e3:6.2f} ms worst "
          f"({args.entrants} entrants, {len(final)} results, {args.runs} runs)")


if __name__ == "__main__":
    main()
