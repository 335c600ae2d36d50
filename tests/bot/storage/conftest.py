"""The storage tests' databases: each test asking for `store` or `reopen` runs on SQLite and on a PostgreSQL server
the session starts (tests/pg_server.py; skipped with its reason without one)."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.storage import SqliteStorage, Storage


@pytest.fixture(params=["sqlite", "postgres"])
def reopen(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Storage]]:
    """Opens the test's database (again): an SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        path = tmp_path / "games.sqlite3"
        yield lambda: SqliteStorage(path)
        return
    from bot.storage.postgres import PostgresStorage

    url = request.getfixturevalue("pg_url")
    yield lambda: PostgresStorage(url, pool_size=2)


@pytest.fixture
def store(reopen: Callable[[], Storage]) -> Iterator[Storage]:
    s = reopen()
    yield s
    s.close()
