"""`cribbage play`'s flags for a game's settings, made from their declarations (bot/settings.py, scope game): a
switch that is on by default is turned off with `--no-NAME` (off by default: `--NAME`), any other takes its value
(`--NAME VALUE`); the help is the catalog's. A new game setting needs nothing here."""

from __future__ import annotations

import argparse

from bot.cli.errors import UsageError
from bot.i18n import Lang, t
from bot.settings import Kind, Scope, Setting, SettingError, kept_for_game, settings_of

PREFIX = "setting_"
"""Where a flag's value is kept in the parsed arguments (a name apart from the rules' and the command's own)."""


def flag(s: Setting) -> str:
    name = s.name.replace("_", "-")
    if s.kind is Kind.SWITCH:
        return f"--no-{name}" if s.default else f"--{name}"
    return f"--{name}"


def add_setting_flags(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("game settings", "left out, each has its default")
    for s in settings_of(Scope.GAME):
        words = t(f"{s.key}.desc", Lang.EN)
        if s.kind is Kind.SWITCH:
            group.add_argument(flag(s), dest=PREFIX + s.name, action="store_const", const=not s.default,
                               default=None, help=f"{'off' if s.default else 'on'}: {words}")
        else:
            group.add_argument(flag(s), dest=PREFIX + s.name, default=None, metavar="VALUE", help=words)


def given_settings(args: argparse.Namespace) -> dict[str, object]:
    """The game settings on the command line, by name; a UsageError naming the flag for a value that is none."""
    given = {s.name: getattr(args, PREFIX + s.name) for s in settings_of(Scope.GAME)
             if getattr(args, PREFIX + s.name, None) is not None}
    try:
        kept_for_game(given)
    except SettingError as exc:
        raise UsageError(f"{flag_named(exc.fields.get('name', ''))}: {exc}") from None
    return given


def flag_named(name: str) -> str:
    return next((flag(s) for s in settings_of(Scope.GAME) if s.name == name), name)
