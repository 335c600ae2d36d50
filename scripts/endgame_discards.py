"""What the expert's discards for the win give up in show value, run by hand (a screen, never a test):

    .venv/bin/python scripts/endgame_discards.py [--hands 600] [--samples 120] [--seed 5] [--within 45]

Deals six cards at endgame scores (the expert on 76-118, the opponent on 60-118, dealer and pone in turn) and
compares the expert's discard for the win (with `--samples` sampled deals an option) with its discard for
points: the analyzer's net (hand and crib value over every starter) each gives up against the best, and the
kept hand's value. It says what the win play costs in show points, not whether it wins more games
(`scripts/discard_duel.py --endgame` says that). The expert discards for the win only within `--within` of the
target: 45 here, to see them all; the expert's own default is 8.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.analysis.discards import DiscardOption, analyze  # noqa: E402
from engine.computer.expert import ExpertPlayer  # noqa: E402
from engine.core.cards import Card  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.observation import observe  # noqa: E402
from engine.core.rules import Rules  # noqa: E402


def chosen(options: list[DiscardOption], discard: tuple[Card, ...]) -> DiscardOption:
    return next(o for o in options if set(o.discard) == set(discard))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=600)
    parser.add_argument("--samples", type=int, default=120)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--within", type=int, default=45, help="the expert's discard_endgame")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lost: dict[str, list[float]] = {"win": [], "points": []}
    hand: dict[str, list[float]] = {"win": [], "points": []}
    same = 0
    for i in range(args.hands):
        scores = [rng.randint(76, 118), rng.randint(60, 118)]
        obs = observe(Game.at_position(Rules(), scores, dealer=i % 2, seed=1000 + i), 0)
        options = list(analyze(obs.hand, obs.is_dealer).options)
        best = max(o.net for o in options)
        win = chosen(options, ExpertPlayer(i, discard_samples=args.samples, discard_endgame=args.within).discard(obs))
        points = chosen(options, ExpertPlayer(i, table=None).discard(obs))
        same += win is points
        for kind, option in (("win", win), ("points", points)):
            lost[kind].append(best - option.net)
            hand[kind].append(option.hand_ev)
    print(f"{args.hands} endgame discards, {args.samples} sampled deals an option; the same discard in {same}")
    for kind in ("win", "points"):
        print(f"  for {kind}: net given up {statistics.mean(lost[kind]):.3f} a discard, kept hand "
              f"{statistics.mean(hand[kind]):.3f}")


if __name__ == "__main__":
    main()
