"""Games: /cribbage play|hand|resign|seat|end|record with their handlers, and the game's buttons, select and
count pad (the verbs' handlers are in `GameDoor`; DiscordFront maps each verb to one)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord
from discord import app_commands

from bot.app.controller import Controller, ControllerError, Member, NewGame, find_player_game, game_rules
from bot.app.ids import BadComponentId, ComponentId, Verb
from bot.app.moves import move_of
from bot.app.presenter import MUGGINS_COUNT
from bot.app.replies import Reply
from bot.app.seating import Partners
from bot.config import Config
from bot.discord.exchange import Exchange, member_of
from bot.discord.options import Seats
from bot.discord.publishing import Publisher, panel_message
from bot.discord.rule_options import NONE_GIVEN, RuleValues, with_rule_options
from bot.discord.views import NUMBER, NumberModal, clip, to_file, to_view
from bot.i18n import card_error, t
from engine.core.rules import Rules

PARTNER_CHOICES = [app_commands.Choice(name=app_commands.locale_str("cut for partners", key="choice.partners.cut"),
                                       value=Partners.CUT.value),
                   app_commands.Choice(name=app_commands.locale_str("as listed (I partner the second one)",
                                                                    key="choice.partners.listed"),
                                       value=Partners.LISTED.value)]
DIFFICULTY_CHOICES = [app_commands.Choice(name=n, value=n) for n in ("easy", "normal", "hard", "expert")]


@dataclass(frozen=True, slots=True)
class PlayRequest:
    """Who a /cribbage play asks for besides its host (invited members, computer seats), and the rule options
    the member gave (by name; the others are the server's usual)."""

    members: tuple[discord.abc.User, ...] = ()
    computers: int = 0
    partners: Partners = Partners.CUT
    rules: Mapping[str, object] = field(default_factory=dict)
    auto_go: bool = True

    def request(self, place: str, host: Member, difficulty: str, usual: Rules, **more: Any) -> NewGame:
        invited = tuple(member_of(m) for m in self.members)
        seats: tuple[Member | str, ...] = (*invited, *[difficulty] * self.computers) or (difficulty,)
        return NewGame(place, host, seats, game_rules(usual, self.rules), partners=self.partners,
                       auto_go=self.auto_go, **more)


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
            await self.panels.close(game, ask.user.user, t("adapter.resigned", ask.lang))
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
        await self._invitation_answer(ask, await self.controller.cancel(ask.user, cid.game, ask.lang),
                                      ended="adapter.withdrew")

    async def _invitation_answer(self, ask: Exchange, reply: Reply, ended: str = "adapter.declined") -> None:
        """The answer to an invitation's button; `ended`: what its presser hears when it ends the game (a
        declined seat, or the host calling the game off)."""
        if not reply.ok:
            await ask.say(reply.note)
            return
        message = ask.interaction.message
        if reply.finished:  # declined or called off
            await self._close_invitation(ask, reply.note)
            await ask.say(t(ended, ask.lang))
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


def game_commands(door: GameDoor) -> list[app_commands.Command[Any, ..., None]]:
    """The game commands of /cribbage, each handing its interaction to `door`."""

    @app_commands.command(name="play", description="Start a game against the computer or other members")
    @app_commands.describe(opponent="A member to invite (leave out to play the computer)",
                           difficulty="The computer's strength",
                           count_myself="I count my own hands: declare each count before the show",
                           second="A second member to invite (a game of three or four)",
                           third="A third member to invite (a game of four)",
                           computers="How many computer seats to add (a game of three or four)",
                           partners="Four players: cut for partners, or partner the second one listed",
                           auto_go="Say go, or lay the last card, for a player who has no other move (on)")
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES)
    @app_commands.choices(partners=PARTNER_CHOICES)
    @with_rule_options
    async def play(interaction: discord.Interaction, opponent: discord.Member | None = None,
                   difficulty: app_commands.Choice[str] | None = None, rules: RuleValues = NONE_GIVEN,
                   count_myself: bool = False, second: discord.Member | None = None,
                   third: discord.Member | None = None, computers: Seats = 0,
                   partners: app_commands.Choice[str] | None = None, auto_go: bool = True) -> None:
        # `rules` is one option for each of the rules' declared options (bot/discord/rule_options.py)
        asked = PlayRequest(tuple(m for m in (opponent, second, third) if m is not None), computers,
                            Partners(partners.value) if partners else Partners.CUT, rules, auto_go)
        await door.play(Exchange.of(interaction), asked, difficulty.value if difficulty else None, count_myself)

    @app_commands.command(name="hand", description="Show your hand in your game here (only you see it)")
    async def hand(interaction: discord.Interaction) -> None:
        await door.hand(Exchange.of(interaction))

    @app_commands.command(name="resign", description="Resign your game here")
    async def resign(interaction: discord.Interaction) -> None:
        await door.resign(Exchange.of(interaction))

    @app_commands.command(name="seat", description="Give a member's seat in your group game to the computer")
    @app_commands.describe(member="The member who has to go")
    async def seat(interaction: discord.Interaction, member: discord.Member) -> None:
        await door.seat(Exchange.of(interaction), member)

    @app_commands.command(name="end", description="End an abandoned game here (needs Manage Messages)")
    @app_commands.describe(game="The game's id, shown under its table (needed only when several are here)")
    async def end(interaction: discord.Interaction, game: str | None = None) -> None:
        await door.end(Exchange.of(interaction), game)

    @app_commands.command(name="record", description="The record of the game here, as a JSON file")
    async def record(interaction: discord.Interaction) -> None:
        await door.record(Exchange.of(interaction))

    return [play, hand, resign, seat, end, record]
