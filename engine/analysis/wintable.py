"""The win-probability table: deal statistics (counted by engine.computer.table_build from self-play of the
reference strategy), and the dynamic programme that turns them into the chance of winning from every score.

A deal's statistics keep the order in which points arrive, because near the end that decides the
game: the pegging as a race (for every pair of needs, who reaches theirs first), the pegging totals
when nobody finishes in the play, and the show as (pone's hand, dealer's hand + crib), counted in
that order. Shards of counts merge by addition. The solve assumes only that the show's points do
not depend on how the pegging went (measured small; see the closing note of the issue).

The tables are indexed by needs: D[x][y] is the dealer's chance of winning when, before the deal,
the dealer needs x more points and the pone needs y.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.scoring import MAX_HAND


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What one deal did, in the order points arrive: the pegging moves (heels first) as
    (dealer?, points), then the pone's hand, the dealer's hand and the crib."""

    pegs: tuple[tuple[bool, int], ...]
    pone_hand: int
    dealer_hand: int
    crib: int



PMAX = 48
"""Pegging thresholds tracked (a seat pegging more in one deal than this is counted at it)."""
SHOW_MAX = 2 * MAX_HAND
"""The most the dealer's show can count: a hand and the crib."""


@dataclass
class DealStatistics:
    """Counts over simulated deals; two shards add up to the counts of both."""

    deals: int = 0
    peg: list[list[int]] = field(default_factory=lambda: _grid(PMAX + 1, PMAX + 1))
    """peg[pd][pp]: deals whose play (heels included) gave the dealer pd and the pone pp."""
    show: list[list[int]] = field(default_factory=lambda: _grid(MAX_HAND + 1, SHOW_MAX + 1))
    """show[hp][sd]: the pone's hand hp, the dealer's hand and crib together sd."""
    race_dealer: list[list[int]] = field(default_factory=lambda: _grid(PMAX + 2, PMAX + 2))
    """race_dealer[x][y]: deals in which the dealer's pegging reached x before the pone's reached y
    (index PMAX + 1 for y: a need the pone cannot reach in one play). Stored as differences over y
    while counting; `finish` turns them into counts."""
    race_pone: list[list[int]] = field(default_factory=lambda: _grid(PMAX + 2, PMAX + 2))
    """race_pone[y][x]: the pone's pegging reached y before the dealer's reached x."""
    finished: bool = False

    def add(self, outcome: DealOutcome) -> None:
        if self.finished:
            raise ValueError("these counts are finished; add deals to a new shard")
        self.deals += 1
        td = [0] * (PMAX + 2)  # td[x]: index of the move that took the dealer to x (0: never)
        tp = [0] * (PMAX + 2)
        d = p = 0
        for i, (dealer, points) in enumerate(outcome.pegs, start=1):
            if dealer:
                for x in range(d + 1, min(d + points, PMAX) + 1):
                    td[x] = i
                d += points
            else:
                for y in range(p + 1, min(p + points, PMAX) + 1):
                    tp[y] = i
                p += points
        self.peg[min(d, PMAX)][min(p, PMAX)] += 1
        self.show[outcome.pone_hand][outcome.dealer_hand + outcome.crib] += 1
        for x in range(1, min(d, PMAX) + 1):
            y = 1
            while y <= PMAX and tp[y] and tp[y] < td[x]:
                y += 1
            # pone thresholds from y on are reached later than the dealer's x (or never)
            self.race_dealer[x][y] += 1
        for y in range(1, min(p, PMAX) + 1):
            x = 1
            while x <= PMAX and td[x] and td[x] < tp[y]:
                x += 1
            self.race_pone[y][x] += 1

    def finish(self) -> None:
        """Turn the race differences into counts (cumulative over the other seat's need)."""
        if self.finished:
            return
        for grid in (self.race_dealer, self.race_pone):
            for row in grid:
                for k in range(1, len(row)):
                    row[k] += row[k - 1]
        self.finished = True

    def merge(self, other: DealStatistics) -> DealStatistics:
        if self.finished != other.finished:
            raise ValueError("cannot merge finished counts with unfinished ones")
        out = DealStatistics(self.deals + other.deals, finished=self.finished)
        for name in ("peg", "show", "race_dealer", "race_pone"):
            a, b = getattr(self, name), getattr(other, name)
            setattr(out, name, [[u + v for u, v in zip(ra, rb, strict=True)]
                                for ra, rb in zip(a, b, strict=True)])
        return out

    def to_json(self) -> dict[str, object]:
        return {"deals": self.deals, "finished": self.finished, "pmax": PMAX, "peg": self.peg,
                "show": self.show, "race_dealer": self.race_dealer, "race_pone": self.race_pone}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DealStatistics:
        """Counts stored by `to_json`; ValueError names the first field that is not what `to_json` writes (a file
        whose checksum is right can still hold anything: the checksum is made by whoever wrote it)."""
        if not isinstance(data, Mapping) or data.get("pmax") != PMAX:
            pmax = data.get("pmax") if isinstance(data, Mapping) else None
            raise ValueError(f"counts tracked pegging to {pmax!r:.20}, this engine to {PMAX}")
        deals, finished = data.get("deals"), data.get("finished")
        if type(deals) is not int or deals < 0 or not isinstance(finished, bool):
            raise ValueError("counts: 'deals' must be a whole number and 'finished' true or false")
        return cls(deals, _counted(data, "peg", PMAX + 1, PMAX + 1), _counted(data, "show", MAX_HAND + 1, SHOW_MAX + 1),
                   _counted(data, "race_dealer", PMAX + 2, PMAX + 2), _counted(data, "race_pone", PMAX + 2, PMAX + 2),
                   finished)


