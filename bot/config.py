"""Settings from config.toml and the environment. Every key has a default, so no file is needed.

The Discord token is never part of the configuration object: it is read only when the bot starts,
from the environment variable DISCORD_TOKEN or from a file named in the config that lies outside
the project's tree, and it is never logged or shown in a repr.
"""

from __future__ import annotations

import codecs
import math
import os
import stat
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.shards import MAX_SHARDS, ShardError, parse_shards
from bot.storage.backends import URL_SCHEMES
from engine.computer.players import DIFFICULTIES
from engine.core.errors import clip, excerpt
from engine.core.rules import TARGETS, Rules

ENV_CONFIG = "CRIBBAGE_CONFIG"
ENV_TOKEN = "DISCORD_TOKEN"
ENV_DATABASE_URL = "CRIBBAGE_DATABASE_URL"
DATABASE_NAME = "cribbage.sqlite3"
PROJECT_ROOT = Path(__file__).resolve().parent.parent

TOKEN_HELP = f"""no Discord token: set the environment variable {ENV_TOKEN}, or name a token file
  in config.toml
  1. open https://discord.com/developers/applications, create an application, open its Bot page
  2. press "Reset Token" and copy the token (keep it secret: it is the bot's password)
  3. export {ENV_TOKEN}='the token'   (or put it alone in a file outside this repository and set
     [discord] token_file = "/path/to/file" in config.toml)
  4. run cribbage bot again; docs/discord-setup.md has the whole walk-through, with the invite link"""


class ConfigError(ValueError):
    """A config file or value that cannot be used; the message names the key."""


@dataclass(frozen=True, slots=True)
class Config:
    source: Path | None
    """The config file read, or None when running on built-in defaults."""
    target: int = 121
    difficulty: str = "normal"
    skunk: bool = True
    database: Path = Path(DATABASE_NAME)
    synchronous: str = "FULL"
    url: str | None = field(default=None, repr=False)
    """A PostgreSQL database (postgresql://user:password@host:port/name) instead of the SQLite file: [storage]
    url, or $CRIBBAGE_DATABASE_URL, which wins. Never in a repr: it may hold a password."""
    token_file: Path | None = None
    dev_guild: int | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] = ()
    """The shards this process runs ([discord] shards = "0-3", or --shards); empty: all of them."""
    remind_after: float = 300.0
    forfeit_after: float = 1800.0
    workers: int = 4
    processes: int = 2
    board_port: str | None = None
    warnings: tuple[str, ...] = ()
    """What the file holds that is ignored (unknown tables and keys), one line each, to be shown at start."""

    @property
    def rules(self) -> Rules:
        """The rules of a new game where the door was given no other ([game] target and skunk)."""
        return Rules(target=self.target, skunk=self.skunk)

    def token(self, warn: Callable[[str], None] | None = None) -> str | None:
        """The bot token from the environment, else from the token file; None if neither has one. `warn`
        hears that the token file can be read by other users (it is used all the same)."""
        value = os.environ.get(ENV_TOKEN, "").strip()
        if value:
            return value
        if self.token_file is None:
            return None
        path = self.token_file
        try:
            inside = path.resolve().is_relative_to(PROJECT_ROOT) and (PROJECT_ROOT / ".git").exists()
        except (OSError, RuntimeError):  # RuntimeError: a symlink loop
            inside = False
        if inside:
            raise ConfigError(f"[discord] token_file {path} is inside the project's tree; keep the token "
                              "outside the repository")
        data, mode = read_small_file(path, TOKEN_FILE_LIMIT, "[discord] token_file")
        if mode & 0o077 and warn is not None:
            warn(f"[discord] token_file {path} can be read by other users: chmod 600 {path}")
        body = data.removeprefix(codecs.BOM_UTF8)  # a byte-order mark is read past, as in a config file
        try:
            value = body.decode("utf-8").strip()
        except UnicodeDecodeError as exc:
            raise ConfigError(f"[discord] token_file {path} is not UTF-8 text (byte {body[exc.start]:#04x} at "
                              f"{exc.start + 1 + len(data) - len(body)}): it must hold the token alone") from None
        return value or None


