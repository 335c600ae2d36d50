"""The pool: one problem for each UTC day from a start date, the same for every server, built ahead and
deterministically from a seed.

Each day is built on its own from a generator seeded by (seed, day number), so a day's problem does not depend on
the others or on how many processes build them: it draws six cards, a role and (on score days) both scores, until
a hand meets the day's demand (schedule.py) by the rules of judge.py. Score days screen each candidate on the
first SCREEN deals and confirm on all SAMPLES (the screen's deals are the first of them). A hand already posed on
an earlier day is skipped when the pool is assembled, in day order, so no six cards come twice.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import Enum
from typing import Any

from engine.analysis.discards import Analysis, analyze
from engine.analysis.winprob import WinTable
from engine.core.cards import DECK, Card
from engine.core.errors import CodedError
from engine.core.version import __version__
from engine.daily.judge import Assessment, by_chance, by_points, deals_for, played_out
from engine.daily.problem import DailyProblem, discards_of, same_discard
from engine.daily.schedule import Demand, demand_for

SAMPLES = 2000
"""Deals each discard is played out on for the chances kept in the pool."""
SCREEN = 300
SCORES = (76, 118)
"""Both scores on score days are drawn from this range: late in the game, where the table has most to say."""
ATTEMPTS = 200_000
"""A guard: a day is found in a few hundred hands at most."""
YEAR = 366


class PoolProblem(Enum):
    NOT_FOUND = "not found"
    BEFORE = "before"
    AFTER = "after"
    DAYS = "days"


class PoolError(CodedError[PoolProblem]):
    """A day outside the pool, or a pool that cannot be built as asked."""


def _key(cards: Iterable[Card]) -> frozenset[Card]:
    return frozenset(cards)


def build_problem(seed: int, start: date, index: int, table: WinTable,
                  avoid: frozenset[frozenset[Card]] = frozenset()) -> DailyProblem:
    """Day `index` of the pool (0: `start`), skipping the hands in `avoid`."""
    day = start + timedelta(days=index)
    demand = demand_for(day)
    rng = random.Random(f"cribbage-daily:{seed}:{index}")
    for _ in range(ATTEMPTS):
        cards = tuple(rng.sample(DECK, 6))
        dealer = rng.random() < 0.5
        scores = (rng.randint(*SCORES), rng.randint(*SCORES))
        deal_seed = rng.getrandbits(63)
        if _key(cards) in avoid:
            continue
        found = _candidate(day, cards, dealer, scores, deal_seed, demand, table)
        if found is not None:
            return found
    raise PoolError(PoolProblem.NOT_FOUND, f"no problem for {day} in {ATTEMPTS:,} hands", day=day)


def _candidate(day: date, cards: tuple[Card, ...], dealer: bool, scores: tuple[int, int], deal_seed: int,
               demand: Demand, table: WinTable) -> DailyProblem | None:
    analysis = analyze(cards, dealer)
    points = by_points(analysis)
    if not points.clear:
        return None
    if not demand.scores:
        return _problem(day, analysis, points) if demand.met(points.level, False) else None
    first = played_out(analysis, deals_for(cards, dealer, SCREEN, deal_seed), scores, table)
    screen = by_chance(analysis, first)
    if not (screen.clear and demand.met(screen.level, screen.best != points.best)):
        return None
    rest = played_out(analysis, deals_for(cards, dealer, SAMPLES, deal_seed)[SCREEN:], scores, table)
    full = by_chance(analysis, [a + b for a, b in zip(first, rest, strict=True)])
    if not (full.clear and demand.met(full.level, full.best != points.best)):
        return None
    return _problem(day, analysis, full, scores)


def _problem(day: date, analysis: Analysis, a: Assessment, scores: tuple[int, int] | None = None) -> DailyProblem:
    best, obvious = analysis.options[a.best].discard, analysis.options[a.obvious].discard
    chances, margin = None, round(a.margin, 4)
    if scores is not None:  # kept to four places, and the margin said from the chances as kept
        by_discard = [(o.discard, round(v, 4)) for o, v in zip(analysis.options, a.values, strict=True)]
        chances = tuple(next(v for d, v in by_discard if same_discard(d, option))
                        for option in discards_of(analysis.cards))
        margin = round(by_discard[a.best][1] - by_discard[a.obvious][1], 4)
    return DailyProblem(day, analysis.cards, analysis.dealer, a.level, (best[0], best[1]), (obvious[0], obvious[1]),
                        margin, a.rivals, scores, chances, SAMPLES if scores else 0)


@dataclass(frozen=True, slots=True)
class Pool:
    seed: int
    start: date
    problems: tuple[DailyProblem, ...]
    provenance: Mapping[str, Any] = field(default_factory=dict)

    @property
    def end(self) -> date:
        """The last day with a problem."""
        return self.start + timedelta(days=len(self.problems) - 1)

    def problem_for(self, day: date) -> DailyProblem:
        """The problem of a UTC day; PoolError (BEFORE or AFTER, with the pool's first and last day) outside it."""
        index = (day - self.start).days
        if index < 0 or index >= len(self.problems):
            code = PoolProblem.BEFORE if index < 0 else PoolProblem.AFTER
            raise PoolError(code, f"no daily hand for {day}: the pool runs from {self.start} to {self.end}",
                            day=day, first=self.start, last=self.end)
        return self.problems[index]


def provenance_of(table: WinTable) -> dict[str, Any]:
    shown = {k: table.provenance[k] for k in ("strategy", "seed", "deals") if k in table.provenance}
    return {"engine_version": __version__, "samples": SAMPLES, "table": shown}


def assemble(seed: int, start: date, built: Sequence[DailyProblem], table: WinTable) -> Pool:
    """The pool from each day built on its own, in day order: a day whose six cards an earlier day already posed
    is built again without them (rare)."""
    seen: set[frozenset[Card]] = set()
    problems = []
    for index, problem in enumerate(built):
        if _key(problem.cards) in seen:
            problem = build_problem(seed, start, index, table, frozenset(seen))
        seen.add(_key(problem.cards))
        problems.append(problem)
    return Pool(seed, start, tuple(problems), provenance_of(table))


def check_days(days: int, start: date = date(2000, 1, 1)) -> int:
    """`days` when a pool from `start` may hold that many (1 to a century, none past the calendar's end)."""
    if type(days) is not int or not 1 <= days <= 100 * YEAR:
        raise PoolError(PoolProblem.DAYS, f"a pool holds 1 to {100 * YEAR:,} days, not {days!r}", days=days)
    if (date.max - start).days < days - 1:
        raise PoolError(PoolProblem.DAYS, f"{days:,} days from {start} run past the end of the calendar",
                        days=days, start=start)
    return days


def build_pool(seed: int, start: date, days: int, table: WinTable) -> Pool:
    """A pool built in this process, day by day (the command line spreads the days over processes)."""
    check_days(days, start)
    return assemble(seed, start, [build_problem(seed, start, i, table) for i in range(days)], table)
