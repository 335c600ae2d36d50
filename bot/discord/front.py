"""The door's inside: interactions become typed controller calls, replies become messages.

This layer only translates. Every decision (who may act, what is legal, what is public) is the
controller's. A component's custom id was decoded once, by its DynamicItem, into a `ComponentId`;
here one table maps each verb to its handler (and, for the verbs that open a number pad, to the
handler of the pad's submission). Work that can take a while is deferred first (Discord wants an
answer within 3 s); the first answer after a defer fills the deferred message in place
(`edit_original_response`), private answers are always ephemeral, and one click costs one
controller call: its reply carries where the table is and every seat's fresh panel.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord
from discord import app_commands
from discord.utils import MISSING

from bot.app.controller import (
    Controller,
    ControllerError,
    Member,
    NewGame,
    TablePlayer,
    find_player_game,
    game_rules,
)
from bot.app.ids import BadComponentId, ComponentId, Verb
from bot.app.moves import move_of
from bot.app.presenter import MUGGINS_COUNT
from bot.app.replies import Answer, Panel, Post, Reply, TableMessage
from bot.app.seating import Partners
from bot.config import Config
from bot.discord.views import NUMBER, REASON, NumberModal, clip, submitted_text, to_file, to_files, to_view
from bot.i18n import LANGS, Lang, card_error, pick_lang, t
from bot.shards import Shards
from bot.storage import DatabaseFault, StaleWrite, StorageError
from engine.core.errors import clip as shorten
from engine.core.rules import Rules

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0
TOKEN_LIFE = 14 * 60.0
"""An interaction token lasts 15 minutes; a private panel is refreshed through it only before that,
with a minute to spare, and an expired one is never tried."""
SEEN_LIMIT = 10_000
"""How many interaction ids are remembered to recognise one delivered twice."""
ANSWERED_CODES = frozenset({40060, 10062})
"""Discord's 'interaction has already been acknowledged' and 'unknown interaction' (answered elsewhere,
or too late): nothing more can be said through that interaction."""
MENTION = re.compile(r"<@!?(\d+)>")
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)

Edit = Callable[..., Awaitable[Any]]
"""How to edit a message sent in answer to an interaction (while its token lives)."""


def member_of(user: discord.abc.User) -> Member:
    return Member(str(user.id), getattr(user, "display_name", None) or user.name)


def lang_of(interaction: discord.Interaction, public: bool = False) -> Lang:
    """The member's language for private answers, the server's for public ones."""
    return pick_lang(interaction.locale, interaction.guild_locale, public=public)


def already_answered(error: BaseException) -> bool:
    """Whether an error only says the interaction was answered already (a doubled delivery) or is gone."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, discord.InteractionResponded):
        return True
    return isinstance(error, discord.HTTPException) and error.code in ANSWERED_CODES


def threads_allowed(interaction: discord.Interaction) -> bool:
    """Whether the bot may open a thread for a table where this interaction happened (Discord sends the
    bot's own permissions there with every interaction)."""
    perms = interaction.app_permissions
    return isinstance(interaction.channel, discord.TextChannel) and perms.create_public_threads \
        and perms.send_messages_in_threads


def panel_message(panel: Panel) -> dict[str, Any]:
    return {"content": clip(panel.text), "attachments": to_files([panel.image]), "view": to_view(panel.controls)}


