"""A knockout match: best of 1, 3 or 5 games between two entrants, its state read from its games' winners."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.errors import excerpt
from engine.events.problems import EventError, EventProblem
from engine.events.scoring import Forfeit, Played, check_pair

MATCH_LENGTHS = (1, 3, 5)
"""Best of one, three (the default, as the ACC's internet knockouts) or five games."""


def check_length(best_of: int) -> int:
    if type(best_of) is not int or best_of not in MATCH_LENGTHS:
        raise EventError(EventProblem.MATCH_LENGTH, f"a match is best of 1, 3 or 5 games, not {excerpt(best_of)}",
                         best_of=best_of)
    return best_of


@dataclass(frozen=True, slots=True)
class MatchState:
    first: str
    second: str
    best_of: int
    first_wins: int = 0
    second_wins: int = 0

    @property
    def needed(self) -> int:
        """Games to win the match: 1, 2 or 3."""
        return self.best_of // 2 + 1

    @property
    def winner(self) -> str | None:
        if self.first_wins >= self.needed:
            return self.first
        return self.second if self.second_wins >= self.needed else None

    @property
    def loser(self) -> str | None:
        winner = self.winner
        return None if winner is None else self.second if winner == self.first else self.first

    @property
    def leader(self) -> str | None:
        """Who is ahead in games (the winner once decided); None when level."""
        if self.first_wins == self.second_wins:
            return None
        return self.first if self.first_wins > self.second_wins else self.second

    @property
    def games(self) -> int:
        return self.first_wins + self.second_wins


def match_state(first: str, second: str, best_of: int = 3, game_winners: Sequence[str] = ()) -> MatchState:
    """The match after its games, each named by its winner (a forfeited game by the entrant it went to); refuses a
    game after the match was decided and a winner not in it."""
    check_pair(first, second)
    check_length(best_of)
    state = MatchState(first, second, best_of)
    for n, winner in enumerate(game_winners, start=1):
        if winner not in (first, second):
            raise EventError(EventProblem.MATCH_OVER, f"{excerpt(winner)} is not in the match of {excerpt(first)} "
                             f"and {excerpt(second)}", entrant=winner, game=n)
        if state.winner is not None:
            raise EventError(EventProblem.MATCH_OVER, f"the match was won by {excerpt(state.winner)} before game "
                             f"{n}", winner=state.winner, game=n)
        state = MatchState(first, second, best_of, state.first_wins + (winner == first),
                           state.second_wins + (winner == second))
    return state


def match_from_games(first: str, second: str, best_of: int, games: Sequence[Played | Forfeit]) -> MatchState:
    """The match after its games as results: a game played out goes to its winner, a forfeited one to the
    opponent of whoever forfeited it. Refuses a game between other entrants."""
    winners = []
    for n, game in enumerate(games, start=1):
        players = {game.first, game.second} if isinstance(game, Played) else {game.winner, game.loser}
        if players != {first, second}:
            raise EventError(EventProblem.MATCH_OVER, f"game {n} is not between {excerpt(first)} and "
                             f"{excerpt(second)}", game=n)
        winners.append(game.winner)
    return match_state(first, second, best_of, winners)
