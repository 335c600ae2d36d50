"""Checks on a win-probability table, run by hand (never a timed test):

    .venv/bin/python benchmarks/wintable_check.py [--table FILE] [--games 20000] [--workers 2]

- the first dealer's chance at 0-0 (published: 55.5% from millions of online games, 56% Colvert);
- monotone: more of my points never lowers my chance, more of theirs never raises it;
- against direct simulation: whole games of the reference strategy through the game engine from six
  positions (early, middle, near the end, both dealers); the table should lie in each 95% interval.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.analysis.winprob import Unavailable, WinTable, load_table, shipped_table  # noqa: E402
from engine.computer.arena import wilson_interval  # noqa: E402
from engine.computer.reference import ReferencePlayer  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.observation import observe  # noqa: E402
from engine.core.rules import Rules  # noqa: E402

POSITIONS = [  # (my score, their score, do I deal?)
    (0, 0, True), (0, 0, False), (60, 75, True), (75, 60, False), (100, 96, True), (111, 104, False),
    (115, 117, True),
]


def play(job: tuple[int, int, bool, int, int]) -> int:
    me, them, i_deal, first, games = job
    wins = 0
    for g in range(first, first + games):
        scores = [me, them]
        game = Game.at_position(Rules(), scores, dealer=0 if i_deal else 1, seed=g)
        players = [ReferencePlayer(g), ReferencePlayer(g + 1)]
        while not game.over:
            seat = game.to_act()[0]
            game.apply(players[seat].choose(observe(game, seat)))
        wins += game.winner == 0
    return wins


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--table")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    table: WinTable | Unavailable = load_table(Path(args.table).read_bytes()) if args.table else shipped_table()
    if isinstance(table, Unavailable):
        sys.exit(str(table))
    print(f"table: {table.provenance.get('deals'):,} deals, {table.provenance.get('command')}")
    for target in sorted(table.tables, reverse=True):
        print(f"{target}: the first dealer at 0-0 wins {100 * table.p_win(0, 0, True, target):.2f}%")
        worse = 0
        for me in range(target):
            for them in range(target):
                for deal in (True, False):
                    p = table.p_win(me, them, deal, target)
                    if me + 1 < target and table.p_win(me + 1, them, deal, target) < p - 1e-9:
                        worse += 1
                    if them + 1 < target and table.p_win(me, them + 1, deal, target) > p + 1e-9:
                        worse += 1
        print(f"{target}: monotone: {worse} violations")
    chunk = 1000
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for me, them, i_deal in POSITIONS:
            start = time.perf_counter()
            jobs = [(me, them, i_deal, 10_000_000 * (1 + POSITIONS.index((me, them, i_deal))) + k, chunk)
                    for k in range(0, args.games, chunk)]
            wins = sum(pool.map(play, jobs))
            games = len(jobs) * chunk
            lo, hi = wilson_interval(wins, games)
            p = table.p_win(me, them, i_deal, 121)
            verdict = "inside" if lo <= p <= hi else "OUTSIDE"
            print(f"{me:>3}-{them:<3} {'I deal' if i_deal else 'they deal':<9}: table {100 * p:6.2f}%  "
                  f"simulation {100 * wins / games:6.2f}% [{100 * lo:.2f}, {100 * hi:.2f}] over {games:,} games "
                  f"-> {verdict} ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