def _counted(data: Mapping[str, Any], name: str, rows: int, cols: int) -> list[list[int]]:
    """data[name] as a rows x cols grid of whole numbers from 0; ValueError naming `name` otherwise."""
    grid = data.get(name)
    if not (isinstance(grid, list) and len(grid) == rows and all(
            isinstance(row, list) and len(row) == cols and all(type(c) is int and c >= 0 for c in row)
            for row in grid)):
        raise ValueError(f"counts: {name!r} is not a {rows} x {cols} grid of whole numbers from 0")
    return grid


def _grid(rows: int, cols: int) -> list[list[int]]:
    return [[0] * cols for _ in range(rows)]


def solve(counts: DealStatistics, target: int) -> list[list[float]]:
    """D[x][y] for needs 1..target: the dealer's chance of winning (row and column 0 unused)."""
    if not counts.finished:
        raise ValueError("finish the counts before solving")
    n = counts.deals
    if n == 0:
        raise ValueError("no deals counted")
    peg = [(pd, pp, c / n) for pd, row in enumerate(counts.peg) for pp, c in enumerate(row) if c]
    show = [(hp, sd, c / n) for hp, row in enumerate(counts.show) for sd, c in enumerate(row) if c]
    race_d = [[c / n for c in row] for row in counts.race_dealer]
    size = target + 1
    D = [[0.0] * size for _ in range(size)]
    V = [[0.0] * size for _ in range(size)]
    cap = PMAX + 1
    for total in range(2, 2 * target + 1):
        lo = max(1, total - target)
        hi = min(target, total - 1)
        for x in range(lo, hi + 1):  # the dealer's chance, from the play's race and V of smaller needs
            y = total - x
            win = race_d[x][min(y, cap)] if x <= PMAX else 0.0
            for pd, pp, p in peg:
                if pd < x and pp < y:
                    win += p * V[x - pd][y - pp]
            D[x][y] = win
        for x in range(lo, hi + 1):  # after a play that ended nobody's game: pone's hand, then dealer's
            y = total - x
            value = 0.0
            for hp, sd, p in show:
                if hp >= y:
                    continue
                if sd >= x:
                    value += p
                else:
                    value += p * (1.0 - D[y - hp][x - sd])
            V[x][y] = value
    return D
