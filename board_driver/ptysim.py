"""The simulated board on a pseudo-terminal, so another process can open it like a USB board.

`cribbage board sim` runs one: it prints the device path (e.g. /dev/pts/4) to give the driver, and
redraws the board whenever what it shows changes.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
import tty
from collections.abc import Callable

from board_driver.sim import SimBoard

POLL_S = 0.1


class PtySim:
    """A SimBoard answering on the slave side of a new pseudo-terminal."""

    def __init__(self, board: SimBoard) -> None:
        self.board = board
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)  # no echo: the board's answers must not come back as input
        self.path = os.ttyname(self._slave)
        self.wire = board.connect()

    def serve(self, stop: threading.Event, on_change: Callable[[], None] | None = None,
              until: float | None = None) -> None:
        """Answer the host until `stop` is set (or the monotonic time `until`), calling on_change
        after anything the board shows, or its host-quiet state, has changed."""
        seen = self._view()
        while not stop.is_set() and (until is None or time.monotonic() < until):
            now = time.monotonic()
            due = self.wire.next_due()
            wait = POLL_S if due is None else max(0.0, min(POLL_S, due - now))
            ready, _, _ = select.select([self._master], [], [], wait)
            now = time.monotonic()
            if ready:
                try:
                    data = os.read(self._master, 4096)
                except OSError:
                    data = b""
                if data:
                    self.wire.write(data, now)
            self.wire.pump(now)
            if self.wire.readable:
                out = bytes(self.wire.readable)
                self.wire.readable.clear()
                os.write(self._master, out)
            view = self._view()
            if view != seen:
                seen = view
                if on_change is not None:
                    on_change()

    def _view(self) -> tuple[object, ...]:
        b = self.board
        return b.state, b.last_seq, b.host_quiet()

    def close(self) -> None:
        self.board.disconnect(self.wire)
        for fd in (self._master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)

    def __enter__(self) -> PtySim:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