TOKEN_FILE_LIMIT = 4096
"""A token file holds one token (about 70 characters): a larger file is not one."""
CONFIG_FILE_LIMIT = 1 << 20
"""A config file over 1 MiB is not a config file."""


def read_small_file(path: Path, limit: int, what: str) -> tuple[bytes, int]:
    """The bytes of a small regular file and its permission bits. Anything else is a ConfigError said
    before it is read: a device (/dev/zero would be read for ever), a FIFO (it would wait for ever),
    a directory, or a file over `limit` bytes."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO opens without a writer
    except ValueError:  # a NUL byte in the name
        raise ConfigError(f"{what} {excerpt(str(path))} is not a file name") from None
    except OSError as exc:
        raise ConfigError(f"{what} {path}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ConfigError(f"{what} {path} is not a regular file")
        if info.st_size > limit:
            raise ConfigError(f"{what} {path} is {info.st_size:,} bytes: more than {limit:,} is not one")
        with os.fdopen(fd, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise ConfigError(f"{what} {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise ConfigError(f"{what} {path} grew past {limit:,} bytes while it was read")
    return data, stat.S_IMODE(info.st_mode)


def default_data_dir() -> Path:
    """Where a local game keeps its database when there is no config file: the user's data folder."""
    base = os.environ.get("XDG_DATA_HOME")
    root = Path(base) if base else Path.home() / ".local" / "share"
    return root / "cribbage"


def find_config(explicit: str | Path | None = None) -> Path | None:
    """The config file to read: the one given, else $CRIBBAGE_CONFIG, else ./config.toml if present."""
    try:
        return _find_config(explicit)
    except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte in it
        raise ConfigError(f"config file {excerpt(str(explicit or os.environ.get(ENV_CONFIG)))}: "
                          f"{getattr(exc, 'strerror', None) or exc}") from None


def _find_config(explicit: str | Path | None) -> Path | None:
    if explicit is not None:
        path = Path(explicit)
        if not path.exists():
            raise ConfigError(f"config file {path} does not exist")
        return path
    env = os.environ.get(ENV_CONFIG)
    if env:
        path = Path(env)
        if not path.exists():
            raise ConfigError(f"{ENV_CONFIG}={env} does not name a file")
        return path
    local = Path("config.toml")
    return local if local.is_file() else None


