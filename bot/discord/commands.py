"""The /cribbage application commands: their names, options and choices, and nothing else.

Each callback hands its interaction, as a `Exchange`, to the front end (bot/discord/front.py). An error
in any of them reaches `CribbageGroup.on_error`, which the front end answers privately.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.app.rules_help import topics
from bot.app.seating import Partners
from bot.discord.front import Exchange, PlayRequest
from bot.discord.rule_options import NONE_GIVEN, RuleValues, rule_choices, with_rule_options
from bot.i18n import Lang, t
from engine.core.rules import rule_option
from engine.core.scoring import MAX_HAND

if TYPE_CHECKING:
    from bot.discord.front import DiscordFront

PARTNER_CHOICES = [app_commands.Choice(name=app_commands.locale_str("cut for partners", key="choice.partners.cut"),
                                       value=Partners.CUT.value),
                   app_commands.Choice(name=app_commands.locale_str("as listed (I partner the second one)",
                                                                    key="choice.partners.listed"),
                                       value=Partners.LISTED.value)]
DIFFICULTY_CHOICES = [app_commands.Choice(name=n, value=n) for n in ("easy", "normal", "hard", "expert")]
TARGET_CHOICES = rule_choices(rule_option("target"))
ROLE_CHOICES = [app_commands.Choice(name=app_commands.locale_str("dealer (my crib)", key="choice.role.dealer"),
                                    value="dealer"),
                app_commands.Choice(name=app_commands.locale_str("pone (their crib)", key="choice.role.pone"),
                                    value="pone")]
TOPIC_CHOICES = [app_commands.Choice(name=app_commands.locale_str(title, key=f"rules.{topic}.title"), value=topic)
                 for topic, title in topics(Lang.EN)]


class OutOfRange(app_commands.TransformerError):
    """A whole number outside its option's bounds (Discord's client keeps to them; a stale or
    hand-made request may not)."""

    def __init__(self, value: int, transformer: Bounded) -> None:
        super().__init__(value, discord.AppCommandOptionType.integer, transformer)
        self.low, self.high = transformer.low, transformer.high


class Bounded(app_commands.Transformer):
    """An integer option with bounds that Discord is told of and that are checked again on arrival
    (`app_commands.Range` only tells Discord)."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.integer

    @property
    def min_value(self) -> int:
        return self.low

    @property
    def max_value(self) -> int:
        return self.high

    async def transform(self, interaction: discord.Interaction, value: int, /) -> int:
        if not self.low <= value <= self.high:
            raise OutOfRange(value, self)
        return value


Points = app_commands.Transform[int, Bounded(1, MAX_HAND)]
DealNumber = app_commands.Transform[int, Bounded(1, 999)]
Seats = app_commands.Transform[int, Bounded(0, 3)]


class TableGroup(app_commands.Group):
    """/cribbage table start|add|undo|status|end: keeping the score of a game at a real table."""

    def __init__(self, front: DiscordFront) -> None:
        super().__init__(name="table", description="Keep the score of a game at a real table")
        self.tables = front.tables

    @app_commands.command(name="start", description="Start keeping score for a real game")
    @app_commands.describe(players="The players (or teams), in seat order", target="Points to win")
    @app_commands.choices(target=TARGET_CHOICES)
    async def start(self, interaction: discord.Interaction, players: str,
                    target: app_commands.Choice[int] | None = None) -> None:
        await self.tables.start(Exchange.of(interaction), players, target.value if target else None)

    @app_commands.command(name="add", description="Peg points for a player")
    @app_commands.describe(player="Who scores", points="How many points",
                           reason="What for (optional), e.g. hand, crib, go")
    async def add(self, interaction: discord.Interaction, player: str, points: Points,
                  reason: str | None = None) -> None:
        await self.tables.add(Exchange.of(interaction), player, points, reason)

    @app_commands.command(name="undo", description="Take back the last peg")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.tables.undo(Exchange.of(interaction))

    @app_commands.command(name="status", description="The board: scores, dealer and pace")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.tables.status(Exchange.of(interaction))

    @app_commands.command(name="end", description="Stop keeping score for this table")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.tables.end(Exchange.of(interaction))


class BoardGroup(app_commands.Group):
    """/cribbage board status|show|auto: the LED pegboard the bot drives, and what it shows."""

    def __init__(self, front: DiscordFront) -> None:
        super().__init__(name="board", description="The LED pegboard")
        self.learn = front.learn

    @app_commands.command(name="status", description="Whether the LED pegboard works, and what it shows")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.learn.board(Exchange.of(interaction))

    @app_commands.command(name="show", description="Show the game going on here on the LED pegboard")
    async def show(self, interaction: discord.Interaction) -> None:
        await self.learn.board_show(Exchange.of(interaction))

    @app_commands.command(name="auto", description="Show whichever game or table moved last")
    async def auto(self, interaction: discord.Interaction) -> None:
        await self.learn.board_auto(Exchange.of(interaction))


