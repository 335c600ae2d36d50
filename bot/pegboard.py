"""Mirror a game's pegs onto an LED pegboard (or the simulated one) through the board driver.

The driver owns the serial port in its own thread and every call returns at once, so a slow or
unplugged board never holds up the game; it catches up (or reconnects) on its own. With a sim://
board the terminal can also draw what the LEDs show.
"""

from __future__ import annotations

from collections.abc import Sequence

from board_driver.driver import BoardDriver
from board_driver.model import GAME_HOLE, Effects, default_track
from board_driver.sim import SimBoard, board_for_url
from board_driver.view import draw


class PegMirror:
    def __init__(self, url: str) -> None:
        self.url = url
        self._sim: SimBoard | None = board_for_url(url) if url.startswith("sim://") else None
        self.driver = BoardDriver(url).start()
        self._last: tuple[tuple[int, int], ...] | None = None

    def show(self, scores: Sequence[int], backs: Sequence[int], winner: int | None = None) -> bool:
        """Send the pegs (front and back per player); False when they had not changed."""
        pegs = tuple((min(f, GAME_HOLE), min(b, GAME_HOLE)) for f, b in zip(scores, backs, strict=True))
        if pegs == self._last:
            return False
        self._last = pegs
        self.driver.set_pegs([default_track(i, f, b) for i, (f, b) in enumerate(pegs)])
        if winner is not None:
            self.driver.set_effects(Effects(winner=winner))
        return True

    def drawing(self, timeout: float = 1.0, names: Sequence[str] = ()) -> str | None:
        """The simulated board as text once it shows the latest pegs (None for a real board); `names`
        label the tracks (the board itself knows only track numbers)."""
        if self._sim is None:
            return None
        self.driver.wait_synced(timeout)
        with self._sim.lock:
            return draw(self._sim.state, self._sim.info, seq=self._sim.last_seq,
                        title=f"LED pegboard {self.url}", names=names)

    def close(self) -> None:
        self.driver.stop()
