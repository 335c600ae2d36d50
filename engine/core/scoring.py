"""The show: counting a hand or crib with its starter, as a breakdown with calls or as a bare total.

Fifteens, pairs and runs depend only on ranks, so they are worked out once per multiset of
ranks and cached; flush and nobs depend on suits and are added on top. The same rank
templates serve the breakdown (which cards make each item) and the fast total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from itertools import combinations, combinations_with_replacement, product

from engine.core.calls import PAIR_NAMES, number_word, run_word
from engine.core.cards import JACK, Card, CardError, check_distinct

MAX_HAND = 29
"""The most a hand or crib can count with its starter (5-5-5-J with the fourth five turned up). The one
definition of that limit: a declared count, a table move or a peg jump beyond it is a slip, not cribbage."""


class ItemKind(Enum):
    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: its kind, the cards behind it, its points and the call."""

    kind: ItemKind
    cards: tuple[Card, ...]
    points: int
    call: str


@dataclass(frozen=True, slots=True)
class Breakdown:
    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[ScoreItem, ...]
    total: int

    @property
    def call(self) -> str:
        """The whole count as a player says it; a hand of nothing is traditionally 'nineteen'."""
        if not self.items:
            return "nineteen (nothing)"
        return ", ".join(item.call for item in self.items)


RANK_WEIGHT: tuple[int, ...] = tuple(1 << (3 * r) for r in range(14))
"""RANK_WEIGHT[rank]: adding these gives a key for a multiset of ranks, in any order."""


def rank_key(ranks: Sequence[int]) -> int:
    return sum(RANK_WEIGHT[r] for r in ranks)


def ranks_of_key(key: int) -> tuple[int, ...]:
    ranks: list[int] = []
    for r in range(1, 14):
        ranks.extend([r] * ((key >> (3 * r)) & 7))
    return tuple(ranks)


# A template item: (kind, positions into the rank-sorted cards, points, call).
_Template = tuple[tuple[ItemKind, tuple[int, ...], int, str], ...]


@cache
def rank_template(ranks: tuple[int, ...]) -> _Template:
    """Fifteens, pairs and runs of ranks sorted ascending, by position, with their calls.

    They come first in every count, so their calls depend on the ranks alone.
    """
    values = [min(r, 10) for r in ranks]
    n = len(ranks)
    raw: list[tuple[ItemKind, tuple[int, ...], int]] = []
    for size in range(2, n + 1):
        for combo in combinations(range(n), size):
            if sum(values[i] for i in combo) == 15:
                raw.append((ItemKind.FIFTEEN, combo, 2))
    groups: dict[int, list[int]] = {}
    for i, r in enumerate(ranks):
        groups.setdefault(r, []).append(i)
    for positions in groups.values():
        if len(positions) >= 2:
            k = len(positions)
            raw.append((ItemKind.PAIR, tuple(positions), k * (k - 1)))
    best: list[int] = []
    current: list[int] = []
    for r in sorted(groups):
        current = current + [r] if current and r == current[-1] + 1 else [r]
        if len(current) > len(best):
            best = current
    if len(best) >= 3:
        for combo in product(*(groups[r] for r in best)):
            raw.append((ItemKind.RUN, tuple(combo), len(best)))
    calls = _calls([(kind, points) for kind, _, points in raw], 0)
    return tuple((k, pos, pts, call) for (k, pos, pts), call in zip(raw, calls, strict=True))


def fill_templates() -> int:
    """Work out the template of every multiset of four and five ranks now (a long-running process does
    this once at start: the templates then never join the heap its garbage collector keeps walking).
    Returns how many there are."""
    n = 0
    for size in (4, 5):
        for ranks in combinations_with_replacement(range(1, 14), size):
            if all(ranks.count(r) <= 4 for r in ranks):
                rank_template(ranks)
                n += 1
    return n


RANK_POINTS: dict[int, int] = {}
"""Fifteens, pairs and runs of a hand's ranks, by rank key, filled in as keys are met (the analyzer and the
reference throw read it directly in their inner loops)."""


