"""PostgreSQL storage: games, table sessions, practice and statistics in one PostgreSQL database, for a bot
whose database lives on another machine or is shared. The same guarantees as SQLite: each method commits
before it returns (so an action is committed before its reply), the primary key (game, seq) refuses an
action logged twice (StaleWrite), and a game's state is rebuilt by replaying its log.

Chosen with `[storage] url = "postgresql://…"` in the config or CRIBBAGE_DATABASE_URL (see open_storage);
needs the `postgres` extra (psycopg 3 and psycopg-pool).
"""

from __future__ import annotations

from bot.storage.files import Health
from bot.storage.pggames import PostgresGames
from bot.storage.pgother import PostgresPractice, PostgresSummaries, PostgresTables


class PostgresStorage(PostgresGames, PostgresTables, PostgresPractice, PostgresSummaries):
    """All the stores over one pool of connections (see PostgresDatabase). `opened` is always healthy:
    PostgreSQL checks its own pages, and a row it holds always reads."""

    opened = Health()
