"""The values the rating store keeps and answers with: a member's rating as stored, one rated game's change, and a
game to apply. The rules over them are the engine's (engine/rating/)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.rating.glicko2 import Rating
from engine.rating.rated import Pairing


@dataclass(frozen=True, slots=True)
class MemberRating:
    """A member's rating in one server, as it stood after their last rated game (`played`, seconds)."""

    member: str
    rating: Rating
    games: int
    played: float


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """What one rated game did to one member: the rating before, the whole rating after, and the member's results
    in it (opponent, score: 1 a win, 0.5 a draw, 0 a loss)."""

    member: str
    game: str
    at: float
    before: float
    after: Rating
    results: tuple[tuple[str, float], ...]


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game's results to apply, once, at `at` (seconds: when it ended)."""

    guild: str
    game: str
    at: float
    results: tuple[Pairing, ...]
