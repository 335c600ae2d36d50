"""The daily hand's door: a member's pick in a daily select (answered privately; the post's count of answers
edited, at most once a post per interval), and the timed posts and closes the sweep finds due (sent or edited here,
then reported to the controller, which finishes their claims)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord
from discord.utils import MISSING

from bot.app.commands import AnswerDaily, DailyClosed, DailyDue, DailyPosted
from bot.app.companion.daily import DailyShown
from bot.app.controller import Controller
from bot.app.shown.ids import ComponentId
from bot.app.shown.replies import TableMessage
from bot.discord.exchange import Exchange
from bot.discord.publishing import TableEditor
from bot.discord.views import clip, to_files, to_view
from bot.i18n import Lang, pick_lang
from bot.shards import Shards

log = logging.getLogger(__name__)


class DailyDoor:
    """Answers daily picks and publishes the daily posts and closes."""

    def __init__(self, controller: Controller, client: discord.Client, shards: Shards,
                 edit_interval: float = 1.0) -> None:
        self.controller = controller
        self.client = client
        self.shards = shards
        self.editor = TableEditor(self._edit, edit_interval)
        """Edits of a post (its count, then its close) in order, keyed by server and day."""

    async def on_answer(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """A pick: the member's own answer privately; the post's count for everyone."""
        await ask.think()
        guild = str(ask.interaction.guild_id) if ask.interaction.guild_id is not None else ""
        done = await self.controller.run(AnswerDaily(guild, ask.user.user, cid.game, cid.version, tuple(values),
                                                     ask.lang, ask.public_lang))
        await ask.answer(done.answer)
        if done.post is not None:
            self.submit(done.post)

    def submit(self, post: DailyShown) -> None:
        self.editor.submit(f"daily:{post.guild}:{post.day}", post.channel, post.message,
                           TableMessage(post.text, (), post.controls))

    async def _edit(self, channel: str, message: str, table: TableMessage) -> None:
        """The post's words and its select (none at the close); its picture stays."""
        partial = self.client.get_partial_messageable(int(channel)).get_partial_message(int(message))
        await partial.edit(content=clip(table.text), view=to_view(table.controls))

    def lang_of(self, guild: str) -> Lang:
        """A server's language, for what is posted with no interaction to read it from."""
        found = self.client.get_guild(int(guild)) if guild.isdigit() else None
        return pick_lang(None, found.preferred_locale.value if found is not None else None, public=True)

    async def sweep(self) -> None:
        """The closes and posts due now that this process claimed: each sent or edited, then reported."""
        for work in await self.controller.run(DailyDue(self.shards.owns, self.lang_of)):
            try:
                if work.close:
                    self.submit(work)
                    await self.editor.flush()
                    await self.controller.run(DailyClosed(work.guild, work.day))
                else:
                    channel = self.client.get_partial_messageable(int(work.channel))
                    sent = await channel.send(clip(work.text), files=to_files(work.files) or MISSING,
                                              view=to_view(work.controls) or MISSING)
                    await self.controller.run(DailyPosted(work.guild, work.day, str(sent.id)))
            except discord.HTTPException as exc:  # its claim runs out and a later sweep tries again
                log.warning("the daily hand of %s in server %s could not be published: %s", work.day, work.guild,
                            exc)
