"""Learning: /cribbage score|analyze|rules|practice|review|stats|leaderboard with their handlers, and the
review, drill and count buttons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import discord
from discord import app_commands

from bot.app.commands import (
    AnalyzeDiscards,
    AnswerDrill,
    DailyHand,
    LatestGame,
    Leaderboard,
    MemberStats,
    NewDrill,
    ReviewDeal,
    RulesHelp,
    ScoreHand,
    ShowRating,
)
from bot.app.companion.game_stats import BoardOrder
from bot.app.companion.rules_help import topics
from bot.app.controller import Controller
from bot.app.shown.ids import ComponentId
from bot.discord.exchange import Exchange, member_of
from bot.discord.options import DealNumber
from bot.discord.views import NUMBER, NumberModal
from bot.discord.words import Feature, command
from bot.i18n import Lang, t
from engine.core.typed import whole_number

ROLE_CHOICES = [app_commands.Choice(name=app_commands.locale_str("dealer (my crib)", key="choice.role.dealer"),
                                    value="dealer"),
                app_commands.Choice(name=app_commands.locale_str("pone (their crib)", key="choice.role.pone"),
                                    value="pone")]
ORDER_CHOICES = [app_commands.Choice(name=app_commands.locale_str(t(f"choice.order.{o.value}", Lang.EN),
                                                                  key=f"choice.order.{o.value}"), value=o.value)
                 for o in BoardOrder]
TOPIC_CHOICES = [app_commands.Choice(name=app_commands.locale_str(title, key=f"rules.{topic}.title"), value=topic)
                 for topic, title in topics(Lang.EN)]


class LearnDoor:
    """The learning commands: score, analyze, rules, practice (with its pad), review, stats and leaderboard."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller

    async def score(self, ask: Exchange, cards: str, starter: str, crib: bool) -> None:
        """Public when it counts (the table wants to see), private when the cards do not read."""
        answer = await self.controller.run(ScoreHand(cards, starter, crib, ask.public_lang))
        if not answer.ok and ask.lang is not ask.public_lang:  # the refusal in the member's own language
            answer = await self.controller.run(ScoreHand(cards, starter, crib, ask.lang))
        await ask.answer(answer)

    async def analyze(self, ask: Exchange, cards: str, dealer: bool, scores: str | None) -> None:
        await ask.think()
        await ask.answer(await self.controller.run(AnalyzeDiscards(cards, dealer, scores, ask.lang)))

    async def rules(self, ask: Exchange, topic: str | None) -> None:
        await ask.answer(await self.controller.run(RulesHelp(topic, ask.lang)))

    async def practice(self, ask: Exchange, crib: bool) -> None:
        await ask.think()
        await ask.answer(await self.controller.run(NewDrill(crib, ask.lang)))

    async def review(self, ask: Exchange, deal: int | None) -> None:
        await ask.think()
        meta = await self.controller.run(LatestGame(str(ask.interaction.channel_id), ask.user.user))
        if meta is None:
            await ask.say(t("review.no_game", ask.lang))
            return
        await ask.answer(await self.controller.run(ReviewDeal(ask.user, meta.id, deal - 1 if deal is not None else None,
                                                       ask.lang)))

    async def stats(self, ask: Exchange, member: discord.abc.User | None) -> None:
        await ask.think()
        if ask.interaction.guild is None:
            await ask.say(t("stats.server_only", ask.lang))
            return
        who = member_of(member) if member is not None else ask.user
        stats = MemberStats(str(ask.interaction.guild.id), who.user, who.name, ask.lang)
        await ask.answer(await self.controller.run(stats))

    async def daily(self, ask: Exchange, day: str | None) -> None:
        """Privately: the day's hand, the member's answer and their record in this server."""
        await ask.think()
        guild = str(ask.interaction.guild_id) if ask.interaction.guild_id is not None else ""
        await ask.answer(await self.controller.run(DailyHand(day, ask.lang, guild, ask.user.user)))

    async def leaderboard(self, ask: Exchange, order: BoardOrder = BoardOrder.WINS) -> None:
        if ask.interaction.guild is None:
            await ask.say(t("stats.server_only", ask.lang))
            return
        await ask.think(private=False)
        await ask.answer(await self.controller.run(Leaderboard(str(ask.interaction.guild.id), ask.public_lang,
                                                               order)))

    async def rating(self, ask: Exchange, member: discord.abc.User | None) -> None:
        """A member's rating, privately; a user who is not a member of this server is told so."""
        guild = ask.interaction.guild
        if guild is None:
            await ask.say(t("rating.server_only", ask.lang))
            return
        if member is not None and not (isinstance(member, discord.Member) and member.guild.id == guild.id):
            await ask.say(t("rating.not_member", ask.lang, player=member.display_name))
            return
        await ask.think()
        who = member_of(member) if member is not None else ask.user
        await ask.answer(await self.controller.run(ShowRating(str(guild.id), who.user, who.name, ask.lang)))

    async def on_review(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """A deal's review button (the version field is the deal)."""
        await ask.think()
        await ask.answer(await self.controller.run(ReviewDeal(ask.user, cid.game, cid.version, ask.lang)))

    async def on_drill(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.think()
        await ask.answer(await self.controller.run(NewDrill(cid.version == 1, ask.lang)))

    async def open_count(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.open(NumberModal(cid, t("practice.modal_title", ask.lang), t("practice.modal_label", ask.lang)))

    async def submit_count(self, ask: Exchange, cid: ComponentId, text: Mapping[str, str]) -> None:
        """A drill's count (the game field is the drill's seed; version 1 a crib): the truth, privately."""
        seed = whole_number(cid.game, 0, 2**63 - 1)
        if seed is None:  # not a drill this bot made
            await ask.say(t("adapter.unknown_button", ask.lang))
            return
        await ask.think()
        answer = await self.controller.run(AnswerDrill(ask.user, seed, cid.version == 1, text.get(NUMBER, ""),
                                                       ask.lang))
        await ask.answer(replace(answer, public=False))


class LearningFeature(Feature):
    """/cribbage score|analyze|rules|practice|review|stats|leaderboard|rating|daily: each hands its interaction to
    the learning door."""

    def __init__(self, door: LearnDoor) -> None:
        super().__init__("learning")
        self.door = door

    @command("cribbage score")
    async def score(self, interaction: discord.Interaction, cards: str, starter: str, crib: bool = False) -> None:
        await self.door.score(Exchange.of(interaction), cards, starter, crib)

    @command("cribbage analyze")
    @app_commands.choices(role=ROLE_CHOICES)
    async def analyze(self, interaction: discord.Interaction, cards: str, role: app_commands.Choice[str],
                      scores: str | None = None) -> None:
        await self.door.analyze(Exchange.of(interaction), cards, role.value == "dealer", scores)

    @command("cribbage rules")
    @app_commands.choices(topic=TOPIC_CHOICES)
    async def rules(self, interaction: discord.Interaction, topic: app_commands.Choice[str] | None = None) -> None:
        await self.door.rules(Exchange.of(interaction), topic.value if topic else None)

    @command("cribbage practice")
    async def practice(self, interaction: discord.Interaction, crib: bool = False) -> None:
        await self.door.practice(Exchange.of(interaction), crib)

    @command("cribbage review")
    async def review(self, interaction: discord.Interaction, deal: DealNumber | None = None) -> None:
        await self.door.review(Exchange.of(interaction), deal)

    @command("cribbage stats")
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        await self.door.stats(Exchange.of(interaction), member)

    @command("cribbage leaderboard")
    @app_commands.choices(order=ORDER_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction,
                          order: app_commands.Choice[str] | None = None) -> None:
        await self.door.leaderboard(Exchange.of(interaction), BoardOrder(order.value) if order else BoardOrder.WINS)

    @command("cribbage rating")
    async def rating(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        await self.door.rating(Exchange.of(interaction), member)

    @command("cribbage daily")
    async def daily(self, interaction: discord.Interaction, day: str | None = None) -> None:
        await self.door.daily(Exchange.of(interaction), day)
