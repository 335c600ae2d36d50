"""What a rating means for a member's place: provisional or ranked, the ranking, and the passing of time (idle
periods, a season's turn)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from engine.rating.glicko2 import Rating, idle
from engine.rating.rated import DAY

PROVISIONAL_DEVIATION = 110.0
"""Above this deviation a member is provisional: shown with a mark and not ranked. Regulars playing a game or more
a day settle between 60 and 80; 110 is a rating known to within about 220 points either way (two deviations). A
newcomer gets below it after 10 or 11 games against regulars, and a regular at 80 rises above it again after 53
idle days (tests/engine/rating/test_standing.py): a standing is earned in a couple of evenings and lapses in two
months away."""
PERIOD = DAY
"""One idle rating period, in seconds: a member's deviation grows by one period for each day without a rated game
(a rated game is itself one period, Glicko-2's step 6)."""


def provisional(rating: Rating) -> bool:
    return rating.deviation > PROVISIONAL_DEVIATION


def periods_between(then: float, now: float, period: float = PERIOD) -> float:
    """Idle rating periods from `then` to `now` (seconds), a fraction allowed; never negative (a clock that went
    back counts no time)."""
    if not (math.isfinite(then) and math.isfinite(now) and period > 0):
        raise ValueError(f"times must be finite and the period above 0: {then!r}, {now!r}, {period!r}")
    return max(0.0, (now - then) / period)


def as_of(rating: Rating, last_played: float, now: float, period: float = PERIOD) -> Rating:
    """A stored rating (as of the member's last rated game) as it stands `now`: the deviation grown by the idle
    periods, the rating and volatility as they were."""
    return idle(rating, periods_between(last_played, now, period))


def season_start(rating: Rating, idle_periods: float) -> Rating:
    """A member's rating for a new season: the last one with the deviation raised as Glicko-2 raises it over the
    periods the member has been idle (never reset to a newcomer's, never above it)."""
    return idle(rating, idle_periods)


@dataclass(frozen=True, slots=True)
class Ranked:
    rank: int
    member: str
    rating: Rating


def ranking(ratings: Mapping[str, Rating]) -> tuple[Ranked, ...]:
    """The members who are not provisional, highest rating first (then the smaller deviation, then the id, so the
    order never depends on the mapping's); equal ratings share a rank (1, 2, 2, 4)."""
    order = sorted(((m, r) for m, r in ratings.items() if not provisional(r)),
                   key=lambda mr: (-mr[1].rating, mr[1].deviation, mr[0]))
    out: list[Ranked] = []
    for i, (member, rating) in enumerate(order):
        rank = out[-1].rank if out and out[-1].rating.rating == rating.rating else i + 1
        out.append(Ranked(rank, member, rating))
    return tuple(out)
