"""The embedded default storage: games, table sessions and practice in one SQLite file."""

from __future__ import annotations

from pathlib import Path

from bot.storage.files import Health
from bot.storage.games import SqliteGames
from bot.storage.practice import SqlitePractice
from bot.storage.summaries import SqliteSummaries
from bot.storage.tables import SqliteTables


class SqliteStorage(SqliteGames, SqliteTables, SqlitePractice, SqliteSummaries):
    """All three stores over one connection (see SqliteDatabase for the connection and `synchronous`).

    Opening a file checks it (`opened`): SQLite's quick check, and every game's row and every live
    game's log, so a damaged game is named at once and the others play on."""

    def __init__(self, path: str | Path, *, synchronous: str = "FULL", readonly: bool = False) -> None:
        super().__init__(path, synchronous=synchronous, readonly=readonly)
        self.opened: Health = self.health()

    def warnings(self) -> list[str]:
        """What a door says when the database opens: one line per finding and what to do, or nothing."""
        return self.opened.lines(self.path)
