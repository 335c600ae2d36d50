"""The discard analyzer: every way to lay away cards, valued exactly over starters and crib cards.

Exact, not sampled. The kept hand is counted with each of the 46 unseen starters. The crib is the
two laid away plus two unseen cards and an unseen starter, every such choice equally likely
(46 x 990 = 45,540 cribs per option). Fifteens, pairs and runs depend only on ranks, so the three
unseen crib cards are grouped by their ranks (at most 455 groups, each weighted by how many card
choices it stands for); flushes and his nobs are counted by closed formulas over suits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import comb

from engine.core.cards import DECK, JACK, SUITS, Card, CardError, Suit, check_distinct
from engine.core.scoring import RANK_POINTS, RANK_WEIGHT, rank_points, score_total


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to lay away: the kept hand's value over every starter, the crib's, and the net."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_ev: float
    hand_min: int
    hand_max: int
    crib_ev: float
    net: float


@dataclass(frozen=True, slots=True)
class Analysis:
    cards: tuple[Card, ...]
    dealer: bool
    options: tuple[DiscardOption, ...]
    """Best net first."""

    @property
    def best(self) -> DiscardOption:
        return self.options[0]


CRIB_CHOICES = 46 * comb(45, 2)


def analyze(cards: Sequence[Card], dealer: bool) -> Analysis:
    """All 15 ways to lay away two of six cards (two-player game), best net first."""
    cards = tuple(cards)
    if len(cards) != 6:
        raise CardError(f"the analyzer needs 6 cards, got {len(cards)}")
    check_distinct(cards)
    unseen = [c for c in DECK if c not in cards]
    groups = _rank_groups(unseen)
    suit_left = {s: sum(1 for c in unseen if c.suit is s) for s in SUITS}
    jacks_unseen = [c for c in unseen if c.rank == JACK]
    options = []
    for discard in combinations(cards, 2):
        keep = tuple(c for c in cards if c not in discard)
        totals = [score_total(keep, s) for s in unseen]
        hand_ev = sum(totals) / len(totals)
        crib_ev = _crib_sum(discard, groups, suit_left, jacks_unseen) / CRIB_CHOICES
        net = hand_ev + crib_ev if dealer else hand_ev - crib_ev
        options.append(DiscardOption(discard, keep, hand_ev, min(totals), max(totals), crib_ev, net))
    options.sort(key=lambda o: (-o.net, -o.hand_ev))
    return Analysis(cards, dealer, tuple(options))


def _rank_groups(unseen: Sequence[Card]) -> list[tuple[int, int]]:
    """(rank key, number of 3-card sets) for every multiset of three ranks the unseen cards allow."""
    left = [0] * 14
    for c in unseen:
        left[c.rank] += 1
    groups = []
    for ranks in combinations_with_replacement(range(1, 14), 3):
        ways = 1
        for r in set(ranks):
            ways *= comb(left[r], ranks.count(r))
        if ways:
            groups.append((RANK_WEIGHT[ranks[0]] + RANK_WEIGHT[ranks[1]] + RANK_WEIGHT[ranks[2]], ways))
    return groups


def _crib_sum(discard: Sequence[Card], groups: list[tuple[int, int]], suit_left: dict[Suit, int],
              jacks_unseen: Sequence[Card]) -> int:
    """Total crib points over all 45,540 (starter, two more cards) choices."""
    a, b = discard
    base = RANK_WEIGHT[a.rank] + RANK_WEIGHT[b.rank]
    table = RANK_POINTS
    ranks = 0
    for key, ways in groups:
        points = table.get(base + key)
        if points is None:
            points = rank_points(base + key)
        ranks += points * ways
    total = 3 * ranks  # each 3-card set: any of the three can be the starter
    if a.suit is b.suit:
        total += 5 * 3 * comb(suit_left[a.suit], 3)
    for j in (a, b):
        if j.rank == JACK:  # a jack laid away: nobs when the starter is of its suit
            total += suit_left[j.suit] * comb(45, 2)
    for j in jacks_unseen:  # an unseen jack in the crib, the starter another card of its suit
        total += (suit_left[j.suit] - 1) * 44
    return total
