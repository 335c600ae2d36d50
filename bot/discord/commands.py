"""The /cribbage command: its subcommands, gathered from each feature's module (games, learning, a real
table's score, the LED board), and the one place their errors are answered."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.events import EventGroup
from bot.discord.exchange import Exchange
from bot.discord.game_door import GameFeature
from bot.discord.learning import LearningFeature
from bot.discord.options import OutOfRange
from bot.discord.pegboard import BoardGroup
from bot.discord.seasons import SeasonFeature
from bot.discord.settings import SettingsFeature
from bot.discord.tables import TableGroup
from bot.discord.words import description
from bot.i18n import t

if TYPE_CHECKING:
    from bot.discord.front import DiscordFront


class CribbageGroup(app_commands.Group):
    """/cribbage play|hand|resign|seat|end|record|score|analyze|rules|practice|review|stats|leaderboard|daily|
    season|settings|mentions|table|board|event."""

    def __init__(self, front: DiscordFront) -> None:
        super().__init__(name="cribbage", description=description("cribbage"), guild_only=True)
        self.front = front
        features = (GameFeature(front.games), LearningFeature(front.learn), SeasonFeature(front.seasons),
                    SettingsFeature(front.settings))
        for feature in features:  # each feature's commands, bound to it, as /cribbage's own subcommands
            for command in feature.commands:
                self.add_command(command)
        self.add_command(TableGroup(front.tables))
        self.add_command(BoardGroup(front.board))
        self.add_command(EventGroup(front.events))

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """An option out of its bounds gets a friendly private answer; anything else is a failure."""
        if isinstance(error, OutOfRange):
            ask = Exchange.of(interaction)
            await ask.say(t("adapter.out_of_range", ask.lang, value=error.value, low=error.low, high=error.high))
            return
        await self.front.report_failure(interaction, error)
