"""The PostgreSQL fixtures (imported by conftest.py): one server for the whole session, a fresh database
for each test that asks. Without PostgreSQL's binaries or psycopg, the tests that use them skip with why."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pg_server import PgServer, Unavailable


def serve(superuser: str = "cribbage") -> Iterator[PgServer]:
    """A server whose superuser is `superuser`, for as long as the generator runs; the test skips, saying why,
    without PostgreSQL's binaries or psycopg."""
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        pytest.skip("psycopg and psycopg-pool are not installed (the postgres extra)")
    server = PgServer()
    server.user = superuser
    try:
        server.start()
    except Unavailable as exc:
        server.stop()
        pytest.skip(str(exc))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    yield from serve()


@pytest.fixture
def pg_url(pg_server: PgServer) -> str:
    """A fresh, empty database on the session's server."""
    return pg_server.new_database()
