"""A game's result as a club scores it: the American Cribbage Congress's grass-roots game points and spread, and
what this project gives for a forfeit and a bye (docs/events.md says each rule's source).

- A game won: 2 game points; a skunk (the loser below the skunk line: 91 at 121, 31 at 61) 3; a loss 0.
- Spread: the winner's margin for the winner, minus it for the loser.
- A forfeit (the timers, an entrant removed or withdrawn): a loss for the entrant who forfeited, a plain win
  (2 points, never a skunk) for the other, and a spread of `FORFEIT_SPREAD` either way: the widest margin a win
  without a skunk can have, so forfeiting never scores better than losing a game played out, and a walkover never
  outscores a win at the board. Both forfeiting: a loss each, the spread against both.
- A bye: a win, 2 game points and spread 0 (the project's choice: docs/events.md says why).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import excerpt
from engine.events.problems import EventError, EventProblem

SKUNK_LINES = {121: 91, 61: 31}
"""The score a loser must reach to escape a skunk, by the game's target."""
WIN, SKUNK, LOSS = 2, 3, 0
"""Game points."""
FORFEIT_SPREAD = 30
"""A forfeit's margin: 121 - 91 = 61 - 31 = 30, the widest win that is not a skunk at either target."""
BYE_SPREAD = 0


def check_target(target: int) -> int:
    if type(target) is not int or target not in SKUNK_LINES:
        raise EventError(EventProblem.TARGET, f"a game is to 121 or 61, not {excerpt(target)}", target=target)
    return target


def check_pair(first: str, second: str) -> None:
    if first == second:
        raise EventError(EventProblem.SAME_ENTRANT, f"{excerpt(first)} cannot play themself", entrant=first)


@dataclass(frozen=True, slots=True)
class Played:
    """A game played to its end: each entrant's final score, one of them on the target."""

    first: str
    second: str
    first_score: int
    second_score: int
    target: int = 121

    def __post_init__(self) -> None:
        check_pair(self.first, self.second)
        check_target(self.target)
        scores = (self.first_score, self.second_score)
        fits = all(type(s) is int and 0 <= s <= self.target for s in scores) and scores.count(self.target) == 1
        if not fits:
            raise EventError(EventProblem.SCORES, f"a game to {self.target} ends with one side on {self.target} "
                             f"and the other below it, not {excerpt(scores)}", scores=scores, target=self.target)

    @property
    def winner(self) -> str:
        return self.first if self.first_score == self.target else self.second

    @property
    def loser(self) -> str:
        return self.second if self.first_score == self.target else self.first

    @property
    def margin(self) -> int:
        return abs(self.first_score - self.second_score)

    @property
    def skunk(self) -> bool:
        return min(self.first_score, self.second_score) < SKUNK_LINES[self.target]


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A game `loser` forfeited (timed out, removed, withdrew) against `winner`, whatever the board said."""

    winner: str
    loser: str

    def __post_init__(self) -> None:
        check_pair(self.winner, self.loser)


@dataclass(frozen=True, slots=True)
class BothForfeit:
    """A game neither entrant played out: both forfeited it."""

    first: str
    second: str

    def __post_init__(self) -> None:
        check_pair(self.first, self.second)


@dataclass(frozen=True, slots=True)
class Bye:
    """A round an entrant sat out because the count was odd."""

    entrant: str


Result = Played | Forfeit | BothForfeit | Bye


@dataclass(frozen=True, slots=True)
class Mark:
    """One entrant's line on the scorecard for one game."""

    entrant: str
    opponent: str | None
    """None for a bye."""
    game_points: int
    won: bool
    spread: int
    skunk: bool = False
    """A win by a skunk (for the winner) or a loss by one (for the loser)."""


def marks(result: Result) -> tuple[Mark, ...]:
    """The scorecard lines a result gives: two for a game, one for a bye."""
    if isinstance(result, Played):
        points, margin, skunk = (SKUNK if result.skunk else WIN), result.margin, result.skunk
        return (Mark(result.winner, result.loser, points, True, margin, skunk),
                Mark(result.loser, result.winner, LOSS, False, -margin, skunk))
    if isinstance(result, Forfeit):
        return (Mark(result.winner, result.loser, WIN, True, FORFEIT_SPREAD),
                Mark(result.loser, result.winner, LOSS, False, -FORFEIT_SPREAD))
    if isinstance(result, BothForfeit):
        return (Mark(result.first, result.second, LOSS, False, -FORFEIT_SPREAD),
                Mark(result.second, result.first, LOSS, False, -FORFEIT_SPREAD))
    return (Mark(result.entrant, None, WIN, True, BYE_SPREAD),)


def opponents(result: Result) -> frozenset[str] | None:
    """The two entrants a result paired (for the no-rematch rule), None for a bye."""
    if isinstance(result, Played | BothForfeit):
        return frozenset((result.first, result.second))
    if isinstance(result, Forfeit):
        return frozenset((result.winner, result.loser))
    return None
