"""How well each way of reading the opponent's lays guesses its hand, run by hand (never a test):

    .venv/bin/python benchmarks/read_models.py expected [--games 16] [--first 0]

`expected` plays seat 0 against the strength named; wherever seat 0 is to lay after the opponent has laid a card,
200 guessed opponent hands are drawn as the expert draws them, under each reading, and scored by the share of them
holding each rank the opponent truly holds (higher is better), and the log chance they give its exact ranks.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.computer.expert import Misread, careless_lay, missed_points, opponent_hands  # noqa: E402
from engine.computer.players import make_player  # noqa: E402
from engine.computer.selfplay import decisions  # noqa: E402
from engine.core.actions import Play  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.observation import Observation  # noqa: E402
from engine.core.rules import Rules  # noqa: E402

READINGS: dict[str, tuple[float, Misread | None]] = {
    "blind": (0.0, None), "points": (0.9, missed_points), "careful": (0.9, careless_lay)}
GUESSES = 200


def read_positions(strength: str, games: range) -> list[tuple[Observation, list[int]]]:
    """Seat 0's views before its lays once the opponent has laid, with the ranks the opponent then held."""
    out: list[tuple[Observation, list[int]]] = []
    for g in games:
        game = Game(Rules(), seed=g)
        for obs, action in decisions(game, [make_player("expected", g), make_player(strength, g + 1)]):
            if (obs.seat == 0 and isinstance(action, Play) and obs.cards_held[1]
                    and any(p.seat == 1 and p.card for p in obs.plays)):
                out.append((obs, sorted(c.rank for c in game.hands[1])))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("strength")
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args()
    positions = read_positions(args.strength, range(args.first, args.first + args.games))
    for name, (model, misread) in READINGS.items():
        share = log_chance = seconds = 0.0
        for n, (obs, truth) in enumerate(positions, start=1):
            start = time.perf_counter()
            hands = opponent_hands(obs, GUESSES, random.Random(n), model, misread)
            seconds += time.perf_counter() - start
            ranks = [sorted(c.rank for c in held) for held, _ in hands]
            share += sum(sum(1 for h in ranks if r in h) for r in truth) / len(truth) / len(hands)
            log_chance += math.log((sum(1 for h in ranks if h == truth) + 0.5) / (len(hands) + 1))
        k = len(positions)
        print(f"{name:8s} share holding each true rank {share / k:.4f}, log chance of the exact ranks "
              f"{log_chance / k:.3f}, {1000 * seconds / k:.1f} ms a draw of {GUESSES}")
    print(f"{len(positions)} positions in {args.games} games against {args.strength}")


if __name__ == "__main__":
    main()
