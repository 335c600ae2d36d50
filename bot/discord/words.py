"""A slash command's words, from the message catalog only: its English description and its parameters' (what
Discord shows by default) are the catalog's `cmd.*.desc` and `param.*.desc`, and the translator gives the other
languages from the same keys; nothing is written twice."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from discord import app_commands
from discord.app_commands.commands import CommandCallback, GroupT

from bot.discord.declared_options import DESCRIPTIONS
from bot.i18n import Lang, command_key, has, t


def description(qualified: str) -> str:
    """'cribbage table start' -> its English description."""
    return t(command_key(qualified) + ".desc", Lang.EN)


P = ParamSpec("P")
T = TypeVar("T")


def command(qualified: str) -> Callable[[CommandCallback[GroupT, P, T]], app_commands.Command[GroupT, P, T]]:
    """`app_commands.command` named by the last word of `qualified`, its description and each parameter's with a
    catalog key taken from the catalog (options made by other decorators keep theirs)."""

    def make(callback: CommandCallback[GroupT, P, T]) -> app_commands.Command[GroupT, P, T]:
        base = command_key(qualified).replace("cmd.", "param.", 1)
        found = {name: t(f"{base}.{name}.desc", Lang.EN) for name in inspect.signature(callback).parameters
                 if has(f"{base}.{name}.desc")}
        given = getattr(callback, DESCRIPTIONS, {})
        setattr(callback, DESCRIPTIONS, {**found, **given})
        return app_commands.command(name=qualified.split()[-1], description=description(qualified))(callback)

    return make


class Feature(app_commands.Group):
    """One feature's /cribbage subcommands, as discord.py lays out a feature: a group whose decorated methods are
    the commands' handlers (bound to the feature, which holds its door). The /cribbage group takes them in
    (`CribbageGroup`), so a member types /cribbage NAME; the feature's own name is never shown."""

    def __init__(self, name: str) -> None:
        super().__init__(name=name, description=name)
