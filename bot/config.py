"""Settings from config.toml and the environment. Every key has a default, so no file is needed.

The Discord token is never part of the configuration object: it is read only when the bot starts,
from the environment variable DISCORD_TOKEN or from a file named in the config that lies outside
the project's tree, and it is never logged or shown in a repr.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.players import DIFFICULTIES
from engine.rules import TARGETS

ENV_CONFIG = "CRIBBAGE_CONFIG"
ENV_TOKEN = "DISCORD_TOKEN"
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
    token_file: Path | None = None
    dev_guild: int | None = None
    shard_count: int | None = None
    remind_after: float = 300.0
    forfeit_after: float = 1800.0
    workers: int = 4
    processes: int = 2
    board_port: str | None = None

    def token(self) -> str | None:
        """The bot token from the environment, else from the token file; None if neither has one."""
        value = os.environ.get(ENV_TOKEN, "").strip()
        if value:
            return value
        if self.token_file is None:
            return None
        path = self.token_file
        try:
            inside = path.resolve().is_relative_to(PROJECT_ROOT) and (PROJECT_ROOT / ".git").exists()
        except OSError:
            inside = False
        if inside:
            raise ConfigError(f"[discord] token_file {path} is inside the project's tree; keep the token "
                              "outside the repository")
        try:
            value = path.read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise ConfigError(f"[discord] token_file {path}: {exc.strerror or exc}") from None
        return value or None


def default_data_dir() -> Path:
    """Where a local game keeps its database when there is no config file: the user's data folder."""
    base = os.environ.get("XDG_DATA_HOME")
    root = Path(base) if base else Path.home() / ".local" / "share"
    return root / "cribbage"


def find_config(explicit: str | Path | None = None) -> Path | None:
    """The config file to read: the one given, else $CRIBBAGE_CONFIG, else ./config.toml if present."""
    if explicit is not None:
        path = Path(explicit)
        if not path.is_file():
            raise ConfigError(f"config file {path} does not exist")
        return path
    env = os.environ.get(ENV_CONFIG)
    if env:
        path = Path(env)
        if not path.is_file():
            raise ConfigError(f"{ENV_CONFIG}={env} does not name a file")
        return path
    local = Path("config.toml")
    return local if local.is_file() else None


def load_config(explicit: str | Path | None = None) -> Config:
    path = find_config(explicit)
    if path is None:
        return Config(None, database=default_data_dir() / DATABASE_NAME)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: {exc}") from None
    return parse_config(data, path)


def parse_config(data: dict[str, Any], path: Path | None) -> Config:
    """A Config from parsed TOML; relative paths are taken beside the config file."""
    base = path.parent if path is not None else Path.cwd()
    game = _table(data, "game")
    storage = _table(data, "storage")
    discord = _table(data, "discord")
    timeouts = _table(data, "timeouts")
    board = _table(data, "board")
    target = _get(game, "game.target", int, 121)
    if target not in TARGETS:
        raise ConfigError(f"[game] target must be 121 or 61, not {target}")
    difficulty = _get(game, "game.difficulty", str, "normal")
    if difficulty not in DIFFICULTIES:
        raise ConfigError(f"[game] difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    database = Path(_get(storage, "storage.database", str, DATABASE_NAME)).expanduser()
    synchronous = _get(storage, "storage.synchronous", str, "FULL").upper()
    if synchronous not in ("FULL", "NORMAL", "EXTRA"):
        raise ConfigError(f"[storage] synchronous must be FULL, NORMAL or EXTRA, not {synchronous!r}")
    token_file = discord.get("token_file")
    if token_file is not None and not isinstance(token_file, str):
        raise ConfigError(f"[discord] token_file must be a path, not {token_file!r}")
    guild = _get(discord, "discord.dev_guild", int, 0) or None
    shards = _get(discord, "discord.shard_count", int, 0) or None
    remind = float(_get(timeouts, "timeouts.remind_minutes", (int, float), 5)) * 60
    forfeit = float(_get(timeouts, "timeouts.forfeit_minutes", (int, float), 30)) * 60
    if not 0 < remind < forfeit:
        raise ConfigError("[timeouts] remind_minutes must be above 0 and below forfeit_minutes")
    performance = _table(data, "performance")
    workers = _get(performance, "performance.workers", int, 4)
    if workers < 1:
        raise ConfigError(f"[performance] workers must be at least 1, not {workers}")
    processes = _get(performance, "performance.processes", int, 2)
    if processes < 0:
        raise ConfigError(f"[performance] processes must be 0 or more, not {processes}")
    return Config(
        source=path,
        target=target,
        difficulty=difficulty,
        skunk=_get(game, "game.skunk", bool, True),
        database=database if database.is_absolute() else base / database,
        synchronous=synchronous,
        token_file=(Path(token_file).expanduser() if token_file else None),
        dev_guild=guild,
        shard_count=shards,
        remind_after=remind,
        forfeit_after=forfeit,
        workers=workers,
        processes=processes,
        board_port=_get(board, "board.port", str, "") or None,
    )


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"[{key}] must be a table")
    return value


def _get(table: dict[str, Any], dotted: str, kind: type | tuple[type, ...], default: Any) -> Any:
    key = dotted.split(".", 1)[1]
    value = table.get(key, default)
    if isinstance(value, bool) and kind is not bool:
        raise ConfigError(f"{dotted} must be {_kind_name(kind)}, not {value!r}")
    if not isinstance(value, kind):
        raise ConfigError(f"{dotted} must be {_kind_name(kind)}, not {value!r}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return {"int": "a whole number", "str": "text", "bool": "true or false"}.get(kind.__name__, kind.__name__)
