"""Games: /cribbage play|hand|resign|seat|end|record with their handlers, and the game's buttons, select and
count pad (the verbs' handlers are in `GameDoor`; DiscordFront maps each verb to one)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from bot.app.commands import (
    AcceptInvite,
    CancelInvite,
    DeclareMuggins,
    DeclareOwnCount,
    DeclineInvite,
    EndGame,
    FillSeats,
    GameRecord,
    GamesAt,
    HandSeatOver,
    LatestGame,
    LiveGames,
    MakeMove,
    Resign,
    ShowHand,
    ViewGame,
)
from bot.app.controller import Controller, ControllerError, Member, NewGame, find_player_game, game_rules
from bot.app.game.moves import move_of
from bot.app.game.seating import Partners
from bot.app.shown.ids import BadComponentId, ComponentId, Verb
from bot.app.shown.presenter import MUGGINS_COUNT
from bot.app.shown.replies import Post, Reply
from bot.config import Config
from bot.discord.exchange import Exchange, member_of
from bot.discord.options import Seats
from bot.discord.publishing import Publisher, panel_message
from bot.discord.rule_options import NONE_GIVEN, RuleValues, with_rule_options
from bot.discord.settings import NO_SETTINGS, with_setting_options
from bot.discord.views import NUMBER, NumberModal, clip, to_file, to_view
from bot.discord.words import Feature, command
from bot.i18n import card_error, t
from bot.settings import Scope
from bot.storage.values import GameMeta, Status
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
    settings: Mapping[str, object] = field(default_factory=dict)
    """The game's settings the member gave (bot/settings.py, scope game), by name."""

    def request(self, place: str, host: Member, difficulty: str, usual: Rules, **more: Any) -> NewGame:
        invited = tuple(member_of(m) for m in self.members)
        seats: tuple[Member | str, ...] = (*invited, *[difficulty] * self.computers) or (difficulty,)
        return NewGame(place, host, seats, game_rules(usual, self.rules), partners=self.partners,
                       settings=self.settings, **more)


AUTOCOMPLETE_MOST = 25
"""Discord shows at most 25 suggestions for an option."""


