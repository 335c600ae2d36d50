"""Fast play-outs of the rest of a two-player play, on ranks alone, for the expert's simulations.

The rules are the engine's (go, 31, last card, who leads after a reset); only the representation
differs: hands are lists of ranks, seat 0 is the one simulating.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.pegging import MAX_COUNT, lay_points

Policy = Callable[[list[int], list[int], int], int]


def quick_policy(playable: list[int], series: list[int], count: int) -> int:
    """The card a sensible player lays: most points now, then not leaving 5, 10 or 21, then high first."""
    best, best_key = playable[0], -1000.0
    for r in playable:
        v = r if r < 10 else 10
        c = count + v
        key = lay_points(series, count, r) * 8 - (3 if c in (5, 10, 21) else 0) + v * 0.01
        if key > best_key:
            best, best_key = r, key
    return best


def playout(hands: list[list[int]], series: list[int], count: int, turn: int, go: list[bool],
            last: int | None, need: tuple[int, int], policy: Policy = quick_policy,
            record: list[tuple[int, int]] | None = None) -> tuple[int, int, int]:
    """Play the rest out (the lists are consumed). Returns (points 0, points 1, who reached `need` first:
    0, 1 or -1): `need` is what each seat still needs to win, so the race can be scored too.
    `record`, if given, receives every peg move as (seat, points) in order."""
    pts = [0, 0]
    first = -1
    while hands[0] or hands[1]:
        h = hands[turn]
        if h and not go[turn]:
            room = MAX_COUNT - count
            playable = [r for r in h if (r if r < 10 else 10) <= room]
            if playable:
                r = playable[0] if len(playable) == 1 else policy(playable, series, count)
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
