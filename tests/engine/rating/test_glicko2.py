"""Glicko-2 against Glickman's worked example, against a second computation written here from the paper's
formulas with bisection in place of the Illinois iteration, and for the properties every period keeps."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rating.glicko2 import (
    SCALE,
    GameResult,
    Rating,
    RatingError,
    RatingProblem,
    expected,
    g,
    idle,
    steps,
    update,
)

PAPER_PLAYER = Rating(1500, 200, 0.06)
PAPER_GAMES = [GameResult(1400, 30, 1), GameResult(1550, 100, 0), GameResult(1700, 300, 0)]


def test_the_papers_worked_example() -> None:
    after = update(PAPER_PLAYER, PAPER_GAMES, tau=0.5)
    s = steps(PAPER_PLAYER, PAPER_GAMES, tau=0.5)
    # step 2 and the table of step 3, as printed
    assert round(s.phi, 4) == 1.1513
    assert [round(g(r.opponent_deviation / SCALE), 4) for r in PAPER_GAMES] == [0.9955, 0.9531, 0.7242]
    assert [round(expected(0.0, (r.opponent_rating - 1500) / SCALE, r.opponent_deviation / SCALE), 3)
            for r in PAPER_GAMES] == [0.639, 0.432, 0.303]
    # steps 5 to 8 as printed: sigma' 0.05999, phi' 0.8722, mu' -0.2069, r' 1464.06, RD' 151.52
    assert math.floor(after.volatility * 1e5) / 1e5 == 0.05999  # printed cut at five places: it is 0.0599960
    assert round(after.volatility, 7) == 0.0599960
    assert round(s.new_phi, 4) == 0.8722
    assert round(s.new_mu, 4) == -0.2069
    assert round(SCALE * round(s.new_mu, 4) + 1500, 2) == 1464.06  # the paper's r' is 173.7178 x its printed mu'
    assert round(after.deviation, 2) == 151.52
    # unrounded throughout (the paper carries 3-4 decimals: its v 1.7785 and delta -0.4834 are 1.7790 and -0.4839)
    assert round(after.rating, 4) == 1464.0507
    assert round(s.v, 4) == 1.7790 and round(s.delta, 4) == -0.4839


def test_a_period_without_games_grows_the_deviation_only() -> None:
    # phi = 200 / 173.7178 = 1.1512925; sqrt(phi^2 + 0.06^2) = sqrt(1.3254745 + 0.0036) = 1.1528549 -> 200.2714
    after = update(PAPER_PLAYER, [])
    assert (after.rating, round(after.deviation, 4), after.volatility) == (1500, 200.2714, 0.06)
    # three idle periods at once: sqrt(1.3254745 + 3 * 0.0036) = 1.1559735 -> 200.8131
    assert round(idle(PAPER_PLAYER, 3).deviation, 4) == 200.8131
    assert idle(PAPER_PLAYER, 0) == PAPER_PLAYER
    assert idle(Rating(1500, 340, 0.06), 1000).deviation == 350  # never less known than a newcomer


def test_a_draw_against_an_equal_keeps_the_rating_and_narrows_the_deviation() -> None:
    # E = 0.5 so delta = 0 and mu' = mu exactly; g(1.1512925) = 1 / sqrt(1 + 3 * 1.3254745 / pi^2) = 0.8442804,
    # v = 1 / (0.8442804^2 * 0.25) = 5.6116; sigma' just under 0.06 (the draw was expected), so
    # phi' = 1 / sqrt(1 / (1.3254745 + 0.06^2) + 1 / 5.6116) = 1.036619 -> 180.08
    after = update(PAPER_PLAYER, [GameResult(1500, 200, 0.5)])
    assert after.rating == 1500.0
    assert round(after.deviation, 2) == 180.08
    assert 0.05999 < after.volatility < 0.06


def independent(player: Rating, games: list[GameResult], tau: float) -> Rating:
    """The paper's steps written again, the volatility's equation solved by bisection to 1e-12."""
    mu, phi, sigma = (player.rating - 1500) / 173.7178, player.deviation / 173.7178, player.volatility
    terms = []
    for r in games:
        phi_j = r.opponent_deviation / 173.7178
        gj = (1 + 3 * phi_j ** 2 / math.pi ** 2) ** -0.5
        ej = 1 / (1 + math.exp(-gj * (mu - (r.opponent_rating - 1500) / 173.7178)))
        terms.append((gj, ej, r.score))
    v = 1 / sum(gj ** 2 * ej * (1 - ej) for gj, ej, _ in terms)
    delta = v * sum(gj * (s - ej) for gj, ej, s in terms)
    a = math.log(sigma ** 2)

    def f(x: float) -> float:
        return (math.exp(x) * (delta ** 2 - phi ** 2 - v - math.exp(x)) / (2 * (phi ** 2 + v + math.exp(x)) ** 2)
                - (x - a) / tau ** 2)

    lo, hi = a - 60, a + 60  # f falls from + to - across any root a period can have
    assert f(lo) > 0 > f(hi)
    while hi - lo > 1e-12:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
    new_sigma = math.exp(lo / 2)
    phi_new = 1 / math.sqrt(1 / (phi ** 2 + new_sigma ** 2) + 1 / v)
    mu_new = mu + phi_new ** 2 * sum(gj * (s - ej) for gj, ej, s in terms)
    return Rating(173.7178 * mu_new + 1500, 173.7178 * phi_new, new_sigma)


CASES = [
    (PAPER_PLAYER, PAPER_GAMES, 0.5),
    (Rating(1400, 40, 0.06), [GameResult(2100, 40, 1)] * 3, 0.5),  # an upset: the paper's other start for B
    (Rating(1650, 80, 0.05), [GameResult(1600, 60, 1), GameResult(1700, 90, 0.5), GameResult(1580, 120, 0)], 0.3),
    (Rating(1350, 300, 0.09), [GameResult(1500, 50, 0), GameResult(1450, 70, 1)], 1.2),
    (Rating(2000, 60, 0.04), [GameResult(1200, 350, 0)], 0.5),
]


@pytest.mark.parametrize(("player", "games", "tau"), CASES)
def test_agrees_with_an_independent_computation(player: Rating, games: list[GameResult], tau: float) -> None:
    ours, theirs = update(player, games, tau), independent(player, games, tau)
    assert ours.rating == pytest.approx(theirs.rating, abs=1e-4)
    assert ours.deviation == pytest.approx(theirs.deviation, abs=1e-4)
    assert ours.volatility == pytest.approx(theirs.volatility, abs=1e-7)  # the paper stops at 1e-6 in ln(sigma^2)


def test_the_upset_takes_the_papers_other_bracket() -> None:
    s = steps(Rating(1400, 40, 0.06), [GameResult(2100, 40, 1)] * 3)
    assert s.delta ** 2 > s.phi ** 2 + s.v  # B = ln(delta^2 - phi^2 - v)
    assert round(update(Rating(1400, 40, 0.06), [GameResult(2100, 40, 1)] * 3).rating, 2) == 1428.67


ratings = st.builds(Rating, st.floats(800, 2600), st.floats(30, 350), st.floats(0.03, 0.1))
results = st.builds(GameResult, st.floats(800, 2600), st.floats(30, 350), st.sampled_from([0, 0.5, 1]))


@settings(max_examples=300, deadline=None)
@given(ratings, st.lists(results, min_size=1, max_size=8), st.sampled_from([0.3, 0.5, 1.2]))
def test_playing_never_leaves_more_doubt_than_the_periods_growth(player: Rating, games: list[GameResult],
                                                                 tau: float) -> None:
    """Glicko-2 grows the deviation by a period before the games narrow it (step 6 then 7), so a period with games
    ends below the deviation grown by the new volatility, and within the bounds a server's ratings live in."""
    after = update(player, games, tau)
    grown = SCALE * math.sqrt((player.deviation / SCALE) ** 2 + after.volatility ** 2)
    assert after.deviation < grown
    assert 0 < after.deviation <= 350.5 and 0.02 < after.volatility < 0.2
    assert abs(after.rating - player.rating) < 2 * 350 ** 2 / 173.7178 * len(games)


