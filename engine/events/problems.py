"""What an event refuses, as codes: the bot words each from its catalog and changes nothing."""

from __future__ import annotations

from enum import Enum

from engine.core.errors import CodedError


class EventProblem(Enum):
    TARGET = "target"
    """A game to something other than 121 or 61."""
    SCORES = "scores"
    """Final scores that no finished game has: nobody on the target, both on it, a score below 0."""
    SAME_ENTRANT = "same entrant"
    """An entrant paired with themself."""
    UNKNOWN_ENTRANT = "unknown entrant"
    """A result, a seed or a rating for somebody not in the event."""
    DUPLICATE_ENTRANT = "duplicate entrant"
    """The same entrant twice in a list of entrants."""
    TOO_FEW = "too few"
    """Fewer than two entrants to pair, schedule or draw."""
    ROUNDS = "rounds"
    """A round number or a count of rounds, games or tables out of range."""
    MATCH_LENGTH = "match length"
    """A match that is not best of 1, 3 or 5."""
    MATCH_OVER = "match over"
    """A game for a match that was already decided, or by someone not in it."""
    NOT_READY = "not ready"
    """A result for a knockout match whose players are not both known yet, or that is already decided."""
    DEAL = "deal"
    """A deal's points that do not fit the plan: a table or deal played twice, a negative score."""


class EventError(CodedError[EventProblem]):
    """A refusal in running an event: names the bad input in `fields`."""
