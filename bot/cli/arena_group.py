"""`cribbage arena --players 3|4`: group matches, each deck sequence in every seat order; each side's share of
wins with its interval, points per deal by seat and kind, skunks."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable

from bot.cli.arena_runs import (
    CHUNKS_PER_WORKER,
    check_strengths,
    check_workers,
    role_header,
    role_row,
    run_ranges,
    show_progress,
)
from bot.cli.errors import UsageError
from engine.computer.arena import split_pairs
from engine.computer.group.arena import (
    SIDE_NAMES,
    GroupTally,
    Lineup,
    LineupError,
    SeatPlayer,
    play_sets,
    shipped_player,
)
from engine.core.rules import Rules, RulesError

SEAT_NAMES = {3: ("dealer", "pone", "third"), 4: ("dealer", "pone", "dealer's partner", "pone's partner")}
"""Each seat by its place left of the dealer."""


def run_group(args: argparse.Namespace) -> int:
    lineup, sets, workers = _check(args)
    progress = show_progress(args.games) if sys.stderr.isatty() else None
    start = time.perf_counter()
    tally = play_group_match(lineup, args.seed, sets, workers, progress)
    seconds = time.perf_counter() - start
    if progress is not None:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    report = group_json(tally, lineup, args.seed, seconds, workers)
    print(json.dumps(report) if args.json else format_group(tally, lineup, report))
    return 0


def _check(args: argparse.Namespace) -> tuple[Lineup, int, int]:
    names = tuple(n for n in (args.a, args.b, args.c) if n is not None)
    check_strengths(names)
    if args.players == 2:
        raise UsageError("a third strength needs --players 3")
    try:
        lineup = Lineup.of(names, Rules(players=args.players, target=args.target))
    except RulesError as exc:
        raise UsageError(f"--players or --target: {exc}") from None
    except LineupError as exc:
        raise UsageError(str(exc)) from None
    orders = len(lineup.orders())
    if args.games < orders or args.games % orders:
        raise UsageError(f"--games must be a multiple of {orders} (each deck sequence is played in {orders} seat "
                         f"orders), not {args.games}")
    sets = args.games // orders
    return lineup, sets, check_workers(args.workers, sets)


def play_group_match(lineup: Lineup, seed: int, sets: int, workers: int,
                     progress: Callable[[int], None] | None = None,
                     seat_player: SeatPlayer = shipped_player) -> GroupTally:
    """All `sets` sets, here or split across `workers` forked processes: the same tally however split
    (`seat_player` a module-level function, so it reaches the workers)."""
    jobs = [(lineup, seed, lo, hi, seat_player) for lo, hi in split_pairs(sets, max(1, workers) * CHUNKS_PER_WORKER)]
    return run_ranges(play_sets, jobs, workers, GroupTally.empty(lineup.sides, lineup.rules.players), progress)


def group_json(tally: GroupTally, lineup: Lineup, seed: int, seconds: float, workers: int) -> dict[str, object]:
    seats = SEAT_NAMES[lineup.rules.players]
    sides = {}
    for side, strength in enumerate(lineup.strengths):
        by_set = tally.ci95_sets(side)
        sides[SIDE_NAMES[side]] = {
            "strength": strength, "seats": lineup.seats.count(side), "wins": tally.wins[side],
            "share": round(tally.share(side), 6), "even_share": round(lineup.even_share(side), 6),
            "ci95": [round(x, 6) for x in tally.ci95(side)],
            "ci95_sets": [round(x, 6) for x in by_set] if by_set is not None else None,
            "per_deal": {seats[k]: {**{key: round(v, 4) for key, v in role.per_deal().items()}, "deals": role.deals}
                         for k, role in enumerate(tally.roles[side])},
            "skunks": tally.skunks[side], "double_skunks": tally.double_skunks[side],
        }
    return {
        "players": lineup.rules.players, "target": lineup.rules.target, "seed": seed, "games": tally.games,
        "sets": tally.sets, "orders": len(lineup.orders()), "replayed": tally.replayed, "sides": sides,
        "deals": _complete_deals(tally),
        "deals_played": tally.deals_played,
        "games_per_second": round(tally.games / seconds, 2) if seconds > 0 else None,
        "seconds": round(seconds, 3), "workers": workers,
    }


def _complete_deals(tally: GroupTally) -> int:
    """Deals whose show finished before the game ended: each is dealt by exactly one seat."""
    return sum(side[0].deals for side in tally.roles)


def format_group(tally: GroupTally, lineup: Lineup, report: dict[str, object]) -> str:
    players = lineup.rules.players
    who = ", ".join(f"{SIDE_NAMES[s]} = {name}" + (" (partners)" if players == 4 else
                                                     f" ({lineup.seats.count(s)} seats)" if lineup.seats.count(s) > 1
                                                     else "")
                    for s, name in enumerate(lineup.strengths))
    sets = f"{tally.sets} set{'s' if tally.sets != 1 else ''} of {len(lineup.orders())} seat orders"
    lines = [f"arena, {players} players: {who}; {tally.games} games ({sets}), target {lineup.rules.target}, "
             f"seed {report['seed']}; {tally.replayed} replayed"]
    for side in range(lineup.sides):
        lo, hi = tally.ci95(side)
        by_set = tally.ci95_sets(side)
        sets = f"; by sets {by_set[0]:.1%} to {by_set[1]:.1%}" if by_set is not None else ""
        lines.append(f"{SIDE_NAMES[side]} {lineup.strengths[side]} wins {tally.wins[side]}: "
                     f"{tally.share(side):.1%} (even {lineup.even_share(side):.1%}; 95% CI {lo:.1%} to {hi:.1%}{sets})")
    lines += ["", f"points per deal ({_complete_deals(tally)} complete deals of {tally.deals_played} played)",
              role_header(32)]
    for side in range(lineup.sides):
        for k, role in enumerate(tally.roles[side]):
            name = f"{SIDE_NAMES[side]} {lineup.strengths[side][:10]} as {SEAT_NAMES[players][k]}"
            lines.append(role_row(name, role, k == 0, 32))
    lines += ["", "skunks (double skunks) given: " + ", ".join(
        f"{SIDE_NAMES[s]} {tally.skunks[s]} ({tally.double_skunks[s]})" for s in range(lineup.sides)),
        f"{tally.games} games in {report['seconds']:.2f} s ({report['games_per_second']} games/s), "
        f"{workers_text(report['workers'])}"]
    return "\n".join(lines)


def workers_text(workers: object) -> str:
    return f"{workers} worker{'s' if workers != 1 else ''}"
