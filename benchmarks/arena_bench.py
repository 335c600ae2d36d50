"""Arena throughput for the computer-players issue, run by hand (never a timed test):

    .venv/bin/python benchmarks/arena_bench.py [--games 200] [--strengths random,greedy]

For each strength, a self-play match with one worker and with one worker per core: games per
second, and how much the extra processes gain (their results are identical by construction).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.cli.commands.arena import play_match  # noqa: E402
from bot.cli.numbers import worker_count  # noqa: E402
from engine.computer.players import STRENGTHS  # noqa: E402
from engine.core.rules import Rules  # noqa: E402


def timed(name: str, games: int, workers: int) -> float:
    start = time.perf_counter()
    tally = play_match(name, name, Rules(), seed=1, pairs=games // 2, workers=workers)
    assert tally.games == games
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200, help="games per match (even)")
    parser.add_argument("--strengths", default=",".join(STRENGTHS), help="comma separated")
    args = parser.parse_args()
    cores = worker_count(0)
    print(f"{'strength':<10}{'games/s, 1 worker':>20}{f'games/s, {cores} workers':>22}{'speed-up':>10}")
    for name in args.strengths.split(","):
        one = timed(name, args.games, 1)
        many = timed(name, args.games, cores)
        print(f"{name:<10}{one:>20.1f}{many:>22.1f}{many / one:>10.2f}")


if __name__ == "__main__":
    main()
