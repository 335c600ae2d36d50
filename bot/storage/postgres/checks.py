"""`cribbage db check` on PostgreSQL: what can be checked cheaply from a client. PostgreSQL checks its own pages
as it reads them (and their checksums, when the cluster was made with them); the amcheck extension, when
installed, also checks that every B-tree index is in order and holds each of its table's rows, as SQLite's
integrity_check does; and every game is loaded, so a log its row does not count is named."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.storage.errors import StorageError

INDEXES = ("SELECT c.relname FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid JOIN pg_am AS a ON "
           "a.oid = c.relam JOIN pg_namespace AS n ON n.oid = c.relnamespace WHERE a.amname = 'btree' AND "
           "n.nspname = current_schema() ORDER BY c.relname")
"""The B-tree indexes of the schema the games are in."""

UNCHECKED = ("the indexes were not checked: the amcheck extension is not installed in this database (`CREATE "
             "EXTENSION amcheck` as its owner adds it); PostgreSQL checks its pages as it reads them")
"""Said by a check that could not look at the indexes."""

Read = Callable[[str, Sequence[Any]], list[Any]]


def index_findings(read: Read) -> tuple[str, ...] | None:
    """What amcheck's bt_index_check (with every table row looked up in its index) finds wrong, one line an
    index; None when amcheck is not installed."""
    if not read("SELECT 1 FROM pg_extension WHERE extname = 'amcheck'", ()):
        return None
    found = []
    for (name,) in read(INDEXES, ()):
        try:
            read("SELECT bt_index_check(?::regclass, true)", (name,))
        except StorageError as exc:
            found.append(f"index {name}: {exc}")
    return tuple(found)
