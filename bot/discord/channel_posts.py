"""The timed posts' door (bot/app/companion/calendar.py): each post due is sent to its channel (or its earlier
message edited) and its message's id said back, which finishes the work. A channel the bot cannot post in any more
(deleted, or its permission taken away) gives the work up, logged, rather than trying again every sweep."""

from __future__ import annotations

import logging

import discord
from discord.utils import MISSING

from bot.app.commands import DuePosts, PostDone
from bot.app.controller import Controller
from bot.app.shown.replies import ChannelPost
from bot.discord.views import clip, to_files, to_view

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


class ChannelPoster:
    """Sends what the calendar has due, once a sweep."""

    def __init__(self, client: discord.Client, controller: Controller) -> None:
        self.client = client
        self.controller = controller

    async def post_due(self, owns: DuePosts) -> int:
        """Every post due now of the servers this process owns; how many were sent."""
        sent = 0
        for post in await self.controller.run(owns):
            try:
                message = await self.send(post)
            except (discord.NotFound, discord.Forbidden) as exc:
                log.warning("could not post %s in channel %s; giving it up: %s", post.key, post.channel, exc)
                message = ""
            except discord.HTTPException as exc:  # Discord's trouble: the claim lapses and it is tried again
                log.warning("could not post %s in channel %s yet: %s", post.key, post.channel, exc)
                continue
            await self.controller.run(PostDone(post.key, message))
            sent += 1 if message else 0
        return sent

    async def send(self, post: ChannelPost) -> str:
        channel = self.client.get_partial_messageable(int(post.channel))
        if post.edit:
            await channel.get_partial_message(int(post.edit)).edit(
                content=clip(post.text), attachments=to_files(post.files), view=to_view(post.controls))
            return post.edit
        message = await channel.send(clip(post.text), files=to_files(post.files) or MISSING,
                                     view=to_view(post.controls) or MISSING, allowed_mentions=NO_MENTIONS)
        return str(message.id)
