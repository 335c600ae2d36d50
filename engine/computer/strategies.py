"""The simpler computer strengths: `greedy` and `expected`, and what every computer shares."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from math import comb

from engine.analysis.discards import analyze
from engine.core.actions import Action, Declare, Discard, Go, Muggins, Play
from engine.core.cards import Card
from engine.core.game import Phase
from engine.core.observation import Observation
from engine.core.pegging import MAX_COUNT, best_reply_worth, play_points
from engine.core.scoring import score_cards, score_hand, score_total


class ComputerPlayer:
    """Dispatches by phase; a strength overrides `discard` and `play`. Computers count exactly."""

    name = "computer"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        if obs.phase is Phase.DISCARD:
            return Discard(obs.seat, self.discard(obs))
        if obs.phase is Phase.PLAY:
            playable = [a.card for a in obs.legal if isinstance(a, Play)]
            if not playable:
                return Go(obs.seat)
            return Play(obs.seat, playable[0] if len(playable) == 1 else self.play(obs, playable))
        show = show_answer(obs)
        if show is not None:
            return show
        raise ValueError(f"nothing to choose in the {obs.phase.value} phase")

    def discard(self, obs: Observation) -> tuple[Card, ...]:
        raise NotImplementedError

    def play(self, obs: Observation, playable: Sequence[Card]) -> Card:
        raise NotImplementedError


def true_count(obs: Observation) -> int:
    """What the hand or crib this seat is asked to count in a muggins show is worth."""
    assert obs.starter is not None
    if obs.counting_crib:
        return score_hand(obs.crib, obs.starter, crib=True).total
    return score_hand(obs.kept, obs.starter).total


def show_answer(obs: Observation) -> Action | None:
    """Every computer in a muggins show: it declares the true count, and claims whatever a count missed (the
    engine asks a seat only when points were missed and it may claim them); None in any other phase."""
    if obs.phase is Phase.SHOW and any(isinstance(a, Declare) for a in obs.legal):
        return Declare(obs.seat, true_count(obs))
    if obs.phase is Phase.MUGGINS and Muggins(obs.seat, True) in obs.legal:
        return Muggins(obs.seat, True)
    return None


class GreedyPlayer(ComputerPlayer):
    """Keeps the cards that score most before the starter; pegs whatever scores most now."""

    name = "greedy"

    def discard(self, obs: Observation) -> tuple[Card, ...]:
        k = obs.rules.discard_each
        best = max(combinations(obs.hand, len(obs.hand) - k),
                   key=lambda keep: (score_cards(keep), self.rng.random()))
        return tuple(c for c in obs.hand if c not in best)

    def play(self, obs: Observation, playable: Sequence[Card]) -> Card:
        series = [c.rank for c in obs.series]
        return max(playable, key=lambda c: (play_points(series, obs.count, c), self.rng.random()))


class ExpectedPlayer(ComputerPlayer):
    """Discards by the analyzer's exact net value; pegs with a look at the opponent's best reply."""

    name = "expected"

    def discard(self, obs: Observation) -> tuple[Card, ...]:
        if obs.rules.players == 2:
            return analyze(obs.hand, obs.is_dealer).best.discard
        return hand_ev_discard(obs)

    def play(self, obs: Observation, playable: Sequence[Card]) -> Card:
        return max(playable, key=lambda c: (one_ply(obs, c), self.rng.random()))


def hand_ev_discard(obs: Observation) -> tuple[Card, ...]:
    """With three or four players: the card whose loss costs the kept hand least over all starters."""
    unseen = obs.unseen()

    def value(card: Card) -> float:
        keep = [c for c in obs.hand if c is not card]
        ev = sum(score_total(keep, s) for s in unseen) / len(unseen)
        crib = CRIB_CARD_VALUE[card.rank]
        return ev + (crib if obs.is_dealer else -crib)

    return (max(obs.hand, key=value),)


CRIB_CARD_VALUE = {1: 0.4, 2: 0.4, 3: 0.4, 4: 0.3, 5: 1.2, 6: 0.3, 7: 0.3, 8: 0.3, 9: 0.2, 10: 0.1,
                   11: 0.4, 12: 0.0, 13: 0.0}
"""A rough worth of one card laid in a crib, for the many-player games."""


def reply_risk(series: Sequence[int], count: int, opp_cards: int, unseen: Sequence[Card]) -> float:
    """Expected best points the opponent can reply with, if it holds `opp_cards` of the unseen cards."""
    if opp_cards == 0 or not unseen:
        return 0.0
    by_rank: dict[int, int] = {}
    for c in unseen:
        by_rank[c.rank] = by_rank.get(c.rank, 0) + 1
    n = len(unseen)
    h = min(opp_cards, n)
    return best_reply_worth(series, count, lambda rank: 1 - comb(n - by_rank.get(rank, 0), h) / comb(n, h))


def one_ply(obs: Observation, card: Card) -> float:
    """Points for laying `card` now, less the opponent's expected best reply, with small habits:
    keep low cards for the go, and lay high ones first."""
    series = [c.rank for c in obs.series]
    mine = play_points(series, obs.count, card)
    count = obs.count + card.value
    if count == MAX_COUNT:
        return mine + 0.01 * card.value
    opp = (obs.seat + 1) % obs.rules.players
    risk = reply_risk([*series, card.rank], count, obs.cards_held[opp], obs.unseen())
    return mine - risk + 0.01 * card.value
