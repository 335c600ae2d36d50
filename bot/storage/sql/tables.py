"""Table-mode sessions in SQL: each one's whole JSON action log, replaced on every move (TableStore)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.codec.tables import TABLE_COLUMNS, session_json, stored_table
from bot.storage.errors import StaleWrite
from bot.storage.sql.connection import SqlDatabase
from bot.storage.values import StoredTable


class SqlTables(SqlDatabase):
    """The TableStore part of an SQL storage."""

    def save_table(self, table: StoredTable) -> None:
        session = session_json(table)
        try:
            with self._transaction() as cur:
                if table.rev == 0:
                    cur.execute("INSERT INTO tables (id, place, guild, session, live, created, updated, message, rev)"
                                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)", (table.id, table.place, table.guild, session,
                                                                        table.live, table.created, table.updated,
                                                                        table.message))
                elif cur.execute("UPDATE tables SET place = ?, guild = ?, session = ?, live = ?, created = ?,"
                                 " updated = ?, message = ?, rev = rev + 1 WHERE id = ? AND rev = ?",
                                 (table.place, table.guild, session, table.live, table.created, table.updated,
                                  table.message, table.id, table.rev)).rowcount != 1:
                    raise StaleWrite(f"table {table.id}: written at revision {table.rev}, but it has changed since")
        except self._refused:
            raise StaleWrite(f"table {table.id}: a live table is already kept at {table.place}") from None

    def load_table(self, table_id: str) -> StoredTable | None:
        return self._table("id = ?", (table_id,))

    def table_at(self, place: str, live_only: bool = True) -> StoredTable | None:
        return self._table("place = ? AND live = ?", (place, True)) if live_only else self._table("place = ?", (place,))

    def _table(self, where: str, args: Sequence[Any]) -> StoredTable | None:
        rows = self._read(f"SELECT {TABLE_COLUMNS} FROM tables WHERE {where} ORDER BY created DESC LIMIT 1", args)
        return stored_table(rows[0]) if rows else None
