"""The Discord adapter: the /cribbage commands, the buttons and selects, and where messages go.

This layer only translates. Every decision (who may act, what is legal, what is public) is the
controller's; here interactions become controller commands and replies become messages. Work
that can take a while is deferred first (Discord wants an answer within 3 s), private answers
are always ephemeral, and table edits go through the batching `TableEditor`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

from bot.app.controller import Controller, ControllerError, Member, NewGame, find_player_game
from bot.app.ids import PRACTICE_VERBS, TABLE_VERBS, BadComponentId, ComponentId, Verb
from bot.app.replies import Answer, Panel, Post, Reply, Table
from bot.app.tablemode import TablePlayer
from bot.config import Config
from bot.i18n import CatalogTranslator, Lang, pick_lang, t
from bot.rules_help import topics
from bot.views import GameButton, GameSelect, NumberModal, TableEditor, clip, to_file, to_files, to_view

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0
TOKEN_LIFE = 14 * 60.0
"""An interaction token lasts 15 minutes; a private panel is refreshed through it only before that,
with a minute to spare, and an expired one is never tried."""
DIFFICULTY_CHOICES = [app_commands.Choice(name=n, value=n) for n in ("easy", "normal", "hard", "expert")]
TARGET_CHOICES = [app_commands.Choice(name="121 (the full game)", value=121),
                  app_commands.Choice(name="61 (the short game)", value=61)]
ROLE_CHOICES = [app_commands.Choice(name=app_commands.locale_str("dealer (my crib)", key="choice.role.dealer"),
                                    value="dealer"),
                app_commands.Choice(name=app_commands.locale_str("pone (their crib)", key="choice.role.pone"),
                                    value="pone")]
TOPIC_CHOICES = [app_commands.Choice(name=app_commands.locale_str(title, key=f"rules.{topic}.title"), value=topic)
                 for topic, title in topics(Lang.EN)]
MENTION = re.compile(r"<@!?(\d+)>")
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)
FAILURE = ("Something went wrong on my side. Every move that was accepted is saved; "
           "/cribbage hand shows where your game stands.")


def member_of(user: discord.abc.User) -> Member:
    return Member(str(user.id), getattr(user, "display_name", None) or user.name)


def lang_of(interaction: discord.Interaction, public: bool = False) -> Lang:
    """The member's language for private answers, the server's for public ones."""
    return pick_lang(getattr(interaction, "locale", None), getattr(interaction, "guild_locale", None),
                     public=public)


class TableGroup(app_commands.Group):
    """/cribbage table start|add|undo|status|end: keeping the score of a game at a real table."""

    def __init__(self, front: DiscordFront) -> None:
        super().__init__(name="table", description="Keep the score of a game at a real table")
        self.front = front

    @app_commands.command(name="start", description="Start keeping score for a real game")
    @app_commands.describe(players="The players (or teams), in seat order", target="Points to win")
    @app_commands.choices(target=TARGET_CHOICES)
    async def start(self, interaction: discord.Interaction, players: str,
                    target: app_commands.Choice[int] | None = None) -> None:
        await self.front.table_start(interaction, players, target.value if target else None)

    @app_commands.command(name="add", description="Peg points for a player")
    @app_commands.describe(player="Who scores", points="How many points",
                           reason="What for (optional), e.g. hand, crib, go")
    async def add(self, interaction: discord.Interaction, player: str,
                  points: app_commands.Range[int, 1, 29], reason: str | None = None) -> None:
        await self.front.table_add(interaction, player, points, reason)

    @app_commands.command(name="undo", description="Take back the last peg")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.front.table_simple(interaction, "undo")

    @app_commands.command(name="status", description="The board: scores, dealer and pace")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.front.table_simple(interaction, "status")

    @app_commands.command(name="end", description="Stop keeping score for this table")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.front.table_simple(interaction, "end")


class CribbageGroup(app_commands.Group):
    """/cribbage play|hand|resign|end|record."""

    def __init__(self, front: DiscordFront) -> None:
        super().__init__(name="cribbage", description="Play cribbage in this channel", guild_only=True)
        self.front = front
        self.add_command(TableGroup(front))

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await self.front.report_failure(interaction, error)

    @app_commands.command(name="play", description="Start a game against the computer or another member")
    @app_commands.describe(opponent="A member to invite (leave out to play the computer)",
                           difficulty="The computer's strength", target="Points to win",
                           count_myself="I count my own hands: declare each count before the show")
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES, target=TARGET_CHOICES)
    async def play(self, interaction: discord.Interaction, opponent: discord.Member | None = None,
                   difficulty: app_commands.Choice[str] | None = None,
                   target: app_commands.Choice[int] | None = None, count_myself: bool = False) -> None:
        await self.front.start_game(interaction, opponent, difficulty.value if difficulty else None,
                                    target.value if target else None, count_myself)

    @app_commands.command(name="hand", description="Show your hand in your game here (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.front.show_hand(interaction)

    @app_commands.command(name="resign", description="Resign your game here")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.front.resign(interaction)

    @app_commands.command(name="end", description="End an abandoned game here (needs Manage Messages)")
    @app_commands.describe(game="The game's id, shown under its table (needed only when several are here)")
    async def end(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.front.end(interaction, game)

    @app_commands.command(name="record", description="The record of the game here, as a JSON file")
    async def record(self, interaction: discord.Interaction) -> None:
        await self.front.record(interaction)

    @app_commands.command(name="score", description="Count a hand or crib from a real table, with the calls")
    @app_commands.describe(cards="Four cards, e.g. 5H 5C 5D JS (10 or T, any case, ♠♥♦♣ too)",
                           starter="The starter card, e.g. 5S",
                           crib="Count as a crib (a flush needs all five cards)")
    async def score(self, interaction: discord.Interaction, cards: str, starter: str, crib: bool = False) -> None:
        await self.front.score(interaction, cards, starter, crib)

    @app_commands.command(name="analyze", description="What to lay away from six cards, with the chart")
    @app_commands.describe(cards="Six cards, e.g. 5H 5C 6D JS KD 2C",
                           role="Are you the dealer (the crib is yours) or the pone?",
                           scores="Your score and theirs, e.g. 95,88, for the chance of winning")
    @app_commands.choices(role=ROLE_CHOICES)
    async def analyze(self, interaction: discord.Interaction, cards: str, role: app_commands.Choice[str],
                      scores: str | None = None) -> None:
        await self.front.analyze(interaction, cards, role.value == "dealer", scores)

    @app_commands.command(name="rules", description="The rules, common mistakes and questions")
    @app_commands.describe(topic="Which topic (an overview if left out)")
    @app_commands.choices(topic=TOPIC_CHOICES)
    async def rules(self, interaction: discord.Interaction, topic: app_commands.Choice[str] | None = None) -> None:
        await self.front.rules(interaction, topic.value if topic else None)

    @app_commands.command(name="practice", description="Counting practice: count a hand, then see the true count")
    @app_commands.describe(crib="Count a crib instead of a hand")
    async def practice(self, interaction: discord.Interaction, crib: bool = False) -> None:
        await self.front.practice(interaction, crib)

    @app_commands.command(name="review", description="Your review of a deal: the discard and pegging it cost")
    @app_commands.describe(deal="Which deal (the last one if left out)")
    async def review(self, interaction: discord.Interaction,
                     deal: app_commands.Range[int, 1, 999] | None = None) -> None:
        await self.front.review(interaction, deal)

    @app_commands.command(name="stats", description="Games, wins, skunks and points per deal")
    @app_commands.describe(member="Whose statistics (yours if left out)")
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        await self.front.stats(interaction, member)

    @app_commands.command(name="leaderboard", description="This server's leaderboard")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        await self.front.leaderboard(interaction)

    @app_commands.command(name="board", description="The LED pegboard's status")
    async def board(self, interaction: discord.Interaction) -> None:
        await self.front.board(interaction)


class DiscordFront:
    """Turns interactions into controller commands and replies into messages."""

    def __init__(self, controller: Controller, config: Config, client: discord.Client,
                 edit_interval: float = 1.0) -> None:
        self.controller = controller
        self.config = config
        self.client = client
        self.editor = TableEditor(self._edit_table, edit_interval)
        self._panels: dict[tuple[str, str], tuple[float, Callable[..., Awaitable[Any]]]] = {}
        """(game, user) -> when the panel was shown, and how to edit it (while its token lives)."""
        self._langs: dict[str, Lang] = {}
        """user -> the language of their Discord client, last seen: their panel follows the game in it."""
        self.clock = time.monotonic

    # ------------------------------------------------------------------ slash commands

    async def start_game(self, interaction: discord.Interaction, opponent: discord.abc.User | None,
                         difficulty: str | None, target: int | None, count_myself: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        if channel is None or interaction.guild is None:
            await self._private(interaction, t("adapter.guild_only", lang_of(interaction)))
            return
        host = member_of(interaction.user)
        if opponent is not None and opponent.bot:
            await self._private(interaction, t("adapter.no_bots", lang_of(interaction)))
            return
        if isinstance(channel, discord.Thread) and await self.controller.games_at(str(channel.id)):
            await self._private(interaction, t("adapter.thread_busy", lang_of(interaction)))
            return
        request = NewGame(str(channel.id), host, member_of(opponent) if opponent else None,
                          difficulty or self.config.difficulty, target or self.config.target,
                          self.config.skunk, guild=str(interaction.guild.id), self_count=count_myself,
                          lang=lang_of(interaction, public=True), member_lang=self._lang(interaction))
        try:
            reply = await self.controller.new_game(request)
        except ControllerError as exc:
            await self._private(interaction, str(exc))
            return
        assert reply.game is not None
        if opponent is not None:
            invite = reply.posts[0]
            await channel.send(clip(self._mention(invite) + invite.text), view=to_view(invite.controls),
                               allowed_mentions=MENTIONS)
            await self._private(interaction, reply.note)
            return
        where = await self._open_table(channel, reply, f"{host.name} vs the computer")
        await self._send_panel(interaction, reply.panel, t("adapter.your_game_in", lang_of(interaction), where=where))

    async def show_hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self._my_game(interaction)
        if game is None:
            return
        reply = await self.controller.hand(member_of(interaction.user), game, self._lang(interaction))
        if not reply.ok:
            await self._private(interaction, reply.note)
            return
        await self._send_panel(interaction, reply.panel)

    async def resign(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self._my_game(interaction)
        if game is None:
            return
        reply = await self.controller.resign(member_of(interaction.user), game)
        await self._private(interaction, reply.note if not reply.ok else t("adapter.resigned", lang_of(interaction)))
        if reply.ok:
            await self.publish(reply)

    async def end(self, interaction: discord.Interaction, game: str | None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        perms = interaction.permissions
        if not perms.manage_messages:
            await self._private(interaction, t("adapter.end_perm", lang_of(interaction)))
            return
        games = await self.controller.games_at(str(interaction.channel_id))
        if game is not None:
            games = [g for g in games if g.id == game]
        if not games:
            await self._private(interaction, t("adapter.no_game_id", lang_of(interaction), game=game) if game
                                else t("adapter.no_game_here", lang_of(interaction)))
            return
        if len(games) > 1:
            ids = ", ".join(g.id for g in games)
            await self._private(interaction, t("adapter.several", lang_of(interaction), ids=ids))
            return
        reply = await self.controller.end(games[0].id, member_of(interaction.user))
        await self._private(interaction, reply.note)
        if reply.ok:
            await self.publish(reply)

    async def record(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self._my_game(interaction, any_player=True)
        if game is None:
            return
        record = await self.controller.record(game)
        if record is None:
            await self._private(interaction, t("adapter.no_record", lang_of(interaction)))
            return
        await interaction.followup.send(t("adapter.record", lang_of(interaction)), file=to_file(record),
                                        ephemeral=True)

    # ------------------------------------------------------------------ companion commands

    async def score(self, interaction: discord.Interaction, cards: str, starter: str, crib: bool) -> None:
        """Public when it counts (the table wants to see), private when the cards do not read."""
        answer = await self.controller.score(cards, starter, crib, lang_of(interaction, public=True))
        if not answer.ok:  # the refusal again in the member's own language
            answer = await self.controller.score(cards, starter, crib, lang_of(interaction))
        await self.answer(interaction, answer)

    async def analyze(self, interaction: discord.Interaction, cards: str, dealer: bool, scores: str | None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self.controller.analyze(cards, dealer, scores, lang_of(interaction))
        await self.answer(interaction, answer, deferred=True)

    async def rules(self, interaction: discord.Interaction, topic: str | None) -> None:
        await self.answer(interaction, await self.controller.rules(topic, lang_of(interaction)))

    async def practice(self, interaction: discord.Interaction, crib: bool) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.answer(interaction, await self.controller.practice(crib, lang_of(interaction)), deferred=True)

    async def review(self, interaction: discord.Interaction, deal: int | None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = lang_of(interaction)
        meta = await self.controller.latest_game(str(interaction.channel_id), str(interaction.user.id))
        if meta is None:
            await self.answer(interaction, Answer(False, t("review.no_game", lang)), deferred=True)
            return
        answer = await self.controller.review(member_of(interaction.user), meta.id,
                                              deal - 1 if deal is not None else None, lang)
        await self.answer(interaction, answer, deferred=True)

    async def stats(self, interaction: discord.Interaction, member: discord.abc.User | None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = lang_of(interaction)
        if interaction.guild is None:
            await self.answer(interaction, Answer(False, t("stats.server_only", lang)), deferred=True)
            return
        who = member_of(member or interaction.user)
        answer = await self.controller.stats(str(interaction.guild.id), who.user, who.name, lang)
        await self.answer(interaction, answer, deferred=True)

    async def leaderboard(self, interaction: discord.Interaction) -> None:
        if interaction.guild is None:
            await self.answer(interaction, Answer(False, t("stats.server_only", lang_of(interaction))))
            return
        await interaction.response.defer(thinking=True)
        answer = await self.controller.leaderboard(str(interaction.guild.id), lang_of(interaction, public=True))
        await self.answer(interaction, answer, deferred=True)

    async def board(self, interaction: discord.Interaction) -> None:
        text = await self.controller.board_status(lang_of(interaction))
        await self.answer(interaction, Answer(True, text))

    async def table_start(self, interaction: discord.Interaction, players: str, target: int | None) -> None:
        lang = lang_of(interaction)
        seats = self._table_players(interaction, players)
        if not 2 <= len(seats) <= 4:
            await self.answer(interaction, Answer(False, t("table.no_players", lang, count=len(seats))))
            return
        answer = await self.controller.table_start(
            str(interaction.channel_id), seats, member_of(interaction.user), target or self.config.target,
            lang_of(interaction, public=True), str(interaction.guild.id) if interaction.guild else "")
        await self.answer(interaction, answer)

    async def table_add(self, interaction: discord.Interaction, player: str, points: int, reason: str | None) -> None:
        seat: int | str = player
        match = MENTION.fullmatch(player.strip())
        table = str(interaction.channel_id)
        if match is not None:
            users = await self.controller.table_users(table)
            seat = users.index(match[1]) if match[1] in users else player
        answer = await self.controller.table_peg(table, member_of(interaction.user), seat, points, reason,
                                                 lang_of(interaction, public=True))
        await self.answer(interaction, answer)

    async def table_simple(self, interaction: discord.Interaction, what: str) -> None:
        table, user, lang = str(interaction.channel_id), member_of(interaction.user), lang_of(interaction, public=True)
        if what == "undo":
            answer = await self.controller.table_undo(table, user, None, lang)
        elif what == "end":
            answer = await self.controller.table_end(table, user, lang)
        else:
            answer = await self.controller.table_status(table, lang)
        await self.answer(interaction, answer)

    def _table_players(self, interaction: discord.Interaction, text: str) -> list[TablePlayer]:
        """Mentions become members (their display names on the board); other words are names."""
        resolved = {}
        data = getattr(interaction, "data", None) or {}
        for uid, info in ((data.get("resolved") or {}).get("members") or {}).items():
            resolved[str(uid)] = info.get("nick") or ""
        for uid, info in ((data.get("resolved") or {}).get("users") or {}).items():
            resolved[str(uid)] = resolved.get(str(uid)) or info.get("global_name") or info.get("username") or ""
        out = []
        for token in re.findall(r"<@!?\d+>|[^\s,]+", text):
            match = MENTION.fullmatch(token)
            if match is None:
                out.append(TablePlayer(token))
                continue
            uid = match[1]
            name = resolved.get(uid) or ""
            if not name and interaction.guild is not None:
                found = interaction.guild.get_member(int(uid))
                name = getattr(found, "display_name", "") if found is not None else ""
            out.append(TablePlayer(name if isinstance(name, str) and name else f"player{len(out) + 1}", uid))
        return out

    async def answer(self, interaction: discord.Interaction, answer: Answer, deferred: bool = False) -> None:
        """Send an answer: a refusal is always private; a public one goes to the channel."""
        public = answer.ok and answer.public
        kwargs: dict[str, Any] = {"files": to_files(answer.files)} if answer.files else {}
        view = to_view(answer.controls)
        if view is not None:
            kwargs["view"] = view
        text = clip(answer.text or t("general.done", lang_of(interaction)))
        if deferred:
            await interaction.followup.send(text, ephemeral=not public, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=not public, **kwargs)

    async def on_table_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """A press on a table's board message: the board is edited in place; a refusal is private."""
        user, lang = member_of(interaction.user), lang_of(interaction, public=True)
        if cid.verb is Verb.PAD:
            session = await self.controller.table_session(cid.game)  # one small read: the modal is due in 3 s
            team = int(cid.arg)
            name = session.team_name(team) if session is not None and team < session.rules.teams else f"#{team + 1}"
            title = t("table.numpad_title", lang_of(interaction), player=name)
            modal = NumberModal(title, t("table.points_label", lang_of(interaction)),
                                t("table.reason_label", lang_of(interaction)),
                                lambda i, points, reason: self.submit_peg(i, cid.game, int(cid.arg), points, reason))
            await interaction.response.send_modal(modal)
            return
        await interaction.response.defer()
        if cid.verb is Verb.PEG:
            seat, _, points = cid.arg.partition(".")
            answer = await self.controller.table_peg(cid.game, user, int(seat), points, None, lang)
        elif cid.verb is Verb.UNDO:
            answer = await self.controller.table_undo(cid.game, user, cid.version, lang)
        else:
            answer = await self.controller.table_next_deal(cid.game, user, cid.version, lang)
        await self._edit_board(interaction, answer)

    async def submit_peg(self, interaction: discord.Interaction, table: str, seat: int, points: str,
                         reason: str | None) -> None:
        """The number pad's answer: a count up to 29 (and a reason) for one seat."""
        await interaction.response.defer()
        answer = await self.controller.table_peg(table, member_of(interaction.user), seat, points, reason or None,
                                                 lang_of(interaction, public=True))
        await self._edit_board(interaction, answer)

    async def _edit_board(self, interaction: discord.Interaction, answer: Answer) -> None:
        if not answer.ok:
            await interaction.followup.send(clip(answer.text), ephemeral=True)
            return
        await interaction.edit_original_response(content=clip(answer.text), attachments=to_files(answer.files),
                                                 view=to_view(answer.controls))

    async def on_practice_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        lang = lang_of(interaction)
        if cid.verb is Verb.DRILL:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.answer(interaction, await self.controller.practice(cid.version == 1, lang), deferred=True)
            return
        seed, crib = int(cid.game), cid.version == 1
        modal = NumberModal(t("practice.modal_title", lang), t("practice.modal_label", lang), None,
                            lambda i, points, _: self.submit_count(i, seed, crib, points))
        await interaction.response.send_modal(modal)

    async def submit_count(self, interaction: discord.Interaction, seed: int, crib: bool, declared: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self.controller.practice_answer(member_of(interaction.user), seed, crib, declared,
                                                       lang_of(interaction))
        await self.answer(interaction, replace(answer, public=False), deferred=True)

    async def on_declare_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """"I count my own hands": the declare button on a private panel opens the number pad."""
        lang = lang_of(interaction)
        crib = cid.arg == "crib"
        modal = NumberModal(t("selfcount.modal_title", lang), t("selfcount.modal_label", lang), None,
                            lambda i, points, _: self.submit_declare(i, cid.game, cid.version, crib, points))
        await interaction.response.send_modal(modal)

    async def submit_declare(self, interaction: discord.Interaction, game: str, deal: int, crib: bool,
                             declared: str) -> None:
        """The declared count: the feedback and the fresh panel privately; the show (once nobody is still
        counting) publicly, and the other player's panel follows."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = member_of(interaction.user)
        reply = await self.controller.declare(user, game, deal, crib, declared, lang_of(interaction))
        await self._send_panel(interaction, reply.panel, reply.note + "\n\n" if reply.note else "")
        if reply.ok:
            await self.publish(reply)
            await self.refresh_panels(game, but=user.user)

    async def report_failure(self, interaction: discord.Interaction, error: Exception) -> None:
        """Something broke after the command was taken: log it, and tell the user privately."""
        log.error("interaction failed", exc_info=error)
        text = FAILURE
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell the user about the failure (the interaction may have expired)")

    # ------------------------------------------------------------------ buttons and selects

    async def on_component(self, interaction: discord.Interaction, custom_id: str,
                           values: Sequence[str]) -> None:
        try:
            cid = ComponentId.parse(custom_id)
        except BadComponentId as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        user = member_of(interaction.user)
        if cid.verb in TABLE_VERBS:
            await self.on_table_button(interaction, cid)
            return
        if cid.verb in PRACTICE_VERBS:
            await self.on_practice_button(interaction, cid)
            return
        if cid.verb is Verb.REVIEW:
            await interaction.response.defer(ephemeral=True, thinking=True)
            answer = await self.controller.review(user, cid.game, cid.version, lang_of(interaction))
            await self.answer(interaction, answer, deferred=True)
            return
        if cid.verb is Verb.DECLARE:
            await self.on_declare_button(interaction, cid)
            return
        if cid.verb is Verb.HAND:
            # on the public table: the answer is a new private message
            await interaction.response.defer(ephemeral=True, thinking=True)
            reply = await self.controller.press(user, custom_id, lang=self._lang(interaction))
            if not reply.ok:
                await self._private(interaction, reply.note)
            else:
                await self._send_panel(interaction, reply.panel)
            return
        if cid.verb in (Verb.ACCEPT, Verb.DECLINE):
            await self._answer_invite(interaction, user, custom_id)
            return
        # on a private panel: update that panel in place
        await interaction.response.defer()
        reply = await self.controller.press(user, custom_id, values, self._lang(interaction))
        if reply.panel is not None:
            await interaction.edit_original_response(**self._panel_message(reply.panel))
            self._panels[(cid.game, user.user)] = (self.clock(), interaction.edit_original_response)
        if not reply.ok:
            await interaction.followup.send(reply.note, ephemeral=True)
            return
        await self.publish(reply)
        await self.refresh_panels(cid.game, but=user.user)

    async def _answer_invite(self, interaction: discord.Interaction, user: Member, custom_id: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await self.controller.press(user, custom_id, lang=self._lang(interaction))
        if not reply.ok:
            await self._private(interaction, reply.note)
            return
        message = interaction.message
        if reply.finished:  # declined
            if message is not None:
                await message.edit(content=clip(message.content + f"\n{reply.note}"), view=None)
            await self._private(interaction, t("adapter.declined", lang_of(interaction)))
            return
        meta = await self.controller.meta(reply.game or "")
        names = " vs ".join(s.name for s in meta.seats) if meta else "cribbage"
        channel = interaction.channel
        assert channel is not None
        where = await self._open_table(channel, reply, names)
        if message is not None:
            text = message.content + f"\nAccepted: the game is in {where}."
            await message.edit(content=clip(text), view=None)
        await self._send_panel(interaction, reply.panel, t("adapter.game_in", lang_of(interaction), where=where))

    # ------------------------------------------------------------------ publishing

    async def publish(self, reply: Reply) -> None:
        """The public side of a reply: the table edit (batched) and new posts, in order."""
        if reply.game is None:
            return
        meta = await self.controller.meta(reply.game)
        if meta is None:
            return
        if reply.table is not None and meta.message:
            self.editor.submit(reply.game, reply.table)
        if not reply.posts:
            return
        channel = await self._channel(int(meta.place))
        for post in reply.posts:
            await channel.send(clip(self._mention(post) + post.text), files=to_files(post.files) or None,
                               view=to_view(post.controls), allowed_mentions=MENTIONS)

    async def _edit_table(self, game_id: str, table: Table) -> None:
        meta = await self.controller.meta(game_id)
        if meta is None or not meta.message:
            return
        channel = await self._channel(int(meta.place))
        message = channel.get_partial_message(int(meta.message))  # type: ignore[union-attr]
        await message.edit(content=clip(table.text), attachments=to_files(table.images),
                           view=to_view(table.controls))

    async def _open_table(self, channel: Any, reply: Reply, title: str) -> str:
        """Post the table in a new thread when the bot may make one (else in the channel); record where."""
        assert reply.game is not None and reply.table is not None
        target = channel
        if isinstance(channel, discord.TextChannel):
            me = channel.guild.me
            perms = channel.permissions_for(me)
            if perms.create_public_threads and perms.send_messages_in_threads:
                target = await channel.create_thread(name=f"cribbage: {title}"[:100],
                                                     type=discord.ChannelType.public_thread,
                                                     auto_archive_duration=1440)
        table = reply.table
        message = await target.send(clip(table.text), files=to_files(table.images) or None,
                                    view=to_view(table.controls))
        await self.controller.set_message(reply.game, str(target.id), str(message.id))
        return str(target.mention)

    async def _channel(self, channel_id: int) -> Any:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        return channel

    # ------------------------------------------------------------------ private answers

    def _lang(self, interaction: discord.Interaction) -> Lang:
        """The member's language for private panels, remembered for the refreshes they do not ask for."""
        lang = lang_of(interaction)
        self._langs[str(interaction.user.id)] = lang
        return lang

    async def _my_game(self, interaction: discord.Interaction, any_player: bool = False) -> str | None:
        games = await self.controller.games_at(str(interaction.channel_id))
        mine = find_player_game(games, str(interaction.user.id))
        if mine is None and any_player and games:
            mine = games[-1]
        if mine is None:
            await self._private(interaction, t("adapter.no_game", lang_of(interaction)))
            return None
        return mine.id

    async def _private(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.followup.send(clip(text or "Done."), ephemeral=True)

    async def _send_panel(self, interaction: discord.Interaction, panel: Panel | None,
                          lead: str = "") -> None:
        if panel is None:
            await self._private(interaction, lead.strip() or "You have no hand to show.")
            return
        message = self._panel_message(panel)
        files = message.pop("attachments")
        view = message.pop("view") or discord.utils.MISSING
        sent = await interaction.followup.send(clip(lead + message["content"]), files=files, view=view,
                                               ephemeral=True, wait=True)
        if panel.game and sent is not None:
            self._panels[(panel.game, panel.user)] = (self.clock(), sent.edit)

    async def refresh_panels(self, game: str, but: str) -> None:
        """Show the other players of `game` their new hands and choices in the private panel they
        already have open, while its token is alive; an expired or failing one is forgotten."""
        meta = await self.controller.meta(game)
        if meta is None:
            return
        for seat in meta.seats:
            key = (game, seat.user)
            if not seat.user or seat.user == but or key not in self._panels:
                continue
            shown, edit = self._panels[key]
            if self.clock() - shown > TOKEN_LIFE:
                del self._panels[key]
                continue
            reply = await self.controller.hand(seat.user, game, self._langs.get(seat.user))
            if reply.panel is None:
                continue
            try:
                await edit(**self._panel_message(reply.panel))
            except discord.HTTPException:
                self._panels.pop(key, None)
        if not meta.status.live:
            for seat in meta.seats:
                self._panels.pop((game, seat.user), None)

    @staticmethod
    def _panel_message(panel: Panel) -> dict[str, Any]:
        return {"content": clip(panel.text), "attachments": to_files([panel.image]),
                "view": to_view(panel.controls)}

    @staticmethod
    def _mention(post: Post) -> str:
        return "".join(f"<@{u}> " for u in post.mentions if u.isdigit())

    # ------------------------------------------------------------------ background

    async def sweep_forever(self, every: float = SWEEP_SECONDS) -> None:
        """Reminders and timeouts for players who stop answering."""
        while True:
            await asyncio.sleep(every)
            try:
                for reply in await self.controller.sweep():
                    await self.publish(reply)
            except Exception:
                log.exception("the inactivity sweep failed; trying again in %s s", every)


class CribbageBot(discord.AutoShardedClient):
    """The bot process. Sharded when the config says so (shard_count), else Discord's recommendation."""

    def __init__(self, config: Config, controller: Controller) -> None:
        super().__init__(intents=discord.Intents.default(), shard_count=config.shard_count)
        self.config = config
        self.tree = app_commands.CommandTree(self)
        self.front = DiscordFront(controller, config, self)
        self.tree.add_command(CribbageGroup(self.front))
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
        self._sweeper = asyncio.create_task(self.front.sweep_forever(), name="cribbage-sweep")

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await self.front.editor.flush()
        await super().close()
