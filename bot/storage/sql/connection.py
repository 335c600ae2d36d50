"""What the shared SQL stores need of a backend's connection: a write transaction, reads, and how its
driver says that a constraint refused a row."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Any, ClassVar, Protocol

Query = tuple[str, Sequence[Any]]
"""One SQL statement with `?` placeholders, and its arguments."""


class Cursor(Protocol):
    """Where a write transaction's statements run (SQLite's cursor, or PostgreSQL's connection adapted)."""

    def execute(self, sql: str, args: Sequence[Any] = (), /) -> Any: ...

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Any: ...


def marks(count: int) -> str:
    """`count` placeholders for an IN list."""
    return ", ".join("?" * count)


def unreadable(path: str, subject: str | None, why: str) -> str:
    """The words of a failed read, naming what was being read when the caller said."""
    return f"{subject} cannot be read from {path}: {why}" if subject else f"cannot read the database {path}: {why}"


def refused(path: str, why: str) -> str:
    """The words of a write that a constraint other than a primary key or a unique index refused: one this
    program did not make (a newer program's, or one added by hand), or a row changed by hand."""
    return (f"the database {path} refused the change ({why}): its schema or its rows are not as this program "
            "left them (a newer version's, or changed by hand); nothing of this change was saved")


class SqlDatabase(ABC):
    """A backend's connection, as the shared stores use it. Every write runs in `_transaction`: all of it is
    committed, or none of it; the database's own failure comes out as a DatabaseFault, and so does a row
    refused by any constraint but a repeated key (`refused`), while a repeated primary key or unique index
    comes out as the driver's `_refused` error, for the store to put into words."""

    path: str
    """Where the data is, to name in a message (a file, or a URL without its password)."""

    _refused: type[Exception]
    """The driver's error for a row a constraint refused."""

    moves: str = "moves"
    """What reads a game's count of moves in a query of its row: its `moves` column, or, in a database from
    before it opened only to be read (not brought up to date), the count of its log's rows."""

    BYTE_ORDER: ClassVar[str] = ""
    """Appended to a text column in ORDER BY so that ties sort by the text's bytes in every backend."""

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Cursor]: ...

    @abstractmethod
    def _reads(self, queries: Sequence[Query], subject: str | None = None) -> list[list[Any]]:
        """Each query's rows, read together in one snapshot (what one transaction sees); DatabaseFault (naming
        `subject`) when the database fails."""

    @abstractmethod
    def _duplicate(self, exc: Exception) -> bool:
        """Whether a refused row (`_refused`) repeated a primary key."""

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        return self._reads(((sql, args),))[0]