def game_label(meta: GameMeta) -> str:
    """A game as a moderator picks it: its players, then its id (the option's value), within Discord's 100."""
    names = " vs ".join(s.name for s in meta.seats)
    return f"{names[:100 - len(meta.id) - 3]} ({meta.id})"


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
        if isinstance(i.channel, discord.Thread) and bool(await self.controller.run(GamesAt(str(i.channel.id)))):
            await ask.say(t("adapter.thread_busy", ask.lang))
            return
        try:
            request = asked.request(str(i.channel.id), ask.user, difficulty or self.config.difficulty,
                                    self.config.rules, guild=str(i.guild.id), self_count=count_myself,
                                    lang=ask.public_lang, member_lang=ask.lang)
            reply = await self.controller.run(request)
        except ControllerError as exc:
            await ask.say(exc.text(ask.lang))
            return
        if reply.live is None:  # invitations out: the game starts when every seat is filled
            await self.publisher.post(str(i.channel.id), reply.posts)
            await ask.say(reply.note)
            return
        place, where = await self._open(ask, reply)
        if place == str(i.channel.id):  # no thread: the game is played right here
            await self.panels.show(ask, reply.panel, t("adapter.your_game_in", ask.lang, where=where))
        else:  # a private answer can only be here: the panel is opened from the table, in the thread
            await ask.say(t("adapter.your_game_open", ask.lang, where=where))

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
        reply = await self.controller.run(Resign(ask.user, game))
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
        reply = await self.controller.run(HandSeatOver(ask.user, game, str(member.id), ask.lang))
        await ask.say(reply.note)
        if reply.ok:  # the reply closes the member's own panel too: its cards are the computer's now
            await self.publisher.publish(reply)

    async def end(self, ask: Exchange, game: str | None) -> None:
        await ask.think()
        if not ask.interaction.permissions.manage_messages:
            await ask.say(t("adapter.end_perm", ask.lang))
            return
        games = await self.controller.run(GamesAt(str(ask.interaction.channel_id)))
        if game is not None:
            games = [g for g in games if g.id == game]
        if not games:
            await ask.say(t("adapter.no_game_id", ask.lang, game=game) if game
                           else t("adapter.no_game_here", ask.lang))
            return
        if len(games) > 1:  # a private answer: the ids, with whose games they are, to pick from the list
            await ask.say(t("adapter.several", ask.lang, ids=t("general.list_sep", ask.lang).join(
                game_label(g) for g in games)))
            return
        reply = await self.controller.run(EndGame(games[0].id, ask.user))
        await ask.say(reply.note)
        if reply.ok:
            await self.publisher.publish(reply)

    async def games_here(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        """/cribbage end's game option, as it is typed: the games going on here by their players' names (a
        moderator never has to find an id)."""
        games = await self.controller.run(GamesAt(str(interaction.channel_id)))
        typed = typed.strip().lower()
        return [app_commands.Choice(name=game_label(g), value=g.id) for g in games
                if typed in game_label(g).lower()][:AUTOCOMPLETE_MOST]

    async def record(self, ask: Exchange) -> None:
        """The record of the newest game here in which the member held a seat, finished or not (for a
        spectator, the newest game going on here)."""
        await ask.think()
        place = str(ask.interaction.channel_id)
        meta = await self.controller.run(LatestGame(place, ask.user.user))
        if meta is None:
            going = await self.controller.run(GamesAt(place))
            meta = going[-1] if going else None
        if meta is None:
            await ask.say(t("adapter.no_game", ask.lang))
            return
        record = await self.controller.run(GameRecord(meta.id, ask.user.user))
        if record is None:
            await ask.say(t("adapter.no_record", ask.lang))
            return
        await ask.say(t("adapter.record", ask.lang), files=[to_file(record)])

    # ------------------------------------------------------------------ clicks and the count pad

    async def on_hand(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """"Open my panel", on the public table, for anyone: a seated member's panel, or a watcher's view of what
        the table shows, as a new private message (the one before it, if any, becomes a 'moved' line)."""
        await ask.think()
        reply = await self.controller.run(ViewGame(ask.user, cid.game, ask.lang))
        if not reply.ok:
            await ask.say(reply.note)
            return
        await self.panels.show(ask, reply.panel)

    async def on_move(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """Lay away, play, go, or a muggins claim: the control read as a move once, then one typed command."""
        try:
            move = move_of(cid, values)
        except BadComponentId:
            cards = cid.verb in (Verb.LAY, Verb.PLAY)
            await ask.say(card_error([*values, cid.arg], None, ask.lang) if cards else
                           t("adapter.unknown_button", ask.lang))
            return
        command = MakeMove(ask.user, cid.game, cid.version, move, ask.lang)
        await self._move(ask, cid, lambda: self.controller.run(command))

    async def on_accept(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """An invited member accepts. Once every seat is filled the table opens (in a thread when allowed),
        the invitation loses its buttons, and the answer is the member's panel; else the invitation says who
        is still awaited."""
        await ask.think()
        await self._invitation_answer(ask, await self.controller.run(AcceptInvite(ask.user, cid.game, ask.lang)))

    async def on_decline(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.think()
        await self._invitation_answer(ask, await self.controller.run(DeclineInvite(ask.user, cid.game, ask.lang)))

    async def on_fill(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """The host gives the empty seats to the computer: the game starts."""
        await ask.think()
        await self._invitation_answer(ask, await self.controller.run(FillSeats(ask.user, cid.game, lang=ask.lang)))

    async def on_cancel(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        await ask.think()
        await self._invitation_answer(ask, await self.controller.run(CancelInvite(ask.user, cid.game, ask.lang)))

    async def _invitation_answer(self, ask: Exchange, reply: Reply) -> None:
        """The answer to an invitation's button: the invitation is redrawn to say what happened (who answered,
        the seats the computer took, where the game is, or that it was called off); the presser is told."""
        if not reply.ok:
            await ask.say(reply.note)
            return
        message = ask.interaction.message
        if reply.finished:  # declined or called off
            await self._close_invitation(ask, reply.invitation or reply.note)
            await ask.say(reply.note)
            return
        if reply.live is None:  # still waiting for someone: the invitation, redrawn
            if message is not None and reply.posts:
                post = reply.posts[0]
                await message.edit(content=clip(post.text), view=to_view(post.controls))
            await ask.say(reply.note)
            return
        place, where = await self._open(ask, reply)
        await self._close_invitation(ask, f"{reply.invitation}\n" + t("adapter.started_in", ask.public_lang,
                                                                       where=where))
        if reply.panel is not None and place == str(ask.interaction.channel_id):  # no thread: played here
            await self.panels.show(ask, reply.panel, t("adapter.game_in", ask.lang, where=where))
        else:  # the panel is opened in the game's thread, from its table
            await ask.say(t("adapter.game_open", ask.lang, where=where))
        await self.panels.refresh(reply.game or "", reply.panels, but=ask.user.user)

    async def open_declare(self, ask: Exchange, cid: ComponentId, values: Sequence[str]) -> None:
        """"I count my own hands": the declare button on a private panel opens the number pad."""
        await ask.open(NumberModal(cid, t("selfcount.modal_title", ask.lang), t("selfcount.modal_label", ask.lang)))

    async def submit_declare(self, ask: Exchange, cid: ComponentId, text: Mapping[str, str]) -> None:
        """The declared count: the feedback and the fresh panel privately; the show (once nobody is still
        counting) publicly, and the other players' panels follow."""
        await ask.think()
        if cid.arg == MUGGINS_COUNT:  # a muggins game: the count is pegged as declared
            reply = await self.controller.run(DeclareMuggins(ask.user, cid.game, cid.version, text.get(NUMBER, ""),
                                                          ask.lang))
        else:
            reply = await self.controller.run(DeclareOwnCount(ask.user, cid.game, cid.version, cid.arg == "crib",
                                                  text.get(NUMBER, ""), ask.lang))
        await self.panels.show(ask, reply.panel, reply.note + "\n\n" if reply.note else "")
        if reply.ok:
            await self.publisher.publish(reply, but=ask.user.user)

    # ------------------------------------------------------------------ helpers

    async def _move(self, ask: Exchange, cid: ComponentId, move: Callable[[], Awaitable[Reply]]) -> None:
        """A move from a private panel: that panel is edited in place, a refusal is said privately (above the
        hand it refers to, when the member has one), and the table, the posts and the other players' panels
        follow from the one reply."""
        await ask.hold()
        reply = await move()
        if reply.panel is not None:
            message = panel_message(reply.panel)
            if not reply.ok:  # "nothing changed; here is your hand now": the hand is right below it
                message["content"] = clip(f"{reply.note}\n\n{message['content']}")
            self.panels.remember(cid.game, ask.user.user, await ask.edit(**message))
        if not reply.ok:
            if reply.panel is None:
                await ask.say(reply.note)
            return
        await self.publisher.publish(reply, but=ask.user.user)

    async def _open(self, ask: Exchange, reply: Reply) -> tuple[str, str]:
        """The game's place opened (a thread when allowed) with its start post, which names every seated member
        (so each is told, and added to the thread) and says how to open their panel; the place's id and mention."""
        start = Post(t("adapter.game_start", ask.public_lang), mentions=tuple(p.user for p in reply.panels))
        title = t("game.thread_name", ask.public_lang, names=" vs ".join(reply.names))
        return await self.publisher.open_live(ask.interaction, reply, title, start)

    async def _show_hand(self, ask: Exchange, game: str) -> None:
        reply = await self.controller.run(ShowHand(ask.user, game, ask.lang))
        if not reply.ok:
            await ask.say(reply.note)
            return
        await self.panels.show(ask, reply.panel)

    async def _close_invitation(self, ask: Exchange, text: str) -> None:
        """The invitation, answered for good: `text` instead of it, and no buttons."""
        message = ask.interaction.message
        if message is not None:
            await message.edit(content=clip(text), view=None)

    async def _my_game(self, ask: Exchange) -> str | None:
        """The member's game here; used elsewhere (in the channel of a game played in its thread), the answer
        points to the game's place: a member never plays from outside it."""
        games = await self.controller.run(GamesAt(str(ask.interaction.channel_id)))
        mine = find_player_game(games, ask.user.user)
        if mine is not None:
            return mine.id
        guild = str(ask.interaction.guild_id or "")
        started = [g for g in await self.controller.run(LiveGames()) if g.guild == guild and g.status is Status.ACTIVE]
        elsewhere = find_player_game(started, ask.user.user)
        if elsewhere is not None:
            await ask.say(t("adapter.game_elsewhere", ask.lang, where=f"<#{elsewhere.place}>"))
        else:
            await ask.say(t("adapter.no_game", ask.lang))
        return None


class GameFeature(Feature):
    """/cribbage play|hand|resign|seat|end|record: each hands its interaction to the game door."""

    def __init__(self, door: GameDoor) -> None:
        super().__init__("game")
        self.door = door

    @command("cribbage play")
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES)
    @app_commands.choices(partners=PARTNER_CHOICES)
    @with_rule_options
    @with_setting_options(Scope.GAME)
    async def play(self, interaction: discord.Interaction, opponent: discord.Member | None = None,
                   difficulty: app_commands.Choice[str] | None = None, rules: RuleValues = NONE_GIVEN,
                   count_myself: bool = False, second: discord.Member | None = None,
                   third: discord.Member | None = None, computers: Seats = 0,
                   partners: app_commands.Choice[str] | None = None,
                   given: Mapping[str, object] = NO_SETTINGS) -> None:
        # `rules` is one option for each of the rules' declared options (bot/discord/rule_options.py), `given` one
        # for each game setting's (bot/discord/settings.py)
        asked = PlayRequest(tuple(m for m in (opponent, second, third) if m is not None), computers,
                            Partners(partners.value) if partners else Partners.CUT, rules, given)
        await self.door.play(Exchange.of(interaction), asked, difficulty.value if difficulty else None, count_myself)

    @command("cribbage hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.door.hand(Exchange.of(interaction))

    @command("cribbage resign")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.door.resign(Exchange.of(interaction))

    @command("cribbage seat")
    async def seat(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await self.door.seat(Exchange.of(interaction), member)

    @command("cribbage end")
    async def end(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.door.end(Exchange.of(interaction), game)

    @end.autocomplete("game")
    async def end_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.door.games_here(interaction, current)

    @command("cribbage record")
    async def record(self, interaction: discord.Interaction) -> None:
        await self.door.record(Exchange.of(interaction))
