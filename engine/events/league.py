"""A league's round robin (docs/events.md, "League"): everyone meets everyone once, one round a period, by the
circle method; with an odd count a bye each round, to a different entrant each time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.events.problems import EventError, EventProblem
from engine.events.standings import check_entrants


@dataclass(frozen=True, slots=True)
class LeagueRound:
    number: int
    """1 for the first period."""
    pairs: tuple[tuple[str, str], ...]
    """Each game's two entrants, the first in the first seat."""
    bye: str | None


def round_robin(entrants: Sequence[str]) -> tuple[LeagueRound, ...]:
    """Every round of the league, for entrants in the order given (the seeding).

    The circle method: the first entrant stays put and the others turn one place a round round a circle; the pairs
    are read across it. With an odd count an empty place joins the circle and whoever faces it has the bye. The
    fixed entrant's seat alternates from round to round, and the others' seats by their place in the circle, so
    nobody sits first in every game.
    """
    check_entrants(entrants)
    if len(entrants) < 2:
        raise EventError(EventProblem.TOO_FEW, f"a league needs two entrants or more, not {len(entrants)}",
                         entrants=len(entrants))
    circle: list[str | None] = [*entrants, None] if len(entrants) % 2 else list(entrants)
    n = len(circle)
    rounds = []
    for number in range(1, n):
        pairs: list[tuple[str, str]] = []
        bye = None
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            if a is None or b is None:
                bye = b if a is None else a
                continue
            flip = number % 2 == 0 if i == 0 else i % 2 == 1
            pairs.append((b, a) if flip else (a, b))
        rounds.append(LeagueRound(number, tuple(pairs), bye))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return tuple(rounds)