@settings(max_examples=300, deadline=None)
@given(ratings, st.floats(800, 2600), st.floats(30, 350))
def test_a_win_never_lowers_a_rating_and_a_loss_never_raises_it(player: Rating, opp: float, opp_rd: float) -> None:
    won, lost = update(player, [GameResult(opp, opp_rd, 1)]), update(player, [GameResult(opp, opp_rd, 0)])
    assert won.rating > player.rating > lost.rating


@settings(max_examples=200, deadline=None)
@given(ratings, st.floats(-400, 400), st.floats(30, 350), st.sampled_from([0, 0.5, 1]))
def test_from_a_provisional_deviation_a_game_narrows_it(player: Rating, gap: float, opp_rd: float,
                                                          score: float) -> None:
    """Above 110 (provisional) a game against anyone within 400 points leaves the deviation smaller than it was
    (against a far weaker or stronger opponent a game says almost nothing, and the period's growth can win)."""
    if player.deviation > 110:
        assert update(player, [GameResult(player.rating + gap, opp_rd, score)]).deviation < player.deviation


@pytest.mark.parametrize(("make", "code"), [
    (lambda: Rating(1500, 0, 0.06), RatingProblem.DEVIATION),
    (lambda: Rating(math.nan, 100, 0.06), RatingProblem.RATING),
    (lambda: Rating(1500, 100, -1), RatingProblem.VOLATILITY),
    (lambda: GameResult(1500, 100, 2), RatingProblem.SCORE),
    (lambda: update(PAPER_PLAYER, PAPER_GAMES, tau=0), RatingProblem.TAU),
    (lambda: idle(PAPER_PLAYER, -1), RatingProblem.PERIODS),
])
def test_impossible_values_are_refused_by_code(make, code: RatingProblem) -> None:
    with pytest.raises(RatingError) as caught:
        make()
    assert caught.value.code is code