def load_config(explicit: str | Path | None = None) -> Config:
    path = find_config(explicit)
    if path is None:
        return Config(None, database=default_data_dir() / DATABASE_NAME, url=database_url({}))
    raw, _ = read_small_file(path, CONFIG_FILE_LIMIT, "config file")
    try:
        text = raw.removeprefix(codecs.BOM_UTF8).decode("utf-8")  # Windows editors start a file with a BOM
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text (byte {raw[exc.start]:#04x} at {exc.start + 1})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{path}: arrays or tables nested too deeply") from None
    except ValueError as exc:  # a number of more than 4,300 digits
        raise ConfigError(f"{path}: {str(exc).split(':')[0]}") from None
    return parse_config(data, path)


KNOWN_KEYS: dict[str, tuple[str, ...]] = {
    "game": ("target", "difficulty", "skunk"),
    "storage": ("database", "synchronous", "url"),
    "discord": ("token_file", "dev_guild", "shard_count", "shards"),
    "timeouts": ("remind_minutes", "forfeit_minutes"),
    "performance": ("workers", "processes"),
    "board": ("port",),
}
"""Every table and key the config reads; anything else is named in a warning (a typo is not silently lost)."""
MAX_MINUTES = 7 * 24 * 60
"""The longest reminder or forfeit time: a week."""
MAX_THREADS = 256
PATH_LIMIT = 4096
"""The longest path Linux takes (PATH_MAX)."""
URL_LIMIT = 4096
"""The longest database URL taken: far past any real one, short enough to say in an error."""
SNOWFLAKE = 2**63
"""Discord's ids are positive 63-bit numbers."""


def parse_config(data: dict[str, Any], path: Path | None) -> Config:
    """A Config from parsed TOML; relative paths are taken beside the config file. A value of the wrong
    kind or out of range is a ConfigError naming the key; unknown keys are listed in `warnings`."""
    base = path.parent if path is not None else Path.cwd()
    game, storage, discord = _table(data, "game"), _table(data, "storage"), _table(data, "discord")
    target = _get(game, "game.target", int, 121)
    if target not in TARGETS:
        raise ConfigError(f"[game] target must be 121 or 61, not {excerpt(target)}")
    difficulty = _get(game, "game.difficulty", str, "normal")
    if difficulty not in DIFFICULTIES:
        raise ConfigError(f"[game] difficulty must be one of {', '.join(DIFFICULTIES)}, not {excerpt(difficulty)}")
    database = _get(storage, "storage.database", str, DATABASE_NAME)
    if not database.strip() or "\0" in database:
        raise ConfigError(f"[storage] database must name a file, not {excerpt(database)}")
    synchronous = _get(storage, "storage.synchronous", str, "FULL").upper()
    if synchronous not in ("FULL", "NORMAL", "EXTRA"):
        raise ConfigError(f"[storage] synchronous must be FULL, NORMAL or EXTRA, not {excerpt(synchronous)}")
    token_file = _get(discord, "discord.token_file", str, "")
    if "\0" in token_file:
        raise ConfigError(f"[discord] token_file must be a path, not {excerpt(token_file)}")
    shard_count = _number(discord, "discord.shard_count", 0, MAX_SHARDS) or None
    shards = _get(discord, "discord.shards", str, "")
    try:
        shard_ids = parse_shards(shards, shard_count) if shards.strip() else ()
    except ShardError as exc:
        raise ConfigError(f"[discord] shards: {exc}") from None
    remind, forfeit = _timeouts(_table(data, "timeouts"))
    workers, processes = _performance(_table(data, "performance"))
    database_path = _user_path(database, "[storage] database")
    return Config(
        source=path,
        target=target,
        difficulty=difficulty,
        skunk=_get(game, "game.skunk", bool, True),
        database=database_path if database_path.is_absolute() else base / database_path,
        synchronous=synchronous,
        url=database_url(storage),
        token_file=(_user_path(token_file, "[discord] token_file") if token_file else None),
        dev_guild=_number(discord, "discord.dev_guild", 0, SNOWFLAKE - 1) or None,
        shard_count=shard_count,
        shard_ids=shard_ids,
        remind_after=remind,
        forfeit_after=forfeit,
        workers=workers,
        processes=processes,
        board_port=_get(_table(data, "board"), "board.port", str, "") or None,
        warnings=unknown_keys(data),
    )


def _user_path(text: str, key: str) -> Path:
    """A path from the config with `~` or `~user` expanded; ConfigError naming `key` when that user has no home
    or the path is longer than any file system takes."""
    if len(text) > PATH_LIMIT:
        raise ConfigError(f"{key} is a path of {len(text):,} characters: more than {PATH_LIMIT:,} is not one")
    try:
        return Path(text).expanduser()
    except RuntimeError:  # ~nosuchuser
        raise ConfigError(f"{key} {excerpt(text)}: no home folder for {excerpt(text.split('/')[0])}") from None


def database_url(storage: dict[str, Any]) -> str | None:
    """$CRIBBAGE_DATABASE_URL, else [storage] url, else None (SQLite). Anything but a postgresql:// URL is a
    ConfigError in one line that never repeats the value (it may hold a password)."""
    env = os.environ.get(ENV_DATABASE_URL, "").strip()
    where = ENV_DATABASE_URL if env else "[storage] url"
    url = env or _get(storage, "storage.url", str, "").strip()
    if not url:
        return None
    if len(url) > URL_LIMIT:
        raise ConfigError(f"{where} is {len(url):,} characters long: a PostgreSQL URL is at most {URL_LIMIT:,}")
    scheme, sep, rest = url.partition("://")
    if scheme.lower() not in URL_SCHEMES or not sep or not rest or any(c.isspace() or c == "\0" for c in url):
        shown = (f"one starting {excerpt(scheme[:20])}" if sep and scheme.lower() not in URL_SCHEMES
                 else "one with spaces or nothing after the scheme" if sep else "one without a scheme")
        raise ConfigError(f"{where} must be a PostgreSQL URL (postgresql://user:password@host:port/database), not "
                          f"{shown}")
    return url


def _timeouts(timeouts: dict[str, Any]) -> tuple[float, float]:
    """(remind, forfeit) in seconds: finite minutes, remind above 0 and below forfeit, forfeit a week at most."""
    minutes = []
    for key, default in (("remind_minutes", 5), ("forfeit_minutes", 30)):
        value = _get(timeouts, f"timeouts.{key}", (int, float), default)
        if not math.isfinite(value) or not 0 < value <= MAX_MINUTES:
            raise ConfigError(f"[timeouts] {key} must be above 0 and at most {MAX_MINUTES} (a week), not "
                              f"{excerpt(value)}")
        minutes.append(float(value))
    remind, forfeit = minutes
    if not remind < forfeit:
        raise ConfigError("[timeouts] remind_minutes must be above 0 and below forfeit_minutes")
    return remind * 60, forfeit * 60


def _performance(performance: dict[str, Any]) -> tuple[int, int]:
    workers = _get(performance, "performance.workers", int, 4)
    if not 1 <= workers <= MAX_THREADS:
        raise ConfigError(f"[performance] workers must be from 1 to {MAX_THREADS}, not {excerpt(workers)}")
    processes = _get(performance, "performance.processes", int, 2)
    if processes < 0:
        raise ConfigError(f"[performance] processes must be 0 or more, not {processes}")
    if processes > MAX_THREADS:
        raise ConfigError(f"[performance] processes must be at most {MAX_THREADS}, not {excerpt(processes)}")
    return workers, processes


def _number(table: dict[str, Any], dotted: str, low: int, high: int) -> int:
    value: int = _get(table, dotted, int, low)
    if not low <= value <= high:
        raise ConfigError(f"{dotted} must be from {low} to {high}, not {excerpt(value)}")
    return value


def unknown_keys(data: dict[str, Any]) -> tuple[str, ...]:
    """One warning per table or key the config does not read (a misspelt `[gmae] traget` among them)."""
    found = []
    for table, value in data.items():
        if table not in KNOWN_KEYS:
            found.append(f"unknown table [{clip(table)}] (ignored; the tables are {', '.join(KNOWN_KEYS)})")
            continue
        for key in value if isinstance(value, dict) else ():
            if key not in KNOWN_KEYS[table]:
                found.append(f"unknown key {clip(key)} in [{table}] (ignored; it takes "
                             f"{', '.join(KNOWN_KEYS[table])})")
    return tuple(found)


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"[{key}] must be a table")
    return value


def _get(table: dict[str, Any], dotted: str, kind: type | tuple[type, ...], default: Any) -> Any:
    key = dotted.split(".", 1)[1]
    value = table.get(key, default)
    if isinstance(value, bool) and kind is not bool:
        raise ConfigError(f"{dotted} must be {_kind_name(kind)}, not {excerpt(value)}")
    if not isinstance(value, kind):
        raise ConfigError(f"{dotted} must be {_kind_name(kind)}, not {excerpt(value)}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return {"int": "a whole number", "str": "text", "bool": "true or false"}.get(kind.__name__, kind.__name__)
