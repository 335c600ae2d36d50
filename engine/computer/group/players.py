"""The group strengths: `hard` and `expert` at three- and four-player tables, and the player that sends each
decision to the two-player or the group strength by the table's size (the two-player strengths are untouched)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from engine.computer.group.discards import best_group_discard
from engine.computer.group.keep_play import KeepPlay
from engine.computer.group.pegging import GroupLay, PegSettings, seat_weights
from engine.computer.strategies import ComputerPlayer, one_ply
from engine.core.actions import Action
from engine.core.cards import Card
from engine.core.observation import Observation


class GroupPlayer(ComputerPlayer):
    """Lays away by the exact group values (engine/computer/group/discards.py) and pegs by play-outs over guessed
    hands of every other seat (engine/computer/group/pegging.py) with `settings`."""

    def __init__(self, seed: int | None = None, settings: PegSettings | None = None, name: str = "group",
                 four: PegSettings | None = None) -> None:
        super().__init__(seed)
        self.settings = settings or PegSettings()
        self.four = four or self.settings
        self.name = name

    def at(self, obs: Observation) -> PegSettings:
        """The settings for this table's size: `four` at four players."""
        return self.four if obs.rules.players == 4 else self.settings

    def discard(self, obs: Observation) -> tuple[Card, ...]:
        s = self.at(obs)
        return (best_group_discard(obs, s.rival, s.endgame, s.win_worth, s.own_crib, s.peg_keep, s.race,
                                   s.score_weights, self.keep_play(obs, s)).discard,)

    def keep_play(self, obs: Observation, s: PegSettings) -> Callable[[tuple[Card, ...]], float] | None:
        """What a kept hand adds to a discard for its play (`keep_play`), where the seat's place asks for it."""
        if not s.keep_play or (obs.seat - obs.dealer) % obs.rules.players not in s.keep_play_places:
            return None
        kept = KeepPlay(obs, seat_weights(obs, s.rival, s.score_weights), s.keep_guesses, self.rng)
        return lambda keep: s.keep_play * kept.worth(keep)

    def play(self, obs: Observation, playable: Sequence[Card]) -> Card:
        s = self.at(obs)
        if obs.rules.players not in s.simulate_at:
            return max(playable, key=lambda c: (one_ply(obs, c), self.rng.random()))
        return GroupLay(s, self.rng).choose(obs, playable)


HARD_GROUP = PegSettings(samples=24, extra=0, careful=True, self_careful=False, read=False, prior_z=2.0)
"""`hard` at a group table: the exact discards, and play-outs on 24 plain guessed deals (half the expert's, unread,
its own later lays quick) and none more for close lays; points to the end. With three players this sits half-way
between `expected` and `expert` in the same deals (docs/computer-players.md). With four, play-outs on that few
guesses are too noisy to trust alone, so they only overrule `expected`'s one-move-deep lay by a rank better on the
same guesses by more than two standard errors (`prior_z`)."""
EXPERT_GROUP = PegSettings(samples=48, extra=96, careful=True, self_careful=True, endgame=30, read=True, race=True,
                           prior_z=2.0, play_model=0.9, knowing=True, score_weights=True, keep_play=0.5,
                           keep_play_places=(0,))
"""`expert` at a three-player table: more guessed deals where the best lays are close, every later lay careful (its
own too) and counting the unseen cards from what the laying seat knows (`knowing`), guessed hands read from the cards
each seat threw and laid (`play_model`), each opponent's points weighed by what they do to its chance of winning
from the scores (`score_weights`: the leader's cost more than the trailer's), as the dealer half of each kept hand's
worth in the play added to its discards (`keep_play`: the dealer lays last, and low cards peg the go; as the pone it
measured worse, as the third no better), and once a side is within 30 of the target each lay and discard chosen for
its chance of winning the game (engine/computer/group/race.py)."""
EXPERT_FOUR = dataclasses.replace(EXPERT_GROUP, score_weights=False, prior_z=1.0, endgame=0, race=False)
"""`expert` at a four-player table: reading the lays and the knowing play-outs as with three (+0.070 ± 0.024 a deal
over two fresh seeds of 4,800, the rule fixed before the runs), the dealer's kept hand's play in its discards as with
three (+0.033 ± 0.013 a deal over four seeds of 4,800), the guard against noisy play-outs (`prior_z`, used at four
only) at one standard error, not two (with the reading, +0.107 ± 0.032 a deal over two more seeds), the other
partnership's points always at -1 (with two sides the race model's weight swings with the deal's place, 0.65 to 1.54
at 60-60, and weighing by it was worth nothing), and points to the end: with two partnerships the most points is the
best way to the target, and playing for the game from 30 out cost 0.0065 ± 0.0029 of a win in each game played from
the endgame, over two fresh seeds of 4,800 (`endgame=0`): docs/computer-players.md."""


class ByTableSize:
    """A strength that plays two-player games as `two` and three- and four-player ones as `group`."""

    def __init__(self, two: ComputerPlayer, group: ComputerPlayer) -> None:
        self.two = two
        self.group = group
        self.name = two.name

    def choose(self, obs: Observation) -> Action:
        return (self.two if obs.rules.players == 2 else self.group).choose(obs)
