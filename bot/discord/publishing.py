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

from bot.app.commands import (
    GameMessage,
    SetMessage,
)
from bot.app.controller import Controller
from bot.app.shown.replies import LiveMessage, Panel, Post, Reply
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


class LiveEditor:
    """Batches edits of table messages: at most one edit per game per `interval` seconds, always
    with the newest table, so a fast game never trips Discord's rate limits. Each submission names
    where the table message is (from the reply), so an edit asks nobody; once the table was posted anew
    (`moved`), a submission naming an older message goes to the new one, and none edits the old again."""

    def __init__(self, edit: Callable[[str, str, LiveMessage], Awaitable[None]], interval: float = 1.0) -> None:
        self._edit = edit
        self.interval = interval
        self._pending: dict[str, tuple[str, str, LiveMessage, int]] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._editing: dict[str, asyncio.Future[None]] = {}
        """The edit in flight, by game."""
        self._moves: dict[str, tuple[str, set[str], int]] = {}
        """By game: the message that holds its table now, those that held it before, and the version of the
        table it was posted with."""
        self._done: set[str] = set()
        """Finished games: their moves are forgotten once their last edit is made."""

    def where(self, game_id: str, message: str) -> str:
        """The message that holds the game's table now: `message`, unless the table has moved since."""
        moved = self._moves.get(game_id)
        return moved[0] if moved is not None and message in moved[1] else message

    def submit(self, game_id: str, place: str, message: str, table: LiveMessage, version: int = 0) -> None:
        moved, pending = self._moves.get(game_id), self._pending.get(game_id)
        if version and (moved is not None and version < moved[2] or pending is not None and version < pending[3]):
            return  # older than the table posted anew, or than the one waiting to be drawn
        self._pending[game_id] = (place, self.where(game_id, message), table, version)
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.create_task(self._run(game_id), name=f"table-{game_id}")

    async def moved(self, game_id: str, old: str, new: str, version: int) -> None:
        """The table is posted anew in `new` (at `version`): a pending edit as old or older is dropped, a newer
        one goes to `new`; returns once no edit of `old` is in flight, so `old` may be rewritten."""
        before = self._moves.get(game_id)
        self._moves[game_id] = (new, {*(before[1] if before else ()), old}, version)
        pending = self._pending.get(game_id)
        if pending is not None:
            if pending[3] <= version:
                del self._pending[game_id]
            else:
                self._pending[game_id] = (pending[0], self.where(game_id, pending[1]), pending[2], pending[3])
        editing = self._editing.get(game_id)
        if editing is not None:
            await asyncio.wait([editing])

    def finish(self, game_id: str) -> None:
        """The game is over: forget where its table went once its last edit is made."""
        if game_id in self._tasks:
            self._done.add(game_id)
        else:
            self._moves.pop(game_id, None)

    async def _run(self, game_id: str) -> None:
        try:
            while game_id in self._pending:
                place, message, table, _ = self._pending.pop(game_id)
                editing = asyncio.ensure_future(self._edit(place, message, table))
                self._editing[game_id] = editing
                try:
                    await editing
                except Exception:  # a failed edit must not stop later ones
                    log.exception("editing the table of game %s failed", game_id)
                finally:
                    self._editing.pop(game_id, None)
                await asyncio.sleep(self.interval)
        finally:
            self._tasks.pop(game_id, None)
            if game_id in self._done:
                self._done.discard(game_id)
                self._moves.pop(game_id, None)

    async def flush(self) -> None:
        """Wait until every submitted table has been edited (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)


class Publisher:
    """The public side of replies: the table message (batched edits), new posts, and every other
    seated member's open panel, all from what the reply carries.

    The live table stays the newest message of its place: after a reply's posts, while the game goes on, it is
    posted anew below them, and the old table message becomes the reply's first post (a show, a seat handed
    over) or, when that post must notify someone (an edit notifies nobody), a short line saying the table moved.
    A deal thus costs one new public message, and the thread reads as the deals' shows with the table under
    them."""

    def __init__(self, client: discord.Client, controller: Controller, panels: Panels,
                 edit_interval: float = 1.0) -> None:
        self.client = client
        self.controller = controller
        self.panels = panels
        self.editor = LiveEditor(self._edit_live, edit_interval)
        self._moving: dict[str, asyncio.Lock] = {}
        self.mentions = TurnMentions(client, controller)

    async def publish(self, reply: Reply, but: str | None = None) -> None:
        """The table edit (or the table posted anew below the posts), the posts in order, then the open panels
        of everyone but `but`."""
        if reply.game is None:
            return
        place, message = reply.place, reply.message
        if reply.posts and place and message and not reply.finished:
            await self.below(reply.game, place, message, reply.posts, reply.live, reply.version)
        else:
            if reply.live is not None and place and message:
                self.editor.submit(reply.game, place, message, reply.live, reply.version)
            if place:
                await self.post(place, reply.posts)
            if reply.finished:
                self.editor.finish(reply.game)
                self._moving.pop(reply.game, None)
        await self.mentions.update(reply)
        await self.panels.refresh(reply.game, reply.panels, but, finished=reply.finished)

    async def below(self, game: str, place: str, message: str, posts: Sequence[Post], table: LiveMessage | None,
                    version: int) -> None:
        """`posts`, then the table posted anew under them; the old table message becomes the first post (or the
        short 'moved' line). One game's moves go one at a time, so two never retire the same message."""
        lock = self._moving.setdefault(game, asyncio.Lock())
        async with lock:
            if table is None:  # a reply that did not draw the table (a reminder): the table as it is now
                current = await self.controller.run(GameMessage(game))
                table, version = current.live, current.version
            old = self.editor.where(game, message)
            if table is None:
                await self.post(place, posts)
                return
            first = posts[0] if not posts[0].mentions else None  # an edit would notify nobody
            await self.post(place, posts[1:] if first is not None else posts)
            channel = self.client.get_partial_messageable(int(place))
            sent = await channel.send(clip(table.text), files=to_files(table.images) or MISSING,
                                      view=to_view(table.controls) or MISSING)
            new = str(sent.id)
            await self.controller.run(SetMessage(game, place, new))
            await self.editor.moved(game, old, new, version)
            await self._retire(place, old, first, table.moved)

    async def _retire(self, place: str, message: str, post: Post | None, moved: str) -> None:
        """The old table message becomes `post` (else the 'moved' line): no table, no controls. A post whose
        edit fails is posted anew rather than lost."""
        partial = self.client.get_partial_messageable(int(place)).get_partial_message(int(message))
        try:
            if post is None:
                await partial.edit(content=clip(moved or "↓"), attachments=[], view=None)
            else:
                await partial.edit(content=clip(post.text), attachments=to_files(post.files),
                                   view=to_view(post.controls))
        except discord.HTTPException:
            log.warning("could not rewrite the old table message %s in %s", message, place)
            if post is not None:
                await self.post(place, (post,))

    async def post(self, place: str, posts: Sequence[Post]) -> None:
        channel = self.client.get_partial_messageable(int(place))
        for post in posts:
            mention = "".join(f"<@{u}> " for u in post.mentions if u.isdigit())
            await channel.send(clip(mention + post.text), files=to_files(post.files) or MISSING,
                               view=to_view(post.controls) or MISSING, allowed_mentions=MENTIONS)

    async def open_live(self, interaction: discord.Interaction, reply: Reply, title: str,
                         start: Post) -> tuple[str, str]:
        """Open the game's place: a new thread when the bot may open one (else where the interaction was). In it,
        what the reply posts (the cut), `start` (it names every seated member, which also adds them to the
        thread), and the table last; record where. The place's id and mention."""
        assert reply.game is not None and reply.live is not None
        target: Any = interaction.channel
        if threads_allowed(interaction):
            assert isinstance(target, discord.TextChannel)
            target = await target.create_thread(name=title[:100],
                                                type=discord.ChannelType.public_thread, auto_archive_duration=1440)
        await self.post(str(target.id), (*reply.posts, start))
        table = reply.live
        message = await target.send(clip(table.text), files=to_files(table.images) or None,
                                    view=to_view(table.controls))
        await self.controller.run(SetMessage(reply.game, str(target.id), str(message.id)))
        await self.mentions.update(replace(reply, place=str(target.id)), ping=False)  # `start` pinged them
        return str(target.id), str(target.mention)

    async def _edit_live(self, place: str, message: str, table: LiveMessage) -> None:
        partial = self.client.get_partial_messageable(int(place)).get_partial_message(int(message))
        await partial.edit(content=clip(table.text), attachments=to_files(table.images),
                           view=to_view(table.controls))
