"""`cribbage db`: check the games database, and copy it safely while it is in use."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli.errors import UsageError
from bot.cli.paths import database_file, database_problem
from bot.config import ConfigError, load_config
from bot.storage.backends import URL_SCHEMES
from bot.storage.postgres.checks import UNCHECKED

if TYPE_CHECKING:
    from bot.storage import SqliteStorage
    from bot.storage.postgres import PostgresStorage
    from bot.storage.values import GameMeta


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("db", help="check the games database, or back it up")
    what = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    c = what.add_parser("check", help="check every page and every game (each one replayed through the engine)")
    b = what.add_parser("backup", help="copy the database to a new file with SQLite's online backup (safe while "
                        "games go on)")
    b.add_argument("file", help="the new file to write")
    for q in (c, b):
        q.add_argument("--db", default=None, type=database_file,
                       help="the database (default: [storage] database in the config, or "
                       "~/.local/share/cribbage/cribbage.sqlite3 without a config file)")
        q.add_argument("--config", default=None, help="config file (default: $CRIBBAGE_CONFIG or ./config.toml)")
    c.set_defaults(func=run_check)
    b.set_defaults(func=run_backup)


def _database(args: argparse.Namespace, *, postgres: bool = False) -> str:
    """The SQLite file named (--db) or configured; with `postgres`, the PostgreSQL URL when the config names one."""
    if args.db:
        return str(args.db)
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    if config.url is not None and postgres:
        return config.url
    if config.url is not None:  # the games are in PostgreSQL: its own tools back it up
        raise UsageError("the games are in PostgreSQL ([storage] url or $CRIBBAGE_DATABASE_URL): use pg_dump "
                         "to back it up (docs/deploy.md); --db FILE names an SQLite file")
    problem = database_problem(str(config.database))  # checked as --db is: a loop, a folder
    if problem is not None:
        raise UsageError(f"the database {problem}")
    return str(config.database)


def run_check(args: argparse.Namespace) -> int:
    """Exit 0 when every page and game reads and replays; else 1, with a line per finding. An SQLite file is
    checked whole (integrity_check); PostgreSQL by amcheck when installed (said when it is not), and every
    game loaded and replayed on both."""
    from bot.storage import StorageError
    from bot.storage.health import PG_COPY, PG_REPAIR

    where = _database(args, postgres=True)
    try:
        storage = _open(where)
    except StorageError as exc:
        raise UsageError(str(exc)) from None
    postgres = not args.db and where.partition("://")[0].lower() in URL_SCHEMES
    try:
        health = storage.health(every=True)
        try:
            games = storage.every_game()
        except StorageError as exc:  # not even listed (the health above says why): nothing to replay
            games, listed = [], [f"the games cannot be listed to replay them: {exc}"]
        else:
            listed = []
        unplayable = listed + _replayed(storage, games)
        notes = [UNCHECKED] if postgres and not getattr(storage, "indexes_checked", True) else []
    finally:
        storage.close()
    path = storage.path
    lines = (health.lines(path, copy=PG_COPY, repair=PG_REPAIR) if postgres else health.lines(path)) + unplayable
    for line in lines + [f"note: {n}" for n in notes]:
        print(line)
    if not lines:
        print(f"the database {path} is sound: {len(games)} game(s), each one replayed")
    return 1 if lines else 0


def _open(where: str) -> SqliteStorage | PostgresStorage:
    """The SQLite file read-only, or the PostgreSQL database of a URL."""
    from bot.storage import SqliteStorage
    from bot.storage.postgres import PostgresStorage

    if where.partition("://")[0].lower() in URL_SCHEMES:
        return PostgresStorage(where, pool_size=2)
    return SqliteStorage(where, readonly=True, check=False)  # checked whole by the caller


def _replayed(storage: SqliteStorage | PostgresStorage, games: list[GameMeta]) -> list[str]:
    """A line for each game that does not load and replay (each one replayed, then let go)."""
    from bot.app.game.game_cache import GameCache
    from bot.storage import DamagedGame, StorageError

    cache = GameCache(storage, size=1)
    unplayable = []
    for meta in games:
        try:
            cache.load(meta.id)
            cache.forget(meta.id)
        except DamagedGame as exc:  # its log and its row disagree: the message names the game
            unplayable.append(str(exc))
        except StorageError as exc:
            unplayable.append(f"game {meta.id} does not replay: {exc}")
    return unplayable


def run_backup(args: argparse.Namespace) -> int:
    from bot.storage import SqliteStorage, StorageError

    path = _database(args)
    target = Path(args.file)
    try:
        storage = SqliteStorage(path, readonly=True)
    except StorageError as exc:
        raise UsageError(str(exc)) from None
    try:
        pages = storage.backup(target)
    except StorageError as exc:
        raise UsageError(str(exc)) from None
    finally:
        storage.close()
    print(f"copied the database {path} to {target} ({pages} pages)")
    for line in storage.warnings():
        print(f"note: {line}")
    return 0
