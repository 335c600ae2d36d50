"""Provisional members, the ranking, and the deviation's growth over idle time and at a season's turn."""

import pytest

from engine.rating.glicko2 import GameResult, Rating, update
from engine.rating.rated import DAY
from engine.rating.standing import (
    PROVISIONAL_DEVIATION,
    Ranked,
    as_of,
    periods_between,
    provisional,
    ranking,
    season_start,
)


def test_the_provisional_line() -> None:
    assert PROVISIONAL_DEVIATION == 110.0
    assert provisional(Rating()) and provisional(Rating(1500, 110.01))
    assert not provisional(Rating(1500, 110.0))


def test_a_newcomer_leaves_provisional_after_ten_or_eleven_games_against_regulars() -> None:
    for regular_deviation, games in ((50, 10), (80, 11)):
        rating, played = Rating(), 0
        while provisional(rating):
            rating = update(rating, [GameResult(1500, regular_deviation, played % 2)])  # won, lost, won...
            played += 1
        assert played == games


def test_a_regular_becomes_provisional_again_after_53_idle_days() -> None:
    regular = Rating(1600, 80, 0.06)
    assert not provisional(as_of(regular, 0.0, 52 * DAY))
    assert provisional(as_of(regular, 0.0, 53 * DAY))
    assert as_of(regular, 10.0, 5.0) == regular  # a clock that went back counts no time


def test_periods_between() -> None:
    assert periods_between(0.0, 1.5 * DAY) == 1.5
    with pytest.raises(ValueError):
        periods_between(0.0, float("inf"))


def test_a_new_season_raises_deviations_as_idle_periods_would_never_resetting_them() -> None:
    kept = Rating(1720, 60, 0.06)
    # sqrt((60 / 173.7178)^2 + 30 * 0.06^2) = sqrt(0.119292 + 0.108) = 0.476752 -> 82.82
    assert season_start(kept, 30) == Rating(1720, season_start(kept, 30).deviation, 0.06)
    assert round(season_start(kept, 30).deviation, 2) == 82.82
    assert season_start(kept, 0) == kept
    assert season_start(kept, 10_000).deviation == 350.0  # at most a newcomer's


def test_the_ranking_leaves_out_provisional_members_and_shares_equal_ranks() -> None:
    ratings = {"eve": Rating(1600, 90), "ann": Rating(1700, 70), "bob": Rating(1600, 60),
               "new": Rating(1900, 300), "cat": Rating(1550, 100)}
    assert ranking(ratings) == (Ranked(1, "ann", ratings["ann"]), Ranked(2, "bob", ratings["bob"]),
                                Ranked(2, "eve", ratings["eve"]), Ranked(4, "cat", ratings["cat"]))
