"""The daily hand's door: a member's pick in a daily select, answered privately, and the post's count of answers
edited for everyone (at most one edit a post per interval, always the newest count). The day's post and its close
are timed channel posts (bot/app/companion/calendar.py, sent by bot/discord/channel_posts.py)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.app.commands import AnswerDaily, DailyOpen
from bot.app.companion.daily_values import DailyShown
from bot.app.controller import Controller
from bot.app.shown.ids import ComponentId
from bot.app.shown.replies import LiveMessage
from bot.discord.exchange import Exchange
from bot.discord.publishing import LiveEditor
from bot.discord.views import clip, to_view


class DailyDoor:
    """Answers the picks in daily selects."""

    def __init__(self, controller: Controller, client: discord.Client, edit_interval: float = 1.0) -> None:
        self.controller = controller
        self.client = client
        self.editor = LiveEditor(self._edit, edit_interval)
        """The posts' counts, edited in order and batched, by server and day."""
        self._posts: dict[str, tuple[str, str]] = {}
        """A post's message -> its server and day (while its count is being edited)."""

    async def on_answer(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """A pick: the member's own answer privately; the post's count for everyone."""
        await ask.think()
        guild = str(ask.interaction.guild_id) if ask.interaction.guild_id is not None else ""
        done = await self.controller.run(AnswerDaily(guild, ask.user.user, cid.game, cid.version, tuple(values),
                                                     ask.lang))
        await ask.answer(done.answer)
        if done.post is not None:
            self.submit(done.post)

    def submit(self, post: DailyShown) -> None:
        self._posts[post.message] = (post.guild, post.day)
        self.editor.submit(f"daily:{post.guild}:{post.day}", post.channel, post.message,
                           LiveMessage(post.text, (), post.controls))

    async def _edit(self, channel: str, message: str, table: LiveMessage) -> None:
        """The post's words and its select (its picture stays); never once the post has closed, so a count that
        waited its turn cannot bring the select back over the close."""
        guild, day = self._posts.pop(message, ("", ""))
        if not await self.controller.run(DailyOpen(guild, day)):
            return
        partial = self.client.get_partial_messageable(int(channel)).get_partial_message(int(message))
        await partial.edit(content=clip(table.text), view=to_view(table.controls))
