"""Table-mode sessions in SQLite: each one's whole JSON action log, replaced on every move."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.model import StoredTable
from bot.storage.codec import TABLE_COLUMNS, stored_table
from bot.storage.database import SqliteDatabase


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
        rows = self._read(f"SELECT {TABLE_COLUMNS} FROM tables WHERE {where} ORDER BY created DESC LIMIT 1", args)
        return stored_table(rows[0]) if rows else None
