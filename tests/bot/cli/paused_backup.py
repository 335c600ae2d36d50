"""`cribbage db backup` that holds still part-way through its copy until a signal comes, so a test can stop it
there and know it was stopped mid-copy, however busy the machine (no race with the copy's end).

    python paused_backup.py READY HOLD db backup --db FILE COPY

READY and HOLD are inherited pipe descriptors: after the copy's first step (with pages left to copy) one byte is
written to READY, then a read of HOLD waits, and nothing is ever written there: only a signal, whose handler
raises as it would between any two steps, ends the wait. Everything else is the command itself: its signal
handling, its backup, its clean-up."""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Callable
from typing import Any

READY, HOLD = int(sys.argv[1]), int(sys.argv[2])
Progress = Callable[[int, int, int], object]


class Paused(sqlite3.Connection):
    """A connection whose online backup stops after its first step until a signal arrives."""

    def backup(self, target: sqlite3.Connection, *, pages: int = -1, progress: Progress | None = None,
               name: str = "main", sleep: float = 0.25) -> None:
        steps = [0]

        def step(status: int, remaining: int, total: int) -> None:
            steps[0] += 1
            if steps[0] == 1 and remaining > 0:
                os.write(READY, b"!")
                os.read(HOLD, 1)  # never answered: a signal's exception ends it
            if progress is not None:
                progress(status, remaining, total)

        super().backup(target, pages=pages, progress=step, name=name, sleep=sleep)


_connect = sqlite3.connect


def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
    return _connect(*args, factory=Paused, **kwargs)


sqlite3.connect = connect  # type: ignore[assignment]

from bot.cli.main import main  # noqa: E402  (after the patch: the command's connections are Paused)

sys.exit(main(sys.argv[3:]))
