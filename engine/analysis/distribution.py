"""How many of all 12,994,800 four-card hands with a starter score each total.

Counting rank patterns instead of cards: fifteens, pairs and runs depend on ranks only, and
for each pattern the number of suit choices that add a flush or his nobs is a closed formula,
so 23,660 patterns stand for all 12,994,800 hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb

from engine.core.cards import JACK
from engine.core.scoring import MAX_HAND, RANK_WEIGHT, rank_points


@dataclass(frozen=True, slots=True)
class Distribution:
    crib: bool
    counts: tuple[int, ...]
    """counts[t]: how many (hand, starter) pairs score exactly t, for t in 0..MAX_HAND."""

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def mean(self) -> float:
        return sum(t * n for t, n in enumerate(self.counts)) / self.total


def distribution(crib: bool = False, starter_rank: int | None = None) -> Distribution:
    """Over all hands and starters, or only starters of one rank (a check for the formulas)."""
    counts = [0] * (MAX_HAND + 1)
    starters = range(1, 14) if starter_rank is None else (starter_rank,)
    for hand in combinations_with_replacement(range(1, 14), 4):
        held = [0] * 14
        for r in hand:
            held[r] += 1
        ways = 1
        for r in set(hand):
            ways *= comb(4, held[r])
        distinct = len(set(hand)) == 4
        jacks = held[JACK]
        key = sum(RANK_WEIGHT[r] for r in hand)
        for s in starters:
            free = 4 - held[s]
            if free == 0:
                continue
            total = ways * free
            base = rank_points(key + RANK_WEIGHT[s])
            nobs = ways * jacks * free // 4 if s != JACK else 0
            flush5 = 4 if distinct and held[s] == 0 else 0
            flush4 = 12 if distinct and not crib else 0
            nobs_in_flush = flush5 if jacks else 0
            if flush5:
                counts[base + 5 + (1 if jacks else 0)] += flush5
            if flush4:
                counts[base + 4] += flush4
            if nobs:
                counts[base + 1] += nobs - nobs_in_flush
            counts[base] += total - flush5 - flush4 - (nobs - nobs_in_flush)
    return Distribution(crib, tuple(counts))
