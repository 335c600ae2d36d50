"""The SQLite connection under `SqliteStorage`: one file (WAL mode, nothing to install), opened (and made or
brought up to date), its write transactions and reads, and SQLite's failures said in words."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from bot.storage.errors import DatabaseFault, StorageError
from bot.storage.sql.connection import Query, SqlDatabase, refused, unreadable
from bot.storage.sqlite.files import backup, explain, prepare, reading_uri
from bot.storage.sqlite.schema import make, refuse_unknown


class SqliteDatabase(SqlDatabase):
    """One connection, used by one thread at a time (a lock guards it), so the application may call it
    from its worker threads.

    `synchronous` is SQLite's setting: FULL (the default) makes each commit survive a power cut,
    NORMAL survives a killed process (kill -9 included) but not a power cut, and is faster.
    """

    def __init__(self, path: str | Path, *, synchronous: str = "FULL", readonly: bool = False) -> None:
        """Open (or make) the database: StorageError says why it cannot be, in one line (an empty or foreign
        file, no permission, a damaged header). `readonly` opens an existing one only to read it (a check,
        a backup): nothing is created or changed."""
        if synchronous.upper() not in ("FULL", "NORMAL", "OFF", "EXTRA"):
            raise StorageError(f"synchronous must be FULL, NORMAL, EXTRA or OFF, not {synchronous!r}")
        self.path = str(path)
        if self.path != ":memory:":
            if readonly and not Path(self.path).exists():
                raise StorageError(f"there is no database {self.path}")
            prepare(Path(self.path), lambda db: make(db, self.path, into_wal=False))
        self._lock = threading.Lock()
        try:
            target = reading_uri(Path(self.path)) if readonly else self.path
            self._db = sqlite3.connect(target, check_same_thread=False, isolation_level=None, timeout=30,
                                       uri=readonly)
            if readonly:
                self._db.execute("PRAGMA query_only = ON")
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the database {self.path}: {explain(exc)}") from None
        try:
            if not readonly:
                make(self._db, self.path)  # also tells at once whether it can be written (a read-only file says so)
                self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
                self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()  # reads the schema: is it one?
            if readonly:
                refuse_unknown(self._db, self.path)
                if "moves" not in {row[1] for row in self._db.execute("PRAGMA table_info(games)")}:
                    self.moves = "(SELECT count(*) FROM actions WHERE actions.game = games.id)"  # not brought up
        except StorageError:
            self._db.close()
            raise
        except sqlite3.Error as exc:
            self._db.close()
            raise StorageError(f"cannot open the database {self.path}: {explain(exc)}") from None

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Cursor]:
        """A write transaction: everything done with the cursor is committed, or none of it. SQLite's own
        failure (the disk full, the file read-only) comes out as a DatabaseFault naming that cause: a
        rollback that cannot happen (SQLite already undid the transaction) never hides it."""
        with self._lock:
            cur = self._db.cursor()
            try:
                cur.execute("BEGIN IMMEDIATE")
                yield cur
                cur.execute("COMMIT")
            except BaseException as exc:
                if self._db.in_transaction:
                    with suppress(sqlite3.Error):  # the first error is the one to report
                        cur.execute("ROLLBACK")
                if isinstance(exc, sqlite3.IntegrityError) and not self._duplicate(exc):
                    raise DatabaseFault(refused(self.path, str(exc))) from exc
                if isinstance(exc, sqlite3.Error) and not isinstance(exc, sqlite3.IntegrityError):
                    raise DatabaseFault(f"cannot save to the database {self.path}: {explain(exc)}; nothing of "
                                        "this change was saved") from exc
                raise

    _refused = sqlite3.IntegrityError

    def _duplicate(self, exc: Exception) -> bool:
        return getattr(exc, "sqlite_errorname", "") in ("SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_UNIQUE")

    def _reads(self, queries: Sequence[Query], subject: str | None = None) -> list[list[Any]]:
        """Several queries in one read transaction, so they see one snapshot (a game's row and its log agree
        while another process writes)."""
        with self._lock:
            several = len(queries) > 1
            try:
                if several:
                    self._db.execute("BEGIN")
                found = [self._db.execute(sql, args).fetchall() for sql, args in queries]
                if several:
                    self._db.execute("COMMIT")
                return found
            except sqlite3.Error as exc:
                raise DatabaseFault(unreadable(self.path, subject, explain(exc))) from exc
            finally:
                if self._db.in_transaction:
                    with suppress(sqlite3.Error):
                        self._db.execute("ROLLBACK")

    def backup(self, target: str | Path) -> int:
        """Copy the whole database to a new file `target` while it is in use: the pages copied."""
        with self._lock:
            return backup(self._db, Path(target))

    def close(self) -> None:
        with self._lock:
            self._db.close()
