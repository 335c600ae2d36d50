"""Boards with quirks of their own, shared by the driver tests on sim:// and on a pty."""

from __future__ import annotations

from board_driver.sim import SimBoard
from firmware.pegboard import core


class PickyCore(core.Board):
    """Firmware with a limit of its own: it refuses a front peg of 50 (RANGE), whatever its INFO says."""

    def _check_tracks(self, tracks: list[core.Track], seq: int) -> core.Nak | None:
        if any(t.front == 50 for t in tracks):
            return core.Nak(seq, core.RANGE, "hole 50 is broken")
        return super()._check_tracks(tracks, seq)


class PickyBoard(SimBoard):
    """A simulated board running the picky firmware."""

    CORE = PickyCore
