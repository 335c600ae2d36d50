"""Glicko-2, as Glickman publishes it ("Example of the Glicko-2 system", Boston University, 2013, revised 2022).

One call is one rating period for one player: the results are treated as simultaneous, each against the
opponent's rating at the period's start. The algorithm works on the Glicko-2 scale (mu, phi); the values kept and
shown are on the familiar one (1500 a newcomer, deviations in rating points). The volatility is the root of the
published equation f(x) = 0, found by the Illinois variant of regula falsi exactly as the paper lays it out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from engine.core.errors import CodedError, excerpt

SCALE = 173.7178
"""Rating points per unit of the Glicko-2 scale (the paper's 400 / ln 10)."""
BASE = 1500.0
NEW_DEVIATION = 350.0
"""A newcomer's deviation, and the most a deviation grows to while idle (never less known than a newcomer)."""
NEW_VOLATILITY = 0.06
TAU = 0.5
"""The system constant: how far the volatility may move in one period (the paper suggests 0.3 to 1.2)."""
EPSILON = 0.000001
"""The Illinois iteration stops when the bracket is this narrow (the paper's value)."""
ITERATIONS = 200
"""A guard: the iteration converges in a few dozen steps for any values a server holds."""


class RatingProblem(Enum):
    RATING = "rating"
    DEVIATION = "deviation"
    VOLATILITY = "volatility"
    SCORE = "score"
    TAU = "tau"
    PERIODS = "periods"


class RatingError(CodedError[RatingProblem]):
    """A value no rating can hold (a deviation of 0, a score of 2): named with its code."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's standing on the familiar scale: rating, deviation (both in rating points) and volatility."""

    rating: float = BASE
    deviation: float = NEW_DEVIATION
    volatility: float = NEW_VOLATILITY

    def __post_init__(self) -> None:
        _check(RatingProblem.RATING, "rating", self.rating, math.isfinite(self.rating))
        _check(RatingProblem.DEVIATION, "deviation", self.deviation,
               math.isfinite(self.deviation) and self.deviation > 0)
        _check(RatingProblem.VOLATILITY, "volatility", self.volatility,
               math.isfinite(self.volatility) and self.volatility > 0)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of the period from the player's side: the opponent as they stood at its start, and the score
    (1 a win, 0.5 a draw, 0 a loss)."""

    opponent_rating: float
    opponent_deviation: float
    score: float

    def __post_init__(self) -> None:
        Rating(self.opponent_rating, self.opponent_deviation)  # the same checks, worded the same way
        _check(RatingProblem.SCORE, "score", self.score, self.score in (0, 0.5, 1))

    @classmethod
    def against(cls, opponent: Rating, score: float) -> GameResult:
        return cls(opponent.rating, opponent.deviation, score)


def _check(code: RatingProblem, name: str, value: float, ok: bool) -> None:
    if not ok:
        raise RatingError(code, f"a {name} must be {_WANTED[code]}, not {excerpt(value)}", value=value)


_WANTED = {RatingProblem.RATING: "a finite number", RatingProblem.DEVIATION: "a finite number above 0",
           RatingProblem.VOLATILITY: "a finite number above 0", RatingProblem.SCORE: "1, 0.5 or 0",
           RatingProblem.TAU: "a finite number above 0", RatingProblem.PERIODS: "a finite number from 0"}


def g(phi: float) -> float:
    """How much an opponent's uncertainty dulls what a game against them says."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(mu: float, mu_j: float, phi_j: float) -> float:
    """The expected score against opponent j (Glicko-2 scale)."""
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


@dataclass(frozen=True, slots=True)
class Steps:
    """The paper's quantities for one period on the Glicko-2 scale, for checking against its worked example."""

    mu: float
    phi: float
    v: float
    """The estimated variance of the rating from the games alone (step 3)."""
    delta: float
    """The estimated improvement (step 4)."""
    sigma: float
    """The new volatility (step 5)."""
    phi_star: float
    """The deviation grown by one period (step 6)."""
    new_phi: float
    new_mu: float


def steps(player: Rating, results: Sequence[GameResult], tau: float = TAU) -> Steps:
    """Steps 2 to 7 of the paper for a period with at least one result."""
    _check(RatingProblem.TAU, "tau", tau, math.isfinite(tau) and tau > 0)
    if not results:
        raise ValueError("steps() needs at least one result; a period without games is update(player, [])")
    mu = (player.rating - BASE) / SCALE
    phi = player.deviation / SCALE
    information = 0.0  # 1 / v
    pull = 0.0  # the sum of g(phi_j) (s_j - E_j)
    for r in results:
        mu_j, phi_j = (r.opponent_rating - BASE) / SCALE, r.opponent_deviation / SCALE
        g_j, e_j = g(phi_j), expected(mu, mu_j, phi_j)
        information += g_j * g_j * e_j * (1.0 - e_j)
        pull += g_j * (r.score - e_j)
    v = 1.0 / information
    delta = v * pull
    sigma = volatility(phi, player.volatility, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    return Steps(mu, phi, v, delta, sigma, phi_star, new_phi, mu + new_phi * new_phi * pull)


def update(player: Rating, results: Sequence[GameResult], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with these results (none: the deviation grows only)."""
    if not results:  # the paper: rating and volatility stay, the deviation grows by one period
        _check(RatingProblem.TAU, "tau", tau, math.isfinite(tau) and tau > 0)
        phi, sigma = player.deviation / SCALE, player.volatility
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    s = steps(player, results, tau)
    return Rating(SCALE * s.new_mu + BASE, SCALE * s.new_phi, s.sigma)


def volatility(phi: float, sigma: float, v: float, delta: float, tau: float = TAU) -> float:
    """The new volatility: the root of the paper's f by the Illinois algorithm (its step 5, as published)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        room = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * room * room) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(ITERATIONS):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:  # the 2022 revision's test (2013: < 0); both give the paper's example
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def idle(player: Rating, periods: float) -> Rating:
    """The player after `periods` rating periods without a game (a fraction allowed): the deviation grows as the
    paper's no-game step would grow it that many times (phi^2 + n sigma^2), at most to a newcomer's."""
    _check(RatingProblem.PERIODS, "number of periods", periods, math.isfinite(periods) and periods >= 0)
    if periods == 0:
        return player
    phi = player.deviation / SCALE
    grown = SCALE * math.sqrt(phi * phi + periods * player.volatility * player.volatility)
    return Rating(player.rating, min(max(grown, player.deviation), max(NEW_DEVIATION, player.deviation)),
                  player.volatility)
