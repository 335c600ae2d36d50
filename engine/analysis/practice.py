"""Counting practice: a hand (or crib) to count, the check of a declared total, and a running tally.

A player declares only a total, so which items they missed is a guess: the smallest set of the
breakdown's items whose points make up the shortfall, preferring the items players forget most
(his nobs, the flush, then fifteens, runs and pairs). The guess is marked as such by
`missed_exact`: when no set of items adds up to the shortfall, the points are still reported.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from itertools import product

from engine.core.cards import DECK, Card
from engine.core.errors import CodedError, excerpt
from engine.core.scoring import MAX_HAND, Breakdown, ItemKind, ScoreItem, score_hand

IMPOSSIBLE_TOTALS = frozenset({19, 25, 26, 27})
"""Totals no hand or crib can make (and anything above MAX_HAND)."""

_FORGET_ORDER = (ItemKind.NOBS, ItemKind.FLUSH, ItemKind.FIFTEEN, ItemKind.RUN, ItemKind.PAIR)
"""Which items a counter most often misses, most often first: the tie-break of the guess."""


class PracticeProblem(Enum):
    """Why a declared count cannot be checked; the comment lists the error's `fields`."""

    BAD_DECLARED = "bad_declared"  # declared, most


MAX_DECLARED = 99
"""The largest count a player may declare for checking (anything over MAX_HAND is checked, and hinted)."""


class PracticeError(CodedError[PracticeProblem]):
    """A declared count that cannot be checked (not a whole number from 0 to MAX_DECLARED)."""


@dataclass(frozen=True, slots=True)
class Drill:
    """Four cards and a starter to count; `crib` applies the crib's flush rule."""

    seed: int
    cards: tuple[Card, ...]
    starter: Card
    crib: bool

    @property
    def breakdown(self) -> Breakdown:
        return score_hand(self.cards, self.starter, crib=self.crib)


def deal_drill(seed: int, crib: bool = False) -> Drill:
    """Four cards and a starter drawn from a shuffle seeded by `seed`: the same seed, the same drill."""
    cards = random.Random(seed).sample(DECK, 5)
    return Drill(seed, tuple(sorted(cards[:4])), cards[4], crib)


class Hint(Enum):
    """A mistake the seeds name as common, recognised from the cards and the size of the error."""

    CRIB_FOUR_FLUSH = "crib_four_flush"
    """Four of a suit in the crib counted as a flush: the crib needs all five."""
    FACE_PAIR = "face_pair"
    """Two different face cards (K-Q, J-K...) counted as a pair: pairs go by rank."""
    IMPOSSIBLE_TOTAL = "impossible_total"
    """19, 25, 26, 27 or more than MAX_HAND (29) declared: no hand makes it."""
    MISSED_NOBS = "missed_nobs"
    """The jack of the starter's suit was forgotten."""


@dataclass(frozen=True, slots=True)
class CheckResult:
    declared: int
    total: int
    """The true count."""
    missed_points: int
    over_claimed: int
    missed_items: tuple[ScoreItem, ...]
    """A likely set of the items the player left out (empty when nothing was missed or nothing fits)."""
    missed_exact: bool
    """True when `missed_items` add up to exactly `missed_points`."""
    hints: tuple[Hint, ...]

    @property
    def exact(self) -> bool:
        return self.declared == self.total


def check(declared: int, breakdown: Breakdown) -> CheckResult:
    """Compare a declared count with the true breakdown."""
    if isinstance(declared, bool) or not isinstance(declared, int) or not 0 <= declared <= MAX_DECLARED:
        raise PracticeError(PracticeProblem.BAD_DECLARED, "a declared count is a whole number from 0 to "
                            f"{MAX_DECLARED}, not {excerpt(declared)}", declared=declared, most=MAX_DECLARED)
    total = breakdown.total
    missed = max(0, total - declared)
    over = max(0, declared - total)
    items = _likely_missed(breakdown.items, missed) if missed else ()
    exact_guess = sum(i.points for i in items) == missed
    return CheckResult(declared, total, missed, over, items if exact_guess else (), exact_guess,
                       _hints(declared, breakdown, missed, over, items))


