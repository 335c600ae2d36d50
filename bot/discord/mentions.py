"""Turn mentions: in a game with two or more people, a short public message in the game's thread mentions each
member whose move or answer is awaited, and is deleted once they are no longer awaited (they acted, the game
ended, their seat was handed over). /cribbage settings (a server's, Manage Server) and /cribbage mentions (a
member's own, bot/discord/settings.py) turn them off.

Who is awaited is the application's (`Reply.awaited`); whether they are told, its settings'. Here: at most one
pending mention per member per game, each sent and deleted once, one game's changes in order (a lock a game);
discord.py waits out Discord's rate limits on each request."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.app.commands import WhomToMention
from bot.app.controller import Controller
from bot.app.shown.replies import Reply
from bot.discord.views import clip

log = logging.getLogger(__name__)



class TurnMentions:
    """The pending mentions this process posted, by game and member: where each is, to delete it."""

    def __init__(self, client: discord.Client, controller: Controller) -> None:
        self.client = client
        self.controller = controller
        self._pending: dict[str, dict[str, tuple[str, int]]] = {}
        """game -> member -> (the thread, the mention's message id)."""
        self._locks: dict[str, asyncio.Lock] = {}

    def pending(self, game: str) -> dict[str, int]:
        """member -> the id of their pending mention in `game`."""
        return {user: message for user, (_, message) in self._pending.get(game, {}).items()}

    async def update(self, reply: Reply, ping: bool = True) -> None:
        """After a published change: mention the newly awaited members, delete the mentions of the others.
        `ping` False: the mentions are posted without notifying (the game's start post has just pinged them)."""
        game = reply.game
        if game is None:
            return
        async with self._locks.setdefault(game, asyncio.Lock()):
            awaited = {a.user: a.text for a in reply.awaited} if reply.place and not reply.finished else {}
            wanted = set(await self.controller.run(WhomToMention(reply.guild, list(awaited)))) if awaited else set()
            mine = self._pending.setdefault(game, {})
            for user in [u for u in mine if u not in wanted]:
                await self._delete(game, user, *mine.pop(user))
            for user, text in awaited.items():
                if user in wanted and user not in mine and user.isdigit():
                    sent = await self._send(game, reply.place, user, text, ping)
                    if sent is not None:
                        mine[user] = (reply.place, sent)
            if not mine:
                del self._pending[game]
        if reply.finished:
            self._locks.pop(game, None)

    async def _send(self, game: str, place: str, user: str, text: str, ping: bool) -> int | None:
        """The mention's message id; None when it could not be sent."""
        channel = self.client.get_partial_messageable(int(place))
        only = discord.AllowedMentions(everyone=False, roles=False,
                                       users=[discord.Object(int(user))] if ping else False)
        try:
            message = await channel.send(clip(f"<@{user}> {text}"), allowed_mentions=only)
        except discord.HTTPException:
            log.warning("could not mention %s in game %s", user, game)
            return None
        return message.id

    async def _delete(self, game: str, user: str, place: str, message: int) -> None:
        try:
            await self.client.get_partial_messageable(int(place)).get_partial_message(message).delete()
        except discord.HTTPException:  # deleted by a moderator already, or the thread is gone
            log.warning("could not delete the mention of %s in game %s", user, game)
