"""`cribbage play`: a game against the computer at the terminal, through the controller and SQLite.

An unfinished game is kept in the database and resumed the next time (unless --new or --seed); when
the options asked for differ from that game's, the command says so and how to start the asked-for one.
One Ctrl-C ends the session at once (exit status 130; SIGTERM 143, SIGHUP and a terminal that hangs up 129), the
game kept.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import shlex
import signal
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from bot.app.commands import (
    GamesAt,
)
from bot.app.shown.rule_words import said
from bot.cli.board_url import board_url, configured_board
from bot.cli.errors import UsageError, bounded, one_line
from bot.cli.numbers import seed_number
from bot.cli.paths import database_file
from bot.cli.rule_flags import add_rule_flags, differences, flag, given_rules, rules_from
from bot.cli.setting_flags import add_setting_flags, given_settings
from bot.cli.streams import input_is_closed, silence_output
from bot.config import ConfigError, load_config
from engine.computer.players import DIFFICULTIES
from engine.core.errors import excerpt
from engine.core.rules import Rules

if TYPE_CHECKING:  # the controller brings Pillow: loaded only when a game starts
    from bot.app.controller import Controller, NewGame
    from bot.app.shown.replies import Panel
    from bot.storage import DamagedGame
    from bot.storage.values import GameMeta
    from bot.terminal.local_game import PegHook

NAME_LIMIT = 40
"""The longest name at the table (Discord's display names are 32 characters at most)."""
RESUME_ENV = "CRIBBAGE_RESUME"
"""How the person started this command, when a wrapper knows better than `cribbage play` (scripts/dev.py
sets it to `python3 scripts/dev.py play`): the quit line says to run it again."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play a game against the computer at the terminal")
    p.add_argument("--difficulty", "--opponent", dest="difficulty", default=None,
                   help=f"the computer's strength: {', '.join(DIFFICULTIES)} (default from config: normal)")
    p.add_argument("--seed", type=seed_number, default=None, help="seed for a reproducible game (starts a new one)")
    p.add_argument("--name", default=None, help="your name at the table (default: your login)")
    p.add_argument("--new", action="store_true", help="start a new game even if one is unfinished")
    p.add_argument("--config", default=None, help="config file (default: $CRIBBAGE_CONFIG or ./config.toml)")
    p.add_argument("--board", default=None, metavar="PORT", type=board_url,
                   help="mirror the pegs on an LED pegboard: a serial device, or sim:// for a simulated "
                   "board drawn here (default: [board] port in the config, else none)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--db", default=None, type=database_file,
                       help="SQLite database file (default: [storage] database in the config, or "
                       "~/.local/share/cribbage/cribbage.sqlite3 without a config file)")
    where.add_argument("--memory", action="store_true",
                       help="keep the game in a throw-away database: it is gone when the command ends")
    add_rule_flags(p)
    add_setting_flags(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bot.app.controller import Controller, ControllerError, NewGame
    from bot.storage import DamagedGame, StorageError
    from bot.storage.opening import describe, open_storage
    from bot.terminal.local_game import PLACE, local_member

    if input_is_closed():  # before a game is made that no move could reach
        raise UsageError("standard input is closed: a game reads its moves from it")
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    for line in config.warnings:
        warn(f"{config.source}: {line}")
    board = args.board or configured_board(config)
    difficulty = args.difficulty or config.difficulty
    if difficulty not in DIFFICULTIES:
        raise UsageError(f"unknown difficulty {difficulty!r}; choose from {', '.join(DIFFICULTIES)}")
    rules = rules_from(args, config.rules)
    name = args.name if args.name is not None else _login()
    if not name.strip() or len(name) > NAME_LIMIT or not name.isprintable():
        raise UsageError(f"--name takes a name of 1 to {NAME_LIMIT} printable characters, not {excerpt(name)}")
    me = local_member(name)
    request = NewGame(PLACE, me, (difficulty,), rules, seed=args.seed,
                      settings=given_settings(args))
    with tempfile.TemporaryDirectory(prefix="cribbage-") as tmp:
        path = Path(tmp) / "game.sqlite3" if args.memory else Path(args.db) if args.db else None
        try:
            storage = open_storage(config, path)  # the config's PostgreSQL url, else its SQLite file
        except StorageError as exc:  # an empty or foreign file, no permission, damaged beyond opening
            raise UsageError(str(exc)) from None
        except (OSError, Exception) as exc:  # sqlite3.Error has no common base with OSError
            raise UsageError(f"cannot open the database {describe(config, path)}: {exc}") from None
        for line in storage.warnings():
            warn(line)
        controller = Controller(storage, images=False, board_url=board)
        for line in controller.statistics.warnings:  # damage the statistics' backfill passed over
            warn(line)
        try:
            with one_interrupt_stops():
                return settled(asyncio.run(_play(controller, request, args, config.rules)))
        except KeyboardInterrupt as exc:  # a stop signal while the computer thinks (at a prompt the door answers)
            return _interrupted(args, exc)
        except ControllerError as exc:  # a game that cannot start as asked (a seed out of range)
            raise UsageError(str(exc)) from None
        except DamagedGame as exc:  # its log and row disagree: never resumed from another state, nothing written
            print(f"\ncribbage play: {damaged_words(exc)}", file=sys.stderr)
            return 1
        except StorageError as exc:  # the disk full, the file damaged: the last move is not kept, the rest is
            print(f"\ncribbage play: {exc}; the game is kept as it was before: `{resume_command(args)}` goes on "
                  "once the database is fixed", file=sys.stderr)
            return 1
        finally:
            controller.close()
            storage.close()


def damaged_words(exc: DamagedGame) -> str:
    """A damaged game refused, in the catalog's words for its code, and what to do."""
    from bot.i18n import t

    what = t(f"damage.{exc.code.value}", **exc.fields)
    return (f"game {exc.fields.get('game')} is damaged ({what}): it is not resumed, and nothing was written to it; "
            "`cribbage db check` lists the damage, `cribbage db backup FILE` copies what is left, and "
            "`cribbage play --new` starts another game")


def warn(line: str) -> None:
    """A warning on one line, whatever it quotes (a config key or a file name holding an escape or a newline)."""
    print(f"cribbage play: warning: {one_line(bounded(line))}", file=sys.stderr)


def _interrupted(args: argparse.Namespace, exc: KeyboardInterrupt) -> int:
    from bot.terminal.local_game import farewell, stop_status

    try:
        print("\n" + farewell(interrupted=True, saved=not args.memory, resume=resume_command(args)), flush=True)
    except OSError:  # the terminal hung up: nobody reads the farewell
        silence_output()
    return stop_status(exc)


def settled(status: int) -> int:
    """`status`, with what is still buffered for standard output dropped when the game stopped because the terminal
    went away (writing it would fail and turn the 129 of a hang-up into a 1)."""
    if status >= 128:
        try:
            sys.stdout.flush()
        except OSError:
            silence_output()
    return status


@contextmanager
def one_interrupt_stops() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt at once, even while a prompt waits for a line. (asyncio.run's own
    handler only cancels the game's task on the first Ctrl-C, which a blocking read never notices; it
    stands aside when the handler is not Python's default.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


async def _play(controller: Controller, request: NewGame, args: argparse.Namespace, usual: Rules) -> int:
    from bot.app.controller import find_player_game
    from bot.terminal.local_game import PLACE, play_at_terminal

    resume = None
    if not args.new and args.seed is None:
        found = find_player_game(await controller.run(GamesAt(PLACE)), request.host.user)
        if found is not None:
            resume = found.id
            for line in other_options(found, args, resume_command(args), usual):
                print(line)
    return await play_at_terminal(controller, request.host, sys.stdin, sys.stdout, new=request, resume=resume,
                                  on_pegs=board_drawing(controller), resume_command=resume_command(args),
                                  saved=not args.memory, usual=usual)


def board_drawing(controller: Controller) -> PegHook | None:
    """With a simulated LED board: its drawing after each reply that changed it (a real board needs none)."""
    if not (controller.pegboard.url or "").startswith("sim://"):
        return None
    last: list[str] = []

    def draw(panel: Panel, names: Sequence[str]) -> str | None:
        drawing = controller.pegboard.drawing(names)
        if drawing is None or last[-1:] == [drawing]:
            return None
        last[:] = [drawing]
        return drawing

    return draw


def other_options(game: GameMeta, args: argparse.Namespace, command: str, usual: Rules) -> list[str]:
    """When the options given differ from the unfinished game's: which game goes on, and how to start the
    asked-for one instead. Nothing when they agree (or none were given)."""
    from bot.terminal.local_game import options_line

    rules, computer = game.rules, game.seats[1].difficulty or "other"
    changes = [(o.name, (said(o, value), flag(o, value))) for o, value in differences(given_rules(args), rules)]
    differ = [change for name, change in changes if name == "target"]  # said first, as the game's line says it
    if args.difficulty is not None and args.difficulty != computer:
        differ.append((f"the {args.difficulty} computer", f"--difficulty {shlex.quote(args.difficulty)}"))
    differ += [change for name, change in changes if name != "target"]
    if not differ:
        return []
    asked_for, options = ", ".join(a for a, _ in differ), " ".join(o for _, o in differ)
    return [f"You asked for {asked_for}, but your unfinished game {game.id} is to {rules.target} against the "
            f"{computer} computer{options_line(rules, usual)}: resuming it.",
            f"To start the game you asked for instead: {command} --new {options}"]


def resume_command(args: argparse.Namespace) -> str:
    """How to come back to this game: the wrapper's command (or `cribbage play`) with the options that
    find it again (the database and the name)."""
    words = [os.environ.get(RESUME_ENV) or "cribbage play"]
    if args.db:
        words.append(f"--db {shlex.quote(args.db)}")
    if args.name:
        words.append(f"--name {shlex.quote(args.name)}")
    if args.config:
        words.append(f"--config {shlex.quote(args.config)}")
    return " ".join(words)


def _login() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "player"
