"""The embedded default storage: games, table sessions and practice in one SQLite file."""

from __future__ import annotations

from bot.storage.games import SqliteGames
from bot.storage.practice import SqlitePractice
from bot.storage.tables import SqliteTables


class SqliteStorage(SqliteGames, SqliteTables, SqlitePractice):
    """All three stores over one connection (see SqliteDatabase for the connection and `synchronous`)."""
