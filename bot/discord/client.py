"""The bot process: the client, its command tree, and what it starts and stops."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import aiohttp
import discord
from discord import app_commands

from bot.app.controller import Controller
from bot.config import Config
from bot.discord.commands import CribbageGroup
from bot.discord.front import SWEEP_SECONDS, DiscordFront
from bot.discord.translator import CatalogTranslator
from bot.discord.views import GameButton, GameSelect


class CribbageTree(app_commands.CommandTree["CribbageBot"]):
    """The command tree; an interaction delivered twice is answered once."""

    async def interaction_check(self, interaction: discord.Interaction[CribbageBot], /) -> bool:
        return self.client.front.first_delivery(interaction)


class CribbageBot(discord.AutoShardedClient):
    """The bot process. Sharded when the config says so (shard_count), else Discord's recommendation; with
    shard_ids it runs only those, and other processes on the same database run the rest (docs/deploy.md).

    No privileged intents: members are known from what each interaction carries (or fetched).
    """

    def __init__(self, config: Config, controller: Controller, *, edit_interval: float = 1.0,
                 sweep_every: float = SWEEP_SECONDS) -> None:
        shards: dict[str, Any] = {"shard_ids": list(config.shard_ids)} if config.shard_ids else {}
        super().__init__(intents=discord.Intents.default(), shard_count=config.shard_count, **shards)
        self.config = config
        self.front = DiscordFront(controller, config, self, edit_interval)
        self.tree = CribbageTree(self)
        self.tree.add_command(CribbageGroup(self.front))
        self.sweep_every = sweep_every
        self._sweeper: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        await self.front.controller.warm()
        await self.tree.set_translator(CatalogTranslator())
        # buttons and selects from before a restart keep working: they are matched by template
        self.add_dynamic_items(GameButton, GameSelect)
        if self.config.dev_guild is not None:
            guild = discord.Object(id=self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._sweeper = asyncio.create_task(self.front.sweep_forever(self.sweep_every), name="cribbage-sweep")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every number pad's submission, whether this process still holds the modal or not."""
        if interaction.type is discord.InteractionType.modal_submit:
            await self.front.on_modal(interaction)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await self.front.editor.flush()
        await self.front.daily.editor.flush()
        await super().close()


class DiscordUnreachable(Exception):
    """Discord could not be reached (the network, or its gateway): the message says what failed."""


class TokenRefused(Exception):
    """Discord refused the bot's token."""


def run_bot(client: CribbageBot, token: str) -> None:
    """Run until stopped. Discord's refusals come out as this door's own errors, so the command line that
    starts the bot names them without knowing discord.py."""
    try:
        client.run(token, log_level=logging.INFO)
    except discord.LoginFailure:
        raise TokenRefused() from None
    except (OSError, aiohttp.ClientError, discord.GatewayNotFound) as exc:  # ClientConnectorError is both
        raise DiscordUnreachable(str(exc) or type(exc).__name__) from exc
