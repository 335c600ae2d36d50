"""Which storage a command opens: PostgreSQL when the config (or CRIBBAGE_DATABASE_URL) names a URL,
else the SQLite file (the default, nothing to install)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.storage.sqlite import SqliteStorage

if TYPE_CHECKING:
    from bot.config import Config
    from bot.storage.postgres import PostgresStorage


def open_storage(config: Config, database: str | Path | None = None, *,
                 pool_size: int | None = None) -> SqliteStorage | PostgresStorage:
    """The config's storage: its PostgreSQL `url` when set, else SQLite at `database` (a --db given on the
    command line) or the config's file. StorageError says in one line why it cannot be opened."""
    if config.url and database is None:
        from bot.storage.postgres import PostgresStorage

        return PostgresStorage(config.url, pool_size=pool_size or config.workers + 2)
    return SqliteStorage(database if database is not None else config.database, synchronous=config.synchronous)


def describe(config: Config, database: str | Path | None = None) -> str:
    """Where the games are kept, for a line at start: the file, or the URL without its password."""
    if config.url and database is None:
        from bot.storage.pgbase import shown_url

        return shown_url(config.url)
    return str(database if database is not None else config.database)
