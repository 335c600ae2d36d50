"""A daily problem as posted and as kept in the pool: six cards, dealer or pone, sometimes the scores, and the
answer fixed when the pool was built."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum
from itertools import combinations

from engine.core.cards import Card

TARGET = 121
"""Daily problems are deals of the 121-point game."""


class Level(Enum):
    """How hard the problem is (judge.level says how it is measured)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


def discards_of(cards: tuple[Card, ...]) -> tuple[tuple[Card, Card], ...]:
    """The 15 ways to lay away two of six cards, in one fixed order (the cards' order, as itertools gives them):
    the order a problem's chances are kept in."""
    return tuple(combinations(cards, 2))


def same_discard(a: tuple[Card, ...], b: tuple[Card, ...]) -> bool:
    return len(a) == len(b) and set(a) == set(b)


@dataclass(frozen=True, slots=True)
class DailyProblem:
    day: date
    cards: tuple[Card, ...]
    dealer: bool
    """True: the crib is the solver's."""
    level: Level
    best: tuple[Card, Card]
    """The answer: the exact best discard (by net points; by the chance to win when the scores are given)."""
    obvious: tuple[Card, Card]
    """The discard that keeps the most points in hand, which `best` beats by `margin`."""
    margin: float
    """How much the best beats the obvious by: points, or a chance (0.03 is three percentage points)."""
    rivals: int
    """Other discards within one clear margin of the best."""
    scores: tuple[int, int] | None = None
    """The solver's score and the opponent's before this deal, on days the chance to win decides."""
    chances: tuple[float, ...] | None = None
    """With scores: each discard's chance to win, in `discards_of(cards)` order."""
    samples: int = 0
    """Deals played out per discard for the chances (the same deals for every discard)."""

    @property
    def by_chance(self) -> bool:
        return self.scores is not None

    def chance_of(self, discard: tuple[Card, ...]) -> float | None:
        if self.chances is None:
            return None
        for option, chance in zip(discards_of(self.cards), self.chances, strict=True):
            if same_discard(option, discard):
                return chance
        return None
