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
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations

from engine.cards import DECK, JACK, SUITS, Card, Suit
from engine.observation import Observation
from engine.pegsim import playout, quick_policy
from engine.scoring import _RANK_POINTS, RANK_WEIGHT, rank_points, score_total
from engine.strategies import ComputerPlayer, hand_ev_discard


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


def hand_value(keep: Sequence[Card], unseen_by_rank: Sequence[int], suit_left: dict[Suit, int],
               n_unseen: int) -> float:
    """Exact mean of the kept four over every unseen starter, grouping starters by rank."""
    key = 0
    for c in keep:
        key += RANK_WEIGHT[c.rank]
    table = _RANK_POINTS
    total = 0
    for r in range(1, 14):
        n = unseen_by_rank[r]
        if n:
            points = table.get(key + RANK_WEIGHT[r])
            if points is None:
                points = rank_points(key + RANK_WEIGHT[r])
            total += n * points
    suit = keep[0].suit
    if all(c.suit is suit for c in keep):
        total += 4 * n_unseen + suit_left[suit]
    for c in keep:
        if c.rank == JACK:
            total += suit_left[c.suit]
    return total / n_unseen


def reference_discard(hand: Sequence[Card], dealer: bool) -> tuple[Card, Card]:
    """The two cards the reference strategy lays away from six."""
    by_rank = [4] * 14
    suit_left = dict.fromkeys(SUITS, 13)
    for c in hand:
        by_rank[c.rank] -= 1
        suit_left[c.suit] -= 1
    n = 52 - len(hand)
    best: tuple[Card, Card] | None = None
    best_value = -1e9
    sign = 1.0 if dealer else -1.0
    for keep in combinations(hand, 4):
        thrown = [c for c in hand if c not in keep]
        value = hand_value(keep, by_rank, suit_left, n) + sign * pair_value(thrown[0], thrown[1])
        if value > best_value:
            best, best_value = (thrown[0], thrown[1]), value
    assert best is not None
    return best


class ReferencePlayer(ComputerPlayer):
    name = "reference"

    def discard(self, obs: Observation) -> tuple[Card, ...]:
        if obs.rules.players != 2:
            return hand_ev_discard(obs)
        return reference_discard(obs.hand, obs.is_dealer)

    def play(self, obs: Observation, playable: Sequence[Card]) -> Card:
        rank = quick_policy([c.rank for c in playable], [c.rank for c in obs.series], obs.count)
        return next(c for c in playable if c.rank == rank)


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What one deal did, in the order points arrive: the pegging moves (heels first) as
    (dealer?, points), then the pone's hand, the dealer's hand and the crib."""

    pegs: tuple[tuple[bool, int], ...]
    pone_hand: int
    dealer_hand: int
    crib: int


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
    _peg_play([c.rank for c in pone], [c.rank for c in dealer], pegs)
    return DealOutcome(tuple(pegs), score_total(pone, starter), score_total(dealer, starter),
                       score_total(crib, starter, crib=True))


def _peg_play(pone: list[int], dealer: list[int], pegs: list[tuple[bool, int]]) -> None:
    """The play with the quick policy for both, appending each peg move as (dealer?, points)."""
    moves: list[tuple[int, int]] = []
    playout([pone, dealer], [], 0, 0, [False, False], None, (999, 999), record=moves)
    pegs.extend((seat == 1, points) for seat, points in moves)
