"""Fast play-outs of the rest of a three- or four-player play, on ranks alone, for the group strengths' simulations.

The rules are the engine's (engine/game.py): play goes round to the left, a seat that cannot lay says go and
is passed over until the series ends, the last to lay scores the go (or one for last, never after 31), and
the next seat to the left of the last to lay, with cards, leads the next series. Seat numbers are the game's.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.computer.pegsim import Policy, quick_policy
from engine.core.pegging import MAX_COUNT, lay_points


def _next(hands: Sequence[Sequence[int]], gone: Sequence[bool], seat: int) -> int | None:
    """The next seat after `seat` that holds cards and has not said go (the engine's `next_to_play`)."""
    n = len(hands)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if hands[s] and not gone[s]:
            return s
    return None


def group_playout(hands: list[list[int]], series: list[int], count: int, turn: int, gone: list[bool],
                  last: int | None, policies: Sequence[Policy] | None = None,
                  need: Sequence[int] | None = None, teams: Sequence[int] | None = None,
                  until_reset: bool = False) -> tuple[list[int], int]:
    """Play the rest out (the lists are consumed; with `until_reset`, only the series under way), `policies[seat]`
    laying each seat's cards (quick_policy for all by default). Returns each seat's points and the first team
    (`teams[seat]`, by default each seat its own) whose points reached its `need` (-1 if none, or without
    `need`): the game would end there."""
    n = len(hands)
    lay = policies or (quick_policy,) * n
    pts = [0] * n
    race = _Race(need, teams or range(n))
    while True:
        h = hands[turn]
        room = MAX_COUNT - count
        playable = [r for r in h if (r if r < 10 else 10) <= room]
        if playable:
            r = playable[0] if len(playable) == 1 else lay[turn](playable, series, count,
                                                                 len(hands[(turn + 1) % n]))
            h.remove(r)
            p = lay_points(series, count, r)
            series.append(r)
            count += r if r < 10 else 10
            last = turn
            if p:
                pts[turn] += p
                race.scored(turn, p)
            if count < MAX_COUNT:
                nxt = _next(hands, gone, turn)
                if nxt is not None:
                    turn = nxt
                    continue
                pts[turn] += 1  # nobody else can lay: one for the go, or for last
                race.scored(turn, 1)
        else:
            gone[turn] = True
            nxt = _next(hands, gone, turn)
            if nxt is not None:
                turn = nxt
                continue
            if last is not None:
                pts[last] += 1
                race.scored(last, 1)
        if until_reset or not any(hands):
            return pts, race.first
        series, count = [], 0
        for s in range(n):
            gone[s] = False
        start = turn if last is None else last
        turn = next(s for s in ((start + k) % n for k in range(1, n + 1)) if hands[s])


class _Race:
    """Who reaches what they need first, by team."""

    __slots__ = ("need", "teams", "got", "first")

    def __init__(self, need: Sequence[int] | None, teams: Sequence[int]) -> None:
        self.need = need
        self.teams = teams
        self.got = [0] * (max(teams) + 1)
        self.first = -1

    def scored(self, seat: int, points: int) -> None:
        if self.need is None or self.first >= 0:
            return
        team = self.teams[seat]
        self.got[team] += points
        if self.got[team] >= self.need[team]:
            self.first = team
