"""Whole group games for the variants `benchmarks/group_deals.py` measures deal by deal, run by hand: the variant's
side against `expected`'s, on the same chance seeds, seat orders and decision seeds as `cribbage arena` (so the
plain `expert` here wins exactly the games the arena's does), every game replayed through the engine before it
counts, and the arena's report. It turns a same-deal bound into a share of whole games, e.g. what a partnership
would take if each partner saw the other's cards (which no seat can):

    .venv/bin/python benchmarks/group_games.py --players 4 --games 2400 --seed 505 --workers 2 \\
        expert:peek=partner,model=expected
    .venv/bin/python benchmarks/group_games.py --players 4 --games 40 --seed 505 expert   # = cribbage arena's
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from group_deals import make  # noqa: E402

from bot.cli.arena_group import format_group, group_json, play_group_match  # noqa: E402
from engine.computer.group.arena import Lineup  # noqa: E402
from engine.computer.players import Player, make_player  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.rules import Rules  # noqa: E402


def variant_player(spec: str, seed: int, game: Game) -> Player:
    """A plain strength as the arena makes it; a variant as `group_deals.py` does, around the game it sits in."""
    if ":" not in spec:
        return make_player(spec, seed)
    return make(spec, seed, game.rules.players, game)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--seed", type=int, default=505)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("variant", help="a group_deals.py variant, e.g. expert:peek=partner")
    args = parser.parse_args()
    lineup = Lineup.of((args.variant, "expected"), Rules(players=args.players))
    orders = len(lineup.orders())
    if args.games % orders:
        parser.error(f"--games must be a multiple of {orders}, not {args.games}")
    started = time.perf_counter()
    tally = play_group_match(lineup, args.seed, args.games // orders, args.workers, seat_player=variant_player)
    report = group_json(tally, lineup, args.seed, time.perf_counter() - started, args.workers)
    print(json.dumps(report) if args.json else format_group(tally, lineup, report))


if __name__ == "__main__":
    main()
