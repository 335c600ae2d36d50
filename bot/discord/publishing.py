"""Where messages go: the table message (its edits batched), new posts in the game's thread, and every seated
member's open private panel."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

import discord
from discord.utils import MISSING

from bot.app.controller import Controller
from bot.app.replies import Panel, Post, Reply, TableMessage
from bot.discord.exchange import Edit, Exchange
from bot.discord.mentions import TurnMentions
from bot.discord.views import clip, to_files, to_view
from bot.i18n import t

log = logging.getLogger(__name__)

TOKEN_LIFE = 14 * 60.0
"""An interaction token lasts 15 minutes; a private panel is refreshed through it only before that,
with a minute to spare, and an expired one is never tried."""
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)


def threads_allowed(interaction: discord.Interaction) -> bool:
    """Whether the bot may open a thread for a table where this interaction happened (Discord sends the
    bot's own permissions there with every interaction)."""
    perms = interaction.app_permissions
    return isinstance(interaction.channel, discord.TextChannel) and perms.create_public_threads \
        and perms.send_messages_in_threads


def panel_message(panel: Panel) -> dict[str, Any]:
    return {"content": clip(panel.text), "attachments": to_files([panel.image]), "view": to_view(panel.controls)}


class Panels:
    """The private panels open now, by (game, member), and how to edit each while its token lives."""

    def __init__(self) -> None:
        self.clock: Callable[[], float] = time.monotonic
        self._open: dict[tuple[str, str], tuple[float, Edit]] = {}

    def remember(self, game: str, user: str, edit: Edit) -> None:
        self._open[(game, user)] = (self.clock(), edit)

    def is_open(self, game: str, user: str) -> bool:
        return (game, user) in self._open

    async def show(self, ask: Exchange, panel: Panel | None, lead: str = "") -> None:
        """A panel as the answer to `ask`, remembered so later changes refresh it."""
        if panel is None:
            await ask.say(lead.strip() or t("adapter.no_hand", ask.lang))
            return
        message = panel_message(panel)
        edit = await ask.say(lead + message["content"], files=message["attachments"], view=message["view"])
        if panel.game:
            await self.close(panel.game, panel.user, t("adapter.panel_moved", ask.lang))
            self.remember(panel.game, panel.user, edit)

    async def close(self, game: str, user: str, line: str) -> None:
        """The member's open panel of `game`, if any, becomes `line` with no controls and is forgotten: a panel
        that a newer one replaced (or that of a member who left) never offers a press that would be refused."""
        opened = self._open.pop((game, user), None)
        if opened is None or self.clock() - opened[0] > TOKEN_LIFE:
            return
        try:
            await opened[1](content=line, attachments=[], view=None)
        except discord.HTTPException:
            log.warning("could not close the old panel of %s in game %s", user, game)

    async def refresh(self, game: str, panels: Sequence[Panel], but: str | None = None,
                      finished: bool = False) -> None:
        """Show the seated members of `game` their fresh panels in the ones they have open (but `but`'s,
        which the caller edits itself); an expired or failing one is forgotten."""
        for panel in panels:
            key = (game, panel.user)
            if panel.user == but or key not in self._open:
                continue
            shown, edit = self._open[key]
            if self.clock() - shown > TOKEN_LIFE:
                del self._open[key]
                continue
            try:
                await edit(**panel_message(panel))
            except discord.HTTPException:
                log.warning("could not refresh the panel of %s in game %s; forgetting it", panel.user, game)
                self._open.pop(key, None)
        if finished:
            for key in [k for k in self._open if k[0] == game]:
                del self._open[key]


class TableEditor:
    """Batches edits of table messages: at most one edit per game per `interval` seconds, always
    with the newest table, so a fast game never trips Discord's rate limits. Each submission names
    where the table message is (from the reply), so an edit asks nobody."""

    def __init__(self, edit: Callable[[str, str, TableMessage], Awaitable[None]], interval: float = 1.0) -> None:
        self._edit = edit
        self.interval = interval
        self._pending: dict[str, tuple[str, str, TableMessage]] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def submit(self, game_id: str, place: str, message: str, table: TableMessage) -> None:
        self._pending[game_id] = (place, message, table)
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.create_task(self._run(game_id), name=f"table-{game_id}")

    async def _run(self, game_id: str) -> None:
        try:
            while game_id in self._pending:
                place, message, table = self._pending.pop(game_id)
                try:
                    await self._edit(place, message, table)
                except Exception:  # a failed edit must not stop later ones
                    log.exception("editing the table of game %s failed", game_id)
                await asyncio.sleep(self.interval)
        finally:
            self._tasks.pop(game_id, None)

    async def flush(self) -> None:
        """Wait until every submitted table has been edited (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)


class Publisher:
    """The public side of replies: the table message (batched edits), new posts, and every other
    seated member's open panel, all from what the reply carries."""

    def __init__(self, client: discord.Client, controller: Controller, panels: Panels,
                 edit_interval: float = 1.0) -> None:
        self.client = client
        self.controller = controller
        self.panels = panels
        self.editor = TableEditor(self._edit_table, edit_interval)
        self.mentions = TurnMentions(client, controller)

    async def publish(self, reply: Reply, but: str | None = None) -> None:
        """The table edit, the posts in order, then the open panels of everyone but `but`."""
        if reply.game is None:
            return
        place, message = reply.place, reply.message
        if reply.table is not None and place and message:
            self.editor.submit(reply.game, place, message, reply.table)
        if place:
            await self.post(place, reply.posts)
        await self.mentions.update(reply)
        await self.panels.refresh(reply.game, reply.panels, but, finished=reply.finished)

    async def post(self, place: str, posts: Sequence[Post]) -> None:
        channel = self.client.get_partial_messageable(int(place))
        for post in posts:
            mention = "".join(f"<@{u}> " for u in post.mentions if u.isdigit())
            await channel.send(clip(mention + post.text), files=to_files(post.files) or MISSING,
                               view=to_view(post.controls) or MISSING, allowed_mentions=MENTIONS)

    async def open_table(self, interaction: discord.Interaction, reply: Reply, title: str) -> str:
        """Post the table in a new thread when the bot may open one (else where the interaction was),
        record where, and post what else the reply has; the place's mention."""
        assert reply.game is not None and reply.table is not None
        target: Any = interaction.channel
        if threads_allowed(interaction):
            assert isinstance(target, discord.TextChannel)
            target = await target.create_thread(name=f"cribbage: {title}"[:100],
                                                type=discord.ChannelType.public_thread, auto_archive_duration=1440)
        table = reply.table
        message = await target.send(clip(table.text), files=to_files(table.images) or None,
                                    view=to_view(table.controls))
        await self.controller.set_message(reply.game, str(target.id), str(message.id))
        await self.post(str(target.id), reply.posts)
        await self.mentions.update(replace(reply, place=str(target.id)))
        return str(target.mention)

    async def _edit_table(self, place: str, message: str, table: TableMessage) -> None:
        partial = self.client.get_partial_messageable(int(place)).get_partial_message(int(message))
        await partial.edit(content=clip(table.text), attachments=to_files(table.images),
                           view=to_view(table.controls))
