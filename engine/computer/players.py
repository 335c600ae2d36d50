"""Computer players: anything that turns an observation of its own seat into an action.

A player never receives the game, so it cannot see the deck or another hand; its randomness
comes from the seed it is given, so games are reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from engine.computer.expert import ExpertPlayer
from engine.computer.group.players import EXPERT_FOUR, EXPERT_GROUP, HARD_GROUP, ByTableSize, GroupPlayer
from engine.computer.reference import ReferencePlayer
from engine.computer.strategies import ExpectedPlayer, GreedyPlayer, show_answer
from engine.core.actions import Action
from engine.core.observation import Observation


class Player(Protocol):
    name: str

    def choose(self, obs: Observation) -> Action:
        """One of `obs.legal`."""
        ...


class RandomPlayer:
    """A uniformly random legal action when laying away and in the play; in a muggins show it counts and
    claims as every computer does (the true count; every miss claimed)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        return show_answer(obs) or self._rng.choice(obs.legal)


def _expert_for_points(seed: int | None = None) -> Player:
    """The expert strength without a win table: it plays for points to the end."""
    return ExpertPlayer(seed, table=None)


def _hard(seed: int | None = None) -> Player:
    """The `hard` difficulty: the expert's pegging simulation on 48 guessed hands, the opponent's future lays made
    quickly, without its reading of the opponent's plays, with the analyzer's discards (as `expected`) and no win
    table (between `expected` and `expert`; see docs/computer-players.md). At a group table: `HARD_GROUP`."""
    two = ExpertPlayer(seed, samples=48, peg_weight=0.0, crib_model=False, table=None, play_model=0.0,
                       extra_samples=0, careful_opponent=False, deep_samples=0)
    return ByTableSize(two, GroupPlayer(seed, HARD_GROUP, "hard"))


def _expert(seed: int | None = None) -> Player:
    """The `expert` difficulty: `ExpertPlayer` for two players, `EXPERT_GROUP` with three, `EXPERT_FOUR` with four."""
    return ByTableSize(ExpertPlayer(seed), GroupPlayer(seed, EXPERT_GROUP, "expert", EXPERT_FOUR))


PlayerFactory = Callable[[int | None], Player]
STRENGTHS: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "expected": ExpectedPlayer,
    "expert": _expert,
    "reference": ReferencePlayer,
    "expert-points": _expert_for_points,
    "hard": _hard,
}
"""Named strengths, usable wherever a player is chosen."""


class UnknownStrength(ValueError):
    pass


DIFFICULTIES: dict[str, str] = {"easy": "greedy", "normal": "expected", "hard": "hard", "expert": "expert"}
"""The bot's difficulty names and the strength that plays each."""


def make_player(name: str, seed: int | None = None) -> Player:
    try:
        factory = STRENGTHS[name]
    except KeyError:
        raise UnknownStrength(
            f"unknown player {name!r}; choose from {', '.join(sorted(STRENGTHS))}") from None
    return factory(seed)
