"""Boards with quirks of their own, shared by the driver tests on sim:// and on a pty."""

from __future__ import annotations

from board_driver.model import Track
from board_driver.sim import SimBoard


class PickyBoard(SimBoard):
    """Firmware with a limit of its own: it refuses a front peg of 50 (RANGE), whatever its INFO says."""

    def _check_tracks(self, tracks: tuple[Track, ...]) -> str | None:
        if any(t.front == 50 for t in tracks):
            return "hole 50 is broken"
        return super()._check_tracks(tracks)
