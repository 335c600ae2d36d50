"""`cribbage arena`: two computer strengths play duplicate pairs; win rate, points per deal, skunks. With
`--players 3` or `4` the match is a group one (bot/cli/arena_group.py)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable

from bot.cli.arena_group import run_group
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
from bot.cli.numbers import seed_number, whole, worker_number
from engine.computer.arena import A, ArenaTally, B, play_pairs, split_pairs
from engine.core.rules import Rules, RulesError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "arena", help="computer strengths play duplicate games (two, three or four players)",
        description="Play GAMES games between strengths A and B as duplicate pairs (each deck sequence "
                    "twice, seats swapped) and report A's win rate, points per deal and skunks. With "
                    "--players 3: A against two B (or A, B and C), each deck sequence once in every seat "
                    "order; with --players 4: partnership A against partnership B, each deck sequence twice. "
                    "Every group game is replayed from its record before it counts.")
    p.add_argument("a", metavar="A", help="first strength (its win rate is reported)")
    p.add_argument("b", metavar="B", help="second strength")
    p.add_argument("c", metavar="C", nargs="?", help="a third strength (three players only)")
    p.add_argument("--players", type=whole(2, 4), default=2, help="2 (the default), 3 or 4")
    p.add_argument("--games", type=whole(2, 10**7), required=True,
                   help="how many games: even, at least 2 (a group match: a multiple of its seat orders)")
    p.add_argument("--seed", type=seed_number, default=0, help="match seed: the same seed replays every game")
    p.add_argument("--target", type=whole(1, 9999), default=121, help="121 or 61")
    p.add_argument("--workers", type=worker_number, default=1, help="processes to use; 0 = one per core")
    p.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.players != 2 or args.c is not None:
        return run_group(args)
    a, b, rules, pairs, workers = _check(args)
    progress = show_progress(args.games) if sys.stderr.isatty() else None
    start = time.perf_counter()
    tally = play_match(a, b, rules, args.seed, pairs, workers, progress)
    seconds = time.perf_counter() - start
    if progress is not None:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    report = to_json(tally, a, b, args.seed, rules.target, seconds, workers)
    print(json.dumps(report) if args.json else format_table(tally, report))
    return 0


def _check(args: argparse.Namespace) -> tuple[str, str, Rules, int, int]:
    check_strengths((args.a, args.b))
    if args.games < 2 or args.games % 2:
        raise UsageError(f"--games must be an even number of at least 2 (games come in duplicate pairs), "
                         f"not {args.games}")
    try:
        rules = Rules(players=2, target=args.target)
    except RulesError as exc:
        raise UsageError(f"--target: {exc}") from None
    pairs = args.games // 2
    return args.a, args.b, rules, pairs, check_workers(args.workers, pairs)


def play_match(a: str, b: str, rules: Rules, seed: int, pairs: int, workers: int,
               progress: Callable[[int], None] | None = None) -> ArenaTally:
    """All `pairs` pairs, in this process or split across `workers` forked ones; the tallies are
    integers added together, so the result is the same however the pairs are split.
    `progress` hears the number of games finished after each range of pairs."""
    ranges = split_pairs(pairs, max(1, workers) * CHUNKS_PER_WORKER)
    jobs = [(a, b, rules, seed, lo, hi) for lo, hi in ranges]
    return run_ranges(play_pairs, jobs, workers, ArenaTally(), progress)


def to_json(tally: ArenaTally, a: str, b: str, seed: int, target: int, seconds: float,
            workers: int) -> dict[str, object]:
    lo, hi = tally.ci95()
    return {
        "a": a, "b": b, "games": tally.games, "a_wins": tally.a_wins,
        "win_rate": round(tally.win_rate(), 6), "ci95": [round(lo, 6), round(hi, 6)],
        "seed": seed, "target": target,
        "pairs": {"a_both": tally.pairs_a_both, "split": tally.pairs_split, "b_both": tally.pairs_b_both},
        "per_deal": _per_deal(tally, same=False),
        "per_same_deal": _per_deal(tally, same=True),
        "skunks": {
            "a": {"skunks": tally.a_skunks, "double_skunks": tally.a_double_skunks},
            "b": {"skunks": tally.b_skunks, "double_skunks": tally.b_double_skunks},
        },
        "deals": tally.complete_deals, "same_deals": _same_deals(tally), "deals_played": tally.deals_played,
        "games_per_second": round(tally.games / seconds, 2) if seconds > 0 else None,
        "seconds": round(seconds, 3), "workers": workers,
    }


def _per_deal(tally: ArenaTally, same: bool) -> dict[str, dict[str, dict[str, float]]]:
    """Each side's points a deal in each role, with the number of deals, so that runs can be pooled exactly."""
    return {side_name: {role: _role_figures(tally, side, role == "dealer", same) for role in ("dealer", "pone")}
            for side_name, side in (("a", A), ("b", B))}


def _role_figures(tally: ArenaTally, side: int, dealer: bool, same: bool) -> dict[str, float]:
    role = tally.role(side, dealer, same)
    return {**{k: round(v, 4) for k, v in role.per_deal().items()}, "deals": role.deals}


def _same_deals(tally: ArenaTally) -> int:
    """Deals both games of a pair completed (each counted once per game)."""
    return tally.role(A, True, same=True).deals + tally.role(B, True, same=True).deals


def format_table(tally: ArenaTally, report: dict[str, object]) -> str:
    a, b = report["a"], report["b"]
    lo, hi = tally.ci95()
    lines = [
        f"arena: A = {a}, B = {b}; {tally.games} games ({tally.games // 2} duplicate pairs), "
        f"target {report['target']}, seed {report['seed']}",
        f"A wins {tally.a_wins} of {tally.games}: {tally.win_rate():.1%} (95% CI {lo:.1%} to {hi:.1%})",
        f"pairs: A won both {tally.pairs_a_both}, split {tally.pairs_split}, B won both {tally.pairs_b_both}",
        "",
        f"points per deal ({tally.complete_deals} complete deals of {tally.deals_played} played)",
        *_role_rows(tally, f"A {a}", f"B {b}", same=False),
        "",
        f"points per deal in the same deals ({_same_deals(tally)} that both games of a pair completed, "
        "with the same cards for both sides)",
        *_role_rows(tally, f"A {a}", f"B {b}", same=True),
        "",
        f"skunks (double skunks): A gave {tally.a_skunks} ({tally.a_double_skunks}), "
        f"took {tally.b_skunks} ({tally.b_double_skunks})",
        f"{tally.games} games in {report['seconds']:.2f} s ({report['games_per_second']} games/s), "
        f"{report['workers']} worker{'s' if report['workers'] != 1 else ''}",
    ]
    return "\n".join(lines)


def _role_rows(tally: ArenaTally, a_label: str, b_label: str, same: bool) -> list[str]:
    lines = [role_header(22)]
    for side, label in ((A, a_label), (B, b_label)):
        for dealer in (True, False):
            name = f"{label[:12]} as {'dealer' if dealer else 'pone'}"
            lines.append(role_row(name, tally.role(side, dealer, same), dealer, 22))
    return lines
