"""A table session's row: the columns every backend reads, in order, and the session read back."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage.errors import StorageError
from bot.storage.values import StoredTable

TABLE_COLUMNS = "id, place, guild, session, live, created, updated, message, rev"
"""A table session's row, in the order `stored_table` reads it."""


def session_json(table: StoredTable) -> str:
    """The session's whole action log as the compact JSON text its row keeps."""
    return json.dumps(table.session, separators=(",", ":"))


def stored_table(row: Sequence[Any]) -> StoredTable:
    """A table session from its row; StorageError when its JSON does not read."""
    tid, place, guild, session, live, created, updated, message, rev = row
    try:
        data = json.loads(session)
    except ValueError as exc:
        raise StorageError(f"table {tid}: unreadable session: {exc}") from None
    return StoredTable(tid, place, guild, data, bool(live), float(created), float(updated), message, int(rev))
