"""`cribbage play`: a game against the computer at the terminal, through the controller and SQLite.

An unfinished game is kept in the database and resumed the next time (unless --new or --seed).
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import ConfigError, load_config
from bot.errors import UsageError
from engine.players import DIFFICULTIES

if TYPE_CHECKING:  # the controller brings discord.py and Pillow: loaded only when a game starts
    from bot.app.controller import Controller
    from bot.pegboard import PegMirror


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play a game against the computer at the terminal")
    p.add_argument("--difficulty", "--opponent", dest="difficulty", default=None,
                   help=f"the computer's strength: {', '.join(DIFFICULTIES)} (default from config: normal)")
    p.add_argument("--target", type=int, default=None, help="121 or 61 (default from config: 121)")
    p.add_argument("--seed", type=int, default=None, help="seed for a reproducible game (starts a new one)")
    p.add_argument("--name", default=None, help="your name at the table (default: your login)")
    p.add_argument("--new", action="store_true", help="start a new game even if one is unfinished")
    p.add_argument("--config", default=None, help="config file (default: $CRIBBAGE_CONFIG or ./config.toml)")
    p.add_argument("--board", default=None, metavar="PORT",
                   help="mirror the pegs on an LED pegboard: a serial device, or sim:// for a simulated "
                   "board drawn here (default: [board] port in the config, else none)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--db", default=None, help="SQLite database file (default: from config, or "
                       "~/.local/share/cribbage/cribbage.sqlite3)")
    where.add_argument("--memory", action="store_true", help="keep the game in a throw-away database")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bot.app.controller import Controller
    from bot.pegboard import PegMirror
    from bot.storage import SqliteStorage, StorageError

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    difficulty = args.difficulty or config.difficulty
    if difficulty not in DIFFICULTIES:
        raise UsageError(f"unknown difficulty {difficulty!r}; choose from {', '.join(DIFFICULTIES)}")
    target = args.target or config.target
    if target not in (121, 61):
        raise UsageError(f"--target must be 121 or 61, not {target}")
    name = args.name or _login()
    with tempfile.TemporaryDirectory(prefix="cribbage-") as tmp:
        path = Path(tmp) / "game.sqlite3" if args.memory else Path(args.db or config.database)
        try:
            storage = SqliteStorage(path, synchronous=config.synchronous)
        except (OSError, StorageError, Exception) as exc:  # sqlite3.Error has no common base with OSError
            raise UsageError(f"cannot open the database {path}: {exc}") from None
        controller = Controller(storage, images=False)
        port = args.board or config.board_port
        mirror = PegMirror(port) if port else None
        try:
            return asyncio.run(_play(controller, name, difficulty, target, config.skunk, args, mirror))
        finally:
            if mirror is not None:
                mirror.close()
            controller.close()
            storage.close()


async def _play(controller: Controller, name: str, difficulty: str, target: int, skunk: bool,
                args: argparse.Namespace, mirror: PegMirror | None) -> int:
    from bot.app.controller import NewGame, find_player_game
    from bot.app.replies import Panel
    from bot.terminal import PLACE, local_member, play_at_terminal

    me = local_member(name)
    resume = None
    if not args.new and args.seed is None:
        found = find_player_game(await controller.games_at(PLACE), me.user)
        resume = found.id if found is not None else None
    request = NewGame(PLACE, me, None, difficulty, target, skunk, args.seed)
    on_pegs = None
    if mirror is not None:
        def on_pegs(panel: Panel) -> str | None:
            return mirror.drawing() if mirror.show(panel.scores, panel.backs, panel.winner) else None

    return await play_at_terminal(controller, me, sys.stdin, sys.stdout, new=request, resume=resume,
                                  on_pegs=on_pegs)


def _login() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "player"
