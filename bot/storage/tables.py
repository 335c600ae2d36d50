"""Table-mode sessions in SQLite: each one's whole JSON action log, replaced on every move."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.model import StoredTable
from bot.storage.database import SqliteDatabase
from bot.storage.protocols import StorageError


class SqliteTables(SqliteDatabase):
    """The TableStore part of the SQLite storage."""

    def save_table(self, table: StoredTable) -> None:
        self._write([(
            "INSERT OR REPLACE INTO tables (id, place, guild, session, live, created, updated, message)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (table.id, table.place, table.guild, json.dumps(table.session, separators=(",", ":")),
             int(table.live), table.created, table.updated, table.message))])

    def load_table(self, table_id: str) -> StoredTable | None:
        return self._table("id = ?", (table_id,))

    def table_at(self, place: str, live_only: bool = True) -> StoredTable | None:
        return self._table("place = ? AND live = 1" if live_only else "place = ?", (place,))

    def _table(self, where: str, args: Sequence[Any]) -> StoredTable | None:
        rows = self._read("SELECT id, place, guild, session, live, created, updated, message FROM tables"
                          f" WHERE {where} ORDER BY created DESC LIMIT 1", args)
        if not rows:
            return None
        tid, place, guild, session, live, created, updated, message = rows[0]
        try:
            data = json.loads(session)
        except ValueError as exc:
            raise StorageError(f"table {tid}: unreadable session: {exc}") from None
        return StoredTable(tid, place, guild, data, bool(live), float(created), float(updated), message)
