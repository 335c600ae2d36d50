"""/cribbage event create|join|leave|computer|start|standings: a club night (bot/app/companion/events.py), its
registration post with Join and Leave (redrawn as entrants change), and the news it makes as it runs: each round's
pairings pinging the members who play, each of their games opened as a table in the event's channel, the standings
after a game and the final results (the sweep asks for them: `post_due`). The director: the member who created it,
or any member with Manage Server."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.utils import MISSING

from bot.app.commands import (
    AddEventComputer,
    CreateEvent,
    EventPosted,
    EventsDue,
    EventStandings,
    JoinEvent,
    LeaveEvent,
    SetEventMessage,
    SetMessage,
    StartEvent,
)
from bot.app.companion.event_values import EventAnswer, EventNews, EventPost
from bot.app.controller import Controller
from bot.app.shown.ids import ComponentId
from bot.app.shown.replies import Post, Reply
from bot.discord.exchange import Exchange
from bot.discord.game_door import DIFFICULTY_CHOICES
from bot.discord.publishing import Publisher
from bot.discord.views import clip, to_files, to_view
from bot.discord.words import command, description
from bot.i18n import Lang, t

NO_MENTIONS = discord.AllowedMentions.none()
GAMES_MOST, ENTRANTS_MOST, CLOSES_MOST, DEADLINE_MOST, PERIOD_MOST = 30, 256, 7 * 24 * 60, 7 * 24 * 60, 30 * 24
TARGET_CHOICES = [app_commands.Choice(name=str(n), value=n) for n in (121, 61)]
FORMAT_CHOICES = [app_commands.Choice(name=name, value=name) for name in ("club", "knockout", "league")]
BEST_OF_CHOICES = [app_commands.Choice(name=str(n), value=n) for n in (1, 3, 5)]


class EventDoor:
    """The club nights' commands, buttons and news."""

    def __init__(self, controller: Controller, client: discord.Client, publisher: Publisher) -> None:
        self.controller = controller
        self.client = client
        self.publisher = publisher

    @staticmethod
    def where(ask: Exchange) -> tuple[str, str] | None:
        i = ask.interaction
        if i.guild is None or i.channel is None:
            return None
        return str(i.guild.id), str(i.channel.id)

    async def create(self, ask: Exchange, games: int, target: int, rated: bool, closes: int, most: int,
                     shape: tuple[str, int, bool] = ("club", 3, False), deadline: int = 0,
                     period: int = 168) -> None:
        """`shape`: the format, and a knockout's match length and double elimination; `deadline`: each game's
        minutes (0: none); `period`: a league's round's hours."""
        found = self.where(ask)
        if found is None:
            await ask.say(t("adapter.guild_only", ask.lang))
            return
        await ask.think()
        guild, channel = found
        done = await self.controller.run(CreateEvent(
            guild, channel, ask.user, ask.interaction.permissions.manage_guild, games, target, rated, closes, most,
            ask.public_lang, format=shape[0], best_of=shape[1], double=shape[2], deadline=deadline, period=period))
        if done.post is not None:
            sent = await self.client.get_partial_messageable(int(done.post.channel)).send(
                clip(done.post.text), view=to_view(done.post.controls) or MISSING, allowed_mentions=NO_MENTIONS)
            await self.controller.run(SetEventMessage(done.post.event, str(sent.id)))
        await ask.answer(done.answer)

    async def run(self, ask: Exchange, make: Callable[[str], Any]) -> None:
        """A command or a click on the registration post: answered privately, the post redrawn, news posted."""
        found = self.where(ask)
        if found is None:
            await ask.say(t("adapter.guild_only", ask.lang))
            return
        await ask.think()
        done: EventAnswer = await self.controller.run(make(found[0]))
        await ask.answer(done.answer)
        if done.post is not None:
            await self.redraw(done.post)
        for news in done.news:
            await self.publish(news)

    async def redraw(self, post: EventPost) -> None:
        if not post.message:
            return
        partial = self.client.get_partial_messageable(int(post.channel)).get_partial_message(int(post.message))
        try:
            await partial.edit(content=clip(post.text), view=to_view(post.controls))
        except discord.HTTPException:  # the post was deleted: the night goes on without it
            return

    # ------------------------------------------------------------------ the news

    async def publish(self, news: EventNews) -> None:
        """The news (pinging the members it names), then each game it opens as a table in the event's channel."""
        await self.publisher.post(news.channel, (Post(news.text, news.files, mentions=news.mentions),))
        for game, players in zip(news.games, news.players, strict=True):
            start = Post(news.start or t("event.game_start", news.lang), mentions=players)
            await self.open_match(news.channel, game, start, news.lang)
        await self.controller.run(EventPosted(news.key))

    async def open_match(self, channel: str, reply: Reply, start: Post, lang: Lang) -> None:
        """A match's game in a thread of its own under the event's channel (else in the channel itself): its start
        post naming its members (pinged, which adds them to the thread), and its table under it."""
        if reply.game is None or reply.live is None:
            return
        place = await self.thread(channel, t("game.thread_name", lang, names=" vs ".join(reply.names)))
        await self.publisher.post(place, (*reply.posts, start))
        sent = await self.client.get_partial_messageable(int(place)).send(
            clip(reply.live.text), files=to_files(reply.live.images) or MISSING,
            view=to_view(reply.live.controls) or MISSING)
        await self.controller.run(SetMessage(reply.game, place, str(sent.id)))

    async def thread(self, channel: str, title: str) -> str:
        """A new public thread in `channel` for one game; the channel itself when the bot may not open one there
        (no permission, or the channel is a thread)."""
        try:
            made = await self.client.http.start_thread_without_message(
                int(channel), name=title[:100], auto_archive_duration=1440,
                type=discord.ChannelType.public_thread.value)
        except discord.HTTPException:
            return channel
        return str(made["id"])

    async def post_due(self, owns: Callable[[str], bool] | None = None) -> int:
        """The news due now in the servers this process owns; how many were posted."""
        posted = 0
        for news in await self.controller.run(EventsDue(owns)):
            await self.publish(news)
            posted += 1
        return posted

    # ------------------------------------------------------------------ the registration post's buttons

    async def on_join(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await self.run(ask, lambda guild: JoinEvent(guild, ask.user, cid.game, ask.lang))

    async def on_leave(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await self.run(ask, lambda guild: LeaveEvent(guild, ask.user, cid.game, ask.lang))


class EventGroup(app_commands.Group):
    """/cribbage event create|join|leave|computer|start|standings."""

    def __init__(self, door: EventDoor) -> None:
        super().__init__(name="event", description=description("cribbage event"))
        self.door = door

    @command("cribbage event create")
    @app_commands.choices(target=TARGET_CHOICES, best_of=BEST_OF_CHOICES)
    @app_commands.choices(format=FORMAT_CHOICES)
    async def create(self, interaction: discord.Interaction, games: app_commands.Range[int, 1, GAMES_MOST] = 9,
                     target: app_commands.Choice[int] | None = None, rated: bool = False,
                     closes: app_commands.Range[int, 0, CLOSES_MOST] = 0,
                     most: app_commands.Range[int, 2, ENTRANTS_MOST] = 64,
                     format: app_commands.Choice[str] | None = None, best_of: app_commands.Choice[int] | None = None,
                     double: bool = False, deadline: app_commands.Range[int, 0, DEADLINE_MOST] = 0,
                     period: app_commands.Range[int, 1, PERIOD_MOST] = 168) -> None:
        shape = (format.value if format else "club", best_of.value if best_of else 3, double)
        await self.door.create(Exchange.of(interaction), games, target.value if target else 121, rated, closes, most,
                               shape, deadline, period)

    @command("cribbage event join")
    async def join(self, interaction: discord.Interaction) -> None:
        ask = Exchange.of(interaction)
        await self.door.run(ask, lambda guild: JoinEvent(guild, ask.user, "", ask.lang))

    @command("cribbage event leave")
    async def leave(self, interaction: discord.Interaction) -> None:
        ask = Exchange.of(interaction)
        await self.door.run(ask, lambda guild: LeaveEvent(guild, ask.user, "", ask.lang))

    @command("cribbage event computer")
    @app_commands.choices(strength=DIFFICULTY_CHOICES)
    async def computer(self, interaction: discord.Interaction, strength: app_commands.Choice[str]) -> None:
        ask = Exchange.of(interaction)
        manager = interaction.permissions.manage_guild
        await self.door.run(ask, lambda guild: AddEventComputer(guild, ask.user.user, manager, strength.value,
                                                                ask.lang))

    @command("cribbage event start")
    async def start(self, interaction: discord.Interaction) -> None:
        ask = Exchange.of(interaction)
        manager = interaction.permissions.manage_guild
        await self.door.run(ask, lambda guild: StartEvent(guild, ask.user.user, manager, ask.lang))

    @command("cribbage event standings")
    async def standings(self, interaction: discord.Interaction) -> None:
        ask = Exchange.of(interaction)
        if interaction.guild is None:
            await ask.say(t("adapter.guild_only", ask.lang))
            return
        await ask.think(private=False)
        await ask.answer(await self.door.controller.run(EventStandings(str(interaction.guild.id), ask.public_lang)))

