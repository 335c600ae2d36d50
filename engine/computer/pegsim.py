"""Fast play-outs of the rest of a two-player play, on ranks alone, for the expert's simulations.

The rules are the engine's (go, 31, last card, who leads after a reset); only the representation
differs: hands are lists of ranks, seat 0 is the one simulating.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from math import comb

from engine.core.pegging import MAX_COUNT, best_reply_worth, lay_points

Policy = Callable[[list[int], list[int], int, int], int]
"""A lay chosen from the playable ranks, the series, the count and how many cards the other seat holds."""


def quick_policy(playable: list[int], series: list[int], count: int, held: int = 0) -> int:
    """The card a sensible player lays: most points now, then not leaving 5, 10 or 21, then high first."""
    best, best_key = playable[0], -1000.0
    for r in playable:
        v = r if r < 10 else 10
        c = count + v
        key = lay_points(series, count, r) * 8 - (3 if c in (5, 10, 21) else 0) + v * 0.01
        if key > best_key:
            best, best_key = r, key
    return best


_HOLDS = [[1 - comb(40 - k, h) / comb(40, h) for h in range(5)] for k in range(5)]
"""The chance that a hand of h cards from some 40 unseen holds one of k cards of a rank."""


def careful_policy(playable: list[int], series: list[int], count: int, held: int = 4) -> int:
    """The card a careful player lays: most points now less the best reply it expects from `held` unseen
    cards (each rank's four less those in the series), then high first."""
    return _careful(tuple(playable), tuple(series), count, held)


def _held_chance(series: list[int], held: int, rank: int) -> float:
    return _HOLDS[max(0, 4 - series.count(rank))][held]


@lru_cache(maxsize=50_000)  # play-outs ask the same often; some 20 MB when full
def _careful(playable: tuple[int, ...], series: tuple[int, ...], count: int, held: int) -> int:
    best, best_key = playable[0], -1000.0
    for r in playable:
        value = _careful_worth(r, series, count, held)
        if value > best_key:
            best, best_key = r, value
    return best


@lru_cache(maxsize=50_000)
def _careful_worth(rank: int, series: tuple[int, ...], count: int, held: int) -> float:
    """What the careful rule sees in laying `rank`: points now less the best reply, and a hundredth of its
    pip value (high first)."""
    v = rank if rank < 10 else 10
    c = count + v
    value = lay_points(series, count, rank) + v * 0.01
    if c < MAX_COUNT and held:
        after = [*series, rank]
        value -= best_reply_worth(after, c, partial(_held_chance, after, held))
    return value


def careful_regret(playable: list[int], series: list[int], count: int, held: int, laid: int) -> float:
    """How much worse the careful rule finds `laid` than its own choice among `playable` (0 when it agrees)."""
    key = tuple(series)
    best = max(_careful_worth(r, key, count, held) for r in playable)
    return best - _careful_worth(laid, key, count, held)


def playout(hands: list[list[int]], series: list[int], count: int, turn: int, go: list[bool],
            last: int | None, need: tuple[int, int], policy: Policy = quick_policy,
            record: list[tuple[int, int]] | None = None, opp_policy: Policy | None = None) -> tuple[int, int, int]:
    """Play the rest out (the lists are consumed). Returns (points 0, points 1, who reached `need` first:
    0, 1 or -1): `need` is what each seat still needs to win, so the race can be scored too.
    `record`, if given, receives every peg move as (seat, points) in order. `opp_policy`, if given,
    lays seat 1's cards."""
    policies = (policy, opp_policy or policy)
    pts = [0, 0]
    first = -1
    while hands[0] or hands[1]:
        h = hands[turn]
        if h and not go[turn]:
            room = MAX_COUNT - count
            playable = [r for r in h if (r if r < 10 else 10) <= room]
            if playable:
                r = playable[0] if len(playable) == 1 else policies[turn](playable, series, count,
                                                                           len(hands[1 - turn]))
                h.remove(r)
                p = lay_points(series, count, r)
                series.append(r)
                count += r if r < 10 else 10
                last = turn
                if p:
                    pts[turn] += p
                    if record is not None:
                        record.append((turn, p))
                    if first < 0 and pts[turn] >= need[turn]:
                        first = turn
                if count == MAX_COUNT:
                    series, count, go = [], 0, [False, False]
                    turn = 1 - last if hands[1 - last] else last
                    continue
                o = 1 - turn
                if hands[o] and not go[o]:
                    turn = o
                continue
            go[turn] = True
        o = 1 - turn
        if hands[o] and not go[o]:
            turn = o
            continue
        if last is not None:  # nobody can lay a card: one for the go
            pts[last] += 1
            if record is not None:
                record.append((last, 1))
            if first < 0 and pts[last] >= need[last]:
                first = last
        series, count, go = [], 0, [False, False]
        turn = 1 - last if last is not None and hands[1 - last] else (last if last is not None else turn)
    if count and last is not None:  # one for last (a 31 was reset above)
        pts[last] += 1
        if record is not None:
            record.append((last, 1))
        if first < 0 and pts[last] >= need[last]:
            first = last
    return pts[0], pts[1], first
