"""Table-mode sessions in SQLite: each one's whole JSON action log, replaced on every move."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from bot.game_meta import StoredTable
from bot.storage.codec import TABLE_COLUMNS, stored_table
from bot.storage.database import SqliteDatabase
from bot.storage.protocols import StaleWrite


class SqliteTables(SqliteDatabase):
    """The TableStore part of the SQLite storage."""

    def save_table(self, table: StoredTable) -> None:
        session = json.dumps(table.session, separators=(",", ":"))
        try:
            with self._transaction() as cur:
                if table.rev == 0:
                    cur.execute("INSERT INTO tables (id, place, guild, session, live, created, updated, message, rev)"
                                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)", (table.id, table.place, table.guild, session,
                                                                        int(table.live), table.created, table.updated,
                                                                        table.message))
                elif cur.execute("UPDATE tables SET place = ?, guild = ?, session = ?, live = ?, created = ?,"
                                 " updated = ?, message = ?, rev = rev + 1 WHERE id = ? AND rev = ?",
                                 (table.place, table.guild, session, int(table.live), table.created, table.updated,
                                  table.message, table.id, table.rev)).rowcount != 1:
                    raise StaleWrite(f"table {table.id}: written at revision {table.rev}, but it has changed since")
        except sqlite3.IntegrityError:
            raise StaleWrite(f"table {table.id}: a live table is already kept at {table.place}") from None

    def load_table(self, table_id: str) -> StoredTable | None:
        return self._table("id = ?", (table_id,))

    def table_at(self, place: str, live_only: bool = True) -> StoredTable | None:
        return self._table("place = ? AND live = 1" if live_only else "place = ?", (place,))

    def _table(self, where: str, args: Sequence[Any]) -> StoredTable | None:
        rows = self._read(f"SELECT {TABLE_COLUMNS} FROM tables WHERE {where} ORDER BY created DESC LIMIT 1", args)
        return stored_table(rows[0]) if rows else None
