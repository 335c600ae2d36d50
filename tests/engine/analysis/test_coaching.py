import pytest

from engine.analysis.coaching import Stance, coach, in_dealer_zone, pace, par, stance
from engine.analysis.winprob import Unavailable, build_table
from engine.computer.table_build import simulate


@pytest.fixture(scope="module")
def table():
    return build_table(simulate(5000, seed=2), (121,), {"strategy": "reference"})


def test_par_from_the_rule_of_thumb_and_from_the_table(table) -> None:
    thumb = par(None)
    assert (thumb.dealer, thumb.pone, thumb.two_deals) == (16.0, 10.0, 26.0)
    measured = par(table)
    assert 15.0 < measured.dealer < 18.0 and 9.0 < measured.pone < 11.5
    assert measured.source == "5,000 deals of the reference strategy"


def test_pace_against_par() -> None:
    p = pace(60, deals_dealt=2, deals_as_pone=2)
    assert (p.par, p.ahead) == (52.0, 8.0)
    assert pace(30, 1, 2).ahead == -6.0
    with pytest.raises(ValueError, match="deal counts cannot be negative: -1, 0"):
        pace(0, -1, 0)


def test_zones() -> None:
    assert [in_dealer_zone(s) for s in (75, 76, 86, 87, 101, 102, 112, 113)] == [
        False, True, True, False, False, True, True, False]
    assert not in_dealer_zone(80, target=61)


def test_attack_when_behind_defence_when_ahead(table) -> None:
    assert stance(60, 75, True, 121, table) is Stance.ATTACK  # my points move my chance most
    assert stance(85, 100, True, 121, table) is Stance.ATTACK
    assert stance(95, 70, True, 121, table) is Stance.DEFENCE  # keeping theirs down matters more
    assert stance(90, 60, False, 121, table) is Stance.DEFENCE
    gone = Unavailable("no table")
    assert stance(40, 100, False, 121, gone) is gone


def test_coach_without_a_table_still_gives_pace() -> None:
    c = coach(50, 60, True, 3, 3, 121, Unavailable("no win-probability table is installed"))
    assert isinstance(c.p_win, Unavailable) and isinstance(c.stance, Unavailable)
    assert c.pace.ahead == 50 - 78 and c.par.source == "rule of thumb"
