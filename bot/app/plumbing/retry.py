"""Trying a command again when another writer got there first: several bot processes share a database, and a
write made from an outdated read is refused (StaleWrite), so the command reads afresh and decides again."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from bot.storage import StaleWrite

T = TypeVar("T")

STALE_TRIES = 3
"""How often a command is tried: each try reads what it works on afresh and decides again."""


def afresh(attempt: Callable[[], T], before_again: Callable[[], None] | None = None) -> T:
    """`attempt()`, tried again up to STALE_TRIES times in all while it raises StaleWrite (then that is raised);
    `before_again` drops whatever memory the failed try read."""
    for tried in range(1, STALE_TRIES + 1):
        try:
            return attempt()
        except StaleWrite:
            if tried == STALE_TRIES:
                raise
            if before_again is not None:
                before_again()
    raise AssertionError("unreachable")