class Exchange:
    """One interaction being answered: who, in which languages, and where its answers go.

    `say` picks the one right way to answer: the interaction response while there is none; the
    deferred "thinking" message itself for the first answer after `think` (the same visibility;
    a refusal after a public defer replaces it privately); a follow-up message after that.
    """

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.user = member_of(interaction.user)
        self.lang = lang_of(interaction)
        self.public_lang = lang_of(interaction, public=True)
        self._thinking: bool | None = None
        """After `think`: whether the deferred message is private."""
        self._filled = False
        interaction.extras["ask"] = self

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Exchange:
        ask = interaction.extras.get("ask")
        return ask if isinstance(ask, Exchange) else cls(interaction)

    async def think(self, private: bool = True) -> None:
        await self.interaction.response.defer(ephemeral=private, thinking=True)
        self._thinking = private

    async def hold(self) -> None:
        """Acknowledge a click (or a pad opened from one) whose answer edits that message (`edit`)."""
        await self.interaction.response.defer()

    async def open(self, modal: discord.ui.Modal) -> None:
        """Open a number pad. It is stopped first, so discord.py keeps nothing of it in memory: its
        submission is answered from its custom id (`DiscordFront.on_modal`), before a restart or after."""
        modal.stop()
        await self.interaction.response.send_modal(modal)

    async def say(self, text: str, *, public: bool = False, files: Sequence[discord.File] = (),
                  view: discord.ui.View | None = None) -> Edit:
        """Answer with a message; returns how to edit that message later."""
        i = self.interaction
        content = clip(text or t("general.done", self.lang))
        if not i.response.is_done():
            await i.response.send_message(content, ephemeral=not public, files=list(files) or MISSING,
                                          view=view or MISSING)
            return i.edit_original_response
        if self._thinking is not None and not self._filled:
            self._filled = True
            if self._thinking == (not public):
                await i.edit_original_response(content=content, attachments=list(files), view=view)
                return i.edit_original_response
            await i.delete_original_response()
        sent = await i.followup.send(content, ephemeral=not public, files=list(files) or MISSING,
                                     view=view or MISSING, wait=True)
        return sent.edit

    async def edit(self, content: str, attachments: Sequence[discord.File] = (),
                   view: discord.ui.View | None = None) -> Edit:
        """After `hold`: edit the message the click or pad came from."""
        await self.interaction.edit_original_response(content=clip(content), attachments=list(attachments),
                                                      view=view)
        return self.interaction.edit_original_response

    async def answer(self, answer: Answer) -> None:
        """A companion answer: a refusal is always private; a public one goes to the channel."""
        await self.say(answer.text, public=answer.ok and answer.public, files=to_files(answer.files),
                       view=to_view(answer.controls))


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
            self.remember(panel.game, panel.user, edit)

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

    async def publish(self, reply: Reply, but: str | None = None) -> None:
        """The table edit, the posts in order, then the open panels of everyone but `but`."""
        if reply.game is None:
            return
        place, message = reply.place, reply.message
        if reply.table is not None and place and message:
            self.editor.submit(reply.game, place, message, reply.table)
        if place:
            await self.post(place, reply.posts)
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
        return str(target.mention)

    async def _edit_table(self, place: str, message: str, table: TableMessage) -> None:
        partial = self.client.get_partial_messageable(int(place)).get_partial_message(int(message))
        await partial.edit(content=clip(table.text), attachments=to_files(table.images),
                           view=to_view(table.controls))


@dataclass(frozen=True, slots=True)
class PlayRequest:
    """Who a /cribbage play asks for besides its host (invited members, computer seats), and the rule options
    the member gave (by name; the others are the server's usual)."""

    members: tuple[discord.abc.User, ...] = ()
    computers: int = 0
    partners: Partners = Partners.CUT
    rules: Mapping[str, object] = field(default_factory=dict)

    def request(self, place: str, host: Member, difficulty: str, usual: Rules, **more: Any) -> NewGame:
        invited = tuple(member_of(m) for m in self.members)
        seats: tuple[Member | str, ...] = (*invited, *[difficulty] * self.computers) or (difficulty,)
        return NewGame(place, host, seats, game_rules(usual, self.rules), partners=self.partners, **more)