def rank_points(key: int) -> int:
    """Points of fifteens, pairs and runs for a rank multiset given by its key."""
    points = RANK_POINTS.get(key)
    if points is None:
        points = sum(t[2] for t in rank_template(ranks_of_key(key)))
        RANK_POINTS[key] = points
    return points


def flush_points(hand: Sequence[Card], starter: Card | None, crib: bool) -> int:
    suit = hand[0].suit
    if any(c.suit is not suit for c in hand):
        return 0
    if starter is not None and starter.suit is suit:
        return len(hand) + 1
    return 0 if crib else len(hand)


def has_nobs(hand: Sequence[Card], starter: Card) -> bool:
    return any(c.rank == JACK and c.suit is starter.suit for c in hand)


def score_total(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The fast path: only the total, for the analyzer and simulations. No validation."""
    key = RANK_WEIGHT[starter.rank]
    for c in hand:
        key += RANK_WEIGHT[c.rank]
    total = RANK_POINTS.get(key)
    if total is None:
        total = rank_points(key)
    total += flush_points(hand, starter, crib)
    if has_nobs(hand, starter):
        total += 1
    return total


def score_cards(cards: Sequence[Card]) -> int:
    """Points of cards held before the starter is known: fifteens, pairs, runs and a flush."""
    return rank_points(rank_key([c.rank for c in cards])) + flush_points(cards, None, False)


def _validate(hand: Sequence[Card], starter: Card) -> None:
    if len(hand) != 4:
        raise CardError(f"a hand or crib has 4 cards, got {len(hand)}")
    check_distinct([*hand, starter])


def score_hand(hand: Sequence[Card], starter: Card, crib: bool = False) -> Breakdown:
    """The full breakdown of a hand (or crib) with the starter, each item with its call."""
    hand = tuple(hand)
    _validate(hand, starter)
    five = sorted((*hand, starter), key=_rank_order)
    items = [
        ScoreItem(kind, tuple(five[i] for i in positions), points, call)
        for kind, positions, points, call in rank_template(tuple(c.rank for c in five))
    ]
    running = sum(i.points for i in items)
    extra: list[tuple[ItemKind, tuple[Card, ...], int]] = []
    flush = flush_points(hand, starter, crib)
    if flush:
        extra.append((ItemKind.FLUSH, hand + ((starter,) if flush == 5 else ()), flush))
    for c in hand:
        if c.rank == JACK and c.suit is starter.suit:
            extra.append((ItemKind.NOBS, (c,), 1))
    if extra:
        calls = _calls([(k, p) for k, _, p in extra], running)
        items.extend(ScoreItem(k, cs, p, call) for (k, cs, p), call in zip(extra, calls, strict=True))
        running += sum(p for _, _, p in extra)
    return Breakdown(hand, starter, crib, tuple(items), running)


def _rank_order(card: Card) -> int:
    return card.rank * 64 + card.index


def _calls(items: list[tuple[ItemKind, int]], running: int) -> list[str]:
    """The call for each item, counting up from `running` as a player does aloud."""
    calls: list[str] = []
    pairs_seen = runs_seen = 0
    for kind, points in items:
        running += points
        total = number_word(running)
        if kind is ItemKind.FIFTEEN:
            calls.append(f"fifteen {total}")
        elif kind is ItemKind.PAIR:
            name = "another pair" if points == 2 and pairs_seen else PAIR_NAMES[points]
            pairs_seen += 1
            calls.append(f"{name} is {total}")
        elif kind is ItemKind.RUN:
            calls.append(f"{'another' if runs_seen else 'a'} run of {run_word(points)} is {total}")
            runs_seen += 1
        elif kind is ItemKind.FLUSH:
            calls.append(f"a flush of {run_word(points)} is {total}")
        else:
            calls.append(f"and one for his nobs is {total}")
    return calls


def breakdown_json(b: Breakdown) -> dict[str, object]:
    """The breakdown as the `score --json` object."""
    return {
        "hand": [str(c) for c in b.hand],
        "starter": str(b.starter),
        "crib": b.crib,
        "total": b.total,
        "items": [
            {"kind": i.kind.value, "cards": [str(c) for c in i.cards], "points": i.points,
             "call": i.call}
            for i in b.items
        ],
    }
