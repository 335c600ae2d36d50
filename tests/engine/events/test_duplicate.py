"""Duplicate deals: the same deals at every table, the seats turned across the field, par and each entrant's points
against it."""

from fractions import Fraction

import pytest

from engine.events.duplicate import DealPoints, TablePlan, against_par, deal_seed, par, plan_round, scorecard
from engine.events.problems import EventError, EventProblem


def test_every_table_plays_the_same_deals_and_each_round_its_own() -> None:
    one = plan_round(1, 42, 3, deals=4)
    assert {t.deal_seeds for t in one} == {tuple(deal_seed(42, 1, k) for k in range(4))}
    assert len(set(one[0].deal_seeds)) == 4
    assert plan_round(2, 42, 3, deals=4)[0].deal_seeds != one[0].deal_seeds
    assert plan_round(1, 43, 3, deals=4)[0].deal_seeds != one[0].deal_seeds
    assert deal_seed(42, 1, 0) == 0x6CA11B0C80007260  # SHA-256: the same on every machine


def test_the_seats_are_swapped_at_every_other_table_turning_each_round() -> None:
    assert [t.swapped for t in plan_round(1, 7, 5, deals=1)] == [False, True, False, True, False]
    assert [t.swapped for t in plan_round(2, 7, 5, deals=1)] == [True, False, True, False, True]
    assert [t.swapped for t in plan_round(3, 7, 4, deals=1)] == [False, True, False, True]
    assert TablePlan(1, True, ()).seats(("ann", "bob")) == ("bob", "ann")
    assert TablePlan(0, False, ()).seats(("ann", "bob")) == ("ann", "bob")


DEALS = [
    # round 1, three tables: ann v bob as paired, cat v dan swapped (dan in the first seat), eve v fay as paired
    DealPoints(1, 0, 0, ("ann", "bob"), (10, 4)),
    DealPoints(1, 1, 0, ("dan", "cat"), (6, 9)),
    DealPoints(1, 2, 0, ("eve", "fay"), (8, 2)),
    DealPoints(1, 0, 1, ("ann", "bob"), (3, 12)),
    DealPoints(1, 1, 1, ("dan", "cat"), (5, 7)),  # table 2's game ended after deal 0
]
# par: deal 0, first seat (10 + 6 + 8) / 3 = 8, second (4 + 9 + 2) / 3 = 5; deal 1 (two tables), first seat
# (3 + 5) / 2 = 4, second (12 + 7) / 2 = 19/2.
# ann 10-8 + 3-4 = +1; bob 4-5 + 12-19/2 = +3/2; dan 6-8 + 5-4 = -1; cat 9-5 + 7-19/2 = +3/2; eve 8-8 = 0;
# fay 2-5 = -3. The field sums to 0.


def test_par_is_the_fields_average_for_each_side_of_each_deal() -> None:
    assert par(DEALS) == {(1, 0, 0): Fraction(8), (1, 0, 1): Fraction(5), (1, 1, 0): Fraction(4),
                          (1, 1, 1): Fraction(19, 2)}
    assert scorecard(DEALS, 1) == ((0, Fraction(8), Fraction(5)), (1, Fraction(4), Fraction(19, 2)))


def test_each_entrants_points_against_par() -> None:
    assert against_par(DEALS) == {"ann": Fraction(1), "bob": Fraction(3, 2), "dan": Fraction(-1),
                                  "cat": Fraction(3, 2), "eve": Fraction(0), "fay": Fraction(-3)}


def test_a_deal_given_twice_or_bad_points_are_refused() -> None:
    with pytest.raises(EventError) as caught:
        par([*DEALS, DealPoints(1, 0, 0, ("ann", "bob"), (1, 1))])
    assert caught.value.code is EventProblem.DEAL
    assert caught.value.fields == {"round": 1, "table": 0, "deal": 0}
    with pytest.raises(EventError) as caught:
        DealPoints(1, 0, 0, ("ann", "bob"), (-1, 4))
    assert caught.value.code is EventProblem.DEAL
    with pytest.raises(EventError) as caught:
        plan_round(0, 7, 3)
    assert caught.value.fields == {"field": "round", "value": 0}
