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
    first seat of each game is given by `first_seat`, so every entrant sits first in half their games (one more or
    one fewer when the count is even).
    """
    check_entrants(entrants)
    if len(entrants) < 2:
        raise EventError(EventProblem.TOO_FEW, f"a league needs two entrants or more, not {len(entrants)}",
                         entrants=len(entrants))
    circle: list[str | None] = [*entrants, None] if len(entrants) % 2 else list(entrants)
    n = len(circle)
    rounds = []
    index = {entrant: i for i, entrant in enumerate(entrants)}
    for number in range(1, n):
        pairs: list[tuple[str, str]] = []
        bye = None
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            if a is None or b is None:
                bye = b if a is None else a
                continue
            pairs.append((a, b) if first_seat(index[a], index[b], len(entrants)) else (b, a))
        rounds.append(LeagueRound(number, tuple(pairs), bye))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return tuple(rounds)


def first_seat(i: int, j: int, count: int) -> bool:
    """Whether the entrant at place i (in the seeding, from 0) sits first against the one at place j. With an odd
    count, i sits first against the (count - 1) / 2 places after it round the circle of places; with an even count
    the same among all but the last place, and the last place sits second against the even places."""
    last = count - 1
    if count % 2 == 0:
        if last in (i, j):
            other = j if i == last else i
            return (i == other) == (other % 2 == 0)
        count = last
    return 1 <= (j - i) % count <= (count - 1) // 2
