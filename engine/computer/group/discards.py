"""Laying away in three- and four-player games: each of the five cards valued exactly, the kept four over every
starter and the crib over every starter and every set of three unseen cards that joins it (the other players'
throws and, with three players, the deck's card), and the crib counted for whoever owns it.

As in the two-player analyzer (engine/analysis.py), crib ranks are grouped: the starter and the three crib cards
are four unseen cards, and fifteens, pairs and runs depend on their ranks alone, so the 47 x 15,180 choices
fold into at most 1,820 rank multisets; flushes and his nobs are counted by closed formulas over suits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb

from engine.computer.expert import peg_value
from engine.computer.group.pegging import seat_weights
from engine.computer.group.race import keep_chance
from engine.core.cards import DECK, JACK, SUITS, Card, CardError, check_distinct
from engine.core.observation import Observation
from engine.core.rules import Rules
from engine.core.scoring import RANK_WEIGHT, rank_points, score_total

GROUP_HAND = 5
"""Cards dealt each in a three- or four-player game."""


@dataclass(frozen=True, slots=True)
class GroupOption:
    """One card laid away: the kept hand's average over every starter, and the crib's average to its owner."""

    discard: Card
    keep: tuple[Card, ...]
    hand_ev: float
    crib_ev: float
    hand_totals: tuple[int, ...]
    """The kept hand's total with each unseen starter, in the deck's order."""

    def reaches(self, points: int) -> float:
        """The chance the kept hand counts at least `points`."""
        return sum(1 for t in self.hand_totals if t >= points) / len(self.hand_totals)


def group_options(hand: Sequence[Card]) -> tuple[GroupOption, ...]:
    """Each of the five ways to lay away one card, in the hand's order, valued exactly."""
    hand = tuple(hand)
    if len(hand) != GROUP_HAND:
        raise CardError(f"a three- or four-player hand has {GROUP_HAND} cards, got {len(hand)}")
    check_distinct(hand)
    unseen = [c for c in DECK if c not in hand]
    crib = _CribCounter(unseen)
    options = []
    for card in hand:
        keep = tuple(c for c in hand if c is not card)
        totals = tuple(score_total(keep, s) for s in unseen)
        options.append(GroupOption(card, keep, sum(totals) / len(totals), crib.average(card), totals))
    return tuple(options)


class _CribCounter:
    """The crib's total over every (starter, three more cards) drawn from `unseen`, for one card laid in it."""

    def __init__(self, unseen: Sequence[Card]) -> None:
        left = [0] * 14
        for c in unseen:
            left[c.rank] += 1
        self.groups: list[tuple[int, int]] = []
        for ranks in combinations_with_replacement(range(1, 14), 4):
            ways = 1
            for r in set(ranks):
                ways *= comb(left[r], ranks.count(r))
            if ways:
                self.groups.append((sum(RANK_WEIGHT[r] for r in ranks), ways))
        self.n = len(unseen)
        self.suit_left = {s: sum(1 for c in unseen if c.suit is s) for s in SUITS}
        self.jacks = [c for c in unseen if c.rank == JACK]
        self.choices = self.n * comb(self.n - 1, 3)

    def average(self, card: Card) -> float:
        base = RANK_WEIGHT[card.rank]
        ranks = sum(rank_points(base + key) * ways for key, ways in self.groups)
        total = 4 * ranks  # each four-card set: any of the four can be the starter
        total += 5 * 4 * comb(self.suit_left[card.suit], 4)  # all five of one suit
        if card.rank == JACK:  # the laid jack: nobs when the starter is of its suit
            total += self.suit_left[card.suit] * comb(self.n - 1, 3)
        for j in self.jacks:  # an unseen jack in the crib, the starter another card of its suit
            total += (self.suit_left[j.suit] - 1) * comb(self.n - 2, 2)
        return total / self.choices


def crib_weight(obs: Observation, rival: float, own: float = 1.0, by_score: bool = False) -> float:
    """What a crib point is worth to this seat: `own` when its side owns the crib, `-rival` when one opponent of two
    does (three players: the third player loses by it too), -1 when the opposing partnership does; with
    `by_score`, an opponent's crib costs what the scores make its owner's point worth (`seat_weights`)."""
    if by_score and obs.rules.team_of(obs.dealer) != obs.rules.team_of(obs.seat):
        return seat_weights(obs, rival, by_score)[obs.dealer]
    return side_crib_weight(obs.rules, obs.dealer, obs.seat, rival, own)


def side_crib_weight(rules: Rules, dealer: int, seat: int, rival: float, own: float = 1.0) -> float:
    """`crib_weight` from the deal's facts alone (a review after the deal has no observation)."""
    if rules.team_of(dealer) == rules.team_of(seat):
        return own
    return -rival if rules.players == 3 else -1.0


PEG_GUESS = 2
"""Points a seat may count on pegging in a deal, when it asks what its hand must count to reach the target."""


def best_group_discard(obs: Observation, rival: float = 0.5, endgame: int = 0, win_worth: float = 0.0,
                       own: float = 1.0, peg: float = 0.0, race: bool = False,
                       by_score: bool = False, play: Callable[[tuple[Card, ...]], float] | None = None
                       ) -> GroupOption:
    """The option worth most to this seat: the kept hand's value and the crib's, weighed by who owns it (`own` for
    its side's), and `peg` times the kept cards' pegging worth (`peg_value`). Once its side needs `endgame` or
    fewer, the chance that the hand (with a little pegging) counts out is worth `win_worth` points more: the first
    to the target wins, and the hands count before the crib. With `race`, once any side is within `endgame` of
    the target the option with the best chance of winning the game is taken (`keep_chance`). With `by_score`, an
    opponent's crib is weighed by the scores (`crib_weight`). `play`, if given, adds each kept hand's worth in the
    play (engine/computer/group/keep_play.py)."""
    weight = crib_weight(obs, rival, own, by_score)
    need = obs.rules.target - obs.scores[obs.seat]
    out = win_worth if endgame and need <= endgame else 0.0

    def value(o: GroupOption) -> float:
        worth = o.hand_ev + weight * o.crib_ev
        if peg:
            worth += peg * peg_value(o.keep, obs.is_dealer)
        if play is not None:
            worth += play(o.keep)
        return worth + (out * o.reaches(need - PEG_GUESS) if out else 0.0)
    options = group_options(obs.hand)
    if race and endgame and obs.rules.target - max(obs.scores) <= endgame:
        def chance(o: GroupOption) -> float:
            return keep_chance(obs.rules.players, obs.rules.target, obs.dealer, obs.seat, obs.scores,
                               o.hand_totals, o.crib_ev)
        chances = [round(chance(o), 6) for o in options]
        best = max(chances)  # the value (its kept hand's play-outs, say) is worked out only to split equal chances
        return max((o for o, c in zip(options, chances, strict=True) if c == best), key=value)
    return max(options, key=value)
