"""Which storage a command opens: the backend a database URL's scheme names (the config's, or
CRIBBAGE_DATABASE_URL; see bot/storage/backends.py), else the SQLite file (the default, nothing to install)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from bot.storage.backends import backend_for
from bot.storage.interfaces import Storage
from bot.storage.sqlite import SqliteStorage


class StorageConfig(Protocol):
    """What opening reads of the settings (bot.config.StorageConfig has it; storage does not import the settings)."""

    @property
    def url(self) -> str | None: ...
    @property
    def database(self) -> Path: ...
    @property
    def synchronous(self) -> str: ...
    @property
    def workers(self) -> int: ...


def open_storage(config: StorageConfig, database: str | Path | None = None, *, pool_size: int | None = None) -> Storage:
    """The config's storage: the backend of its `url` when set, else SQLite at `database` (a --db given on the
    command line) or the config's file. StorageError says in one line why it cannot be opened."""
    if config.url and database is None:
        return backend_for(config.url).open(config.url, pool_size or config.workers + 2)
    return SqliteStorage(database if database is not None else config.database, synchronous=config.synchronous)


def describe(config: StorageConfig, database: str | Path | None = None) -> str:
    """Where the games are kept, for a line at start: the file, or the URL without its password."""
    if config.url and database is None:
        return backend_for(config.url).shown(config.url)
    return str(database if database is not None else config.database)
