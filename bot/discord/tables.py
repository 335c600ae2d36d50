"""A real table's score: /cribbage table start|add|undo|status|end with their handlers, and the board
message's peg, pad, undo and next-deal buttons."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping, Sequence

import discord
from discord import app_commands

from bot.app.commands import (
    TableEnd,
    TableNextDeal,
    TablePeg,
    TableStart,
    TableStatus,
    TableUndo,
    TableUsers,
)
from bot.app.controller import Controller, TablePlayer
from bot.app.shown.ids import ComponentId
from bot.app.shown.replies import Answer
from bot.config import Config
from bot.discord.exchange import Exchange
from bot.discord.options import Points
from bot.discord.rule_options import rule_choices
from bot.discord.views import NUMBER, REASON, NumberModal, to_files, to_view
from bot.discord.words import command, description
from bot.i18n import LANGS, t
from engine.core.errors import escaped
from engine.core.rules import rule_option
from engine.core.typed import is_number_like, whole_number
from engine.table.session import name_key

MENTION = re.compile(r"<@!?([0-9]{1,20})>")
"""A member mention: ASCII digits (\\d would take other scripts' digits for an id)."""
MOST_SEATS = 4
TARGET_CHOICES = rule_choices(rule_option("target"))


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
        await ask.answer(await self.controller.run(TableStart(str(ask.interaction.channel_id), seats, ask.user,
                                                            target or self.config.target, ask.public_lang, guild)))

    async def add(self, ask: Exchange, player: str, points: int, reason: str | None) -> None:
        seat: int | str = player
        table = str(ask.interaction.channel_id)
        match = MENTION.fullmatch(player.strip())
        if match is not None:
            users = await self.controller.run(TableUsers(table))
            seat = users.index(match[1]) if match[1] in users else player
        await ask.answer(await self.controller.run(TablePeg(table, ask.user, seat, points, reason, ask.public_lang)))

    async def undo(self, ask: Exchange) -> None:
        table = str(ask.interaction.channel_id)
        await ask.answer(await self.controller.run(TableUndo(table, ask.user, None, ask.public_lang)))

    async def status(self, ask: Exchange) -> None:
        await ask.answer(await self.controller.run(TableStatus(str(ask.interaction.channel_id), ask.public_lang)))

    async def end(self, ask: Exchange) -> None:
        table = str(ask.interaction.channel_id)
        await ask.answer(await self.controller.run(TableEnd(table, ask.user, ask.public_lang)))

    async def on_peg(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        team, _, points = cid.arg.partition(".")
        seat = whole_number(team, 0, 3)
        if seat is None:  # not a button this bot made
            await ask.say(t("adapter.unknown_button", ask.lang))
            return
        await ask.hold()
        await self._board(ask, await self.controller.run(TablePeg(cid.game, ask.user, seat, points, None,
                                                                ask.public_lang)))

    async def on_undo(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.hold()
        await self._board(ask, await self.controller.run(TableUndo(cid.game, ask.user, cid.version, ask.public_lang)))

    async def on_deal(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.hold()
        await self._board(ask, await self.controller.run(TableNextDeal(cid.game, ask.user, cid.version,
                                                                      ask.public_lang)))

    async def open_pad(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """The number pad for one seat, titled with the name on the button pressed (the modal is due
        within 3 s, so nothing is looked up)."""
        name = pad_name(ask.interaction, cid)
        await ask.open(NumberModal(cid, t("table.numpad_title", ask.lang, player=name),
                                    t("table.points_label", ask.lang), t("table.reason_label", ask.lang)))

    async def submit_pad(self, ask: Exchange, cid: ComponentId, text: Mapping[str, str]) -> None:
        """The pad's answer: a count up to 29 (or the cards), and a reason, for one seat."""
        seat = whole_number(cid.arg, 0, 3)
        if seat is None:  # not a pad this bot made
            await ask.say(t("adapter.unknown_button", ask.lang))
            return
        await ask.hold()
        answer = await self.controller.run(TablePeg(cid.game, ask.user, seat, text.get(NUMBER, ""),
                                                 text.get(REASON) or None, ask.public_lang))
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
        tokens = re.findall(r"<@!?[0-9]{1,20}>|[^\s,]+", text)
        if len(tokens) > MOST_SEATS:  # refused by their number: nobody is looked up
            return [TablePlayer(token) for token in tokens]
        ids = [int(m[1]) for token in tokens if (m := MENTION.fullmatch(token))]
        names = dict(zip(ids, await asyncio.gather(*(display_name(interaction.guild, uid) for uid in ids)),
                         strict=True))
        out: list[TablePlayer] = []
        for token in tokens:
            match = MENTION.fullmatch(token)
            if match is None:
                out.append(TablePlayer(token))
            else:
                out.append(TablePlayer(member_name(names[int(match[1])], match[1], out), match[1]))
        return out


def member_name(shown: str, user: str, earlier: Sequence[TablePlayer]) -> str:
    """A mentioned member's name at the table: the server's name for them, made one a table takes (it is not
    theirs to choose here): control characters dropped, and a seat number added to a name another member at the
    table already has, or that reads as a number. The same member twice keeps one name, and the table refuses it."""
    name = "".join(c for c in shown if escaped(c) == c).strip()[:24]
    seat = len(earlier) + 1
    if not name:
        return f"player{seat}"
    clash = any(name_key(p.name) == name_key(name) and p.user != user for p in earlier)
    return f"{name} #{seat}" if clash or is_number_like(name) else name


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
    seat = whole_number(cid.arg, 0, 3)
    return f"#{seat + 1}" if seat is not None else escaped(cid.arg)[:20]


class TableGroup(app_commands.Group):
    """/cribbage table start|add|undo|status|end: keeping the score of a game at a real table."""

    def __init__(self, door: TableDoor) -> None:
        super().__init__(name="table", description=description("cribbage table"))
        self.tables = door

    @command("cribbage table start")
    @app_commands.choices(target=TARGET_CHOICES)
    async def start(self, interaction: discord.Interaction, players: str,
                    target: app_commands.Choice[int] | None = None) -> None:
        await self.tables.start(Exchange.of(interaction), players, target.value if target else None)

    @command("cribbage table add")
    async def add(self, interaction: discord.Interaction, player: str, points: Points,
                  reason: str | None = None) -> None:
        await self.tables.add(Exchange.of(interaction), player, points, reason)

    @command("cribbage table undo")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.tables.undo(Exchange.of(interaction))

    @command("cribbage table status")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.tables.status(Exchange.of(interaction))

    @command("cribbage table end")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.tables.end(Exchange.of(interaction))
