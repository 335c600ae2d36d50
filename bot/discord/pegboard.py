"""/cribbage board status|show|auto: the LED pegboard the bot drives, and what it shows."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app.commands import (
    BoardFollow,
    BoardShowHere,
    BoardStatus,
)
from bot.app.controller import Controller
from bot.discord.exchange import Exchange
from bot.i18n import t


class BoardDoor:
    """The LED pegboard the bot drives: whether it works, and what it shows."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller

    async def status(self, ask: Exchange) -> None:
        await ask.say(await self.controller.run(BoardStatus(ask.lang)))

    async def show(self, ask: Exchange) -> None:
        """The LED board follows the game going on in this channel or thread (else its real table)."""
        await ask.say(await self.controller.run(BoardShowHere(str(ask.interaction.channel_id), ask.lang)))

    async def auto(self, ask: Exchange) -> None:
        await self.controller.run(BoardFollow(None, ask.lang))
        await ask.say(t("board.auto", ask.lang))


class BoardGroup(app_commands.Group):
    """/cribbage board status|show|auto: the LED pegboard the bot drives, and what it shows."""

    def __init__(self, door: BoardDoor) -> None:
        super().__init__(name="board", description="The LED pegboard")
        self.door = door

    @app_commands.command(name="status", description="Whether the LED pegboard works, and what it shows")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.door.status(Exchange.of(interaction))

    @app_commands.command(name="show", description="Show the game going on here on the LED pegboard")
    async def show(self, interaction: discord.Interaction) -> None:
        await self.door.show(Exchange.of(interaction))

    @app_commands.command(name="auto", description="Show whichever game or table moved last")
    async def auto(self, interaction: discord.Interaction) -> None:
        await self.door.auto(Exchange.of(interaction))
