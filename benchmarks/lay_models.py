"""How often each play-out policy foresees a strength's lays, run by hand (never a test):

    .venv/bin/python benchmarks/lay_models.py expected [--games 60]

The strength plays whole games against `expected` from seat 0; wherever it has two ranks or more to lay,
each policy is asked what it would lay from the same series and count, told how many cards the other seat
holds. The expert's play-outs lay the opponent's cards by the policy that foresees real players best.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.computer.pegsim import Policy, careful_policy, quick_policy  # noqa: E402
from engine.computer.players import make_player  # noqa: E402
from engine.computer.selfplay import decisions  # noqa: E402
from engine.core.actions import Play  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.rules import Rules  # noqa: E402

POLICIES: dict[str, Policy] = {"quick": quick_policy, "careful": careful_policy}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("strength")
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    foreseen = dict.fromkeys(POLICIES, 0)
    lays = 0
    for g in range(args.games):
        players = [make_player(args.strength, g), make_player("expected", g + 1)]
        for obs, action in decisions(Game(Rules(), seed=g), players):
            ranks = sorted({a.card.rank for a in obs.legal if isinstance(a, Play)})
            if obs.seat == 0 and isinstance(action, Play) and len(ranks) > 1:
                lays += 1
                series = [c.rank for c in obs.series]
                for name, policy in POLICIES.items():
                    foreseen[name] += policy(ranks, series, obs.count, obs.cards_held[1]) == action.card.rank
    shares = ", ".join(f"{name} {n} ({100 * n / lays:.1f}%)" for name, n in foreseen.items())
    print(f"{args.strength}: {lays} lays with a choice of rank over {args.games} games; foreseen by {shares}")


if __name__ == "__main__":
    main()
