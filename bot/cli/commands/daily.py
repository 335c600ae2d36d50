"""`cribbage daily`: build the pool of daily hands, and show a day's problem with its answer."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from datetime import date
from pathlib import Path

from bot.cli.errors import UsageError
from bot.cli.numbers import seed_number, whole, worker_count, worker_number
from bot.cli.paths import check_output
from bot.cli.tablefile import named_table, table_or_unavailable
from bot.cli.worker_processes import worker_pool
from bot.config import ConfigError, read_small_file
from engine.analysis.winprob import Unavailable, WinTable
from engine.core.cards import CardError, parse_cards
from engine.core.errors import clip, excerpt
from engine.core.typed import iso_day
from engine.daily.pool import YEAR, Pool, PoolError, assemble, build_problem, check_days
from engine.daily.poolfile import PoolFileError, dump_pool, load_pool
from engine.daily.problem import DailyProblem
from engine.daily.shipped import NoPool, shipped_pool
from engine.daily.verdict import AnswerError, Row, Verdict, judge_answer, rows

POOL_FILE_LIMIT = 16 << 20
MAX_DAYS = 100 * YEAR


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("daily", help="the daily hand: build its pool, show a day")
    what = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    b = what.add_parser("build", help="build a pool of daily problems, one a day from a start date")
    b.add_argument("--seed", type=seed_number, required=True, help="the pool's seed (the same seed, the same pool)")
    b.add_argument("--days", type=whole(1, MAX_DAYS), default=YEAR, help=f"how many days (default {YEAR})")
    b.add_argument("--start", type=day_text, required=True, help="the first day, e.g. 2027-01-01 (UTC)")
    b.add_argument("--out", required=True, help="the pool file to write (.json)")
    b.add_argument("--workers", type=worker_number, default=1, help="processes (0: one per core)")
    b.add_argument("--table", help="the win-probability table for score days (default: the shipped one)")
    b.set_defaults(func=run_build)
    s = what.add_parser("show", help="a day's problem and its answer")
    s.add_argument("day", type=day_text, help="the day, e.g. 2027-01-01")
    s.add_argument("--pool", help="a pool file (default: the shipped one)")
    s.add_argument("--answer", help="two cards to lay away, e.g. '5H 5C': says what they lose against the best")
    s.add_argument("--json", action="store_true", help="write JSON")
    s.set_defaults(func=run_show)


def day_text(text: str) -> date:
    """An argparse type: a date written YYYY-MM-DD."""
    day = iso_day(text)
    if day is None:
        raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a date like 2027-01-01")
    return day


_TABLE: WinTable | None = None
"""The table the build's workers play score days out with, inherited when they are forked."""


def _day(job: tuple[int, date, int]) -> DailyProblem:
    assert _TABLE is not None
    seed, start, index = job
    return build_problem(seed, start, index, _TABLE)


def run_build(args: argparse.Namespace) -> int:
    global _TABLE
    check_output(args.out, "--out")
    try:
        check_days(args.days, args.start)
    except PoolError as exc:
        raise UsageError(str(exc)) from None
    table = named_table(args.table) if args.table is not None else table_or_unavailable(None)
    if isinstance(table, Unavailable):
        raise UsageError(f"score days need the win-probability table: {table.reason}")
    _TABLE = table
    workers = min(worker_count(args.workers), args.days)
    jobs = [(args.seed, args.start, i) for i in range(args.days)]
    started = time.perf_counter()
    built: list[DailyProblem] = []
    if workers == 1:
        for job in jobs:
            built.append(_day(job))
            _progress(len(built), args.days, started)
    else:
        with worker_pool(workers) as pool:
            for problem in pool.imap(_day, jobs):
                built.append(problem)
                _progress(len(built), args.days, started)
    result = assemble(args.seed, args.start, built, table)
    elapsed = time.perf_counter() - started
    try:
        Path(args.out).write_bytes(dump_pool(result))
    except OSError as exc:
        raise UsageError(f"cannot write --out {args.out}: {exc.strerror or exc}") from None
    print(f"{summary(result)}\nbuilt in {elapsed:.0f} s with {workers} worker{'s' * (workers > 1)}; wrote {args.out}")
    return 0


