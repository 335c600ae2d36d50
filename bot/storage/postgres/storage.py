"""PostgreSQL storage: games, table sessions, practice and statistics in one PostgreSQL database, for a bot
whose database lives on another machine or is shared. The same guarantees as SQLite: each method commits
before it returns (so an action is committed before its reply), the primary key (game, seq) refuses an
action logged twice (StaleWrite), and a game's state is rebuilt by replaying its log.

Chosen by a postgresql:// URL (`[storage] url` in the config or CRIBBAGE_DATABASE_URL: bot/storage/backends.py);
needs the `postgres` extra (psycopg 3 and psycopg-pool).
"""

from __future__ import annotations

from bot.storage.codec.game_rows import LIVE
from bot.storage.errors import StorageError
from bot.storage.health import Health
from bot.storage.postgres.checks import index_findings
from bot.storage.postgres.connection import PostgresDatabase
from bot.storage.sql.claims import SqlClaims
from bot.storage.sql.connection import marks
from bot.storage.sql.daily import SqlDaily
from bot.storage.sql.events import SqlEvents
from bot.storage.sql.game_store import SqlGames
from bot.storage.sql.practice import SqlPractice
from bot.storage.sql.ratings import SqlRatings
from bot.storage.sql.seasons import SqlSeasons
from bot.storage.sql.settings import SqlSettings
from bot.storage.sql.tables import SqlTables
from bot.storage.sql.totals import SqlSummaries


class PostgresStorage(PostgresDatabase, SqlGames, SqlTables, SqlPractice, SqlSummaries, SqlSettings, SqlClaims,
                      SqlSeasons, SqlDaily, SqlRatings, SqlEvents):
    """All the stores over one pool of connections (see PostgresDatabase). `opened` is always healthy:
    PostgreSQL checks its own pages, and a row it holds always reads."""

    opened = Health()
    indexes_checked = False
    """Whether the last `health(every=True)` could check the indexes (amcheck installed)."""

    def warnings(self) -> list[str]:
        """What a door says when the database opens: nothing (PostgreSQL checks its own pages)."""
        return []

    def health(self, every: bool = False) -> Health:
        """What `cribbage db check` finds (bot/storage/postgres/checks.py): amcheck's findings on every index
        when it is installed (`indexes_checked` says whether it was), and the games (live ones, or `every`
        one) whose row or log does not load."""
        problems = index_findings(self._read) if every else ()
        self.indexes_checked = problems is not None
        where = "" if every else f" WHERE status IN ({marks(len(LIVE))})"
        damaged = []
        for (gid,) in self._read(f"SELECT id FROM games{where} ORDER BY created, id{self.BYTE_ORDER}",
                                 () if every else LIVE):
            try:
                self.load(gid)
            except StorageError:
                damaged.append(gid)
        return Health(problems or (), tuple(damaged))
