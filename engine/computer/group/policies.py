"""A play-out policy for the group strengths that, like `expected`'s own rule (`one_ply`), counts the unseen cards
from what the laying seat knows: its own hand, the starter and the cards laid so far, not the series alone.

The careful rule (engine/computer/pegsim.py) takes every rank's four less those in the series out of 40 unseen; told
the seat's hand and the deal's lays it foresees `expected`'s group lays more often (benchmarks/group_lay_models.py).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from engine.computer.pegsim import Policy
from engine.core.pegging import MAX_COUNT, best_reply_worth, lay_points


def known_counts(ranks: list[int]) -> tuple[int, ...]:
    """How many of each rank (index 1-13) are among `ranks`: the cards every seat has seen."""
    counts = [0] * 14
    for r in ranks:
        counts[r] += 1
    return tuple(counts)


def knowing_policy(hand: list[int], known: tuple[int, ...]) -> Policy:
    """The careful lay of a seat holding `hand` (the list a play-out lays from, read at each lay) that has seen the
    `known` rank counts before the play-out."""
    def policy(playable: list[int], series: list[int], count: int, held: int) -> int:
        return _knowing(tuple(playable), tuple(sorted(hand)), tuple(series), count, held, known)
    return policy


@lru_cache(maxsize=50_000)
def _knowing(playable: tuple[int, ...], hand: tuple[int, ...], series: tuple[int, ...], count: int, held: int,
             known: tuple[int, ...]) -> int:
    best, best_key = playable[0], -1000.0
    for r in playable:
        value = knowing_worth(r, hand, series, count, held, known)
        if value > best_key:
            best, best_key = r, value
    return best


def knowing_worth(rank: int, hand: tuple[int, ...], series: tuple[int, ...], count: int, held: int,
                  known: tuple[int, ...]) -> float:
    """What the knowing rule sees in laying `rank` from `hand` (the seat's cards then, `rank` among them): points
    now less the next seat's expected best reply, and a hundredth of its pip value (high first)."""
    v = rank if rank < 10 else 10
    value = lay_points(series, count, rank) + v * 0.01
    if count + v < MAX_COUNT and held:
        value -= _reply(rank, hand, series, count + v, held, known)
    return value


@lru_cache(maxsize=100_000)
def _reply(rank: int, hand: tuple[int, ...], series: tuple[int, ...], count: int, held: int,
           known: tuple[int, ...]) -> float:
    """The next seat's expected best reply once `rank` is laid, each rank held with the chance that `held` of the
    cards unseen by the laying seat hold one of those left (a series card already known is counted once)."""
    after = [*series, rank]
    in_series = [0] * 14
    for q in after:
        in_series[q] += 1
    gone = [k if k > i else i for k, i in zip(known, in_series, strict=True)]
    gone[0] = 0
    skipped = False
    for q in hand:
        if q == rank and not skipped:
            skipped = True
            continue
        gone[q] += 1
    unseen = max(51 - sum(gone), held)  # less its own card in the crib
    total = comb(unseen, held)

    def holds(q: int) -> float:
        left = max(0, 4 - gone[q])
        return 1 - comb(unseen - left, held) / total
    return best_reply_worth(after, count, holds)
