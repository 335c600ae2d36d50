"""The moves of a game, as typed commands: start, answer an invitation, lay away, play, go, declare.

An action is checked by the engine, then committed to storage together with the computer's answers,
and only then acknowledged: a reply describes only committed actions. Every method runs in a worker
thread under the game's lock (see `Runner.on_game`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from bot.app.games import GameCache
from bot.app.ids import ComponentId, Verb
from bot.app.live import LiveGame
from bot.app.moves import DeclareCount, action_maker
from bot.app.pegboard import Pegboard
from bot.app.presenter import Presenter, closed_note, with_line
from bot.app.refusals import illegal_text
from bot.app.replies import Button, Post, Reply, Style
from bot.i18n import Lang, t
from bot.model import GameMeta, Seat, SeatKind, Status
from bot.storage import GameStore
from engine.actions import Declare, Discard, Go, Muggins, Play, PlayerAction
from engine.errors import CodedError
from engine.game import Game
from engine.legality import IllegalAction
from engine.observation import Observation, observe
from engine.players import DIFFICULTIES, make_player
from engine.rules import Rules, RulesError
from engine.scoring import MAX_HAND

PLAYER_ACTIONS = (Discard, Play, Go, Declare, Muggins)
"""What a seat may do (chance, the cuts and deals, is the game's)."""
SEED_LIMIT = 2**63
"""Seeds are stored as SQLite integers: a larger one is refused, not overflowed."""


class NewGameProblem(Enum):
    """Why a game cannot start as asked; the comment lists the error's `fields`."""

    DIFFICULTY = "difficulty"  # difficulty, choices
    SEED = "seed"  # seed, most
    TARGET = "target"  # target, allowed
    SELF_INVITE = "self_invite"  # (none)


class ControllerError(CodedError[NewGameProblem]):
    """A game that cannot start as asked. A door answers `text(lang)`; `str()` is the English for logs."""

    def text(self, lang: Lang) -> str:
        return t(f"newgame.{self.code.value}", lang, **self.fields)


@dataclass(frozen=True, slots=True)
class Member:
    """A person as a door knows them: a stable user id and a display name."""

    user: str
    name: str


@dataclass(frozen=True, slots=True)
class NewGame:
    place: str
    host: Member
    opponent: Member | None = None
    """Another member to invite; None plays the computer."""
    difficulty: str = "normal"
    target: int = 121
    skunk: bool = False
    seed: int | None = None
    guild: str = ""
    """The server the game belongs to (for its statistics); '' outside one."""
    member_lang: Lang | None = None
    """The host's own language, for their private panel (None: the game's `lang`)."""
    self_count: bool = False
    """The host counts their own hands ("I count my own hands"): they declare each count at the show."""
    lang: Lang = Lang.EN
    """The language of the game's public messages (the server's)."""
    muggins: bool = False
    """Muggins: every player declares their own counts, and what one misses the next may claim."""


def new_game_id() -> str:
    """Ten characters of lowercase base-32: short enough for custom ids, unguessable enough."""
    alphabet = "abcdefghijklmnopqrstuvwxyz234567"
    return "".join(secrets.choice(alphabet) for _ in range(10))


def think(strength: str, seed: int, obs: Observation) -> PlayerAction:
    """One decision of the computer (module level, so a worker process can run it)."""
    action = make_player(strength, seed).choose(obs)
    if not isinstance(action, PLAYER_ACTIONS):  # chance (cuts, deals) is never a player's to choose
        raise TypeError(f"the {strength} player chose {action!r}, which is not a player's action")
    return action


def computer_seed(game_seed: int, version: int, seat: int) -> int:
    """The computer's randomness for one decision: a function of the game, never of the process."""
    return (game_seed * 1_000_003 + version * 101 + seat) % (2**31)


Make = Callable[[int], PlayerAction]
"""Builds the member's action once their seat is known."""


class GamePlay:
    """Starts games and carries out the members' moves, the computer answering in the same commit."""

    def __init__(self, cache: GameCache, presenter: Presenter, pegboard: Pegboard, *, clock: Callable[[], float],
                 ids: Callable[[], str], seeds: Callable[[], int]) -> None:
        self.cache = cache
        self.pegboard = pegboard
        self.store: GameStore = cache.store
        self.presenter = presenter
        self.clock = clock
        self._ids = ids
        self._seeds = seeds

    # ------------------------------------------------------------------ starting

    def new_game(self, req: NewGame) -> Reply:
        meta = self._meta(req)
        live = LiveGame(meta, Game(meta.rules, seed=meta.seed), names=tuple(s.name for s in meta.seats))
        if meta.status is Status.INVITED:
            self.store.create(meta)
            self.cache.remember(live)
            return self._invitation(live, req.member_lang or req.lang)
        actions = self._computer_moves(live)  # it lays away at once; the deal is committed with the game
        self.store.create(meta)
        if actions:
            self.store.append(meta.id, 0, actions, now=meta.created)
        self.cache.remember(live)
        board = self.pegboard.game_changed(live)
        return with_line(self.presenter.after(live, 0, req.host.user, req.member_lang), board)

    def _meta(self, req: NewGame) -> GameMeta:
        choices = ", ".join(DIFFICULTIES)
        if req.difficulty not in DIFFICULTIES:
            raise ControllerError(NewGameProblem.DIFFICULTY, f"unknown difficulty {req.difficulty!r}; choose from "
                                  f"{choices}", difficulty=req.difficulty, choices=choices)
        if req.seed is not None and not 0 <= req.seed < SEED_LIMIT:
            raise ControllerError(NewGameProblem.SEED, f"a seed is a whole number from 0 to {SEED_LIMIT - 1}, not "
                                  f"{req.seed}", seed=req.seed, most=SEED_LIMIT - 1)
        try:
            rules = Rules(target=req.target, skunk=req.skunk, muggins=req.muggins)
        except RulesError as exc:
            raise ControllerError(NewGameProblem.TARGET, str(exc), target=req.target, allowed="121, 61") from None
        host = Seat(SeatKind.HUMAN, req.host.name, req.host.user)
        if req.opponent is None:
            other = Seat(SeatKind.COMPUTER, f"computer ({req.difficulty})", "", req.difficulty)
        elif req.opponent.user == req.host.user:
            raise ControllerError(NewGameProblem.SELF_INVITE, "you cannot invite yourself; leave the opponent out to "
                                  "play the computer")
        else:
            other = Seat(SeatKind.HUMAN, req.opponent.name, req.opponent.user)
        seed = req.seed if req.seed is not None else self._seeds()
        now = self.clock()
        status = Status.ACTIVE if req.opponent is None else Status.INVITED
        return GameMeta(self._ids(), rules, (host, other), seed, status, req.place, now, now, guild=req.guild,
                        self_count=(0,) if req.self_count else (), lang=req.lang.value)

    def _invitation(self, live: LiveGame, host_lang: Lang) -> Reply:
        host, guest = live.meta.seats
        lang = live.lang
        accept = ComponentId(live.id, 0, Verb.ACCEPT).encode()
        decline = ComponentId(live.id, 0, Verb.DECLINE).encode()
        text = t("game.invite", lang, guest=guest.name, host=host.name, target=live.meta.rules.target)
        invite = Post(text, controls=(Button(accept, t("game.accept", lang), Style.SUCCESS),
                                      Button(decline, t("game.decline", lang), Style.DANGER)),
                      mentions=(guest.user,))
        return Reply(True, t("game.invite_sent", host_lang, name=guest.name), live.id, 0, posts=(invite,),
                     place=live.meta.place)

    def answer_invite(self, game_id: str, user: str, accept: bool, lang: Lang | None,
                      close: Callable[[LiveGame, Status, int | None, str], Reply]) -> Reply:
        live = self.cache.load(game_id)
        if live is None:
            return Reply(False, t("refuse.no_game", lang or Lang.EN), game_id)
        guest = live.meta.seats[1]
        lang = lang or live.lang
        if user != guest.user:
            return Reply(False, t("refuse.only_guest", lang, name=guest.name), game_id)
        if live.meta.status is not Status.INVITED:
            return Reply(False, t("refuse.answered", lang), game_id)
        if not accept:
            return close(live, Status.DECLINED, None, t("game.declined", live.lang, name=guest.name))
        now = self.clock()
        self.store.set_status(game_id, Status.ACTIVE, now=now)
        live.meta = replace(live.meta, status=Status.ACTIVE, updated=now)
        live.langs[1] = lang
        board = self.pegboard.game_changed(live)
        return with_line(self.presenter.after(live, 0, user, lang), board)

    # ------------------------------------------------------------------ moves

    def move(self, game_id: str, user: str, version: int, make: Make, lang: Lang | None = None) -> Reply:
        """A member's move from the panel drawn at `version`: refused (nothing changed) unless the game is
        still there, or carried out and committed with the computer's answers."""
        found = self.seated(game_id, user, lang)
        if isinstance(found, Reply):
            return found
        live, seat = found
        refusal = self._refusal(live, seat, version, lang)
        if refusal is not None:
            return self.presenter.refused(live, seat, refusal, lang)
        action = make(seat)
        start_events, start = len(live.game.events), live.game.version
        try:
            live.game.apply(action)
        except IllegalAction as exc:
            return self.presenter.refused(live, seat, illegal_text(exc, live, lang or live.lang), lang)
        self._commit(live, start, [action, *self._computer_moves(live)])
        board = self.pegboard.game_changed(live)
        return with_line(self.presenter.after(live, start_events, user, lang), board)

    def _refusal(self, live: LiveGame, seat: int, version: int, lang: Lang | None) -> str | None:
        lang = lang or live.lang
        if live.meta.status is not Status.ACTIVE:
            return closed_note(live, lang)
        if live.step_of(seat) is not None:
            return t("selfcount.first", lang)
        if version != live.game.version:
            return t("refuse.stale", lang)
        return None

    def declare_muggins(self, game_id: str, user: str, version: int, points: int | str,
                        lang: Lang | None = None) -> Reply:
        """A muggins game's declared count (the engine pegs what was declared)."""
        try:
            value = int(str(points).strip())
        except ValueError:
            return self._bad_count(game_id, user, "error.not_a_number", points, lang)
        if not 0 <= value <= MAX_HAND:
            return self._bad_count(game_id, user, "error.declare_range", value, lang)
        return self.move(game_id, user, version, action_maker(DeclareCount(value)), lang)

    def _bad_count(self, game_id: str, user: str, key: str, value: object, lang: Lang | None) -> Reply:
        found = self.seated(game_id, user, lang)
        if isinstance(found, Reply):
            return found
        live, seat = found
        return self.presenter.refused(live, seat, t(key, lang or live.lang, value=value), lang)

    def _commit(self, live: LiveGame, start: int, actions: list[PlayerAction]) -> None:
        game = live.game
        try:
            status = Status.OVER if game.over else None
            self.store.append(live.id, start, actions, now=self.clock(), status=status, winner=game.winner)
        except BaseException:
            self.cache.forget(live.id)  # memory is ahead of the database: rebuild from it next time
            raise
        if game.over:
            live.meta = replace(live.meta, status=Status.OVER, winner=game.winner)
            self.cache.forget(live.id)
        live.meta = replace(live.meta, updated=self.clock(), reminded=False)

    def _computer_moves(self, live: LiveGame) -> list[PlayerAction]:
        """Let computer seats act until a person must (or the game ends). Returns what they did."""
        game = live.game
        done: list[PlayerAction] = []
        while not game.over:
            seats = [s for s in game.to_act() if live.meta.seats[s].kind is SeatKind.COMPUTER]
            if not seats:
                break
            seat = seats[0]
            strength = DIFFICULTIES[live.meta.seats[seat].difficulty]
            action = self.presenter.runner.cpu(think, strength, computer_seed(live.meta.seed, game.version, seat),
                                               observe(game, seat))
            game.apply(action)
            done.append(action)
        return done

    # ------------------------------------------------------------------ finding the member

    def seated(self, game_id: str, user: str, lang: Lang | None = None) -> tuple[LiveGame, int] | Reply:
        """The game and `user`'s seat in it; else the refusal (no such game, or not a player in it)."""
        live = self.cache.load(game_id)
        if live is None:
            return Reply(False, t("refuse.no_game", lang or Lang.EN), game_id)
        seat = live.seat_of(user)
        if seat is None:
            players = t("refuse.and", lang or live.lang).join(live.names)
            return Reply(False, t("refuse.not_seated", lang or live.lang, players=players), game_id,
                         live.game.version)
        if lang is not None:
            live.langs[seat] = lang
        return live, seat

    def hand(self, game_id: str, user: str, lang: Lang | None = None) -> Reply:
        found = self.seated(game_id, user, lang)
        if isinstance(found, Reply):
            return found
        live, seat = found
        if live.meta.status is Status.INVITED:
            return Reply(False, t("refuse.not_started", lang or live.lang), game_id)
        return Reply(True, "", game_id, live.game.version, panel=self.presenter.panel(live, seat, lang),
                     place=live.meta.place, message=live.meta.message)
