"""The statistics' rows: which statuses count as decided, a player's counted columns and their line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.values import DECIDED, SUMMARY_COUNTS, GuildTotals, PlayerLine

DECIDED_VALUES = tuple(s.value for s in DECIDED)
"""The statuses of a decided game, as a games row holds them."""

SUMMARY_COLUMNS = ", ".join(SUMMARY_COUNTS)
"""A player's running totals, in the order of PlayerLine.counts."""


def player_line(row: Sequence[object]) -> PlayerLine:
    """A player's line from (player, name, *SUMMARY_COUNTS)."""
    key, name, *counts = row
    return PlayerLine(str(key), str(name), tuple(c if isinstance(c, int) else int(str(c)) for c in counts))


def guild_totals(rows: Sequence[Sequence[Any]]) -> GuildTotals:
    """A server's totals from its (games, deals, players) row, or nothing counted when it has none."""
    return GuildTotals(*(int(n) for n in rows[0])) if rows else GuildTotals(0, 0, 0)
