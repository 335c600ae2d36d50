"""Reading every other seat's lays in a three- or four-player play, as the two-player expert reads its opponent's
(engine/computer/expert.py): a guessed hand is unlikely when, holding it, the seat would have passed up points or,
read carefully, laid a card the careful rule finds worse than its own choice.

Each lay is a `Spot`: the series and count before it, the points it made, the ranks the seat laid later, its rank,
and how many cards the next seat round (the one that replies, as `expected` and the play-outs weigh it) held then.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.computer.expert import Misread, careless_lay, missed_points, seat_spots
from engine.core.cards import Card
from engine.core.observation import Observation


class SeatReading:
    """Judges guessed hands of each seat against its lays, remembering each judgement by the guessed ranks (the
    reading depends on them alone)."""

    def __init__(self, obs: Observation, careful: bool) -> None:
        self.spots = seat_spots(obs)
        self.misread: Misread = careless_lay if careful else missed_points
        self.judged: dict[tuple[int, tuple[int, ...]], bool] = {}

    def laid(self, seat: int) -> bool:
        """Whether the seat has laid anything to read."""
        return bool(self.spots[seat])

    def unlikely(self, seat: int, keep: Sequence[Card]) -> bool:
        """Whether the seat's lays so far are unlikely had it held `keep` (besides the cards it laid)."""
        key = (seat, tuple(sorted(c.rank for c in keep)))
        found = self.judged.get(key)
        if found is None:
            found = self.judged[key] = self.misread(self.spots[seat], keep)
        return found
