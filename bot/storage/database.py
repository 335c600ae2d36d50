"""The embedded store: one SQLite file (WAL mode, nothing to install) holding games, table sessions
and practice, each part in its own module; `SqliteStorage` joins them over one connection.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bot.storage.protocols import StorageError

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    rules    TEXT NOT NULL,
    seats    TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    status   TEXT NOT NULL,
    place    TEXT NOT NULL,
    message  TEXT NOT NULL DEFAULT '',
    winner   INTEGER,
    created  REAL NOT NULL,
    updated  REAL NOT NULL,
    reminded INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_place ON games (place, status);
CREATE TABLE IF NOT EXISTS actions (
    game   TEXT NOT NULL REFERENCES games (id),
    seq    INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tables (
    id       TEXT PRIMARY KEY,
    place    TEXT NOT NULL,
    guild    TEXT NOT NULL DEFAULT '',
    session  TEXT NOT NULL,
    live     INTEGER NOT NULL,
    created  REAL NOT NULL,
    updated  REAL NOT NULL,
    message  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS tables_place ON tables (place, live);
CREATE TABLE IF NOT EXISTS drills (
    user     TEXT NOT NULL,
    drill    TEXT NOT NULL,
    declared INTEGER NOT NULL,
    total    INTEGER NOT NULL,
    PRIMARY KEY (user, drill)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS declarations (
    game     TEXT NOT NULL REFERENCES games (id),
    deal     INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    crib     INTEGER NOT NULL,
    declared INTEGER,
    total    INTEGER NOT NULL,
    PRIMARY KEY (game, deal, seat, crib)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tallies (
    user  TEXT PRIMARY KEY,
    tally TEXT NOT NULL
);
"""

MIGRATIONS: tuple[tuple[str, str], ...] = (
    ("guild", "ALTER TABLE games ADD COLUMN guild TEXT NOT NULL DEFAULT ''"),
    ("self_count", "ALTER TABLE games ADD COLUMN self_count TEXT NOT NULL DEFAULT ''"),
    ("lang", "ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT 'en'"),
    ("changes", "ALTER TABLE games ADD COLUMN changes TEXT NOT NULL DEFAULT ''"),
)
"""Columns added to `games` since the first schema: (column, statement). A database made before one is
brought up to date when it is opened; its rows keep their data and get the column's default."""
class SqliteDatabase:
    """One connection, used by one thread at a time (a lock guards it), so the application may call it
    from its worker threads.

    `synchronous` is SQLite's setting: FULL (the default) makes each commit survive a power cut,
    NORMAL survives a killed process (kill -9 included) but not a power cut, and is faster.
    """

    def __init__(self, path: str | Path, *, synchronous: str = "FULL") -> None:
        if synchronous.upper() not in ("FULL", "NORMAL", "OFF", "EXTRA"):
            raise StorageError(f"synchronous must be FULL, NORMAL, EXTRA or OFF, not {synchronous!r}")
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        have = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        for column, statement in MIGRATIONS:
            if column not in have:
                self._db.execute(statement)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Cursor]:
        """A write transaction: everything done with the cursor is committed, or none of it."""
        with self._lock:
            cur = self._db.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                yield cur
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise

    def _write(self, sql_and_args: Sequence[tuple[str, Sequence[Any]]]) -> None:
        with self._transaction() as cur:
            for sql, args in sql_and_args:
                cur.execute(sql, args)

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def close(self) -> None:
        with self._lock:
            self._db.close()
