"""Whether a hand is worth posing, and how hard it is.

The obvious discard is the one a player who only counts what they hold would make: it keeps the most points in
hand (fifteens, pairs, runs and a flush of the four kept, before the starter). Several discards can keep that
many; the tie goes to the one that does best by the day's measure (then the analyzer's order), so the margin is
against the best of the obvious discards, never a straw man.

The day's measure is the exact net points (hand, plus or minus the crib) from the discard analyzer, or, when the
scores are given, the chance to win: every discard played out on the same sampled deals (the reference strategy's
opponent and play, the win table where the deal leaves the game undecided). A problem is posed only when the best
beats the obvious by a clear margin: a point of net, or two percentage points of the chance to win that are also
three standard errors of the paired difference (so sampling cannot have made it).

Difficulty: the rivals are the other discards within one clear margin of the best. Hard: two rivals or more (the
best must be told from several near it). Easy: no rival and the obvious discard twice the clear margin behind.
Medium: the rest.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.analysis.discards import Analysis
from engine.analysis.winprob import WinTable
from engine.computer.winplay import DealSample, deal_result, sample_deals
from engine.core.cards import Card
from engine.core.scoring import score_cards
from engine.daily.problem import TARGET, Level

CLEAR_POINTS = 1.0
CLEAR_CHANCE = 0.02
STANDARD_ERRORS = 3.0


@dataclass(frozen=True, slots=True)
class Assessment:
    """A hand judged by one measure (in the analysis' option order)."""

    values: tuple[float, ...]
    best: int
    obvious: int
    margin: float
    rivals: int
    level: Level
    clear: bool


def obvious_index(analysis: Analysis, values: Sequence[float]) -> int:
    """The discard that keeps the most points in hand; ties to the best by `values`, then the analyzer's order."""
    held = [score_cards(o.keep) for o in analysis.options]
    most = max(held)
    return min((i for i, h in enumerate(held) if h == most), key=lambda i: (-values[i], i))


def level_of(margin: float, rivals: int, unit: float) -> Level:
    if rivals >= 2:
        return Level.HARD
    if rivals == 0 and margin >= 2 * unit:
        return Level.EASY
    return Level.MEDIUM


def assess(analysis: Analysis, values: Sequence[float], unit: float, spread: float = 0.0) -> Assessment:
    """`values` judged with `unit` as the clear margin; `spread` is the standard error of the best's margin over the
    obvious (0 for exact values)."""
    best = min(range(len(values)), key=lambda i: (-values[i], i))
    obvious = obvious_index(analysis, values)
    margin = values[best] - values[obvious]
    rivals = sum(1 for i, v in enumerate(values) if i != best and values[best] - v < unit)
    clear = margin >= unit and margin >= STANDARD_ERRORS * spread
    return Assessment(tuple(values), best, obvious, margin, rivals, level_of(margin, rivals, unit), clear)


def by_points(analysis: Analysis) -> Assessment:
    return assess(analysis, [o.net for o in analysis.options], CLEAR_POINTS)


def played_out(analysis: Analysis, deals: Sequence[DealSample], scores: tuple[int, int],
               table: WinTable) -> list[list[float]]:
    """Each option's result (1, 0, or the table's chance) on each deal."""
    me, them = scores
    return [[deal_result(o.keep, o.discard, s, analysis.dealer, me, them, TARGET, table) for s in deals]
            for o in analysis.options]


def by_chance(analysis: Analysis, results: Sequence[Sequence[float]]) -> Assessment:
    """Judged by the chance to win from results on common deals."""
    means = [sum(r) / len(r) for r in results]
    first = assess(analysis, means, CLEAR_CHANCE)
    return assess(analysis, means, CLEAR_CHANCE, paired_error(results[first.best], results[first.obvious]))


def paired_error(a: Sequence[float], b: Sequence[float]) -> float:
    """The standard error of mean(a - b) over common deals."""
    n = len(a)
    if n < 2:
        return math.inf
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


def deals_for(cards: Sequence[Card], dealer: bool, samples: int, seed: int) -> list[DealSample]:
    """The deals every option is played out on: the first k of n are the same for any n >= k (a screen on a few
    is a prefix of the full count)."""
    return sample_deals(cards, dealer, samples, random.Random(seed))
