"""The pool: each day built on its own, deterministically from the seed, to its weekday's demand; no six cards
twice; and the pool shipped in the package holds a year whose every answer the analyzer confirms."""

from datetime import date, timedelta
from importlib import resources

import pytest

from engine.analysis.discards import analyze
from engine.analysis.winprob import WinTable, shipped_table
from engine.core.cards import parse_cards
from engine.daily.judge import CLEAR_CHANCE, CLEAR_POINTS, by_points
from engine.daily.pool import SAMPLES, Pool, PoolError, PoolProblem, assemble, build_problem, check_days
from engine.daily.poolfile import dump_pool
from engine.daily.problem import Level, discards_of, same_discard
from engine.daily.schedule import WEEK, demand_for
from engine.daily.shipped import SHIPPED, shipped_pool

MONDAY = date(2027, 1, 4)


@pytest.fixture(scope="module")
def table() -> WinTable:
    found = shipped_table()
    assert isinstance(found, WinTable)
    return found


def test_a_day_is_the_same_from_the_same_seed_and_meets_its_demand(table: WinTable) -> None:
    first = build_problem(3, MONDAY, 0, table)
    assert build_problem(3, MONDAY, 0, table) == first
    # pone with 6S 6D 9C 10H 5S 3C: laying away 10H 5S keeps the most in hand (6 6 9 3: 8 points) but hands the
    # opponent's crib a fifteen; 10H 3C is 2.88 points better
    assert (first.day, first.cards, first.dealer) == (MONDAY, parse_cards("6S 6D 9C 10H 5S 3C"), False)
    assert (first.best, first.obvious) == (tuple(parse_cards("10H 3C")), tuple(parse_cards("10H 5S")))
    assert (first.level, first.margin, first.rivals, first.scores) == (Level.EASY, 2.8762, 0, None)
    assert build_problem(4, MONDAY, 0, table).cards != first.cards


def test_a_hand_posed_earlier_is_built_again_without_it(table: WinTable) -> None:
    first = build_problem(3, MONDAY, 0, table)
    pool = assemble(3, MONDAY, [first, first], table)
    assert pool.problems[0] == first and pool.problems[1].cards != first.cards
    assert pool.problems[1] == build_problem(3, MONDAY, 1, table, frozenset({frozenset(first.cards)}))
    assert pool.provenance["samples"] == SAMPLES and pool.provenance["table"]["deals"] == 100_000_000


def test_the_days_a_pool_may_hold() -> None:
    assert check_days(366) == 366
    for days, start in ((0, date(2027, 1, 1)), (2, date(9999, 12, 31))):
        with pytest.raises(PoolError) as caught:
            check_days(days, start)
        assert caught.value.code is PoolProblem.DAYS
    assert str(caught.value) == "2 days from 9999-12-31 run past the end of the calendar"
    assert check_days(1, date(9999, 12, 31)) == 1


def test_the_week() -> None:
    assert [(d.scores, d.level, d.table_decides) for d in WEEK] == [
        (False, Level.EASY, False), (False, Level.EASY, False), (False, Level.MEDIUM, False),
        (False, Level.MEDIUM, False), (False, Level.HARD, False), (True, None, False), (True, None, True)]
    assert demand_for(date(2027, 1, 1)) is WEEK[4]  # a Friday


@pytest.fixture(scope="module")
def shipped() -> Pool:
    found = shipped_pool()
    assert isinstance(found, Pool), found
    return found


def test_the_shipped_pool_holds_a_year_from_2027(shipped: Pool) -> None:
    assert (shipped.seed, shipped.start, shipped.end, len(shipped.problems)) == (
        2027, date(2027, 1, 1), date(2028, 1, 1), 366)
    assert len({frozenset(p.cards) for p in shipped.problems}) == 366
    assert [p.day for p in shipped.problems] == [date(2027, 1, 1) + timedelta(days=i) for i in range(366)]
    assert shipped.problem_for(date(2027, 7, 4)).day == date(2027, 7, 4)
    assert dump_pool(shipped) == resources.files("engine").joinpath(SHIPPED).read_bytes()  # as the build wrote it


def test_every_points_day_of_the_shipped_pool_is_confirmed_by_the_analyzer(shipped: Pool) -> None:
    for p in shipped.problems:
        demand = demand_for(p.day)
        if demand.scores:
            continue
        judged = by_points(analyze(p.cards, p.dealer))
        options = analyze(p.cards, p.dealer).options
        assert same_discard(options[judged.best].discard, p.best), p.day
        assert same_discard(options[judged.obvious].discard, p.obvious), p.day
        assert (judged.level, judged.rivals, round(judged.margin, 4)) == (p.level, p.rivals, p.margin), p.day
        assert judged.level is demand.level and p.margin >= CLEAR_POINTS and p.scores is None


def test_every_score_day_of_the_shipped_pool_is_decided_by_the_chance(shipped: Pool) -> None:
    sundays = 0
    for p in shipped.problems:
        demand = demand_for(p.day)
        if not demand.scores:
            continue
        assert p.scores is not None and p.chances is not None and p.samples == SAMPLES
        assert all(76 <= s <= 118 for s in p.scores)
        best, obvious = p.chance_of(p.best), p.chance_of(p.obvious)
        assert best == max(p.chances) and best is not None and obvious is not None
        assert round(best - obvious, 4) == p.margin >= CLEAR_CHANCE
        if demand.table_decides:
            sundays += 1
            net_best = analyze(p.cards, p.dealer).best.discard
            assert not same_discard(net_best, p.best), p.day  # the points would answer otherwise
        assert len(discards_of(p.cards)) == len(p.chances) == 15
    assert sundays == 52


def test_the_first_days_of_the_shipped_pool_rebuild_from_its_seed(shipped: Pool, table: WinTable) -> None:
    for index in (0, 1):  # a Friday (points, hard) and a Saturday (the scores)
        assert build_problem(shipped.seed, shipped.start, index, table) == shipped.problems[index]
