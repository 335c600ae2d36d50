"""The database a benchmark runs on: an SQLite file in a temporary folder, or PostgreSQL.

With `--storage postgres` and no `--url`, a throwaway server is started the way the tests start theirs
(tests/pg_server.py: initdb and pg_ctl in a temporary folder, as the user cribbage-pg when run as root) and
removed at the end. The tests' server runs with fsync off; a benchmark turns it back on (`--pg-fsync on`,
the default) so a PostgreSQL commit costs what it would in service, as SQLite's does (synchronous FULL).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.storage import SqliteStorage, Storage  # noqa: E402


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--storage", choices=("sqlite", "postgres"), default="sqlite")
    p.add_argument("--url", default=None, help="a PostgreSQL database to use (its tables are written to); "
                   "without it --storage postgres starts a throwaway server")
    p.add_argument("--pg-fsync", choices=("on", "off"), default="on",
                   help="the throwaway server's fsync (the tests run theirs with it off)")
    p.add_argument("--synchronous", default="FULL", help="SQLite's synchronous setting")


@contextmanager
def database(args: argparse.Namespace) -> Iterator[str]:
    """Where the benchmark's database is: an SQLite path or a PostgreSQL URL, removed afterwards."""
    if args.storage == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield str(Path(tmp) / "bench.sqlite3")
        return
    if args.url:
        yield args.url
        return
    sys.path.insert(0, str(ROOT / "tests"))
    from pg_server import PgServer  # type: ignore[import-not-found]  # the tests' helper (on sys.path above): one way to start a server, not two

    server = PgServer().start()
    try:
        _set_fsync(server.url(), args.pg_fsync)
        yield server.new_database("bench")
    finally:
        server.stop()


def _set_fsync(url: str, value: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"ALTER SYSTEM SET fsync = {value}")
        conn.execute(f"ALTER SYSTEM SET full_page_writes = {value}")
        conn.execute("SELECT pg_reload_conf()")


def open_storage(args: argparse.Namespace, where: str, pool_size: int = 6) -> Storage:
    """The storage at `where` (a path or a URL), as the bot opens it."""
    if args.storage == "sqlite":
        return SqliteStorage(Path(where), synchronous=args.synchronous)
    from bot.storage.postgres import PostgresStorage

    return PostgresStorage(where, pool_size=pool_size)


def describe(args: argparse.Namespace) -> str:
    if args.storage == "sqlite":
        return f"SQLite (WAL, synchronous {args.synchronous})"
    return f"PostgreSQL ({'given URL' if args.url else f'throwaway server, fsync {args.pg_fsync}'})"
