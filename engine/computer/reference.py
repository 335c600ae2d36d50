"""The `reference` strategy, which the win-probability table is built from, and its fast deal simulator.

The strategy throws the two cards that maximise the kept hand's exact value over every starter plus
(dealer) or minus (pone) the neutral crib value of the pair thrown, taken from a table of every pair
(engine/data/crib_pairs.json); it pegs with the play-out policy (most points now, then not leaving
5, 10 or 21, high cards first). It ignores the score, so one deal's outcome does not depend on it:
that is what lets a table of every score be solved from simulated deals.

`simulate_deal` plays one deal of it on bare cards, many times faster than the game engine; a test
holds it to the engine's results.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import cache
from importlib import resources
from itertools import combinations

from engine.analysis.wintable import DealOutcome
from engine.computer.pegsim import playout, quick_policy
from engine.computer.strategies import ComputerPlayer, hand_ev_discard
from engine.core.cards import DECK, JACK, Card
from engine.core.observation import Observation
from engine.core.scoring import RANK_WEIGHT, rank_points, ranks_of_key, score_total


@cache
def crib_pairs(model: str = "values") -> dict[tuple[int, int, bool], float]:
    """A pair's crib value: `values` with the other two crib cards at random (neutral), `dealer_model` when
    the pone throws them by the reference strategy, `pone_model` when the dealer does."""
    raw = json.loads(resources.files("engine").joinpath("data/crib_pairs.json").read_text())
    table = {}
    for key, value in raw[model].items():
        suited = key.endswith("s")
        a, b = key.rstrip("s").split("-")
        table[(int(a), int(b), suited)] = value
    return table


def pair_value(a: Card, b: Card, model: str = "values") -> float:
    lo, hi = (a, b) if a.rank <= b.rank else (b, a)
    return crib_pairs(model)[(lo.rank, hi.rank, lo.rank != hi.rank and lo.suit is hi.suit)]


def modelled_shift(a: Card, b: Card, dealer: bool) -> float:
    """How much a real opponent's throw moves the crib from the neutral value, for this pair."""
    return pair_value(a, b, "dealer_model" if dealer else "pone_model") - pair_value(a, b)


_DECK_POINTS: dict[int, int] = {}
QUADS = {4 * RANK_WEIGHT[r]: r for r in range(1, 14)}
"""The key of four of a kind, and its rank."""


def _deck_points(key: int) -> int:
    """Fifteens, pairs and runs of the kept four (not four of a kind) with each of the 52 cards as starter, summed."""
    total = _DECK_POINTS.get(key)
    if total is None:
        total = _DECK_POINTS[key] = sum(4 * rank_points(key + RANK_WEIGHT[r]) for r in range(1, 14))
    return total


def _keep_indices() -> tuple[tuple[tuple[int, ...], int, int], ...]:
    out = []
    for keep in combinations(range(6), 4):
        i, j = (k for k in range(6) if k not in keep)
        out.append((keep, i, j))
    return tuple(out)


KEEP_INDICES = _keep_indices()
"""Each four of six cards kept, by position and in `combinations` order, with the two thrown."""


def reference_discard(hand: Sequence[Card], dealer: bool) -> tuple[Card, Card]:
    """The two cards the reference strategy lays away from six: the kept hand's exact value over every
    starter, plus (dealer) or minus (pone) the thrown pair's neutral crib value; the first best in
    `combinations` order. The opponent model calls this tens of thousands of times a game, so it works on
    positions, ranks and suit numbers, not on cards, and takes the fifteens, pairs and runs of each keep from
    a cache by the six ranks: only flushes, nobs and the thrown pair's suits are worked out each time."""
    ranks = [c.rank for c in hand]
    suits = [c.index // 13 for c in hand]
    weights = [RANK_WEIGHT[r] for r in ranks]
    six = weights[0] + weights[1] + weights[2] + weights[3] + weights[4] + weights[5]
    totals = _rank_totals(six)
    suit_left = [13, 13, 13, 13]
    for s in suits:
        suit_left[s] -= 1
    n = 52 - len(hand)
    flushable = min(suit_left) <= 9  # four of one suit in hand
    jacks = [k for k in range(6) if ranks[k] == JACK]
    pairs = crib_pairs()
    sign = 1.0 if dealer else -1.0
    best = KEEP_INDICES[0]
    best_value = -1e9
    for option in KEEP_INDICES:
        keep, i, j = option
        total = totals[six - weights[i] - weights[j]]
        if flushable:
            suit = suits[keep[0]]
            if suits[keep[1]] == suit and suits[keep[2]] == suit and suits[keep[3]] == suit:
                total += 4 * n + suit_left[suit]
        for k in jacks:
            if k != i and k != j:
                total += suit_left[suits[k]]
        lo, hi = (i, j) if ranks[i] <= ranks[j] else (j, i)
        value = total / n + sign * pairs[(ranks[lo], ranks[hi], ranks[lo] != ranks[hi] and suits[lo] == suits[hi])]
        if value > best_value:
            best, best_value = option, value
    return hand[best[1]], hand[best[2]]


@cache
def _rank_totals(six: int) -> dict[int, int]:
    """For six ranks (by key), each keep's fifteens, pairs and runs summed over every starter the six leave
    in the deck, by the kept four's key."""
    ranks = ranks_of_key(six)
    out: dict[int, int] = {}
    for _, i, j in KEEP_INDICES:
        key = six - RANK_WEIGHT[ranks[i]] - RANK_WEIGHT[ranks[j]]
        if key in out:
            continue
        if key in QUADS:  # four of a kind kept: no fifth to subtract
            total = sum((4 - ranks.count(r)) * rank_points(key + RANK_WEIGHT[r])
                        for r in range(1, 14) if r != QUADS[key])
        else:  # every starter in the deck, less the six cards in hand
            total = _deck_points(key) - sum(rank_points(key + RANK_WEIGHT[r]) for r in ranks)
        out[key] = total
    return out


class ReferencePlayer(ComputerPlayer):
    name = "reference"

    def discard(self, obs: Observation) -> tuple[Card, ...]:
        if obs.rules.players != 2:
            return hand_ev_discard(obs)
        return reference_discard(obs.hand, obs.is_dealer)

    def play(self, obs: Observation, playable: Sequence[Card]) -> Card:
        rank = quick_policy([c.rank for c in playable], [c.rank for c in obs.series], obs.count)
        return next(c for c in playable if c.rank == rank)


def simulate_deal(rng: random.Random) -> DealOutcome:
    """One deal of the reference strategy against itself, on a fresh shuffle."""
    cards = rng.sample(DECK, 13)
    pone6, dealer6, starter = cards[0:12:2], cards[1:12:2], cards[12]
    pd = reference_discard(pone6, False)
    dd = reference_discard(dealer6, True)
    pone = [c for c in pone6 if c not in pd]
    dealer = [c for c in dealer6 if c not in dd]
    crib = [*pd, *dd]
    pegs: list[tuple[bool, int]] = []
    if starter.rank == JACK:
        pegs.append((True, 2))
    peg_play([c.rank for c in pone], [c.rank for c in dealer], pegs)
    return DealOutcome(tuple(pegs), score_total(pone, starter), score_total(dealer, starter),
                       score_total(crib, starter, crib=True))


def peg_play(pone: list[int], dealer: list[int], pegs: list[tuple[bool, int]]) -> None:
    """The play with the quick policy for both, appending each peg move as (dealer?, points)."""
    moves: list[tuple[int, int]] = []
    playout([pone, dealer], [], 0, 0, [False, False], None, (999, 999), record=moves)
    pegs.extend((seat == 1, points) for seat, points in moves)
