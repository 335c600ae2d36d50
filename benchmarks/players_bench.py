"""Decision times of every strength and the analyzer's speed, run by hand (never a timed test):

    .venv/bin/python benchmarks/players_bench.py [--games 20] [--players 3 [--strengths hard expert]]

Each strength plays whole games against `expected` (at a group table, in seat 0 with `expected` in the others);
every one of its decisions is timed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.analysis.discards import analyze  # noqa: E402
from engine.computer.group.discards import group_options  # noqa: E402
from engine.computer.players import make_player  # noqa: E402
from engine.core.cards import DECK  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.observation import observe  # noqa: E402
from engine.core.rules import Rules  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--strengths", nargs="+", default=["random", "greedy", "expected", "hard", "expert"])
    args = parser.parse_args()
    rng = random.Random(1)
    analyze(rng.sample(DECK, 6), True)  # build the rank tables once
    times = []
    for i in range(args.hands):
        hand = rng.sample(DECK, 6)
        start = time.perf_counter()
        analyze(hand, dealer=i % 2 == 0)
        times.append(time.perf_counter() - start)
    print(f"analyzer, all 15 options exact: median {statistics.median(times) * 1e3:.2f} ms, "
          f"p99 {pct(times, 0.99) * 1e3:.2f} ms ({args.hands} hands)")
    rules = Rules(players=args.players)
    if args.players > 2:
        group_options(rng.sample(DECK, 5))  # build the five-card rank tables once, as a running bot has
    for name in args.strengths:
        times = []
        for g in range(args.games):
            players = [make_player(name, g)] + [make_player("expected", g + k) for k in range(1, args.players)]
            game = Game(rules, seed=g)
            while not game.over:
                seat = game.to_act()[0]
                obs = observe(game, seat)
                start = time.perf_counter()
                action = players[seat].choose(obs)
                if seat == 0:
                    times.append(time.perf_counter() - start)
                game.apply(action)
        print(f"{name:>8}: median {statistics.median(times) * 1e3:7.3f} ms, p99 {pct(times, 0.99) * 1e3:7.2f} ms,"
              f" max {max(times) * 1e3:7.2f} ms over {len(times)} decisions")


if __name__ == "__main__":
    main()
