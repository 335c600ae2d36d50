"""SQLite, the embedded default backend: one file, WAL mode, nothing to install. Chosen when no database URL
is given (bot/storage/opening.py)."""

from bot.storage.sqlite.storage import SqliteStorage

__all__ = ["SqliteStorage"]
