"""`cribbage bot`: run the Discord bot (needs a token: DISCORD_TOKEN or a token file named in the config)."""

from __future__ import annotations

import argparse
import base64
import binascii
import os
import re
import sys
from dataclasses import replace
from pathlib import Path

from bot.cli.board_url import configured_board
from bot.cli.errors import UsageError, bounded, one_line
from bot.cli.numbers import whole
from bot.cli.paths import database_file, database_problem
from bot.config import TOKEN_HELP, Config, ConfigError, load_config
from bot.shards import ShardError, checked_shards, parse_shards
from engine.core.version import __version__


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("bot", help="run the Discord bot (see docs/discord-setup.md)")
    p.add_argument("--config", default=None, help="config file (default: $CRIBBAGE_CONFIG or ./config.toml)")
    p.add_argument("--db", default=None, type=database_file, help="SQLite database file (default: from the config)")
    p.add_argument("--shards", default=None, metavar="IDS",
                   help="run only these shards (0-3, or 0,2,5), sharing the database with the processes that run "
                        "the others; needs --shard-count (or [discord] shard_count). See docs/deploy.md")
    p.add_argument("--shard-count", type=whole(0, 1_000_000), default=None, metavar="N",
                   help="how many shards all the bot's processes run together (the same in every process)")
    p.add_argument("--check", action="store_true", help="check the config and the token, then exit")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
        token = config.token(warn=_warn)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    config = with_shards(config, args.shards, args.shard_count)
    for line in config.warnings:
        _warn(f"{config.source}: {line}")
    if config.shard_ids and not config.url and not args.db:
        _warn("several bot processes on one SQLite file work only on one machine; for more, use PostgreSQL "
              "([storage] url, docs/deploy.md)")
    if not token:
        raise UsageError(TOKEN_HELP, multiline=True)
    configured_board(config)
    database = args.db or str(config.database)
    app = token_id(token)
    if args.check:
        if config.url and not args.db:
            database = check_postgres(config)
        else:
            check_database(database)
        print(f"cribbage {__version__}; config: {config.source or 'built-in defaults'}; database: {database}; "
              f"{shards_text(config)}; "
              f"token: present, shaped like a bot token (the bot's id {app}); it cannot be verified offline: "
              "`cribbage bot` connects and Discord accepts or refuses it")
        return 0
    # imported here so that everything else runs without touching discord.py's start-up
    from bot.app.controller import Controller
    from bot.discord import CribbageBot, DiscordUnreachable, TokenRefused, run_bot
    from bot.storage import StorageError
    from bot.storage.opening import describe, open_storage

    try:
        storage = open_storage(config, args.db)  # the config's PostgreSQL url, else its SQLite file
    except StorageError as exc:  # read-only, empty, foreign or damaged beyond opening: one line, no traceback
        raise UsageError(str(exc)) from None
    for line in storage.warnings():
        _warn(line)
    controller = Controller(storage, workers=config.workers, processes=config.processes,
                            remind_after=config.remind_after, forfeit_after=config.forfeit_after,
                            board_url=config.board_port, difficulty=config.difficulty)
    for line in controller.statistics.warnings:  # damage the statistics' backfill passed over
        _warn(line)
    client = CribbageBot(config, controller)
    print(f"cribbage bot {__version__}: database {describe(config, args.db)}; {shards_text(config)}; "
          "connecting to Discord …",
          file=sys.stderr)
    try:
        run_bot(client, token)
    except TokenRefused:
        raise UsageError("Discord refused the token: reset it on the Bot page of your application and set "
                         "DISCORD_TOKEN again (docs/discord-setup.md)") from None
    except DiscordUnreachable as exc:
        print(f"cribbage bot: cannot reach Discord: {exc}", file=sys.stderr)
        return 1
    finally:
        controller.close()
        storage.close()
    return 0


def with_shards(config: Config, shards: str | None, count: int | None) -> Config:
    """The config with the command line's shards (which win over the file's); UsageError naming what is wrong."""
    if shards is None and count is None:
        return config
    count = count if count is not None else config.shard_count
    try:
        ids = parse_shards(shards, count) if shards is not None else checked_shards(config.shard_ids, count)
    except ShardError as exc:
        raise UsageError(str(exc)) from None
    return replace(config, shard_count=count, shard_ids=ids)


def shards_text(config: Config) -> str:
    if config.shard_ids:
        return f"shards {', '.join(map(str, config.shard_ids))} of {config.shard_count}"
    if config.shard_count:
        return f"all {config.shard_count} shards"
    return "shards as Discord recommends"


def check_database(database: str) -> None:
    """What `--check` finds of the database: UsageError when the bot could not use it (it could not be made,
    or opened: empty, foreign, damaged beyond opening); a warning for each damaged game. A database that
    does not exist yet is made at the first start."""
    from bot.storage import SqliteStorage, StorageError

    problem = database_problem(database)
    if problem is not None:
        raise UsageError(f"the database {problem}")
    path = Path(database)
    if not path.exists():
        folder = next((p for p in path.absolute().parents if p.exists()), Path("/"))
        if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
            raise UsageError(f"cannot create the database {database}: the folder {folder} is not writable")
        return
    try:
        storage = SqliteStorage(database, readonly=True)
    except StorageError as exc:
        raise UsageError(str(exc)) from None
    try:
        for line in storage.warnings():
            _warn(line)
    finally:
        storage.close()


def check_postgres(config: Config) -> str:
    """What `--check` finds of a PostgreSQL database: UsageError when it cannot be opened (the server
    unreachable, a wrong password, the driver missing); the URL shown without its password."""
    from bot.storage import StorageError
    from bot.storage.opening import describe, open_storage

    try:
        open_storage(config, pool_size=1).close()
    except StorageError as exc:
        raise UsageError(str(exc)) from None
    return describe(config)


def _warn(line: str) -> None:
    """A warning on one line, whatever it quotes (a config key holding an escape or a newline)."""
    print(f"cribbage bot: warning: {one_line(bounded(line))}", file=sys.stderr)


_PART = re.compile(r"[A-Za-z0-9_-]+")


def token_id(token: str) -> str:
    """The bot's id a token starts with; UsageError when the token is not shaped like a Discord bot token
    (three dot-separated base64url parts, the first the bot's numeric id). Only Discord can say more."""
    parts = token.split(".")
    if len(parts) != 3 or not all(_PART.fullmatch(p) for p in parts):
        raise UsageError("the token is not shaped like a Discord bot token (three parts of letters, digits, "
                         "- and _, joined by dots): copy it again from the Bot page (Reset Token)")
    try:
        first = base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4)).decode("ascii")
    except (binascii.Error, UnicodeDecodeError):
        first = ""
    if not first.isdigit():
        raise UsageError("the token's first part is not a bot's id (base64 of a number): copy the token again "
                         "from the Bot page (Reset Token)")
    return first
