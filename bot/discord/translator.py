"""discord.py's translator for the /cribbage commands, answering from the message catalog.

The texts are `bot.i18n.command_text`'s; this module only finds the catalog key of each command,
parameter and choice string discord.py asks about: a `key=` extra on a `locale_str`, else the
command's qualified name (`cmd.cribbage.table.start.desc`, `param.cribbage.table.start.players.desc`).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import Lang, as_lang, command_key, command_text

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)


def context_key(location: Where, data: Any) -> str | None:
    """The catalog key a translation context points at, from the command's qualified name."""
    try:
        if location in (Where.command_name, Where.group_name):
            return command_key(data.qualified_name) + ".name"
        if location in (Where.command_description, Where.group_description):
            return command_key(data.qualified_name) + ".desc"
        if location in (Where.parameter_name, Where.parameter_description):
            part = "name" if location is Where.parameter_name else "desc"
            return f"{command_key(data.command.qualified_name)}.{data.name}.{part}".replace("cmd.", "param.", 1)
    except AttributeError:
        return None
    return None


class CatalogTranslator(app_commands.Translator):
    """Install with `await tree.set_translator(CatalogTranslator())` before `tree.sync()`."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = as_lang(locale.value if isinstance(locale, discord.Locale) else str(locale))
        if lang is Lang.EN:
            return None
        key = string.extras.get("key") or context_key(context.location, context.data)
        return command_text(key, string.message, lang, name=context.location in NAMES)
