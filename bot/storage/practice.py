"""Counting practice in SQLite: answered drills (each counts once) and each member's tally."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.storage.database import SqliteDatabase


class SqlitePractice(SqliteDatabase):
    """The PracticeStore part of the SQLite storage."""

    def add_practice(self, user: str, drill: str, declared: int, total: int, tally: dict[str, int]) -> bool:
        with self._transaction() as cur:
            cur.execute("INSERT OR IGNORE INTO drills (user, drill, declared, total) VALUES (?, ?, ?, ?)",
                        (user, drill, declared, total))
            fresh = cur.rowcount == 1
            if fresh:
                cur.execute("INSERT OR REPLACE INTO tallies (user, tally) VALUES (?, ?)", (user, json.dumps(tally)))
        return fresh

    def tally(self, user: str) -> dict[str, int] | None:
        return self.tallies([user]).get(user)

    def tallies(self, users: Sequence[str]) -> dict[str, dict[str, int]]:
        if not users:
            return {}
        rows = self._read(f"SELECT user, tally FROM tallies WHERE user IN ({','.join('?' * len(users))})",
                          tuple(users))
        return {u: json.loads(t) for u, t in rows}