class CribbageGroup(app_commands.Group):
    """/cribbage play|hand|resign|end|record|score|analyze|rules|practice|review|stats|leaderboard|board|table."""

    def __init__(self, front: DiscordFront) -> None:
        super().__init__(name="cribbage", description="Play cribbage in this channel", guild_only=True)
        self.front = front
        self.games = front.games
        self.learn = front.learn
        self.add_command(TableGroup(front))
        self.add_command(BoardGroup(front))

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """An option out of its bounds gets a friendly private answer; anything else is a failure."""
        if isinstance(error, OutOfRange):
            ask = Exchange.of(interaction)
            await ask.say(t("adapter.out_of_range", ask.lang, value=error.value, low=error.low, high=error.high))
            return
        await self.front.report_failure(interaction, error)

    @app_commands.command(name="play", description="Start a game against the computer or other members")
    @app_commands.describe(opponent="A member to invite (leave out to play the computer)",
                           difficulty="The computer's strength",
                           count_myself="I count my own hands: declare each count before the show",
                           second="A second member to invite (a game of three or four)",
                           third="A third member to invite (a game of four)",
                           computers="How many computer seats to add (a game of three or four)",
                           partners="Four players: cut for partners, or partner the second one listed")
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES)
    @app_commands.choices(partners=PARTNER_CHOICES)
    @with_rule_options
    async def play(self, interaction: discord.Interaction, opponent: discord.Member | None = None,
                   difficulty: app_commands.Choice[str] | None = None, rules: RuleValues = NONE_GIVEN,
                   count_myself: bool = False, second: discord.Member | None = None,
                   third: discord.Member | None = None, computers: Seats = 0,
                   partners: app_commands.Choice[str] | None = None) -> None:
        # `rules` is one option for each of the rules' declared options (bot/discord/rule_options.py)
        asked = PlayRequest(tuple(m for m in (opponent, second, third) if m is not None), computers,
                            Partners(partners.value) if partners else Partners.CUT, rules)
        await self.games.play(Exchange.of(interaction), asked, difficulty.value if difficulty else None, count_myself)

    @app_commands.command(name="hand", description="Show your hand in your game here (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.games.hand(Exchange.of(interaction))

    @app_commands.command(name="resign", description="Resign your game here")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.games.resign(Exchange.of(interaction))

    @app_commands.command(name="seat", description="Give a member's seat in your group game to the computer")
    @app_commands.describe(member="The member who has to go")
    async def seat(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await self.games.seat(Exchange.of(interaction), member)

    @app_commands.command(name="end", description="End an abandoned game here (needs Manage Messages)")
    @app_commands.describe(game="The game's id, shown under its table (needed only when several are here)")
    async def end(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.games.end(Exchange.of(interaction), game)

    @app_commands.command(name="record", description="The record of the game here, as a JSON file")
    async def record(self, interaction: discord.Interaction) -> None:
        await self.games.record(Exchange.of(interaction))

    @app_commands.command(name="score", description="Count a hand or crib from a real table, with the calls")
    @app_commands.describe(cards="Four cards, e.g. 5H 5C 5D JS (10 or T, any case, ♠♥♦♣ too)",
                           starter="The starter card, e.g. 5S",
                           crib="Count as a crib (a flush needs all five cards)")
    async def score(self, interaction: discord.Interaction, cards: str, starter: str, crib: bool = False) -> None:
        await self.learn.score(Exchange.of(interaction), cards, starter, crib)

    @app_commands.command(name="analyze", description="What to lay away from six cards, with the chart")
    @app_commands.describe(cards="Six cards, e.g. 5H 5C 6D JS KD 2C",
                           role="Are you the dealer (the crib is yours) or the pone?",
                           scores="Your score and theirs, e.g. 95,88, for the chance of winning")
    @app_commands.choices(role=ROLE_CHOICES)
    async def analyze(self, interaction: discord.Interaction, cards: str, role: app_commands.Choice[str],
                      scores: str | None = None) -> None:
        await self.learn.analyze(Exchange.of(interaction), cards, role.value == "dealer", scores)

    @app_commands.command(name="rules", description="The rules, common mistakes and questions")
    @app_commands.describe(topic="Which topic (an overview if left out)")
    @app_commands.choices(topic=TOPIC_CHOICES)
    async def rules(self, interaction: discord.Interaction, topic: app_commands.Choice[str] | None = None) -> None:
        await self.learn.rules(Exchange.of(interaction), topic.value if topic else None)

    @app_commands.command(name="practice", description="Counting practice: count a hand, then see the true count")
    @app_commands.describe(crib="Count a crib instead of a hand")
    async def practice(self, interaction: discord.Interaction, crib: bool = False) -> None:
        await self.learn.practice(Exchange.of(interaction), crib)

    @app_commands.command(name="review", description="Your review of a deal: the discard and pegging it cost")
    @app_commands.describe(deal="Which deal (the last one if left out)")
    async def review(self, interaction: discord.Interaction, deal: DealNumber | None = None) -> None:
        await self.learn.review(Exchange.of(interaction), deal)

    @app_commands.command(name="stats", description="Games, wins, skunks and points per deal")
    @app_commands.describe(member="Whose statistics (yours if left out)")
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        await self.learn.stats(Exchange.of(interaction), member)

    @app_commands.command(name="leaderboard", description="This server's leaderboard")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        await self.learn.leaderboard(Exchange.of(interaction))


