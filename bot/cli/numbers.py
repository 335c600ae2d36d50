"""Numbers on the command line, read strictly and held to their range at parse time.

Python's int() and float() take more than a person means: '١٢' (Arabic-Indic digits), '1_000', ' 7 ', '1e309' (an
infinity), 'nan', and integers past 4,300 digits raise instead of answering. Every numeric option is read by one
of these types instead, through engine/core/typed.py's readers (which every typed number goes through), so a bad
value is argparse's one-line error (exit status 2) naming the option and value.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

from engine.core.errors import excerpt
from engine.core.typed import decimal_number, whole_number

SEED_MAX = 2**63 - 1
"""The largest seed any command takes (a signed 64-bit number, what a record stores)."""
WORKERS_MAX = 64
"""The most worker processes a command starts, whatever it is asked (0 asks for one per core)."""


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number of ASCII digits from `low` to `high`."""
    def read(text: str) -> int:
        value = whole_number(text, low, high)
        if value is None:
            raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a whole number from {low} to {high}")
        return value
    return read


def decimal(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a plain decimal number (ASCII digits and one point, no exponent) from `low` to `high`."""
    def read(text: str) -> float:
        value = decimal_number(text, low, high)
        if value is None:
            raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a number from {low:g} to {high:g}")
        return value
    return read


seed_number = whole(0, SEED_MAX)
"""A seed: a whole number from 0 (a negative one is refused, not wrapped)."""
worker_number = whole(0, WORKERS_MAX)
"""--workers: 0 for one per core, else at most WORKERS_MAX."""


def worker_count(requested: int) -> int:
    """The processes to start for --workers: one per core this process may run on for 0, never more than
    WORKERS_MAX."""
    return min(requested or _cores(), WORKERS_MAX)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
