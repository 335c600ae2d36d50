"""The chance each side of a three- or four-player table wins from given scores: a race estimate for playing for the
game near the target (the two-player win table does not fit a table where the first of three to the target wins, or
where partners share a score).

Each side's points in a deal are drawn from what sides make at that place at the table (engine/data/group_race.json,
built by scripts/make_group_race.py from `expected`'s games), in the parts that count in turn: the play, then each
hand in the show's order (pone first), the crib with the dealer's hand. Sides are taken as independent; the first to
its target in that order wins, and two that reach it in the same play share the chance. A side's place moves one to
the right each deal: the pone deals next.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from importlib import resources

import numpy as np

from engine.core.observation import Observation

RACE_DATA = "data/group_race.json"
PHASES: dict[int, tuple[tuple[int, ...], ...]] = {
    3: ((0, 3), (0, 1), (0, 2)),
    4: ((0, 2, 4), (0, 1, 3)),
}
"""For each place (0 the dealer's side, then the seats or the side to its left), the slots of the deal in which its
points count: 0 the play, then the show's order (3 or 4, the dealer's hand, counts with the crib)."""
DEALS = 30
"""Deals looked ahead; more than any game from 0 needs."""
CAP = 121
"""Points beyond any target: a side that has made this many has won."""

Dist = np.ndarray
"""Chances of 0, 1, 2, ... points (float64)."""


def normalized(counts: Sequence[float] | np.ndarray) -> Dist:
    a = np.asarray(counts, dtype=np.float64)
    out: Dist = a / a.sum()
    return out


def add_points(total: Dist, part: Dist) -> Dist:
    """The distribution of a sum, points past CAP gathered at CAP."""
    out = np.convolve(total, part)
    if len(out) > CAP + 1:
        out[CAP] += out[CAP + 1:].sum()
        out = out[:CAP + 1]
    return out


def shifted(d: Dist, by: float) -> Dist:
    """`d` moved up by `by` points (negative: down; the mass below 0 kept at 0), a fraction split between the two
    whole shifts around it."""
    low = int(np.floor(by))
    frac = by - low
    a, b = _shift(d, low), _shift(d, low + 1)
    size = max(len(a), len(b))
    out: Dist = (1 - frac) * np.pad(a, (0, size - len(a))) + frac * np.pad(b, (0, size - len(b)))
    return out


def _shift_down(d: Dist, k: int) -> Dist:
    out = d[k:].copy()
    out[0] += d[:k].sum()
    return out


def _shift(d: Dist, k: int) -> Dist:
    if k >= 0:
        return np.concatenate([np.zeros(k), d])
    return _shift_down(d, -k)


class RaceModel:
    """Win chances at one table size."""

    def __init__(self, players: int, places: Sequence[Sequence[Sequence[float] | np.ndarray]],
                 crib: Sequence[float] | np.ndarray) -> None:
        """`places`: each place's parts, `crib` the crib's points, as counts or as distributions (either is
        normalized)."""
        self.players = players
        self.phases = PHASES[players]
        self.slots = max(max(p) for p in self.phases) + 1
        self.parts = [tuple(normalized(h) for h in place) for place in places]
        self.crib = normalized(crib)
        self.crib_mean = float(np.dot(np.arange(len(self.crib)), self.crib))
        self.surv = [self._survival(p, None) for p in range(len(self.phases))]

    def _survival(self, place: int, first: Sequence[Dist] | None) -> np.ndarray:
        """[g, n]: the chance a side at `place` now, from 0 points, has made fewer than n by global slot g (deal
        g // slots, slot g % slots); `first` replaces its parts in the deal under way."""
        n_places = len(self.phases)
        total = np.zeros(1)
        total[0] = 1.0
        rows = []
        for t in range(DEALS):
            p = (place - t) % n_places
            parts = first if t == 0 and first is not None else self.parts[p]
            own = dict(zip(self.phases[p], parts, strict=True))
            for s in range(self.slots):
                if s in own:
                    total = add_points(total, own[s])
                cdf = np.zeros(CAP + 2)
                c = np.cumsum(total)
                cdf[1:len(c) + 1] = c
                cdf[len(c) + 1:] = 1.0
                rows.append(cdf[:CAP + 1])
        return np.array(rows)

    def chances(self, needs: Sequence[int], places: Sequence[int],
                first: Mapping[int, Sequence[Dist]] | None = None) -> list[float]:
        """Each side's chance of winning, needing `needs[i]` (1 or more) from place `places[i]` at the start of a
        deal; `first[i]` replaces side i's parts in this deal (a hand already known, say)."""
        survs = []
        for i, (need, place) in enumerate(zip(needs, places, strict=True)):
            table = self._survival(place, first[i]) if first and i in first else self.surv[place]
            survs.append(table[:, min(max(need, 1), CAP)])
        return race_chances(survs, self.slots)


def race_chances(survs: Sequence[np.ndarray], slots: int) -> list[float]:
    """Who gets there first, from each side's chance of not yet being there after each slot."""
    play = (np.arange(len(survs[0])) % slots) == 0
    finish = [np.concatenate([[1.0], s[:-1]]) - s for s in survs]
    behind = [s + 0.5 * f * play for s, f in zip(survs, finish, strict=True)]
    out = []
    for i, f in enumerate(finish):
        others = np.ones_like(f)
        for j, b in enumerate(behind):
            if j != i:
                others = others * b
        out.append(float(np.dot(f, others)))
    total = sum(out)
    return [x / total for x in out] if total > 0 else [1.0 / len(out)] * len(out)


@cache
def race_model(players: int) -> RaceModel:
    """The shipped model for a table of `players` (3 or 4); built once a process (a few milliseconds)."""
    raw = json.loads(resources.files("engine").joinpath(RACE_DATA).read_text())
    table = raw["tables"][str(players)]
    return RaceModel(players, table["places"], table["crib"])


def side_places(players: int, dealer: int) -> list[int]:
    """Each side's place at the table in a deal `dealer` deals (sides: the seats, or with four the partnerships)."""
    if players == 4:
        return [0 if side == dealer % 2 else 1 for side in range(2)]
    return [(side - dealer) % players for side in range(players)]


WEIGHT_STEP = 2
"""Points each side's need is moved by, up and down, to find what a point is worth to it."""
WEIGHT_FLOOR = 2.5e-5
"""Below this change in its own chance for a point, a side's chance is too small to read weights from."""
WEIGHT_CAP = 2.0
"""The most an opponent's point may cost, in the seat's own points."""


@lru_cache(maxsize=4096)
def race_weights(players: int, target: int, dealer: int, side: int,
                 scores: tuple[int, ...]) -> tuple[float, ...] | None:
    """What a point of each side is worth to `side`'s chance of winning, in its own points (its own: 1), from the
    scores at the deal `dealer` deals: an opponent far behind costs little, the leader much. None when `side`'s
    chance hardly moves (it has all but won or lost), where no weights can be read."""
    model = race_model(players)
    places = side_places(players, dealer)
    needs = [target - s for s in scores]

    def slope(k: int) -> float:  # the chance's change a point, the need kept between 1 and CAP
        nearer, farther = list(needs), list(needs)
        nearer[k] = max(1, needs[k] - WEIGHT_STEP)
        farther[k] = min(CAP, needs[k] + WEIGHT_STEP)
        span = farther[k] - nearer[k]
        return (model.chances(nearer, places)[side] - model.chances(farther, places)[side]) / span if span else 0.0
    slopes = [slope(k) for k in range(len(needs))]
    if slopes[side] < WEIGHT_FLOOR:
        return None
    return tuple(1.0 if k == side else min(0.0, max(-WEIGHT_CAP, slopes[k] / slopes[side]))
                 for k in range(len(needs)))


def seat_score_weights(obs: Observation) -> list[float] | None:
    """`race_weights` for each seat of `obs`'s table (partners alike), from the scores now, or None."""
    rules = obs.rules
    sides = tuple(obs.scores[t] for t in range(rules.teams))
    weights = race_weights(rules.players, rules.target, obs.dealer, rules.team_of(obs.seat), sides)
    return None if weights is None else [weights[rules.team_of(s)] for s in range(rules.players)]


class RaceLeaf:
    """The chance a side wins once a deal's play is over: at once if a side reaches its target in the play or in the
    show's order (pone first, the dealer's hand, then the crib), else the race from the next deal. Only the crib is
    unknown: the dealer's side reaches its target with the chance the crib counts enough, else goes on as if it
    counted its average."""

    def __init__(self, players: int, dealer: int, side: int) -> None:
        self.model = race_model(players)
        self.players = players
        self.dealer = dealer
        self.side = side
        self.next_places = side_places(players, (dealer + 1) % players)
        self.crib_left = np.concatenate([[1.0], 1.0 - np.cumsum(self.model.crib)])  # [k]: chance crib >= k
        self.memo: dict[tuple[int, ...], float] = {}

    def after_hands(self, needs: Sequence[int]) -> float:
        """The side's chance when every hand has counted and no side has won, sides needing `needs`; the crib
        still to count."""
        key = tuple(needs)
        found = self.memo.get(key)
        if found is not None:
            return found
        crib_side = self.dealer % 2 if self.players == 4 else self.dealer
        need = needs[crib_side]
        crib_wins = float(self.crib_left[need]) if need < len(self.crib_left) else 0.0
        later = list(needs)
        later[crib_side] = max(1, need - round(self.model.crib_mean))
        on = self.model.chances(later, self.next_places)[self.side]
        value = (crib_wins if crib_side == self.side else 0.0) + (1.0 - crib_wins) * on
        self.memo[key] = value
        return value


def keep_chance(players: int, target: int, dealer: int, seat: int, scores: Sequence[int],
                hand_totals: Sequence[int], crib_ev: float) -> float:
    """The chance `seat`'s side wins the game keeping a hand that counts `hand_totals` (one a starter) and laying
    away what makes the crib worth `crib_ev` on average, at the start of the deal `dealer` deals."""
    model = race_model(players)
    places = side_places(players, dealer)
    sides = len(places)
    team = seat % 2 if players == 4 else seat
    crib_side = dealer % 2 if players == 4 else dealer
    offset = (seat - dealer) % players
    delta = crib_ev - model.crib_mean
    hand = normalized(np.bincount(np.asarray(hand_totals)))
    first: dict[int, list[Dist]] = {}
    mine = first[team] = list(model.parts[places[team]])
    slots = PHASES[players][places[team]]
    if offset == 0:
        mine[slots.index(players)] = add_points(hand, shifted(model.crib, delta))
    else:
        mine[slots.index(offset)] = hand
        crib_parts = first.setdefault(crib_side, list(model.parts[places[crib_side]]))
        at = PHASES[players][places[crib_side]].index(players)
        crib_parts[at] = shifted(crib_parts[at], delta)
    needs = [target - scores[side] for side in range(sides)]
    return model.chances(needs, places, first)[team]
