"""How well each way of reading the other seats' lays guesses their hands at a three- or four-player table, run by
hand (never a test); the group form of benchmarks/read_models.py:

    .venv/bin/python benchmarks/group_read_models.py --players 3 --games 10

Every seat is `expected`; wherever seat 0 is to lay, 200 guesses are drawn as the group expert draws them, under
each reading, and each other seat that has laid a card and still holds some is scored by the share of its guessed
hands holding each rank it truly holds (higher is better), and by how many draws fell back to a plain guess.
`throw+knowing` judges the lays by the rule that counts the unseen cards from what the seat knew then
(`knowing_reading`); "expected's own rule" reads every opponent as exactly `expected` (benchmarks/expected_model.py),
which no seat can know of a real opponent: the most the lays and throws can tell.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from expected_model import ExpectedReading  # noqa: E402

from engine.computer.group.pegging import Guesser  # noqa: E402
from engine.computer.players import make_player  # noqa: E402
from engine.computer.selfplay import decisions  # noqa: E402
from engine.core.actions import Play  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.observation import Observation  # noqa: E402
from engine.core.rules import Rules  # noqa: E402


class Reading(NamedTuple):
    """A way of reading: `Guesser`'s settings, or the opponents read as exactly `expected` (`exact`)."""
    read: bool
    play_model: float
    careful: bool
    tries: int
    knowing: bool = False
    exact: bool = False


READINGS: dict[str, Reading] = {
    "blind": Reading(False, 0.0, False, 12), "throw": Reading(True, 0.0, False, 12),
    "throw+points": Reading(True, 0.9, False, 12), "throw+careful": Reading(True, 0.9, True, 12),
    "throw+careful/40": Reading(True, 0.9, True, 40), "careful": Reading(False, 0.9, True, 12),
    "throw+knowing": Reading(True, 0.9, True, 12, knowing=True),
    "throw+knowing/48 all": Reading(True, 1.0, True, 48, knowing=True),
    "expected's own rule": Reading(True, 0.9, True, 12, exact=True)}
GUESSES = 200


def read_positions(players: int, games: range) -> list[tuple[Observation, list[list[int]]]]:
    """Seat 0's views before its lays, with the ranks every seat then held."""
    out: list[tuple[Observation, list[list[int]]]] = []
    for g in games:
        game = Game(Rules(players=players), seed=g)
        seats = [make_player("expected", g * 10 + s) for s in range(players)]
        for obs, action in decisions(game, seats):
            if obs.seat == 0 and isinstance(action, Play) and any(p.card for p in obs.plays if p.seat):
                out.append((obs, [sorted(c.rank for c in h) for h in game.hands]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=3, choices=(3, 4))
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    positions = read_positions(args.players, range(args.games))
    for name, way in READINGS.items():
        share = seconds = 0.0
        scored = 0
        for n, (obs, truth) in enumerate(positions, start=1):
            rng = random.Random(n)
            start = time.perf_counter()
            make = ExpectedReading if way.exact else Guesser
            guesser = make(obs, way.read, way.play_model, way.careful, way.tries, way.knowing)
            guesses = [guesser.guess(rng) for _ in range(GUESSES)]
            seconds += time.perf_counter() - start
            for s in range(1, args.players):
                if not truth[s] or not any(p.card for p in obs.plays if p.seat == s):
                    continue
                ranks = [[c.rank for c in g[s]] for g in guesses]
                share += sum(sum(1 for h in ranks if r in h) for r in truth[s]) / len(truth[s]) / GUESSES
                scored += 1
        print(f"{name:20s} share holding each true rank {share / scored:.4f} over {scored} seat views, "
              f"{1000 * seconds / len(positions):.1f} ms a draw of {GUESSES}")
    print(f"{len(positions)} positions in {args.games} games, {args.players} players")


if __name__ == "__main__":
    main()
