"""The embedded default storage: games, table sessions, practice and statistics in one SQLite file."""

from __future__ import annotations

from pathlib import Path

from bot.storage.health import Health
from bot.storage.sql.claims import SqlClaims
from bot.storage.sql.daily import SqlDaily
from bot.storage.sql.events import SqlEvents
from bot.storage.sql.practice import SqlPractice
from bot.storage.sql.ratings import SqlRatings
from bot.storage.sql.seasons import SqlSeasons
from bot.storage.sql.settings import SqlSettings
from bot.storage.sql.tables import SqlTables
from bot.storage.sql.totals import SqlSummaries
from bot.storage.sqlite.game_files import SqliteGames


class SqliteStorage(SqliteGames, SqlTables, SqlPractice, SqlSummaries, SqlSettings, SqlClaims,
                    SqlSeasons, SqlDaily, SqlRatings, SqlEvents):
    """All the stores over one connection (see SqliteDatabase for the connection and `synchronous`).

    Opening a file checks it (`opened`): SQLite's quick check, and every game's row and every live
    game's log, so a damaged game is named at once and the others play on."""

    def __init__(self, path: str | Path, *, synchronous: str = "FULL", readonly: bool = False,
                 check: bool = True) -> None:
        """`check` False leaves the check out (`opened` is then empty): for a caller that checks the whole file
        itself (`cribbage db check`)."""
        super().__init__(path, synchronous=synchronous, readonly=readonly)
        self.opened: Health = self.health() if check else Health()

    def warnings(self) -> list[str]:
        """What a door says when the database opens: one line per finding and what to do, or nothing."""
        return self.opened.lines(self.path)