class GameDoor:
    """Games: /cribbage play|hand|resign|end|record, and the game's buttons, select and count pad."""

    def __init__(self, controller: Controller, config: Config, publisher: Publisher) -> None:
        self.controller = controller
        self.config = config
        self.publisher = publisher
        self.panels = publisher.panels

    # ------------------------------------------------------------------ commands

    async def play(self, ask: Exchange, asked: PlayRequest, difficulty: str | None,
                   count_myself: bool = False) -> None:
        """A game against the computer opens at once; one with invited members waits for their answers."""
        await ask.think()
        i = ask.interaction
        if i.channel is None or i.guild is None:
            await ask.say(t("adapter.guild_only", ask.lang))
            return
        if any(m.bot for m in asked.members):
            await ask.say(t("adapter.no_bots", ask.lang))
            return
        if isinstance(i.channel, discord.Thread) and await self.controller.games_at(str(i.channel.id)):
            await ask.say(t("adapter.thread_busy", ask.lang))
            return
        try:
            request = asked.request(str(i.channel.id), ask.user, difficulty or self.config.difficulty,
                                    self.config.rules, guild=str(i.guild.id), self_count=count_myself,
                                    lang=ask.public_lang, member_lang=ask.lang)
            reply = await self.controller.new_game(request)
        except ControllerError as exc:
            await ask.say(exc.text(ask.lang))
            return
        if reply.table is None:  # invitations out: the game starts when every seat is filled
            await self.publisher.post(str(i.channel.id), reply.posts)
            await ask.say(reply.note)
            return
        where = await self.publisher.open_table(i, reply, " vs ".join(reply.names))
        await self.panels.show(ask, reply.panel, t("adapter.your_game_in", ask.lang, where=where))

    async def hand(self, ask: Exchange) -> None:
        await ask.think()
        game = await self._my_game(ask)
        if game is not None:
            await self._show_hand(ask, game)

    async def resign(self, ask: Exchange) -> None:
        await ask.think()
        game = await self._my_game(ask)
        if game is None:
            return
        reply = await self.controller.resign(ask.user, game)
        await ask.say(reply.note if not reply.ok else t("adapter.resigned", ask.lang))
        if reply.ok:
            await self.publisher.publish(reply)

    async def seat(self, ask: Exchange, member: discord.abc.User) -> None:
        """The host of a group game gives a member's seat to the computer (someone who had to go)."""
        await ask.think()
        game = await self._my_game(ask)
        if game is None:
            return
        reply = await self.controller.hand_seat(ask.user, game, str(member.id), ask.lang)
        await ask.say(reply.note)
        if reply.ok:
            await self.publisher.publish(reply)

    async def end(self, ask: Exchange, game: str | None) -> None:
        await ask.think()
        if not ask.interaction.permissions.manage_messages:
            await ask.say(t("adapter.end_perm", ask.lang))
            return
        games = await self.controller.games_at(str(ask.interaction.channel_id))
        if game is not None:
            games = [g for g in games if g.id == game]
        if not games:
            await ask.say(t("adapter.no_game_id", ask.lang, game=game) if game
                           else t("adapter.no_game_here", ask.lang))
            return
        if len(games) > 1:
            await ask.say(t("adapter.several", ask.lang, ids=", ".join(g.id for g in games)))
            return
        reply = await self.controller.end(games[0].id, ask.user)
        await ask.say(reply.note)
        if reply.ok:
            await self.publisher.publish(reply)

    async def record(self, ask: Exchange) -> None:
        """The record of the newest game here in which the member held a seat, finished or not (for a
        spectator, the newest game going on here)."""
        await ask.think()
        place = str(ask.interaction.channel_id)
        meta = await self.controller.latest_game(place, ask.user.user)
        if meta is None:
            going = await self.controller.games_at(place)
            meta = going[-1] if going else None
        if meta is None:
            await ask.say(t("adapter.no_game", ask.lang))
            return
        record = await self.controller.record(meta.id, ask.user.user)
        if record is None:
            await ask.say(t("adapter.no_record", ask.lang))
            return
        await ask.say(t("adapter.record", ask.lang), files=[to_file(record)])

    # ------------------------------------------------------------------ clicks and the count pad

    async def on_hand(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """My hand, on the public table: the panel comes as a new private message."""
        await ask.think()
        await self._show_hand(ask, cid.game)

    async def on_move(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """Lay away, play, go, or a muggins claim: the control read as a move once, then one typed command."""
        try:
            move = move_of(cid, values)
        except BadComponentId:
            cards = cid.verb in (Verb.LAY, Verb.PLAY)
            await ask.say(card_error([*values, cid.arg], None, ask.lang) if cards else
                           t("adapter.unknown_button", ask.lang))
            return
        await self._move(ask, cid, lambda: self.controller.move(ask.user, cid.game, cid.version, move, ask.lang))

    async def on_accept(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """An invited member accepts. Once every seat is filled the table opens (in a thread when allowed),
        the invitation loses its buttons, and the answer is the member's panel; else the invitation says who
        is still awaited."""
        await ask.think()
        await self._invitation_answer(ask, await self.controller.accept(ask.user, cid.game, ask.lang))

    async def on_decline(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.think()
        await self._invitation_answer(ask, await self.controller.decline(ask.user, cid.game, ask.lang))

    async def on_fill(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """The host gives the empty seats to the computer: the game starts."""
        await ask.think()
        await self._invitation_answer(ask, await self.controller.fill_seats(ask.user, cid.game, lang=ask.lang))

    async def on_cancel(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.think()
        await self._invitation_answer(ask, await self.controller.cancel(ask.user, cid.game, ask.lang))

    async def _invitation_answer(self, ask: Exchange, reply: Reply) -> None:
        if not reply.ok:
            await ask.say(reply.note)
            return
        message = ask.interaction.message
        if reply.finished:  # declined or called off
            await self._close_invitation(ask, reply.note)
            await ask.say(t("adapter.declined", ask.lang))
            return
        if reply.table is None:  # still waiting for someone: the invitation, redrawn
            if message is not None and reply.posts:
                post = reply.posts[0]
                await message.edit(content=clip(post.text), view=to_view(post.controls))
            await ask.say(reply.note)
            return
        where = await self.publisher.open_table(ask.interaction, reply, " vs ".join(reply.names) or "cribbage")
        await self._close_invitation(ask, t("adapter.accepted", ask.public_lang, where=where))
        if reply.panel is not None:
            await self.panels.show(ask, reply.panel, t("adapter.game_in", ask.lang, where=where))
        else:
            await ask.say(t("adapter.game_in", ask.lang, where=where))
        await self.publisher.publish(replace(reply, table=None), but=ask.user.user)

    async def open_declare(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """"I count my own hands": the declare button on a private panel opens the number pad."""
        await ask.open(NumberModal(cid, t("selfcount.modal_title", ask.lang), t("selfcount.modal_label", ask.lang)))

    async def submit_declare(self, ask: Exchange, cid: ComponentId, text: Mapping[str, str]) -> None:
        """The declared count: the feedback and the fresh panel privately; the show (once nobody is still
        counting) publicly, and the other players' panels follow."""
        await ask.think()
        if cid.arg == MUGGINS_COUNT:  # a muggins game: the count is pegged as declared
            reply = await self.controller.declare_muggins(ask.user, cid.game, cid.version, text.get(NUMBER, ""),
                                                          ask.lang)
        else:
            reply = await self.controller.declare(ask.user, cid.game, cid.version, cid.arg == "crib",
                                                  text.get(NUMBER, ""), ask.lang)
        await self.panels.show(ask, reply.panel, reply.note + "\n\n" if reply.note else "")
        if reply.ok:
            await self.publisher.publish(reply, but=ask.user.user)

    # ------------------------------------------------------------------ helpers

    async def _move(self, ask: Exchange, cid: ComponentId, move: Callable[[], Awaitable[Reply]]) -> None:
        """A move from a private panel: that panel is edited in place, a refusal is said privately, and
        the table, the posts and the other players' panels follow from the one reply."""
        await ask.hold()
        reply = await move()
        if reply.panel is not None:
            self.panels.remember(cid.game, ask.user.user, await ask.edit(**panel_message(reply.panel)))
        if not reply.ok:
            await ask.say(reply.note)
            return
        await self.publisher.publish(reply, but=ask.user.user)

    async def _show_hand(self, ask: Exchange, game: str) -> None:
        reply = await self.controller.hand(ask.user, game, ask.lang)
        if not reply.ok:
            await ask.say(reply.note)
            return
        await self.panels.show(ask, reply.panel)

    async def _close_invitation(self, ask: Exchange, line: str) -> None:
        message = ask.interaction.message
        if message is not None:
            await message.edit(content=clip(f"{message.content}\n{line}"), view=None)

    async def _my_game(self, ask: Exchange) -> str | None:
        games = await self.controller.games_at(str(ask.interaction.channel_id))
        mine = find_player_game(games, ask.user.user)
        if mine is None:
            await ask.say(t("adapter.no_game", ask.lang))
            return None
        return mine.id


class LearnDoor:
    """The companion commands: score, analyze, rules, practice (with its pad), review, stats,
    leaderboard and the LED board's status."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller

    async def score(self, ask: Exchange, cards: str, starter: str, crib: bool) -> None:
        """Public when it counts (the table wants to see), private when the cards do not read."""
        answer = await self.controller.score(cards, starter, crib, ask.public_lang)
        if not answer.ok and ask.lang is not ask.public_lang:  # the refusal in the member's own language
            answer = await self.controller.score(cards, starter, crib, ask.lang)
        await ask.answer(answer)

    async def analyze(self, ask: Exchange, cards: str, dealer: bool, scores: str | None) -> None:
        await ask.think()
        await ask.answer(await self.controller.analyze(cards, dealer, scores, ask.lang))

    async def rules(self, ask: Exchange, topic: str | None) -> None:
        await ask.answer(await self.controller.rules(topic, ask.lang))

    async def practice(self, ask: Exchange, crib: bool) -> None:
        await ask.think()
        await ask.answer(await self.controller.practice(crib, ask.lang))

    async def review(self, ask: Exchange, deal: int | None) -> None:
        await ask.think()
        meta = await self.controller.latest_game(str(ask.interaction.channel_id), ask.user.user)
        if meta is None:
            await ask.say(t("review.no_game", ask.lang))
            return
        await ask.answer(await self.controller.review(ask.user, meta.id, deal - 1 if deal is not None else None,
                                                       ask.lang))

    async def stats(self, ask: Exchange, member: discord.abc.User | None) -> None:
        await ask.think()
        if ask.interaction.guild is None:
            await ask.say(t("stats.server_only", ask.lang))
            return
        who = member_of(member) if member is not None else ask.user
        await ask.answer(await self.controller.stats(str(ask.interaction.guild.id), who.user, who.name, ask.lang))

    async def leaderboard(self, ask: Exchange) -> None:
        if ask.interaction.guild is None:
            await ask.say(t("stats.server_only", ask.lang))
            return
        await ask.think(private=False)
        await ask.answer(await self.controller.leaderboard(str(ask.interaction.guild.id), ask.public_lang))

    async def board(self, ask: Exchange) -> None:
        await ask.say(await self.controller.board_status(ask.lang))

    async def board_show(self, ask: Exchange) -> None:
        """The LED board follows the game going on in this channel or thread (else its real table)."""
        await ask.say(await self.controller.board_show_here(str(ask.interaction.channel_id), ask.lang))

    async def board_auto(self, ask: Exchange) -> None:
        await self.controller.board_follow(None, ask.lang)
        await ask.say(t("board.auto", ask.lang))

    async def on_review(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """A deal's review button (the version field is the deal)."""
        await ask.think()
        await ask.answer(await self.controller.review(ask.user, cid.game, cid.version, ask.lang))

    async def on_drill(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.think()
        await ask.answer(await self.controller.practice(cid.version == 1, ask.lang))

    async def open_count(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.open(NumberModal(cid, t("practice.modal_title", ask.lang), t("practice.modal_label", ask.lang)))

    async def submit_count(self, ask: Exchange, cid: ComponentId, text: Mapping[str, str]) -> None:
        """A drill's count (the game field is the drill's seed; version 1 a crib): the truth, privately."""
        await ask.think()
        answer = await self.controller.practice_answer(ask.user, int(cid.game), cid.version == 1,
                                                       text.get(NUMBER, ""), ask.lang)
        await ask.answer(replace(answer, public=False))


class TableDoor:
    """Keeping the score of a game at a real table: /cribbage table …, the board's buttons and its pad."""

    def __init__(self, controller: Controller, config: Config) -> None:
        self.controller = controller
        self.config = config

    async def start(self, ask: Exchange, players: str, target: int | None) -> None:
        seats = await self._players(ask.interaction, players)
        if not 2 <= len(seats) <= 4:
            await ask.say(t("table.no_players", ask.lang, count=len(seats)))
            return
        guild = str(ask.interaction.guild.id) if ask.interaction.guild else ""
        await ask.answer(await self.controller.table_start(str(ask.interaction.channel_id), seats, ask.user,
                                                            target or self.config.target, ask.public_lang, guild))

    async def add(self, ask: Exchange, player: str, points: int, reason: str | None) -> None:
        seat: int | str = player
        table = str(ask.interaction.channel_id)
        match = MENTION.fullmatch(player.strip())
        if match is not None:
            users = await self.controller.table_users(table)
            seat = users.index(match[1]) if match[1] in users else player
        await ask.answer(await self.controller.table_peg(table, ask.user, seat, points, reason, ask.public_lang))

    async def undo(self, ask: Exchange) -> None:
        table = str(ask.interaction.channel_id)
        await ask.answer(await self.controller.table_undo(table, ask.user, None, ask.public_lang))

    async def status(self, ask: Exchange) -> None:
        await ask.answer(await self.controller.table_status(str(ask.interaction.channel_id), ask.public_lang))

    async def end(self, ask: Exchange) -> None:
        table = str(ask.interaction.channel_id)
        await ask.answer(await self.controller.table_end(table, ask.user, ask.public_lang))

    async def on_peg(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        seat, _, points = cid.arg.partition(".")
        await ask.hold()
        await self._board(ask, await self.controller.table_peg(cid.game, ask.user, int(seat), points, None,
                                                                ask.public_lang))

    async def on_undo(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.hold()
        await self._board(ask, await self.controller.table_undo(cid.game, ask.user, cid.version, ask.public_lang))

    async def on_deal(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.hold()
        await self._board(ask, await self.controller.table_next_deal(cid.game, ask.user, cid.version,
                                                                      ask.public_lang))

    async def open_pad(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """The number pad for one seat, titled with the name on the button pressed (the modal is due
        within 3 s, so nothing is looked up)."""
        name = pad_name(ask.interaction, cid)
        await ask.open(NumberModal(cid, t("table.numpad_title", ask.lang, player=name),
                                    t("table.points_label", ask.lang), t("table.reason_label", ask.lang)))

    async def submit_pad(self, ask: Exchange, cid: ComponentId, text: Mapping[str, str]) -> None:
        """The pad's answer: a count up to 29 (or the cards), and a reason, for one seat."""
        await ask.hold()
        answer = await self.controller.table_peg(cid.game, ask.user, int(cid.arg), text.get(NUMBER, ""),
                                                 text.get(REASON) or None, ask.public_lang)
        await self._board(ask, answer)

    async def _board(self, ask: Exchange, answer: Answer) -> None:
        """The board message the click came from shows the answer; a refusal is private."""
        if not answer.ok:
            await ask.say(answer.text)
            return
        await ask.edit(answer.text, to_files(answer.files), to_view(answer.controls))

    @staticmethod
    async def _players(interaction: discord.Interaction, text: str) -> list[TablePlayer]:
        """Mentions become members, named as the server shows them; other words are names. A string
        option carries no resolved members and the bot keeps no member list (no members intent), so
        the mentioned members are fetched, all at once."""
        tokens = re.findall(r"<@!?\d+>|[^\s,]+", text)
        ids = [int(m[1]) for token in tokens if (m := MENTION.fullmatch(token))]
        names = dict(zip(ids, await asyncio.gather(*(display_name(interaction.guild, uid) for uid in ids)),
                         strict=True))
        out = []
        for token in tokens:
            match = MENTION.fullmatch(token)
            if match is None:
                out.append(TablePlayer(token))
            else:
                out.append(TablePlayer(names[int(match[1])] or f"player{len(out) + 1}", match[1]))
        return out


async def display_name(guild: discord.Guild | None, user_id: int) -> str:
    """A member's name as the server shows it: from the cache, else asked of Discord ('' if gone)."""
    if guild is None:
        return ""
    member = guild.get_member(user_id)
    if member is None:
        try:
            member = await guild.fetch_member(user_id)
        except discord.HTTPException:
            return ""
    return member.display_name


def pad_name(interaction: discord.Interaction, cid: ComponentId) -> str:
    """The seat's name on the pad button pressed ('Annie Count…' -> 'Annie'), else '#n'."""
    custom_id = cid.encode()
    message = interaction.message
    rows = message.components if message is not None else []
    for row in rows:
        for item in getattr(row, "children", ()):
            if getattr(item, "custom_id", None) == custom_id and getattr(item, "label", None):
                label = str(item.label)
                for lang in LANGS:
                    suffix = " " + t("table.button_numpad", lang)
                    if label.endswith(suffix):
                        return label[: -len(suffix)]
                return label
    return f"#{int(cid.arg) + 1}" if cid.arg.isdigit() else cid.arg


Click = Callable[[Exchange, ComponentId, Sequence[str]], Awaitable[None]]
Submit = Callable[[Exchange, ComponentId, Mapping[str, str]], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Handler:
    """What a verb does: on a click, and (for a verb whose click opens a number pad) on the pad's answer."""

    click: Click
    submit: Submit | None = None


def failure_text(error: BaseException, lang: Lang) -> str:
    """What a member hears when their command failed: what kind of failure, from its type, and what to do."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, StaleWrite):  # other writers came first, try after try
        return t("adapter.busy", lang)
    if isinstance(error, DatabaseFault):
        return t("adapter.database", lang, detail=shorten(str(error), 300))
    if isinstance(error, StorageError):
        return t("adapter.damaged", lang, detail=shorten(str(error), 300))
    return t("adapter.failure", lang)


class DiscordFront:
    """Entry points of the door: commands, components, pad submissions, errors and the sweep."""

    def __init__(self, controller: Controller, config: Config, client: discord.Client,
                 edit_interval: float = 1.0) -> None:
        self.controller = controller
        self.config = config
        self.client = client
        self.shards = Shards(config.shard_count, config.shard_ids)
        """Whose games this process sweeps, when other processes run the other shards."""
        self.panels = Panels()
        self.publisher = Publisher(client, controller, self.panels, edit_interval)
        self.games = GameDoor(controller, config, self.publisher)
        self.learn = LearnDoor(controller)
        self.tables = TableDoor(controller, config)
        games, learn, tables = self.games, self.learn, self.tables
        self.handlers: dict[Verb, Handler] = {
            Verb.HAND: Handler(games.on_hand), Verb.LAY: Handler(games.on_move), Verb.PLAY: Handler(games.on_move),
            Verb.GO: Handler(games.on_move), Verb.MUGGINS: Handler(games.on_move),
            Verb.ACCEPT: Handler(games.on_accept), Verb.DECLINE: Handler(games.on_decline),
            Verb.FILL: Handler(games.on_fill), Verb.CANCEL: Handler(games.on_cancel),
            Verb.DECLARE: Handler(games.open_declare, games.submit_declare),
            Verb.REVIEW: Handler(learn.on_review), Verb.DRILL: Handler(learn.on_drill),
            Verb.COUNT: Handler(learn.open_count, learn.submit_count),
            Verb.PEG: Handler(tables.on_peg), Verb.PAD: Handler(tables.open_pad, tables.submit_pad),
            Verb.UNDO: Handler(tables.on_undo), Verb.DEAL: Handler(tables.on_deal),
        }
        """One table from each verb to what it does."""
        self._seen: OrderedDict[int, None] = OrderedDict()

    @property
    def editor(self) -> TableEditor:
        return self.publisher.editor

    def first_delivery(self, interaction: discord.Interaction) -> bool:
        """False (with one warning) for an interaction this process has seen already: Discord (or a
        resumed gateway session) delivered it twice, and the first delivery is the one answered."""
        if interaction.id in self._seen:
            log.warning("interaction %s arrived twice; answering only the first", interaction.id)
            return False
        self._seen[interaction.id] = None
        while len(self._seen) > SEEN_LIMIT:
            self._seen.popitem(last=False)
        return True

    async def on_component(self, interaction: discord.Interaction, cid: ComponentId,
                           values: Sequence[str]) -> None:
        """A click on one of our buttons or a choice in our select, its id decoded by the item."""
        if not self.first_delivery(interaction):
            return
        ask = Exchange.of(interaction)
        handler = self.handlers.get(cid.verb)
        try:
            if handler is None:
                await ask.say(t("adapter.unknown_button", ask.lang))
                return
            await handler.click(ask, cid, tuple(values))
        except Exception as exc:  # discord.py would only log it; the player deserves an answer
            await self.report_failure(interaction, exc)

    async def on_modal(self, interaction: discord.Interaction) -> None:
        """A number pad's submission, answered from its custom id and inputs alone, so a pad opened
        before a restart still works (discord.py keeps modals only in memory)."""
        custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
        try:
            cid = ComponentId.parse(custom_id)
        except BadComponentId:
            return  # not ours
        if not self.first_delivery(interaction):
            return
        ask = Exchange.of(interaction)
        handler = self.handlers.get(cid.verb)
        try:
            if handler is None or handler.submit is None:
                await ask.say(t("adapter.unknown_button", ask.lang))
                return
            await handler.submit(ask, cid, submitted_text(interaction))
        except Exception as exc:
            await self.report_failure(interaction, exc)

    async def report_failure(self, interaction: discord.Interaction, error: BaseException) -> None:
        """Something broke after the interaction was taken: log it, and tell the member privately. An
        interaction answered already (delivered twice) is only a warning: nothing more can be said."""
        if already_answered(error):
            log.warning("interaction %s was answered already (a doubled delivery?): %s", interaction.id, error)
            return
        log.error("interaction failed", exc_info=error)
        ask = Exchange.of(interaction)
        try:
            await ask.say(failure_text(error, ask.lang))
        except discord.HTTPException as exc:
            log.warning("could not tell the member about the failure (the interaction may have expired): %s", exc)

    async def sweep_forever(self, every: float = SWEEP_SECONDS) -> None:
        """Reminders and timeouts for players who stop answering; open panels follow the timeouts."""
        while True:
            await asyncio.sleep(every)
            try:
                for reply in await self.controller.sweep(self.shards.owns):
                    await self.publisher.publish(reply)
            except Exception:
                log.exception("the inactivity sweep failed; trying again in %s s", every)
