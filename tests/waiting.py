"""Time in tests: waiting for work another thread or process does (a board's driver, the controller's
workers), and a clock the test moves by hand (reminders, forfeits, the muggins time limit)."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(check: Callable[[], bool], timeout: float = 5.0) -> bool:
    """Poll `check` until it holds or `timeout` passes; the last answer is returned."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.005)
    return check()


class Clock:
    """A wall clock that stands still until the test moves `now`."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