def _likely_missed(items: tuple[ScoreItem, ...], shortfall: int) -> tuple[ScoreItem, ...]:
    """The fewest items whose points make `shortfall`, preferring the often-forgotten kinds."""
    groups: dict[tuple[ItemKind, int], list[ScoreItem]] = {}
    for item in items:
        groups.setdefault((item.kind, item.points), []).append(item)
    keys = sorted(groups, key=lambda k: (_FORGET_ORDER.index(k[0]), k[1]))
    best: tuple[tuple[int, tuple[int, ...]], tuple[int, ...]] | None = None
    for takes in product(*(range(len(groups[k]) + 1) for k in keys)):
        if sum(n * k[1] for n, k in zip(takes, keys, strict=True)) != shortfall:
            continue
        # fewer items first, then the most items from the most-forgotten kinds
        rank = (sum(takes), tuple(-n for n in takes))
        if best is None or rank < best[0]:
            best = (rank, takes)
    if best is None:
        return ()
    chosen: list[ScoreItem] = []
    for n, k in zip(best[1], keys, strict=True):
        chosen.extend(groups[k][:n])
    return tuple(chosen)


def _hints(declared: int, b: Breakdown, missed: int, over: int,
           missed_items: tuple[ScoreItem, ...]) -> tuple[Hint, ...]:
    hints: list[Hint] = []
    if declared in IMPOSSIBLE_TOTALS or declared > MAX_HAND:
        hints.append(Hint.IMPOSSIBLE_TOTAL)
    if over:
        four_suited = len({c.suit for c in b.hand}) == 1
        if b.crib and four_suited and b.starter.suit is not b.hand[0].suit and over % 4 == 0:
            hints.append(Hint.CRIB_FOUR_FLUSH)
        faces = [c.rank for c in (*b.hand, b.starter) if c.rank > 10]
        if over % 2 == 0 and len(set(faces)) >= 2:
            hints.append(Hint.FACE_PAIR)
    if missed and any(i.kind is ItemKind.NOBS for i in missed_items):
        hints.append(Hint.MISSED_NOBS)
    return tuple(hints)


@dataclass(frozen=True, slots=True)
class Tally:
    """One player's counting accuracy; tallies add, so per-game and per-session ones merge."""

    attempts: int = 0
    exact: int = 0
    points_missed: int = 0
    points_over: int = 0

    def __add__(self, other: Tally) -> Tally:
        if not isinstance(other, Tally):
            return NotImplemented
        return Tally(self.attempts + other.attempts, self.exact + other.exact,
                     self.points_missed + other.points_missed, self.points_over + other.points_over)

    def record(self, result: CheckResult) -> Tally:
        """This tally with one more checked count."""
        return self + Tally(1, int(result.exact), result.missed_points, result.over_claimed)

    @property
    def accuracy(self) -> float | None:
        """Share of counts exactly right; None before the first attempt."""
        return self.exact / self.attempts if self.attempts else None

    def to_json(self) -> dict[str, int]:
        return {"attempts": self.attempts, "exact": self.exact, "points_missed": self.points_missed,
                "points_over": self.points_over}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Tally:
        try:
            values = [_whole(data.get(k, 0)) for k in ("attempts", "exact", "points_missed", "points_over")]
        except (TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"not a counting tally: {excerpt(data)} ({exc})") from None
        if any(v < 0 for v in values) or values[1] > values[0]:
            raise ValueError(f"not a counting tally: {excerpt(data)}")
        return cls(*values)


def _whole(value: object) -> int:
    """int() of a stored number or numeral; TypeError (as int() raises) for anything else."""
    if isinstance(value, int | float | str):
        return int(value)
    raise TypeError(f"a whole number is needed, not {type(value).__name__} {excerpt(value)}")


def merge_tallies(*tallies: Mapping[str, Tally]) -> dict[str, Tally]:
    """Per-player tallies added up player by player."""
    out: dict[str, Tally] = {}
    for table in tallies:
        for player, tally in table.items():
            out[player] = out.get(player, Tally()) + tally
    return out
