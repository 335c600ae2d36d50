"""Seasons' calendar and final table (engine/rating/season.py)."""

from datetime import UTC, datetime

import pytest

from engine.rating.glicko2 import Rating
from engine.rating.season import (
    Cadence,
    LastGame,
    SeasonError,
    SeasonProblem,
    SeasonStanding,
    final_standings,
    last_turn,
    title,
)
from engine.rating.standing import PERIOD


def at(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def test_the_seasons_turn_on_the_first_of_a_month_or_of_a_quarter_at_midnight_utc() -> None:
    assert last_turn(at("2026-12-07T23:01:00"), Cadence.MONTHLY) == at("2026-12-01T00:00:00")
    assert last_turn(at("2027-01-01T00:00:00"), Cadence.MONTHLY) == at("2027-01-01T00:00:00")
    assert last_turn(at("2026-12-31T23:59:59"), Cadence.QUARTERLY) == at("2026-10-01T00:00:00")
    assert last_turn(at("2027-03-31T12:00:00"), Cadence.QUARTERLY) == at("2027-01-01T00:00:00")
    assert last_turn(at("2027-04-01T00:00:00"), Cadence.QUARTERLY) == at("2027-04-01T00:00:00")
    with pytest.raises(SeasonError) as off:
        last_turn(0.0, Cadence.OFF)
    assert off.value.code is SeasonProblem.CADENCE
    with pytest.raises(SeasonError) as far:
        last_turn(1e20, Cadence.MONTHLY)
    assert far.value.code is SeasonProblem.TIME


def test_a_season_is_called_by_its_months() -> None:
    assert title(at("2026-12-07T10:00:00"), at("2027-01-01T00:00:00")) == "2026-12"
    assert title(at("2027-01-01T00:00:00"), at("2027-04-01T00:00:00")) == "2027-01 – 2027-03"


def test_the_final_table_ranks_the_settled_members_and_lists_the_provisional_after_them() -> None:
    ends = at("2027-01-01T00:00:00")
    games = [LastGame("ann", Rating(1600.0, 60.0, 0.06), ends - PERIOD, 20),
             LastGame("bob", Rating(1650.0, 105.0, 0.06), ends - 30 * PERIOD, 4),  # 30 idle days: provisional
             LastGame("cy", Rating(1550.0, 70.0, 0.06), ends - 1.0, 15),
             LastGame("dee", Rating(1550.0, 70.0, 0.06), ends - 1.0, 9),
             LastGame("eve", Rating(1700.0, 200.0, 0.06), ends - 1.0, 2)]
    table = final_standings(iter(games), ends)
    assert [(s.rank, s.member, s.games) for s in table] == [
        (1, "ann", 20), (2, "cy", 15), (2, "dee", 9), (0, "eve", 2), (0, "bob", 4)]
    assert table[0].rating == 1600.0 and 60.0 < table[0].deviation < 61.0  # a day's idle growth
    assert SeasonStanding.from_json(table[1].as_json()) == SeasonStanding(2, "cy", 1550.0, 70.0, 15)
    with pytest.raises(ValueError, match="a standing is"):
        SeasonStanding.from_json([1, "x"])
