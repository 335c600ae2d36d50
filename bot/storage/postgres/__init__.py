"""PostgreSQL, the backend for a database on another machine or shared by several bot processes: chosen
by a postgresql:// URL (bot/storage/backends.py); needs the `postgres` extra."""

from bot.storage.backends import UrlBackend
from bot.storage.postgres.connection import shown_url
from bot.storage.postgres.storage import PostgresStorage

BACKEND = UrlBackend(open=lambda url, pool_size: PostgresStorage(url, pool_size=pool_size), shown=shown_url)
"""How the registry opens a PostgreSQL URL and shows it."""

__all__ = ["BACKEND", "PostgresStorage"]
