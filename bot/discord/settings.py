"""/cribbage settings (a server's, with Manage Server) and /cribbage mentions (a member's own), made from the settings'
declarations (bot/settings.py): one Discord option a server setting, its description and choices' names from the
catalog. With no option given, the command shows the values; a new server setting needs nothing here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import discord
from discord import app_commands

from bot.app.commands import ChangeSetting, ShowSettings
from bot.app.controller import Controller
from bot.discord.declared_options import Callback, DeclaredOption, with_declared_options
from bot.discord.exchange import Exchange
from bot.discord.words import Feature, command
from bot.i18n import Lang, t
from bot.settings import Kind, Scope, Setting, settings_of

NO_SETTINGS: Mapping[str, object] = MappingProxyType({})
MARK = "given"
"""The callback's parameter that the settings' options replace."""
SWITCH = [app_commands.Choice(name=app_commands.locale_str(t(f"choice.switch.{w}", Lang.EN), key=f"choice.switch.{w}"),
                              value=w) for w in ("on", "off")]


def _annotation(s: Setting) -> Any:
    if s.kind is Kind.SWITCH and s.scope is Scope.GAME:  # a game's: a yes-or-no, beside the rules' options
        return bool | None
    if s.kind is Kind.NUMBER:
        return app_commands.Range[int, s.low, s.high] | None
    if s.kind is Kind.CHANNEL:  # as Discord resolves it, whatever this process's cache holds
        return app_commands.AppCommandChannel | None
    return app_commands.Choice[str] | None


def _choices(s: Setting) -> list[app_commands.Choice[str]]:
    """On and off for a server's or member's switch, a choice's words; a game's switch is a yes-or-no (no choices)."""
    if s.kind is Kind.SWITCH:
        return SWITCH if s.scope is not Scope.GAME else []
    return [app_commands.Choice(name=app_commands.locale_str(t(f"{s.key}.choice.{c}", Lang.EN),
                                                             key=f"{s.key}.choice.{c}"), value=c) for c in s.choices]


def with_setting_options(scope: Scope) -> Callable[[Callback], Callback]:
    """The callback with its `given` parameter replaced by one optional Discord option per setting of `scope`; it
    is handed the values given, by name (a channel by its id)."""
    return with_declared_options(MARK, [
        DeclaredOption(s.name, _annotation(s), app_commands.locale_str(t(f"{s.key}.desc", Lang.EN),
                                                                       key=f"{s.key}.desc"), _choices(s))
        for s in settings_of(scope)])


class SettingsDoor:
    """The settings commands' handlers."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller

    async def server(self, ask: Exchange, given: Mapping[str, object]) -> None:
        i = ask.interaction
        if i.guild is None:
            await ask.say(t("adapter.guild_only", ask.lang))
            return
        guild = str(i.guild.id)
        if not given:
            await ask.say((await self.controller.run(ShowSettings(Scope.SERVER, guild, ask.lang))).text)
            return
        if not i.permissions.manage_guild:
            await ask.say(t("settings.need_manage", ask.lang))
            return
        lines = [(await self.controller.run(ChangeSetting(Scope.SERVER, guild, name, value, ask.lang))).text
                 for name, value in given.items()]
        await ask.say("\n".join(lines))

    async def member(self, ask: Exchange, name: str, value: object) -> None:
        answer = await self.controller.run(ChangeSetting(Scope.MEMBER, ask.user.user, name, value, ask.lang))
        await ask.say(answer.text)


class SettingsFeature(Feature):
    """/cribbage settings and /cribbage mentions: each hands its interaction to the settings door."""

    def __init__(self, door: SettingsDoor) -> None:
        super().__init__("settings")
        self.door = door

    @command("cribbage settings")
    @with_setting_options(Scope.SERVER)
    async def settings(self, interaction: discord.Interaction, given: Mapping[str, object] = NO_SETTINGS) -> None:
        await self.door.server(Exchange.of(interaction), given)

    @command("cribbage mentions")
    @app_commands.choices(state=SWITCH)
    async def mentions(self, interaction: discord.Interaction, state: app_commands.Choice[str]) -> None:
        await self.door.member(Exchange.of(interaction), "mentions", state.value)
