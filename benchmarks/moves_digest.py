"""A digest of every decision some strengths make in seeded games, run by hand to show a change left their moves alone:

    .venv/bin/python benchmarks/moves_digest.py expert expected [--games 6] [--players 2] [--target 121]

The same digest before and after a change means the same move at every decision of those games.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.computer.players import make_player  # noqa: E402
from engine.computer.selfplay import decisions  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.rules import Rules  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("strengths", nargs="+", help="one a seat, in seat order (repeated to fill the table)")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--target", type=int, default=121)
    args = parser.parse_args()
    rules = Rules(players=args.players, target=args.target)
    digest = hashlib.sha256()
    moves = 0
    for g in range(args.games):
        names = [args.strengths[(seat + g) % len(args.strengths)] for seat in range(args.players)]
        players = [make_player(name, g * 8 + seat) for seat, name in enumerate(names)]
        for _, action in decisions(Game(rules, seed=g), players):
            digest.update(repr(action).encode())
            moves += 1
    print(f"{digest.hexdigest()} over {moves} decisions of {args.games} games")


if __name__ == "__main__":
    main()
