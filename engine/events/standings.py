"""An event's table: each entrant's game points, games won and played, spread and (with duplicate deals) points
against par, in the order a club ranks them (docs/events.md, "Standings").

The order: game points, then games won, then spread (the ACC's grass-roots order), then points against par in an
event with duplicate deals, then the order the entrants joined (the earlier first): every place is distinct, so an
event always has one winner, and `tied` says when only the joining order split two entrants.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.core.errors import excerpt
from engine.events.problems import EventError, EventProblem
from engine.events.scoring import Result, marks


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    """1 for the leader; distinct for every entrant."""
    entrant: str
    game_points: int
    won: int
    played: int
    """Games with a result, a bye and a forfeit included."""
    spread: int
    against_par: Fraction | None = None
    """Points against the field's par on the same deals; None in an event without duplicate deals."""
    skunks: int = 0
    """Games won by a skunk."""
    tied: bool = False
    """Level with the entrant above or below on everything but the joining order."""

    @property
    def lost(self) -> int:
        return self.played - self.won


def check_entrants(entrants: Sequence[str]) -> dict[str, int]:
    """Each entrant's index in the joining order; refuses a name twice."""
    index: dict[str, int] = {}
    for i, entrant in enumerate(entrants):
        if entrant in index:
            raise EventError(EventProblem.DUPLICATE_ENTRANT, f"{excerpt(entrant)} is entered twice", entrant=entrant)
        index[entrant] = i
    return index


def standings(entrants: Sequence[str], results: Iterable[Result],
              against_par: Mapping[str, Fraction] | None = None) -> tuple[Standing, ...]:
    """The table after `results`, for every entrant (in the joining order `entrants`), played or not."""
    index = check_entrants(entrants)
    totals = {entrant: [0, 0, 0, 0, 0] for entrant in entrants}  # game points, won, played, spread, skunks
    for result in results:
        for mark in marks(result):
            row = totals.get(mark.entrant)
            if row is None:
                raise EventError(EventProblem.UNKNOWN_ENTRANT, f"{excerpt(mark.entrant)} is not in the event",
                                 entrant=mark.entrant)
            row[0] += mark.game_points
            row[1] += mark.won
            row[2] += 1
            row[3] += mark.spread
            row[4] += mark.won and mark.skunk
    if against_par is not None:
        strangers = sorted(set(against_par) - set(index))
        if strangers:
            raise EventError(EventProblem.UNKNOWN_ENTRANT, f"{excerpt(strangers[0])} is not in the event",
                             entrant=strangers[0])
    return _ranked(entrants, index, totals, against_par)


def _ranked(entrants: Sequence[str], index: Mapping[str, int], totals: Mapping[str, list[int]],
            against_par: Mapping[str, Fraction] | None) -> tuple[Standing, ...]:
    par = {e: (against_par.get(e, Fraction(0)) if against_par is not None else Fraction(0)) for e in entrants}

    def level(entrant: str) -> tuple[int, int, int, Fraction]:
        points, won, _, spread, _ = totals[entrant]
        return (-points, -won, -spread, -par[entrant])

    order = sorted(entrants, key=lambda e: (level(e), index[e]))
    keys = [level(e) for e in order]
    out = []
    for i, entrant in enumerate(order):
        points, won, played, spread, skunks = totals[entrant]
        tied = (i > 0 and keys[i - 1] == keys[i]) or (i + 1 < len(order) and keys[i + 1] == keys[i])
        out.append(Standing(i + 1, entrant, points, won, played, spread,
                            par[entrant] if against_par is not None else None, skunks, tied))
    return tuple(out)
