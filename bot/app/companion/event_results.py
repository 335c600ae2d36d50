"""An event's tables as the engine reads them (engine/events): each kept result as a `Result`, the standings
after them, and a finished game's result as its table keeps it. Entrants are named to the engine by their number
in the joining order, as text."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from bot.app.game.live_game import LiveGame
from bot.storage.values import EntrantRow, EventGameRow, Status
from engine.events.scoring import BothForfeit, Bye, Forfeit, Played, Result
from engine.events.standings import Standing, standings

PLAYED, BYE, BOTH = "played", "bye", "both"
HOME, AWAY = "home", "away"
"""A forfeit's outcome names who forfeited."""


def key(number: int) -> str:
    return str(number)


def result_of(row: EventGameRow, target: int) -> Result | None:
    """A table's result for the engine; None while its game goes on."""
    home, away = key(row.home), key(row.away)
    if row.outcome == PLAYED:
        return Played(home, away, row.home_score, row.away_score, target)
    if row.outcome == HOME:
        return Forfeit(away, home)
    if row.outcome == AWAY:
        return Forfeit(home, away)
    if row.outcome == BOTH:
        return BothForfeit(home, away)
    if row.outcome == BYE:
        return Bye(home)
    return None


def results_of(rows: Sequence[EventGameRow], target: int) -> Iterator[Result]:
    for row in rows:
        result = result_of(row, target)
        if result is not None:
            yield result


def table_of(entrants: Sequence[EntrantRow], rows: Sequence[EventGameRow], target: int) -> tuple[Standing, ...]:
    """The standings of every entrant (withdrawn ones too: their games count) after every kept result."""
    return standings([key(e.number) for e in entrants], results_of(rows, target))


def game_result(live: LiveGame) -> tuple[int, int, str] | None:
    """A finished game's result for its table (home in seat 0): the scores (the winner's at the target) and the
    outcome; None for a game not finished."""
    status, winner, target = live.meta.status, live.meta.winner, live.game.rules.target
    scores = [min(s, target) for s in live.game.scores[:2]]
    if status is Status.OVER and winner is not None:
        return scores[0], scores[1], PLAYED
    if status in (Status.RESIGNED, Status.TIMED_OUT) and winner is not None:
        return scores[0], scores[1], HOME if winner == 1 else AWAY
    if status in (Status.ENDED, Status.TIMED_OUT):
        return scores[0], scores[1], BOTH
    return None
