"""Duplicate deals (docs/events.md, "Duplicate deals"): every table of a round plays the same deals, and each
entrant is measured against the field on the cards they held.

The plan of a round: deal k of round r has one seed for every table (`deal_seed`), and the first seat deals the
even deals (0, 2, 4...), the second seat the odd ones, at every table; so a deal's two sides (its dealer's cards
and crib, its pone's cards) are the two seats. A pairing's first entrant (the higher ranked) sits in the first seat
at table t of round r unless t + r is even, where the two are swapped: tables 1, 3, 5... of round 1, tables 0, 2,
4... of round 2 (tables from 0). So each deal is played from both sides across the field, the higher ranked holding
each side at half the tables; with an odd number of tables one side has one table more, the first seat in odd
rounds and the second in even rounds.

Par of a deal's side: the average of the points that side scored at the tables that played the deal (a game ends
part-way through a deal, and that deal's points are what was scored before it ended). An entrant's points against
par: over every deal they played, their points less the par of their side.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from engine.core.errors import excerpt
from engine.events.problems import EventError, EventProblem
from engine.events.scoring import check_pair

DEALS = 32
"""Deals planned for a game: more than a game to 121 takes (a deal scores at least 1 point, in the play, and
most games end within 12 deals); a longer one reads `deal_seed` on past these."""


def deal_seed(event_seed: int, round_number: int, deal: int) -> int:
    """The seed of deal `deal` (from 0) of a round: the same at every table; a different stream for every event,
    round and deal. SHA-256, so it is the same on every machine and Python."""
    text = f"cribbage-duplicate/{event_seed}/{round_number}/{deal}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


@dataclass(frozen=True, slots=True)
class TablePlan:
    table: int
    """From 0, the top table first (the pairings' order)."""
    swapped: bool
    """The pairing's second entrant sits in the first seat (and deals the first deal)."""
    deal_seeds: tuple[int, ...]

    def seats(self, pair: tuple[str, str]) -> tuple[str, str]:
        """Who sits in the first seat and who in the second, for the pairing at this table."""
        return (pair[1], pair[0]) if self.swapped else pair


def check_round(round_number: int, tables: int, deals: int = DEALS) -> None:
    for name, value in (("round", round_number), ("tables", tables), ("deals", deals)):
        if type(value) is not int or value < 1:
            raise EventError(EventProblem.ROUNDS, f"the {name} must be a whole number from 1, not {excerpt(value)}",
                             field=name, value=value)


def plan_round(round_number: int, event_seed: int, tables: int, deals: int = DEALS) -> tuple[TablePlan, ...]:
    """Every table's deals and seat order for round `round_number` (from 1) of an event."""
    check_round(round_number, tables, deals)
    seeds = tuple(deal_seed(event_seed, round_number, k) for k in range(deals))
    return tuple(TablePlan(t, (t + round_number) % 2 == 0, seeds) for t in range(tables))


@dataclass(frozen=True, slots=True)
class DealPoints:
    """What the two seats of one table scored in one deal of a round."""

    round: int
    table: int
    deal: int
    """From 0: the first seat deals the even ones."""
    seats: tuple[str, str]
    """Who sat in the first seat and who in the second."""
    points: tuple[int, int]

    def __post_init__(self) -> None:
        check_pair(*self.seats)
        if not all(type(p) is int and p >= 0 for p in self.points) or min(self.table, self.deal) < 0:
            raise EventError(EventProblem.DEAL, f"deal {excerpt(self.deal)} at table {excerpt(self.table)} cannot "
                             f"score {excerpt(self.points)}", deal=self.deal, table=self.table, points=self.points)


DealSide = tuple[int, int, int]
"""A deal's side: (round, deal, seat)."""


def par(deals: Iterable[DealPoints]) -> dict[DealSide, Fraction]:
    """Each deal's par for each side: the field's average points on it."""
    totals: dict[DealSide, list[int]] = defaultdict(lambda: [0, 0])
    seen: set[tuple[int, int, int]] = set()
    for d in deals:
        where = (d.round, d.table, d.deal)
        if where in seen:
            raise EventError(EventProblem.DEAL, f"deal {d.deal} at table {d.table} of round {d.round} is given "
                             "twice", round=d.round, table=d.table, deal=d.deal)
        seen.add(where)
        for seat in (0, 1):
            row = totals[(d.round, d.deal, seat)]
            row[0] += d.points[seat]
            row[1] += 1
    return {side: Fraction(total, count) for side, (total, count) in totals.items()}


def against_par(deals: Iterable[DealPoints]) -> dict[str, Fraction]:
    """Each entrant's points against par, summed over every deal they played."""
    played = list(deals)
    pars = par(played)
    out: dict[str, Fraction] = defaultdict(Fraction)
    for d in played:
        for seat in (0, 1):
            out[d.seats[seat]] += d.points[seat] - pars[(d.round, d.deal, seat)]
    return dict(out)


def scorecard(deals: Iterable[DealPoints], round_number: int) -> tuple[tuple[int, Fraction, Fraction], ...]:
    """A round's par per deal, for the scorecard: (deal, first seat's par, second seat's par), by deal."""
    pars = par(deals)
    numbers = sorted({deal for (r, deal, _) in pars if r == round_number})
    return tuple((k, pars[(round_number, k, 0)], pars[(round_number, k, 1)]) for k in numbers)
