"""Reading every other seat's lays in a three- or four-player play, as the two-player expert reads its opponent's
(engine/computer/expert.py): a guessed hand is unlikely when, holding it, the seat would have passed up points or,
read carefully, laid a card the careful rule finds worse than its own choice; read knowingly, worse by the rule
that counts the unseen cards from what the seat knew then (its cards, the starter and the deal's earlier lays:
engine/computer/group/policies.py), as a careful player does and `expected` does.

Each lay is a `Spot`: the series and count before it, the points it made, the ranks the seat laid later, its rank,
and how many cards the next seat round (the one that replies, as `expected` and the play-outs weigh it) held then.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.computer.expert import Misread, Spot, careless_lay, missed_points, seat_spots
from engine.computer.group.policies import knowing_worth, known_counts
from engine.core.cards import Card
from engine.core.observation import Observation

KNOWING_TOLERANCE = 0.1
"""How much worse than the knowing rule's choice a lay may be before it reads as careless."""


class SeatReading:
    """Judges guessed hands of each seat against its lays, remembering each judgement by the guessed ranks (the
    reading depends on them alone)."""

    def __init__(self, obs: Observation, careful: bool, knowing: bool = False) -> None:
        self.spots = seat_spots(obs)
        self.misread: Misread = careless_lay if careful else missed_points
        self.known = seen_at_each_lay(obs) if knowing else None
        self.judged: dict[tuple[int, tuple[int, ...]], bool] = {}

    def laid(self, seat: int) -> bool:
        """Whether the seat has laid anything to read."""
        return bool(self.spots[seat])

    def unlikely(self, seat: int, keep: Sequence[Card]) -> bool:
        """Whether the seat's lays so far are unlikely had it held `keep` (besides the cards it laid)."""
        key = (seat, tuple(sorted(c.rank for c in keep)))
        found = self.judged.get(key)
        if found is None:
            spots = self.spots[seat]
            if self.known is None:
                found = self.misread(spots, keep)
            else:
                found = missed_points(spots, keep) or knowing_misread(spots, self.known[seat], keep)
            self.judged[key] = found
        return found


def seen_at_each_lay(obs: Observation) -> list[list[tuple[int, ...]]]:
    """For each seat's lays in turn, the rank counts every seat had seen before it: the starter and the earlier
    lays."""
    seen = [] if obs.starter is None else [obs.starter.rank]
    out: list[list[tuple[int, ...]]] = [[] for _ in range(obs.rules.players)]
    for p in obs.plays:
        if p.card is None:
            continue
        out[p.seat].append(known_counts(seen))
        seen.append(p.card.rank)
    return out


def knowing_misread(spots: Sequence[Spot], known: Sequence[tuple[int, ...]], keep: Sequence[Card]) -> bool:
    """Whether, holding `keep` as well, the seat laid a card the knowing rule finds worse than its own choice by
    more than `KNOWING_TOLERANCE` at one of its lays."""
    held = [c.rank for c in keep]
    for spot, seen in zip(spots, known, strict=True):
        playable = spot.options(held)
        if len(playable) < 2:
            continue
        hand = tuple(sorted([*held, *spot.later, spot.laid]))
        series = tuple(spot.series)
        worth = {r: knowing_worth(r, hand, series, spot.before, spot.facing, seen) for r in playable}
        if max(worth.values()) - worth[spot.laid] > KNOWING_TOLERANCE:
            return True
    return False