def _progress(done: int, total: int, started: float) -> None:
    """A line on standard error each tenth of the way."""
    if done == total or done * 10 // total != (done - 1) * 10 // total:
        print(f"{done}/{total} days in {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)


def summary(pool: Pool) -> str:
    levels = Counter(p.level.value for p in pool.problems)
    scored = [p for p in pool.problems if p.scores is not None]
    return (f"{len(pool.problems)} problems from {pool.start} to {pool.end}: "
            f"{levels['easy']} easy, {levels['medium']} medium, {levels['hard']} hard; "
            f"{len(scored)} with the scores; dealer on {sum(p.dealer for p in pool.problems)}")


def read_pool(path: str | None) -> Pool:
    if path is None:
        found = shipped_pool()
        if isinstance(found, NoPool):
            raise UsageError(str(found))
        return found
    try:
        data, _ = read_small_file(Path(path), POOL_FILE_LIMIT, "--pool")
        return load_pool(data)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    except PoolFileError as exc:
        raise UsageError(f"--pool {clip(path, 300)}: {exc}") from None


def run_show(args: argparse.Namespace) -> int:
    pool = read_pool(args.pool)
    try:
        problem = pool.problem_for(args.day)
    except PoolError as exc:
        raise UsageError(str(exc)) from None
    table = rows(problem)
    verdict = None
    if args.answer is not None:
        try:
            verdict = judge_answer(problem, parse_cards(args.answer), table)
        except (CardError, AnswerError) as exc:
            raise UsageError(f"--answer {excerpt(args.answer)}: {exc}") from None
    print(json.dumps(problem_json(problem, table, verdict)) if args.json else format_problem(problem, table, verdict))
    return 0


def _cards(cards: tuple[object, ...]) -> list[str]:
    return [str(c) for c in cards]


def problem_json(p: DailyProblem, table: tuple[Row, ...], verdict: Verdict | None) -> dict[str, object]:
    data: dict[str, object] = {
        "day": p.day.isoformat(), "level": p.level.value, "dealer": p.dealer, "cards": _cards(p.cards),
        "scores": list(p.scores) if p.scores else None, "best": _cards(p.best), "obvious": _cards(p.obvious),
        "margin": p.margin, "rivals": p.rivals, "samples": p.samples,
        "options": [{"discard": _cards(r.discard), "keep": _cards(r.keep), "hand": round(r.hand, 4),
                     "crib": round(r.crib, 4), "net": round(r.net, 4), "p_win": r.chance, "best": r.best,
                     "obvious": r.obvious} for r in table]}
    if verdict is not None:
        data["answer"] = {"discard": _cards(verdict.chosen), "best": verdict.correct, "lost": round(verdict.lost, 4),
                          "lost_points": round(verdict.lost_points, 4)}
    return data


def format_problem(p: DailyProblem, table: tuple[Row, ...], verdict: Verdict | None) -> str:
    role = "you deal (your crib)" if p.dealer else "they deal (their crib)"
    head = [f"Daily hand for {p.day} ({p.day.strftime('%A')}, {p.level.value}): "
            f"{' '.join(c.pretty() for c in p.cards)}, {role}"]
    if p.scores is not None:
        head.append(f"Scores before the deal: you {p.scores[0]}, them {p.scores[1]} (121 points); "
                    f"the chance to win decides ({p.samples:,} deals played out per discard)")
    wins = p.scores is not None
    head.append(f"{'lay away':<10}{'keep':<16}{'hand':>7}{'crib':>8}{'net':>8}" + ("   win %" if wins else ""))
    for r in table:
        line = (f"{' '.join(map(str, r.discard)):<10}{' '.join(map(str, r.keep)):<16}{r.hand:7.2f}"
                f"{('+' if p.dealer else '-') + format(r.crib, '.2f'):>8}{r.net:8.2f}")
        if r.chance is not None:
            line += f"{100 * r.chance:8.2f}"
        marks = [m for m, on in (("← best", r.best), ("← most points in hand", r.obvious)) if on]
        head.append(line + ("  " + ", ".join(marks) if marks else ""))
    unit = "percentage points of the chance to win" if wins else "points"
    shown = 100 * p.margin if wins else p.margin
    head.append(f"The best beats keeping the most points in hand by {shown:.2f} {unit}.")
    if verdict is not None:
        said = " ".join(map(str, verdict.chosen))
        if verdict.correct:
            head.append(f"Your answer {said}: the best.")
        else:
            lost = f"{100 * verdict.lost:.2f} percentage points" if wins else f"{verdict.lost:.2f} points"
            head.append(f"Your answer {said}: {lost} behind the best.")
    return "\n".join(head)
