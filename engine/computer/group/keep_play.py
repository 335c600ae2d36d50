"""What a kept hand is worth in the play of a three- or four-player deal, found by playing the whole play out over
guessed hands of the other seats: the exact discards count the show alone, and two keeps worth the same there can
peg a point apart (a five kept by the pone, a pair of low cards for the dealer's side). The two-player expert adds
its kept cards' pegging margin the same way (`pegging_ev` in engine/computer/expert.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.computer.group.pegging import likely_throw
from engine.computer.group.pegsim import group_playout
from engine.computer.pegsim import careful_policy
from engine.core.cards import Card, CardError
from engine.core.observation import Observation


class KeepPlay:
    """The same `n` guesses at the other seats' kept fours for every option of one discard, so the options are
    compared deal by deal; each guess is five unseen cards less the one a sensible player would lay away
    (`likely_throw`)."""

    def __init__(self, obs: Observation, weights: Sequence[float], n: int, rng: random.Random) -> None:
        rules = obs.rules
        self.players = rules.players
        self.seat = obs.seat
        self.lead = (obs.dealer + 1) % rules.players
        self.kept = rules.cards_each - rules.discard_each
        self.weights = list(weights)
        unseen = list(obs.unseen())
        dealer_team = rules.team_of(obs.dealer)
        others = [s for s in range(rules.players) if s != obs.seat]
        self.guesses: list[dict[int, list[int]]] = []
        for _ in range(n):
            drawn = rng.sample(unseen, rules.cards_each * len(others))
            guess: dict[int, list[int]] = {}
            for k, s in enumerate(others):
                dealt = drawn[rules.cards_each * k:rules.cards_each * (k + 1)]
                thrown = likely_throw(dealt, rules.team_of(s) == dealer_team)
                guess[s] = [c.rank for c in dealt if c is not thrown]
            self.guesses.append(guess)

    def worth(self, keep: Sequence[Card]) -> float:
        """The kept cards' play, each seat's points weighed by `weights`, averaged over the guesses."""
        if len(keep) != self.kept:
            raise CardError(f"a kept hand for the play has {self.kept} cards, got {len(keep)}", expected=self.kept,
                            got=len(keep))
        mine = [c.rank for c in keep]
        total = 0.0
        for guess in self.guesses:
            hands = [mine[:] if s == self.seat else guess[s][:] for s in range(self.players)]
            points, _ = group_playout(hands, [], 0, self.lead, [False] * self.players, None,
                                      [careful_policy] * self.players)
            total += sum(w * p for w, p in zip(self.weights, points, strict=True))
        return total / len(self.guesses)
