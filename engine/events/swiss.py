"""Swiss pairings for a club night (docs/events.md, "Club night"): the first round by seed, top half against bottom
half; each later round by standing (game points, then spread, then seed), each entrant against the nearest one below
they have not met; a bye, when the count is odd, to the lowest-ranked entrant who has had the fewest (normally none).

No rematch while one can be avoided: a bounded search (backtracking) looks for pairings with no rematch, then with
one, two...: down the table first, then, when that fails, pairing first the entrants who have met the most of the
field (each with the nearest they may meet); past its bound it pairs greedily with as few rematches as it finds.
Deterministic: the same entrants, results, ratings and seed give the same pairings.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.core.errors import excerpt
from engine.events.problems import EventError, EventProblem
from engine.events.scoring import Bye, Result, marks, opponents
from engine.events.standings import check_entrants

STEPS_PER_TRY = 2_000
"""Pairs tried in one search (one bye, one number of rematches allowed) before it gives up."""
STEPS_IN_ALL = 25_000
"""Pairs tried over all the searches of a round before the greedy pairing is taken."""


@dataclass(frozen=True, slots=True)
class Pairings:
    pairs: tuple[tuple[str, str], ...]
    """Each table's two entrants, the higher ranked first (the first seat), the top table first."""
    bye: str | None
    rematches: int = 0
    """Pairs that have met before: 0 unless no pairing without one was found."""


def seed_order(entrants: Sequence[str], ratings: Mapping[str, float] | None = None, seed: int = 0) -> tuple[str, ...]:
    """The seeding: entrants with a rating, highest first; then the rest (all of them when there are no ratings) in
    an order shuffled from `seed`. Equal ratings are split by the same shuffle."""
    check_entrants(entrants)
    rated = ratings or {}
    strangers = sorted(set(rated) - set(entrants))
    if strangers:
        raise EventError(EventProblem.UNKNOWN_ENTRANT, f"{excerpt(strangers[0])} is not in the event",
                         entrant=strangers[0])
    shuffled = list(entrants)
    random.Random(seed).shuffle(shuffled)
    lot = {entrant: i for i, entrant in enumerate(shuffled)}
    return tuple(sorted(entrants, key=lambda e: (e not in rated, -rated.get(e, 0.0), lot[e])))


def first_round(entrants: Sequence[str], ratings: Mapping[str, float] | None = None, seed: int = 0) -> Pairings:
    """Seed 1 against the first seed of the bottom half, 2 against the next...; an odd count's bye to the last."""
    order = list(seed_order(entrants, ratings, seed))
    _enough(order)
    bye = order.pop() if len(order) % 2 else None
    half = len(order) // 2
    return Pairings(tuple((order[i], order[i + half]) for i in range(half)), bye)


def next_round(entrants: Sequence[str], results: Iterable[Result], ratings: Mapping[str, float] | None = None,
               seed: int = 0) -> Pairings:
    """The pairings of the next round for the entrants still playing (`entrants`, in the joining order), after
    `results` (every result so far, those of entrants who left included: they count as meetings)."""
    seeds = {e: i for i, e in enumerate(seed_order(entrants, ratings, seed))}
    _enough(seeds)
    points: Counter[str] = Counter()
    spread: Counter[str] = Counter()
    byes: Counter[str] = Counter()
    met: set[frozenset[str]] = set()
    for result in results:
        for mark in marks(result):
            points[mark.entrant] += mark.game_points
            spread[mark.entrant] += mark.spread
        pair = opponents(result)
        if pair is not None:
            met.add(pair)
        elif isinstance(result, Bye):
            byes[result.entrant] += 1
    order = sorted(seeds, key=lambda e: (-points[e], -spread[e], seeds[e]))
    return _pair(order, met, byes)


def _enough(entrants: Sequence[str] | Mapping[str, int]) -> None:
    if len(entrants) < 2:
        raise EventError(EventProblem.TOO_FEW, f"pairings need two entrants or more, not {len(entrants)}",
                         entrants=len(entrants))


class _Spent(Exception):
    """A search ran past its bound."""


