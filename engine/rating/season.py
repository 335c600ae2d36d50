"""Seasons as a calendar and a final table: where a server's seasons turn (the first of each month, or of each
quarter, at 00:00 UTC), and the standings a season ends with, from the members' rating changes during it.

A season's standings are the ranking (engine.rating.standing.ranking) of the members who played a rated game in
it, each with the rating of their last game before the season's end, aged to that moment; a member provisional
then is listed after the ranked ones, unranked. Nobody's rating is reset at the turn (docs/ratings.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum

from engine.core.errors import CodedError, excerpt
from engine.rating.glicko2 import Rating
from engine.rating.standing import as_of, provisional, ranking


class Cadence(Enum):
    OFF = "off"
    MONTHLY = "monthly"
    QUARTERLY = "quarterly"

    @property
    def months(self) -> int:
        return {Cadence.OFF: 0, Cadence.MONTHLY: 1, Cadence.QUARTERLY: 3}[self]


class SeasonProblem(Enum):
    CADENCE = "cadence"
    TIME = "time"


class SeasonError(CodedError[SeasonProblem]):
    """A cadence with no turns (off), or a moment no calendar holds."""


def last_turn(now: float, cadence: Cadence) -> float:
    """The latest turn of the seasons at or before `now` (seconds since the epoch, UTC)."""
    if cadence is Cadence.OFF:
        raise SeasonError(SeasonProblem.CADENCE, "seasons that are off never turn", cadence=cadence.value)
    try:
        day = datetime.fromtimestamp(now, UTC)
    except (OverflowError, OSError, ValueError) as exc:
        raise SeasonError(SeasonProblem.TIME, f"no calendar holds the moment {excerpt(now)}", now=now) from exc
    month = (day.month - 1) // cadence.months * cadence.months + 1
    return datetime(day.year, month, 1, tzinfo=UTC).timestamp()


def title(starts: float, ends: float) -> str:
    """What a season is called besides its number: its months ('2026-12', '2027-01 – 2027-03')."""
    first = datetime.fromtimestamp(starts, UTC)
    last = datetime.fromtimestamp(ends - 1, UTC)
    one, two = f"{first.year}-{first.month:02d}", f"{last.year}-{last.month:02d}"
    return one if one == two else f"{one} – {two}"


@dataclass(frozen=True, slots=True)
class LastGame:
    """A member's last rating change before a season's end, and their count of rated games in the season."""

    member: str
    rating: Rating
    at: float
    games: int


@dataclass(frozen=True, slots=True)
class SeasonStanding:
    """One line of a season's final table: `rank` 0 for a member provisional at the end (listed, not ranked)."""

    rank: int
    member: str
    rating: float
    deviation: float
    games: int

    def as_json(self) -> list[object]:
        return [self.rank, self.member, round(self.rating, 2), round(self.deviation, 2), self.games]

    @staticmethod
    def from_json(row: object) -> SeasonStanding:
        if not (isinstance(row, list) and len(row) == 5):
            raise ValueError(f"a standing is [rank, member, rating, deviation, games], not {excerpt(row)}")
        rank, member, rating, deviation, games = row
        return SeasonStanding(int(rank), str(member), float(rating), float(deviation), int(games))


def final_standings(last_games: Iterable[LastGame], ends: float) -> tuple[SeasonStanding, ...]:
    """The season's final table: the ranked members by rating, then the provisional ones by rating."""
    played = tuple(last_games)
    games = {g.member: g.games for g in played}
    aged = {g.member: as_of(g.rating, g.at, ends) for g in played}
    ranked = [SeasonStanding(r.rank, r.member, r.rating.rating, r.rating.deviation, games[r.member])
              for r in ranking(aged)]
    unranked = sorted(((m, r) for m, r in aged.items() if provisional(r)), key=lambda mr: (-mr[1].rating, mr[0]))
    return (*ranked, *(SeasonStanding(0, m, r.rating, r.deviation, games[m]) for m, r in unranked))
