"""The PostgreSQL connection pool under `PostgresStorage`: opening (the schema brought up to date), write
transactions and reads in the shared SQL's `?` placeholders, and PostgreSQL's failures said in one line
without the password.

psycopg 3 and psycopg-pool are the optional `postgres` extra: imported only when a PostgreSQL URL is used.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache, partial
from typing import Any

from bot.storage.errors import DatabaseFault, StorageError
from bot.storage.postgres.hiding import hidden, shown_url
from bot.storage.postgres.schema import migrate
from bot.storage.sql.connection import Query, SqlDatabase, refused, unreadable

INSTALL = "PostgreSQL storage needs psycopg 3 and its pool: pip install 'cribbage-table[postgres]'"


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


__all__ = ["PostgresDatabase", "first_line", "shown_url"]


@lru_cache(maxsize=512)
def pyformat(sql: str) -> str:
    """The shared SQL in psycopg's placeholders: `?` becomes `%s`, and a literal `%` is doubled."""
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresCursor:
    """A transaction's connection, taking the shared SQL (see `pyformat`)."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    def execute(self, sql: str, args: Sequence[Any] = (), /) -> Any:
        return self._conn.execute(pyformat(sql), args)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> None:
        with self._conn.cursor() as cur:
            cur.executemany(pyformat(sql), rows)


CHECK_IDLE = 5.0
"""Seconds a pooled connection may rest and still be taken without asking the server whether it is there."""


class IdleCheck:
    """The pool's check when a connection is taken: a round trip to the server (an empty query) for a connection
    that rested more than CHECK_IDLE seconds (the server may have restarted or dropped it meanwhile); none for one
    taken again at once. Checking every time cost two round trips a click (one for its read, one for its write)
    of a busy bot, for connections that had just answered."""

    def __init__(self, check: Callable[[Any], None], clock: Callable[[], float] = time.monotonic) -> None:
        self._check = check
        self._clock = clock
        self._taken: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def __call__(self, conn: Any) -> None:
        now = self._clock()
        with self._lock:
            last = self._taken.get(conn)
        if last is None or now - last > CHECK_IDLE:
            self._check(conn)  # raises for a connection that is gone: the pool drops it and takes another
        with self._lock:
            self._taken[conn] = now


class PostgresDatabase(SqlDatabase):
    """A pool of connections (autocommit; writes in explicit transactions), safe to share between the
    application's worker threads: each call takes a connection, uses it and gives it back."""

    BYTE_ORDER = ' COLLATE "C"'

    def __init__(self, url: str, *, pool_size: int = 4, connect_timeout: float = 10.0) -> None:
        """Connect, bring the schema up to date and open the pool: StorageError says why it cannot be, in one
        line (the driver missing, the server unreachable, a wrong password, a newer schema)."""
        try:
            import psycopg
            from psycopg_pool import ConnectionPool
        except ImportError:
            raise StorageError(INSTALL) from None
        self.path = shown_url(url)
        self._psycopg = psycopg
        self._refused = psycopg.IntegrityError
        self._hide: Callable[[str], str] = partial(hidden, url=url)
        options = {"autocommit": True, "connect_timeout": max(1, round(connect_timeout))}
        try:
            with psycopg.connect(url, **options) as conn:  # type: ignore[arg-type]
                self.migrated = migrate(conn, self.path)
            self._pool = ConnectionPool(url, kwargs=options, min_size=1, max_size=max(1, pool_size), open=True,
                                        timeout=30.0, check=IdleCheck(ConnectionPool.check_connection),
                                        name="cribbage")
        except StorageError:
            raise
        except Exception as exc:  # psycopg's errors, and anything else the driver raises on a URL it cannot read
            raise StorageError(f"cannot open the database {self.path}: {self._said(exc)}") from None

    @contextmanager
    def _transaction(self) -> Iterator[PostgresCursor]:
        """A write transaction on one connection. The server's own failure (the pool's timeout among them)
        comes out as a DatabaseFault naming it, as does a row a constraint refused (but for a repeated key:
        psycopg.IntegrityError, for the store)."""
        psycopg = self._psycopg
        try:
            with self._pool.connection() as conn, conn.transaction():
                yield PostgresCursor(conn)
        except psycopg.IntegrityError as exc:
            if not self._duplicate(exc):
                raise DatabaseFault(refused(self.path, self._said(exc))) from exc
            raise
        except psycopg.Error as exc:
            raise DatabaseFault(f"cannot save to the database {self.path}: {self._said(exc)}; nothing of this "
                                "change was saved") from exc

    def _said(self, exc: BaseException) -> str:
        """What the driver said, in one line, without the URL or its password (libpq quotes what it cannot read)."""
        return self._hide(first_line(exc))

    def _duplicate(self, exc: Exception) -> bool:
        return isinstance(exc, self._psycopg.errors.UniqueViolation)

    def _reads(self, queries: Sequence[Query], subject: str | None = None) -> list[list[Any]]:
        """Several queries in one REPEATABLE READ transaction, so they see one snapshot (a game's row and its
        log agree while another process writes)."""
        try:
            with self._pool.connection() as conn:
                if len(queries) == 1:
                    return [conn.execute(pyformat(queries[0][0]), queries[0][1]).fetchall()]
                with conn.transaction():
                    conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                    return [conn.execute(pyformat(sql), args).fetchall() for sql, args in queries]
        except self._psycopg.Error as exc:
            raise DatabaseFault(unreadable(self.path, subject, self._said(exc))) from exc

    def close(self) -> None:
        self._pool.close()
