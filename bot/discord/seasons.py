"""/cribbage season [number]: a server's ended season's final standings, shown again (the season's end posts them
by itself: bot/discord/channel_posts.py)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app.commands import SeasonStandings
from bot.app.controller import Controller
from bot.discord.exchange import Exchange
from bot.discord.words import Feature, command
from bot.i18n import t

SEASON_MOST = 10**6


class SeasonDoor:
    def __init__(self, controller: Controller) -> None:
        self.controller = controller

    async def season(self, ask: Exchange, number: int | None) -> None:
        if ask.interaction.guild is None:
            await ask.say(t("stats.server_only", ask.lang))
            return
        await ask.think(private=False)
        await ask.answer(await self.controller.run(SeasonStandings(str(ask.interaction.guild.id), number,
                                                                   ask.public_lang)))


class SeasonFeature(Feature):
    """/cribbage season: hands its interaction to the seasons door."""

    def __init__(self, door: SeasonDoor) -> None:
        super().__init__("season")
        self.door = door

    @command("cribbage season")
    async def season(self, interaction: discord.Interaction,
                     number: app_commands.Range[int, 1, SEASON_MOST] | None = None) -> None:
        await self.door.season(Exchange.of(interaction), number)
