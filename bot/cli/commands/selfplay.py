"""`cribbage selfplay`: computer games written as game records, one JSON object a line."""

from __future__ import annotations

import argparse
import sys
import time

from bot.cli.errors import UsageError
from bot.cli.files import LineFile, WriteFailed, failed
from bot.cli.numbers import seed_number, whole
from bot.cli.paths import check_output
from bot.cli.stopping import deferred_stops
from engine.computer.players import UnknownStrength, make_player
from engine.computer.selfplay import play_game
from engine.core.record import dumps, to_record
from engine.core.rules import Rules, RulesError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("selfplay", help="computer games, written as records")
    p.add_argument("--games", type=whole(1, 10**7), required=True, help="how many games")
    p.add_argument("--seed", type=seed_number, default=0, help="the first game's seed (game i uses seed+i)")
    p.add_argument("--players", default=None,
                   help="strengths by seat, comma separated (default: random for every seat)")
    p.add_argument("--seats", type=whole(2, 4), default=2, choices=(2, 3, 4), help="number of players")
    p.add_argument("--target", type=whole(1, 9999), default=121, help="121 or 61")
    p.add_argument("--muggins", action="store_true",
                   help="muggins: a point a player misses in their own count goes to the opponent")
    p.add_argument("--skunk", action="store_true", help="report skunks")
    p.add_argument("--record", required=True, help="file to write (JSON Lines), or - for stdout")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    try:
        rules = Rules(players=args.seats, target=args.target, muggins=args.muggins, skunk=args.skunk)
    except RulesError as exc:
        raise UsageError(str(exc)) from None
    names = (args.players or ",".join(["random"] * rules.players)).split(",")
    if len(names) != rules.players:
        raise UsageError(f"--players names {len(names)} strengths for {rules.players} seats")
    try:
        for name in names:
            make_player(name)
    except UnknownStrength as exc:
        raise UsageError(str(exc)) from None
    check_output(args.record, "--record")
    try:
        with LineFile(args.record) as out:  # the file named is the old one or the whole new one, never cut
            said = _play(args, rules, names, out)
    except WriteFailed as exc:
        return failed("selfplay", exc)
    print(said, file=sys.stderr if args.record == "-" else sys.stdout)
    return 0


def _play(args: argparse.Namespace, rules: Rules, names: list[str], out: LineFile) -> str:
    """Play and write every game; what was played, to be said once the records are in place."""
    wins = [0] * rules.players
    deals = 0
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        players = [make_player(n, seed * 8 + s) for s, n in enumerate(names)]
        game = play_game(rules, players, seed)
        deals += len(game.deals)
        assert game.winner is not None
        wins[game.winner] += 1
        seats = [f"computer:{n}" for n in names]
        with deferred_stops():  # a record is written whole or not at all
            out.write(dumps(to_record(game, seats)))
    elapsed = time.perf_counter() - start
    summary = ", ".join(f"seat {s} ({names[s]}) {w}" for s, w in enumerate(wins))
    return f"{args.games} games, {deals} deals in {elapsed:.2f} s ({deals / elapsed:,.0f} deals/s); wins: {summary}"
