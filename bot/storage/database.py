"""The embedded store: one SQLite file (WAL mode, nothing to install) holding games, table sessions
and practice, each part in its own module; `SqliteStorage` joins them over one connection.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from bot.storage.files import backup, explain, prepare
from bot.storage.protocols import DatabaseFault, StorageError

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
    reminded INTEGER NOT NULL DEFAULT 0,
    rev      INTEGER NOT NULL DEFAULT 0
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
    message  TEXT NOT NULL DEFAULT '',
    rev      INTEGER NOT NULL DEFAULT 0
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
CREATE TABLE IF NOT EXISTS summarized (
    game  TEXT PRIMARY KEY,
    guild TEXT NOT NULL,
    deals INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS player_totals (
    guild TEXT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    games INTEGER NOT NULL, wins INTEGER NOT NULL, skunks_given INTEGER NOT NULL, skunks_taken INTEGER NOT NULL,
    double_skunks_given INTEGER NOT NULL, double_skunks_taken INTEGER NOT NULL, deals INTEGER NOT NULL,
    cribs INTEGER NOT NULL, pegging INTEGER NOT NULL, hand INTEGER NOT NULL, crib INTEGER NOT NULL,
    heels INTEGER NOT NULL,
    PRIMARY KEY (guild, player)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS player_totals_wins ON player_totals (guild, wins DESC);
CREATE TABLE IF NOT EXISTS guild_totals (
    guild   TEXT PRIMARY KEY,
    games   INTEGER NOT NULL,
    deals   INTEGER NOT NULL,
    players INTEGER NOT NULL
) WITHOUT ROWID;
"""

MIGRATIONS: tuple[tuple[str, str, str], ...] = (
    ("games", "guild", "ALTER TABLE games ADD COLUMN guild TEXT NOT NULL DEFAULT ''"),
    ("games", "self_count", "ALTER TABLE games ADD COLUMN self_count TEXT NOT NULL DEFAULT ''"),
    ("games", "lang", "ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT 'en'"),
    ("games", "changes", "ALTER TABLE games ADD COLUMN changes TEXT NOT NULL DEFAULT ''"),
    ("games", "rev", "ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 0"),
    ("tables", "rev", "ALTER TABLE tables ADD COLUMN rev INTEGER NOT NULL DEFAULT 0"),
)
"""Columns added since the first schema: (table, column, statement). A database made before one is
brought up to date when it is opened; its rows keep their data and get the column's default."""

ONE_LIVE_TABLE = (
    """UPDATE tables SET live = 0 WHERE live = 1 AND id NOT IN (
        SELECT id FROM tables AS t WHERE t.live = 1 AND t.created = (
            SELECT max(created) FROM tables AS n WHERE n.place = t.place AND n.live = 1))""",
    "CREATE UNIQUE INDEX IF NOT EXISTS tables_one_live ON tables (place) WHERE live = 1",
)
"""At most one live table session a place, held by the database so two processes cannot both start one
(an older database's extra live sessions, which no command could reach, are closed first)."""

GUILD_TOTALS = (
    "INSERT INTO guild_totals (guild, games, deals, players) SELECT guild, count(*), sum(deals), 0 FROM summarized"
    " GROUP BY guild",
    "UPDATE guild_totals SET players = (SELECT count(*) FROM player_totals AS p WHERE p.guild = guild_totals.guild)",
)
"""A server's running totals, made once from the summaries of a database from before them."""
class SqliteDatabase:
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
            prepare(Path(self.path), _make)
        self._lock = threading.Lock()
        try:
            target = f"{Path(self.path).resolve().as_uri()}?mode=ro" if readonly else self.path
            self._db = sqlite3.connect(target, check_same_thread=False, isolation_level=None, timeout=30,
                                       uri=readonly)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the database {self.path}: {explain(exc)}") from None
        try:
            if not readonly:
                _make(self._db)  # also tells at once whether it can be written (a read-only file says so)
                self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
                self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()  # reads the schema: is it one?
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
                if isinstance(exc, sqlite3.Error) and not isinstance(exc, sqlite3.IntegrityError):
                    raise DatabaseFault(f"cannot save to the database {self.path}: {explain(exc)}; nothing of "
                                        "this change was saved") from exc
                raise

    def _write(self, sql_and_args: Sequence[tuple[str, Sequence[Any]]]) -> None:
        with self._transaction() as cur:
            for sql, args in sql_and_args:
                cur.execute(sql, args)

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        with self._lock:
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise DatabaseFault(f"cannot read the database {self.path}: {explain(exc)}") from exc

    def backup(self, target: str | Path) -> int:
        """Copy the whole database to a new file `target` while it is in use: the pages copied."""
        with self._lock:
            return backup(self._db, Path(target))

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _wal(db: sqlite3.Connection, wait: float = 30.0) -> None:
    """WAL mode. Leaving an older file's rollback journal needs the file to itself, and SQLite does not wait
    for that: processes opening such a file together take turns here, for up to `wait` seconds."""
    give_up = time.monotonic() + wait
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            busy = getattr(exc, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
            if not busy or time.monotonic() > give_up:
                raise
            time.sleep(0.02)


def _make(db: sqlite3.Connection) -> None:
    """Set up a database (WAL mode, the tables, the columns added since): a new one, or an older one. All in
    one write transaction that looks again at what the file has, so processes opening the same file together
    never apply a change twice, nor fail on each other's half-made schema."""
    _wal(db)
    db.execute("BEGIN IMMEDIATE")
    try:
        totals_missing = not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'guild_totals'").fetchone()
        for statement in SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
        for table in ("games", "tables"):
            have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            for _, column, alter in (m for m in MIGRATIONS if m[0] == table):
                if column not in have:
                    db.execute(alter)
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'tables_one_live'").fetchone():
            for statement in ONE_LIVE_TABLE:
                db.execute(statement)
        if totals_missing:
            for statement in GUILD_TOTALS:
                db.execute(statement)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise
