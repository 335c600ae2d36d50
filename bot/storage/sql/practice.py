"""Counting practice in SQL: answered drills (each counts once) and each member's tally (PracticeStore)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.storage.sql.connection import SqlDatabase, marks

NEW_DRILL = 'INSERT INTO drills ("user", drill, declared, total) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING'
NEW_TALLY = ('INSERT INTO tallies ("user", tally) VALUES (?, ?) ON CONFLICT ("user") DO UPDATE'
             " SET tally = excluded.tally")


class SqlPractice(SqlDatabase):
    """The PracticeStore part of an SQL storage."""

    def add_practice(self, user: str, drill: str, declared: int, total: int, tally: dict[str, int]) -> bool:
        with self._transaction() as cur:
            fresh = cur.execute(NEW_DRILL, (user, drill, declared, total)).rowcount == 1
            if fresh:
                cur.execute(NEW_TALLY, (user, json.dumps(tally)))
        return bool(fresh)

    def tally(self, user: str) -> dict[str, int] | None:
        return self.tallies([user]).get(user)

    def tallies(self, users: Sequence[str]) -> dict[str, dict[str, int]]:
        if not users:
            return {}
        rows = self._read(f'SELECT "user", tally FROM tallies WHERE "user" IN ({marks(len(users))})', tuple(users))
        return {u: json.loads(t) for u, t in rows}