@dataclass(slots=True)
class _Search:
    met: set[frozenset[str]]
    known: Counter[str]
    """How many of the field each entrant has met: the hardest to pair go first in the second way of searching."""
    steps: int = 0
    limit: int = STEPS_PER_TRY

    def step(self) -> None:
        self.steps += 1
        if self.steps > self.limit:
            raise _Spent

    def down(self, order: list[str], allowed: int) -> list[tuple[str, str]] | None:
        """Pairs for `order` (an even list, by standing), each top entrant with the nearest allowed below, with at
        most `allowed` rematches; None when there are none."""
        if not order:
            return []
        top = order[0]
        for j in range(1, len(order)):
            other = order[j]
            again = frozenset((top, other)) in self.met
            if again and allowed == 0:
                continue
            self.step()
            rest = self.down(order[1:j] + order[j + 1:], allowed - again)
            if rest is not None:
                return [(top, other), *rest]
        return None

    def hardest(self, order: list[str], allowed: int) -> list[tuple[str, str]] | None:
        """As `down`, but first the entrant who has met the most of the field (the highest of them), with the
        nearest allowed above or below: finds a pairing `down` misses when the bottom of the table has all met."""
        if not order:
            return []
        i = max(range(len(order)), key=lambda k: (self.known[order[k]], -k))
        top = order[i]
        for j in _outward(i, len(order)):
            other = order[j]
            again = frozenset((top, other)) in self.met
            if again and allowed == 0:
                continue
            self.step()
            rest = self.hardest([e for k, e in enumerate(order) if k not in (i, j)], allowed - again)
            if rest is not None:
                return [(top, other) if i < j else (other, top), *rest]
        return None


def _outward(i: int, n: int) -> list[int]:
    """The places of a list of `n` from place i outwards: the nearest first, below before above."""
    out = []
    for d in range(1, n):
        out += [k for k in (i + d, i - d) if 0 <= k < n]
    return out


def _pair(order: list[str], met: set[frozenset[str]], byes: Counter[str]) -> Pairings:
    """The search of the module's docstring: for 0, 1, 2... rematches allowed, each bye in turn from the bottom,
    searching down the table, then hardest first."""
    odd = len(order) % 2 == 1
    fewest = min(byes[e] for e in order) if odd else 0
    candidates = [e for e in reversed(order) if byes[e] == fewest] if odd else [None]
    spent = 0
    known = _met_in_field(order, met)
    rank = {e: i for i, e in enumerate(order)}
    for allowed in range(len(order) // 2 + 1):
        for bye in candidates:
            rest = [e for e in order if e != bye]
            if allowed == 0 and _someone_met_everyone(rest, bye, known, met):
                continue
            for way in (_Search.down, _Search.hardest):
                search = _Search(met, known, limit=min(STEPS_PER_TRY, STEPS_IN_ALL - spent))
                try:
                    found = way(search, rest, allowed)
                except _Spent:
                    found = None
                spent += search.steps
                if found is not None:
                    found.sort(key=lambda pair: rank[pair[0]])
                    return Pairings(tuple(found), bye, _count(found, met))
                if spent >= STEPS_IN_ALL:
                    return _greedy(order, met, candidates[0])
    return _greedy(order, met, candidates[0])


def _met_in_field(order: list[str], met: set[frozenset[str]]) -> Counter[str]:
    """How many of the entrants in `order` each one has met."""
    playing = set(order)
    known: Counter[str] = Counter()
    for pair in met:
        if pair <= playing:
            for entrant in pair:
                known[entrant] += 1
    return known


def _someone_met_everyone(rest: list[str], bye: str | None, known: Counter[str], met: set[frozenset[str]]) -> bool:
    """A quick proof that `rest` has no pairing without a rematch: someone in it has met all the others."""
    return any(known[e] - (bye is not None and frozenset((e, bye)) in met) >= len(rest) - 1 for e in rest)


def _greedy(order: list[str], met: set[frozenset[str]], bye: str | None) -> Pairings:
    """Past the bound: each top entrant with the nearest below not met, else the nearest."""
    rest = [e for e in order if e != bye]
    pairs = []
    while rest:
        top = rest.pop(0)
        j = next((i for i, e in enumerate(rest) if frozenset((top, e)) not in met), 0)
        pairs.append((top, rest.pop(j)))
    return Pairings(tuple(pairs), bye, _count(pairs, met))


def _count(pairs: Sequence[tuple[str, str]], met: set[frozenset[str]]) -> int:
    return sum(frozenset(p) in met for p in pairs)
