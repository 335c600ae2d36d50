"""The application at the centre: commands in (who, what, which game), replies out. It knows no Discord.

Every command on a game runs under that game's lock, in a worker thread (the database, the
engine, the computer's thinking and the pictures are all blocking work), so the event loop stays
free. An action is checked by the engine, then committed to storage together with the computer's
answers, and only then acknowledged: a reply the user sees describes only committed actions.

A game's state is rebuilt from storage by replaying its log, so a new controller over the same
database continues every game exactly. The computer's choices depend only on the game's seed and
the state version, never on what happened to be in memory, so a restart changes nothing.

"I count my own hands": the engine counts a show the moment the last card is played, so a
self-counting player's declaration is a step of this application, not of the engine. The show post,
its lines and the pegs it moved stay out of public view until that player has declared (or the
sweep's timeout lets it go on); declarations are stored beside the game, so a restart keeps waiting.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from bot import pictures
from bot.app.ids import BadComponentId, ComponentId, Verb
from bot.app.replies import Answer, Attachment, Button, Control, Option, Panel, Post, Reply, Select, Style, Table
from bot.companion import Companion, TablePlayer
from bot.i18n import Lang, as_lang, t
from bot.learn_text import practice_feedback, review_text
from bot.model import Declaration, GameMeta, Seat, SeatKind, Status
from bot.narrate import describe
from bot.stats import (
    COMPUTER_PREFIX,
    leaderboard,
    leaderboard_text,
    player_stats,
    server_stats,
    server_text,
    stats_text,
)
from bot.storage import Storage, StorageError
from bot.table_board import TableBoard
from engine.actions import Discard, Go, Play, PlayerAction
from engine.cards import Card, CardError, parse_card
from engine.events import DealStarted, GameWon, Pegged, Shown
from engine.game import Game, GameError, IllegalAction, Phase
from engine.observation import Observation, observe
from engine.players import DIFFICULTIES, make_player
from engine.practice import Tally, check
from engine.record import dumps, to_record
from engine.review import ReviewError, review_game_deal
from engine.rules import Rules, RulesError
from engine.winprob import Unavailable, WinTable

T = TypeVar("T")

RECENT_LINES = 8
"""How many of the latest public lines the table message keeps."""
CACHE_GAMES = 2000
"""Live games kept in memory; older ones are rebuilt from storage when next touched."""


class ControllerError(ValueError):
    """A command that cannot be carried out as asked (bad difficulty, target, ...)."""


@dataclass(frozen=True, slots=True)
class Member:
    """A person as a front end knows them: a stable user id and a display name."""

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


@dataclass(frozen=True, slots=True)
class ShowStep:
    """One hand or crib of a self-counting player at a show, waiting for (or settled by) a declaration."""

    deal: int
    seat: int
    crib: bool
    index: int
    """The Shown event's index in the game's events."""


@dataclass(slots=True)
class _Live:
    meta: GameMeta
    game: Game
    board_key: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    board: Attachment | None = None
    names: tuple[str, ...] = field(default=())
    declared: dict[tuple[int, int, bool], int | None] = field(default_factory=dict)
    """Settled show steps of self-counting players: (deal, seat, crib) -> the declared count (None: timed out)."""
    langs: dict[int, Lang] = field(default_factory=dict)
    """seat -> the language its member last used (in memory only: after a restart, the game's)."""


def new_game_id() -> str:
    """Ten characters of lowercase base-32: short enough for custom ids, unguessable enough."""
    alphabet = "abcdefghijklmnopqrstuvwxyz234567"
    return "".join(secrets.choice(alphabet) for _ in range(10))


def think(strength: str, seed: int, obs: Observation) -> PlayerAction:
    """One decision of the computer (module level, so a worker process can run it)."""
    return make_player(strength, seed).choose(obs)  # type: ignore[return-value]


def computer_seed(game_seed: int, version: int, seat: int) -> int:
    """The computer's randomness for one decision: a function of the game, never of the process."""
    return (game_seed * 1_000_003 + version * 101 + seat) % (2**31)


class Controller:
    """Runs games for any front end. Thread pool and per-game locks inside; storage behind a protocol."""

    def __init__(self, storage: Storage, *, images: bool = True, clock: Callable[[], float] = time.time,
                 workers: int = 2, remind_after: float = 300.0, forfeit_after: float = 1800.0,
                 ids: Callable[[], str] = new_game_id, seeds: Callable[[], int] | None = None,
                 processes: int = 0, board_url: str | None = None,
                 win_table: WinTable | Unavailable | None = None,
                 board_factory: Callable[[str], TableBoard] = TableBoard) -> None:
        """`workers` threads run commands; with `processes` > 0 the CPU work of a command (pictures,
        the computer's thinking) goes to that many processes, so it uses every core instead of
        queueing behind one interpreter lock. 0 keeps it in the worker threads (tests, terminal)."""
        self.storage = storage
        self.images = images
        self.clock = clock
        self.remind_after = remind_after
        self.forfeit_after = forfeit_after
        self._ids = ids
        self._seeds = seeds or (lambda: random.SystemRandom().randrange(2**31))
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cribbage")
        self._procs: Executor | None = None
        self._processes = processes
        if processes > 0:
            self._procs = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"))
        self._locks: dict[str, asyncio.Lock] = {}
        self._queued: dict[str, int] = {}
        self._live: OrderedDict[str, _Live] = OrderedDict()
        self._cache_lock = threading.Lock()  # worker threads of different games share the cache
        self.companion = Companion(storage, images=images, board_url=board_url, clock=clock, seeds=self._seeds,
                                   win_table=win_table, board_factory=board_factory)
        """Score, analyze, rules, table mode (with the LED board) and practice: see bot/companion.py."""

    # ------------------------------------------------------------------ async API

    async def warm(self) -> None:
        """Start the worker processes and load their fonts now, not during the first reply."""
        if self._procs is None or not self.images:
            return
        futures = [self._procs.submit(pictures.warm, 0.2) for _ in range(self._processes)]
        await asyncio.gather(*(asyncio.wrap_future(f) for f in futures))

    async def new_game(self, request: NewGame) -> Reply:
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._new_game, request)

    async def press(self, user: Member | str, custom_id: str, values: Sequence[str] = (),
                    lang: Lang | None = None) -> Reply:
        """A button or select from any panel or table message: the id says which game, version and act."""
        try:
            cid = ComponentId.parse(custom_id)
        except BadComponentId as exc:
            return Reply(False, str(exc))
        return await self._on_game(cid.game, self._press, _user(user), cid, tuple(values), lang)

    async def lay_away(self, user: Member | str, game_id: str, version: int, cards: Sequence[Card],
                       lang: Lang | None = None) -> Reply:
        """Lay `cards` away to the crib, from the panel shown at `version` (a stale panel is refused)."""
        return await self._on_game(game_id, self._move, _user(user), version, lambda seat: Discard(seat, tuple(cards)),
                                   lang)

    async def play_card(self, user: Member | str, game_id: str, version: int, card: Card,
                        lang: Lang | None = None) -> Reply:
        return await self._on_game(game_id, self._move, _user(user), version, lambda seat: Play(seat, card), lang)

    async def say_go(self, user: Member | str, game_id: str, version: int, lang: Lang | None = None) -> Reply:
        return await self._on_game(game_id, self._move, _user(user), version, Go, lang)

    async def accept(self, user: Member | str, game_id: str, lang: Lang | None = None) -> Reply:
        return await self._on_game(game_id, self._invite_answer, _user(user), True, lang)

    async def decline(self, user: Member | str, game_id: str, lang: Lang | None = None) -> Reply:
        return await self._on_game(game_id, self._invite_answer, _user(user), False, lang)

    async def hand(self, user: Member | str, game_id: str, lang: Lang | None = None) -> Reply:
        """A player's private panel; `lang` is the member's (None: the game's language)."""
        return await self._on_game(game_id, self._hand, _user(user), lang)

    async def resign(self, user: Member | str, game_id: str) -> Reply:
        return await self._on_game(game_id, self._resign, _user(user))

    async def end(self, game_id: str, by: Member) -> Reply:
        """A moderator ends an abandoned game: no winner, the record is kept."""
        return await self._on_game(game_id, self._end, by)

    async def table(self, game_id: str) -> Reply:
        """The current public table (to re-post it after a restart, or for a new front end)."""
        return await self._on_game(game_id, self._current_table)

    async def record(self, game_id: str) -> Attachment | None:
        return await self._on_game(game_id, self._record)

    async def set_message(self, game_id: str, place: str, message: str) -> None:
        await self._on_game(game_id, self._set_message, place, message)

    async def meta(self, game_id: str) -> GameMeta | None:
        """Who plays a game, where, and how it stands (without its actions)."""
        return await self._on_game(game_id, self._meta)

    async def games_at(self, place: str) -> list[GameMeta]:
        return await self._blocking(self.storage.find, place)

    async def live_games(self) -> list[GameMeta]:
        return await self._blocking(self.storage.live_games)

    async def sweep(self) -> list[Reply]:
        """Reminders for players who stop answering, then forfeits; invitations expire the same way."""
        replies = []
        for meta in await self.live_games():
            reply = await self._on_game(meta.id, self._sweep_one)
            if reply is not None:
                replies.append(reply)
        return replies

    # ------------------------------------------------------------------ companion commands

    async def score(self, cards: str, starter: str, crib: bool = False, lang: Lang = Lang.EN) -> Answer:
        return await self._blocking(self.companion.score, cards, starter, crib, lang)

    async def analyze(self, cards: str, dealer: bool, scores: str | None = None, lang: Lang = Lang.EN) -> Answer:
        return await self._blocking(self.companion.analyze, cards, dealer, scores, lang)

    async def rules(self, topic: str | None = None, lang: Lang = Lang.EN) -> Answer:
        return self.companion.rules(topic, lang)

    async def table_start(self, place: str, players: Sequence[TablePlayer], host: Member, target: int = 121,
                          lang: Lang = Lang.EN, guild: str = "") -> Answer:
        return await self._blocking(self.companion.table_start, place, guild, tuple(players), host.user, target,
                                    lang)

    async def table_peg(self, table: str, user: Member | str, seat: int | str, points: int | str,
                        reason: str | None = None, lang: Lang = Lang.EN) -> Answer:
        """Peg for a seat at the table `table` (its id, or the place it is kept at)."""
        return await self._blocking(self.companion.table_peg, table, _user(user), seat, points, reason, lang)

    async def table_undo(self, table: str, user: Member | str, version: int | None = None,
                         lang: Lang = Lang.EN) -> Answer:
        return await self._blocking(self.companion.table_undo, table, _user(user), version, lang)

    async def table_next_deal(self, table: str, user: Member | str, version: int | None = None,
                              lang: Lang = Lang.EN) -> Answer:
        return await self._blocking(self.companion.table_next_deal, table, _user(user), version, lang)

    async def table_status(self, table: str, lang: Lang = Lang.EN) -> Answer:
        return await self._blocking(self.companion.table_status, table, lang)

    async def table_end(self, table: str, user: Member | str, lang: Lang = Lang.EN) -> Answer:
        return await self._blocking(self.companion.table_end, table, _user(user), lang)

    async def practice(self, crib: bool = False, lang: Lang = Lang.EN, seed: int | None = None) -> Answer:
        return await self._blocking(self.companion.practice, crib, lang, seed)

    async def practice_answer(self, user: Member | str, seed: int, crib: bool, declared: str | int,
                              lang: Lang = Lang.EN) -> Answer:
        return await self._blocking(self.companion.practice_answer, _user(user), seed, crib, declared, lang)

    async def declare(self, user: Member | str, game_id: str, deal: int, crib: bool, declared: str | int,
                      lang: Lang = Lang.EN) -> Reply:
        """A self-counting player's count of their hand (or crib) at a show; `lang` is the member's (the
        feedback in `note` is private). The game goes on with the true count whatever was declared."""
        return await self._on_game(game_id, self._declare, _user(user), deal, crib, declared, lang)

    async def review(self, user: Member | str, game_id: str, deal: int | None = None,
                     lang: Lang = Lang.EN) -> Answer:
        """A player's private review of one deal of their game (the last finished one when not named)."""
        return await self._on_game(game_id, self._review, _user(user), deal, lang)

    async def latest_game(self, place: str, user: str) -> GameMeta | None:
        """The newest game at a place (live or finished) in which `user` holds a seat: what to review."""
        games = await self._blocking(self.storage.games_here, place)
        return find_player_game(games, user)

    async def table_users(self, table: str) -> list[str]:
        """The member ids of a table's seats ('' for a seat named without a member), in seat order."""
        stored = await self._blocking(self.storage.table_at, table)
        return list(stored.session.get("users", [])) if stored is not None else []

    async def stats(self, guild: str, user: str, name: str, lang: Lang = Lang.EN) -> Answer:
        return await self._blocking(self._stats, guild, user, name, lang)

    async def leaderboard(self, guild: str, lang: Lang = Lang.EN) -> Answer:
        return await self._blocking(self._leaderboard, guild, lang)

    def close(self) -> None:
        self.companion.close()
        self._pool.shutdown(wait=True)
        if self._procs is not None:
            self._procs.shutdown(wait=True)

    def _cpu(self, fn: Callable[..., T], *args: object) -> T:
        """Run CPU work here, or in a worker process when there are some (this thread waits)."""
        if self._procs is None:
            return fn(*args)
        return self._procs.submit(fn, *args).result()

    def _cpu_all(self, calls: Sequence[tuple[Callable[..., Any], tuple[object, ...]]]) -> list[Any]:
        """Several pieces of CPU work at once (in parallel when there are worker processes)."""
        if self._procs is None:
            return [fn(*args) for fn, args in calls]
        futures = [self._procs.submit(fn, *args) for fn, args in calls]
        return [f.result() for f in futures]

    async def _blocking(self, fn: Callable[..., T], *args: object) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def _on_game(self, game_id: str, fn: Callable[..., T], *args: object) -> T:
        """Run `fn(game_id, ...)` in a worker, one command per game at a time, in arrival order."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        self._queued[game_id] = self._queued.get(game_id, 0) + 1
        try:
            async with lock:
                return await asyncio.get_running_loop().run_in_executor(self._pool, fn, game_id, *args)
        finally:
            self._queued[game_id] -= 1
            if not self._queued[game_id]:  # nobody holds or awaits it: drop it, games are many
                del self._queued[game_id]
                del self._locks[game_id]

    # ------------------------------------------------------------------ loading

    def _load(self, game_id: str) -> _Live | None:
        with self._cache_lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
                return live
        stored = self.storage.load(game_id)
        if stored is None:
            return None
        game = Game(stored.meta.rules, seed=stored.meta.seed)
        for n, action in enumerate(stored.actions):
            try:
                game.apply(action)
            except GameError as exc:
                raise StorageError(f"game {game_id}: logged action {n} ({action}) does not replay: {exc}") \
                    from None
        live = _Live(stored.meta, game, names=tuple(s.name for s in stored.meta.seats))
        if stored.meta.self_count:
            live.declared = {(d.deal, d.seat, d.crib): d.declared for d in self.storage.declarations(game_id)}
        self._remember(live)
        return live

    def _remember(self, live: _Live) -> None:
        with self._cache_lock:
            self._live[live.meta.id] = live
            self._live.move_to_end(live.meta.id)
            while len(self._live) > CACHE_GAMES:
                self._live.popitem(last=False)

    def _forget(self, game_id: str) -> None:
        with self._cache_lock:
            self._live.pop(game_id, None)

    # ------------------------------------------------------------------ commands (worker threads)

    def _new_game(self, req: NewGame) -> Reply:
        if req.difficulty not in DIFFICULTIES:
            raise ControllerError(f"unknown difficulty {req.difficulty!r}; choose from "
                                  f"{', '.join(DIFFICULTIES)}")
        try:
            rules = Rules(target=req.target, skunk=req.skunk)
        except RulesError as exc:
            raise ControllerError(str(exc)) from None
        host = Seat(SeatKind.HUMAN, req.host.name, req.host.user)
        if req.opponent is None:
            other = Seat(SeatKind.COMPUTER, f"computer ({req.difficulty})", "", req.difficulty)
        else:
            if req.opponent.user == req.host.user:
                raise ControllerError("you cannot invite yourself; leave the opponent out to play "
                                      "the computer")
            other = Seat(SeatKind.HUMAN, req.opponent.name, req.opponent.user)
        seed = req.seed if req.seed is not None else self._seeds()
        now = self.clock()
        status = Status.ACTIVE if req.opponent is None else Status.INVITED
        meta = GameMeta(self._ids(), rules, (host, other), seed, status, req.place, now, now, guild=req.guild,
                        self_count=(0,) if req.self_count else (), lang=as_lang(req.lang).value)
        game = Game(rules, seed=seed)
        live = _Live(meta, game, names=(host.name, other.name))
        if status is Status.INVITED:
            self.storage.create(meta)
            self._remember(live)
            accept = ComponentId(meta.id, 0, Verb.ACCEPT).encode()
            decline = ComponentId(meta.id, 0, Verb.DECLINE).encode()
            lang = meta.lang
            text = t("game.invite", lang, guest=other.name, host=host.name, target=rules.target)
            invite = Post(text, controls=(Button(accept, t("game.accept", lang), Style.SUCCESS),
                                          Button(decline, t("game.decline", lang), Style.DANGER)),
                          mentions=(other.user,))
            return Reply(True, f"Invitation sent to {other.name}.", meta.id, 0, posts=(invite,))
        # Against the computer: it lays away at once; the deal is committed with the game.
        actions = self._computer_moves(live)
        self.storage.create(meta)
        if actions:
            self.storage.append(meta.id, 0, actions, now=now)
        self._remember(live)
        return self._after(live, 0, host.user, first_reply=True, lang=req.member_lang)

    def _press(self, game_id: str, user: str, cid: ComponentId, values: tuple[str, ...],
               lang: Lang | None = None) -> Reply:
        live = self._load(game_id)
        if live is None:
            return Reply(False, t("refuse.no_game", as_lang(lang)), game_id)
        if cid.verb in (Verb.ACCEPT, Verb.DECLINE):
            return self._answer_invite(live, user, cid.verb is Verb.ACCEPT, lang)
        if cid.verb is Verb.HAND:
            return self._hand(game_id, user, lang)
        seat = self._seat_of(live, user)
        if seat is None:
            return self._not_seated(live, lang)
        if lang is not None:
            live.langs[seat] = lang
        game = live.game
        if live.meta.status is not Status.ACTIVE:
            return Reply(False, self._closed_note(live, lang), game_id, game.version,
                         panel=self._panel(live, seat, lang))
        if cid.verb is Verb.DECLARE:  # the front end opens its number pad; a bare press only re-shows the panel
            return Reply(False, t("selfcount.use_modal", live.meta.lang), game_id, game.version,
                         panel=self._panel(live, seat, lang))
        if self._step_of(live, seat) is not None:
            return Reply(False, t("selfcount.first", live.meta.lang), game_id, game.version,
                         panel=self._panel(live, seat, lang))
        if cid.version != game.version:
            return Reply(False, t("refuse.stale", as_lang(lang or live.meta.lang)), game_id, game.version,
                         panel=self._panel(live, seat, lang))
        try:
            action = self._action(live, seat, cid, values)
        except ValueError as exc:
            return Reply(False, str(exc), game_id, game.version, panel=self._panel(live, seat, lang))
        start_events = len(game.events)
        start = game.version
        try:
            game.apply(action)
        except IllegalAction as exc:
            return Reply(False, self._friendly(live, seat, exc), game_id, game.version,
                         panel=self._panel(live, seat, lang))
        try:
            actions = [action, *self._computer_moves(live)]
            status = Status.OVER if game.over else None
            self.storage.append(game_id, start, actions, now=self.clock(), status=status, winner=game.winner)
        except BaseException:
            self._forget(game_id)  # memory is ahead of the database: rebuild from it next time
            raise
        if game.over:
            live.meta = replace(live.meta, status=Status.OVER, winner=game.winner)
        live.meta = replace(live.meta, updated=self.clock(), reminded=False)
        return self._after(live, start_events, user, lang=lang)

    def _invite_answer(self, game_id: str, user: str, accept: bool, lang: Lang | None) -> Reply:
        live = self._load(game_id)
        if live is None:
            return Reply(False, t("refuse.no_game", as_lang(lang)), game_id)
        return self._answer_invite(live, user, accept, lang)

    def _move(self, game_id: str, user: str, version: int, make: Callable[[int], PlayerAction],
              lang: Lang | None = None) -> Reply:
        cid = ComponentId(game_id, version, Verb.GO)
        live = self._load(game_id)
        if live is None:
            return Reply(False, t("refuse.no_game", as_lang(lang)), game_id)
        seat = self._seat_of(live, user)
        if seat is None:
            return self._not_seated(live, lang)
        action = make(seat)
        if isinstance(action, Discard):
            cid = ComponentId(game_id, version, Verb.LAY)
            return self._press(game_id, user, cid, tuple(c.text for c in action.cards), lang)
        if isinstance(action, Play):
            cid = ComponentId(game_id, version, Verb.PLAY, action.card.text)
        return self._press(game_id, user, cid, (), lang)

    def _declare(self, game_id: str, user: str, deal: int, crib: bool, declared: str | int, lang: Lang) -> Reply:
        found = self._seated(game_id, user)
        if isinstance(found, Reply):
            return found
        live, seat = found
        game = live.game
        step = self._step_of(live, seat)
        if step is None or (step.deal, step.crib) != (deal, crib):
            return Reply(False, t("selfcount.stale", lang), game_id, game.version, panel=self._panel(live, seat, lang))
        try:
            value = int(str(declared).strip())
        except ValueError:
            return Reply(False, t("error.not_a_number", lang, value=declared), game_id, game.version,
                         panel=self._panel(live, seat, lang))
        if not 0 <= value <= MAX_DECLARED:
            return Reply(False, t("error.declare_range", lang, value=value), game_id, game.version,
                         panel=self._panel(live, seat, lang))
        shown = game.events[step.index]
        assert isinstance(shown, Shown)
        result = check(value, shown.breakdown)
        tally = self.companion.record_declaration(
            user, Declaration(game_id, step.deal, seat, step.crib, value, result.total), result)
        self._settled(live, step, value)
        reply = self._released(live, step.deal, user, lang)
        return replace(reply, note=practice_feedback(result, tally, lang))

    def _settled(self, live: _Live, step: ShowStep, declared: int | None) -> None:
        """Remember a settled show step (the storage write was done by the caller)."""
        live.declared[(step.deal, step.seat, step.crib)] = declared
        live.meta = replace(live.meta, updated=self.clock(), reminded=False)

    def _released(self, live: _Live, deal: int, user: str, lang: Lang | None = None) -> Reply:
        """The reply after a show step was settled: the show post and its lines once nobody is counting."""
        game = live.game
        seat = self._seat_of(live, user)
        panel = self._panel(live, seat, lang) if seat is not None else None
        lines: tuple[str, ...] = ()
        posts: tuple[Post, ...] = ()
        if self._held(live) is None:
            chunk = _show_range(game, deal)
            lines = tuple(line for e in game.events[chunk.start:chunk.stop]
                          if (line := describe(e, live.names, live.meta.lang)))
            posts = (self._show_post(live, deal),)
        return Reply(True, "", live.meta.id, game.version, lines=lines, table=self._table(live), posts=posts,
                     panel=panel, waiting=self._waiting(live), panels=self._all_panels(live), place=live.meta.place,
                      message=live.meta.message)

    def _seated(self, game_id: str, user: str, lang: Lang | None = None) -> tuple[_Live, int] | Reply:
        """The game and `user`'s seat in it; else the refusal (no such game, or not a player in it)."""
        live = self._load(game_id)
        if live is None:
            return Reply(False, t("refuse.no_game", as_lang(lang)), game_id)
        seat = self._seat_of(live, user)
        return (live, seat) if seat is not None else self._not_seated(live, lang)

    def _hand(self, game_id: str, user: str, lang: Lang | None = None) -> Reply:
        found = self._seated(game_id, user, lang)
        if isinstance(found, Reply):
            return found
        live, seat = found
        if live.meta.status is Status.INVITED:
            return Reply(False, t("refuse.not_started", as_lang(lang or live.meta.lang)), game_id)
        return Reply(True, "", game_id, live.game.version, panel=self._panel(live, seat, lang))

    def _resign(self, game_id: str, user: str) -> Reply:
        found = self._seated(game_id, user)
        if isinstance(found, Reply):
            return found
        live, seat = found
        if not live.meta.status.live:
            return Reply(False, self._closed_note(live), game_id, live.game.version)
        winner = 1 - seat
        if live.meta.status is Status.INVITED:
            return self._close(live, Status.DECLINED, None, t("game.withdrew", live.meta.lang, name=live.names[seat]))
        text = t("game.resigns", live.meta.lang, name=live.names[seat], winner=live.names[winner],
                 score=self._score_text(live, live.meta.lang))
        return self._close(live, Status.RESIGNED, winner, text)

    def _end(self, game_id: str, by: Member) -> Reply:
        live = self._load(game_id)
        if live is None:
            return Reply(False, t("refuse.no_game", Lang.EN), game_id)
        if not live.meta.status.live:
            return Reply(False, self._closed_note(live), game_id, live.game.version)
        return self._close(live, Status.ENDED, None,
                           t("game.ended", live.meta.lang, by=by.name, score=self._score_text(live, live.meta.lang)))

    def _answer_invite(self, live: _Live, user: str, accept: bool, lang: Lang | None = None) -> Reply:
        guest = live.meta.seats[1]
        if user != guest.user:
            return Reply(False, t("refuse.only_guest", as_lang(lang or live.meta.lang), name=guest.name),
                         live.meta.id)
        if live.meta.status is not Status.INVITED:
            return Reply(False, t("refuse.answered", as_lang(lang or live.meta.lang)), live.meta.id)
        if not accept:
            return self._close(live, Status.DECLINED, None, t("game.declined", live.meta.lang, name=guest.name))
        now = self.clock()
        self.storage.set_status(live.meta.id, Status.ACTIVE, now=now)
        live.meta = replace(live.meta, status=Status.ACTIVE, updated=now)
        return self._after(live, 0, user, first_reply=True, lang=lang)

    def _close(self, live: _Live, status: Status, winner: int | None, text: str) -> Reply:
        now = self.clock()
        self.storage.set_status(live.meta.id, status, now=now, winner=winner)
        live.meta = replace(live.meta, status=status, winner=winner, updated=now)
        files = (self._record(live.meta.id),) if live.game.deals else ()
        reply = Reply(True, text, live.meta.id, live.game.version, lines=(text,), table=self._table(live),
                      posts=(Post(text, files),), finished=True, panels=self._all_panels(live), place=live.meta.place,
                      message=live.meta.message)
        self._forget(live.meta.id)
        return reply

    def _current_table(self, game_id: str) -> Reply:
        live = self._load(game_id)
        if live is None:
            return Reply(False, "That game no longer exists.", game_id)
        return Reply(True, "", game_id, live.game.version, lines=self._recent(live), table=self._table(live),
                     waiting=self._waiting(live), finished=not live.meta.status.live)

    def _record(self, game_id: str) -> Attachment | None:
        live = self._load(game_id)
        if live is None:
            return None
        data = dumps(to_record(live.game, live.names)).encode()
        return Attachment(f"cribbage-{game_id}.json", data, "the game record (docs/record-format.md)")

    def _meta(self, game_id: str) -> GameMeta | None:
        with self._cache_lock:
            live = self._live.get(game_id)
        if live is not None:
            return live.meta
        stored = self.storage.load(game_id)
        return stored.meta if stored is not None else None

    def _set_message(self, game_id: str, place: str, message: str) -> None:
        self.storage.set_message(game_id, place, message)
        with self._cache_lock:
            live = self._live.get(game_id)
        if live is not None:
            live.meta = replace(live.meta, place=place, message=message)

    def _review(self, game_id: str, user: str, deal: int | None, lang: Lang) -> Answer:
        live = self._load(game_id)
        if live is None:
            return Answer(False, t("review.no_game", lang))
        seat = self._seat_of(live, user)
        if seat is None:
            return Answer(False, t("review.not_player", lang))
        game = live.game
        done = [i for i, d in enumerate(game.deals) if d.starter is not None and d.discards
                and all(x is not None for x in d.discards) and _deal_finished(game, i)]
        if deal is None:
            if not done:
                return Answer(False, t("review.unavailable", lang, detail=t("general.none", lang)))
            deal = done[-1]
        if deal not in done:
            return Answer(False, t("review.unavailable", lang, detail=f"deal {deal + 1}"))
        try:
            review = review_game_deal(game, deal, seat, table=self.companion.win_table(), samples=REVIEW_SAMPLES)
        except ReviewError as exc:
            return Answer(False, t("review.unavailable", lang, detail=str(exc)))
        return Answer(True, review_text(review, lang))

    def _records(self, guild: str) -> tuple[list[dict[str, Any]], dict[str, str]]:
        """The server's decided games as records whose seats are stable keys (a member's id, or the
        computer's name), and the newest display name of each key."""
        records: list[dict[str, Any]] = []
        names: dict[str, str] = {}
        for meta in self.storage.finished_games(guild):
            stored = self.storage.load(meta.id)
            if stored is None:
                continue
            game = Game(meta.rules, seed=meta.seed)
            for action in stored.actions:
                game.apply(action)
            keys = [_stat_key(s) for s in meta.seats]
            for key, seat in zip(keys, meta.seats, strict=True):
                names[key] = seat.name
            record = to_record(game, keys)
            if record["winner"] is None:  # decided off the cards (a resignation, a timeout)
                record["winner"] = meta.winner
            records.append(record)
        return records, names

    def _stats(self, guild: str, user: str, name: str, lang: Lang) -> Answer:
        records, names = self._records(guild)
        key = _stat_key(Seat(SeatKind.HUMAN, name, user))
        names.setdefault(key, name)
        stats = player_stats(records, key, self.companion.tally(user))
        return Answer(True, stats_text(stats, lang, name=lambda k: names.get(k, k)))

    def _leaderboard(self, guild: str, lang: Lang) -> Answer:
        records, names = self._records(guild)
        tallies = {_stat_key(Seat(SeatKind.HUMAN, "", u)): Tally.from_json(v) for u, v in
                   self.storage.tallies([k.removeprefix(MEMBER_KEY) for k in names if k.startswith(MEMBER_KEY)])
                   .items()}
        text = server_text(server_stats(records, tallies), lang) + "\n" + \
            leaderboard_text(leaderboard(records), lang, name=lambda k: names.get(k, k))
        return Answer(True, text, public=True)

    def _sweep_one(self, game_id: str) -> Reply | None:
        live = self._load(game_id)
        if live is None or not live.meta.status.live:
            return None
        idle = self.clock() - live.meta.updated
        if live.meta.status is Status.INVITED:
            if idle < self.forfeit_after:
                return None
            return self._close(live, Status.DECLINED, None, t("game.expired", live.meta.lang))
        held = self._held(live)
        if held is not None and idle >= self.remind_after:
            return self._time_out_counts(live, held)
        waiting = self._waiting(live)
        if not waiting:
            return None
        seats = [s for s in live.game.to_act() if live.meta.seats[s].kind is SeatKind.HUMAN]
        lang = live.meta.lang
        if idle >= self.forfeit_after and len(seats) == 1:
            loser = seats[0]
            return self._close(live, Status.TIMED_OUT, 1 - loser,
                               t("game.forfeit", lang, loser=live.names[loser], minutes=int(idle // 60),
                                 winner=live.names[1 - loser], score=self._score_text(live, lang)))
        if idle >= self.forfeit_after:
            return self._close(live, Status.TIMED_OUT, None,
                               t("game.idle_end", lang, score=self._score_text(live, lang)))
        if idle >= self.remind_after and not live.meta.reminded:
            self.storage.set_reminded(game_id, True)
            live.meta = replace(live.meta, reminded=True)
            names = t("general.and", lang).join(live.names[s] for s in seats)
            text = t("game.reminder", lang, names=names, minutes=int(self.forfeit_after // 60))
            return Reply(True, text, game_id, live.game.version, posts=(Post(text, mentions=waiting),),
                         waiting=waiting)
        return None

    def _time_out_counts(self, live: _Live, steps: Sequence[ShowStep]) -> Reply:
        """Self-counting players who did not declare in time: the show goes on with the true counts."""
        game = live.game
        for step in steps:
            shown = game.events[step.index]
            assert isinstance(shown, Shown)
            self.storage.add_declaration(Declaration(live.meta.id, step.deal, step.seat, step.crib, None,
                                                     shown.breakdown.total), user="", tally=None, now=self.clock())
            self._settled(live, step, None)
        seats = sorted({s.seat for s in steps})
        text = " ".join(t("selfcount.timeout", live.meta.lang, name=live.names[s]) for s in seats)
        reply = self._released(live, steps[0].deal, "")
        return replace(reply, note=text, lines=(text, *reply.lines))

    # ------------------------------------------------------------------ "I count my own hands"

    def _steps(self, live: _Live) -> list[ShowStep]:
        """The show steps still waiting for a self-counting player's declaration, in the order shown.

        Only the latest show can wait: a player who has not declared cannot act in the next deal, and a
        game that is over (or closed) waits for nobody. Computer seats never count for themselves."""
        game = live.game
        counters = [s for s in live.meta.self_count if live.meta.seats[s].kind is SeatKind.HUMAN]
        if not counters or game.over or live.meta.status is not Status.ACTIVE:
            return []
        shows = _shows_by_deal(game)
        if not shows:
            return []
        deal = max(shows)
        out = []
        for index in shows[deal]:
            e = game.events[index]
            assert isinstance(e, Shown)
            if e.seat in counters and (deal, e.seat, e.crib) not in live.declared:
                out.append(ShowStep(deal, e.seat, e.crib, index))
        return out

    def _held(self, live: _Live) -> list[ShowStep] | None:
        steps = self._steps(live)
        return steps or None

    def _step_of(self, live: _Live, seat: int) -> ShowStep | None:
        return next((s for s in self._steps(live) if s.seat == seat), None)

    def _hidden(self, live: _Live) -> range:
        """Event indices the public must not see yet: the show a self-counting player is still counting."""
        steps = self._steps(live)
        return _show_range(live.game, steps[0].deal) if steps else range(0)

    def _declare_panel(self, live: _Live, obs: Observation, step: ShowStep, image: Attachment | None,
                       lang: Lang = Lang.EN) -> Panel:
        """The counting player's panel at the show: the cards to count and the declare button (no score: it
        would give the count away)."""
        shown = live.game.events[step.index]
        assert isinstance(shown, Shown)
        public = self._public_obs(live)
        obs = replace(obs, scores=public.scores, backs=public.backs)
        b = shown.breakdown
        what = t("selfcount.what_crib" if step.crib else "selfcount.what_hand", lang)
        text = t("selfcount.prompt", lang, what=what, cards=" ".join(c.pretty() for c in b.hand),
                                 starter=b.starter.pretty())
        button = Button(ComponentId(live.meta.id, step.deal, Verb.DECLARE, "crib" if step.crib else "hand").encode(),
                        t("selfcount.button_crib" if step.crib else "selfcount.button_hand", lang), Style.PRIMARY)
        return self._make_panel(live, obs, text, (button,), image,
                                f"declare your {'crib' if step.crib else 'hand'}")

    def _declaration_lines(self, live: _Live, deal: int) -> list[str]:
        lang = live.meta.lang
        lines = []
        for index in _shows_by_deal(live.game).get(deal, []):
            e = live.game.events[index]
            assert isinstance(e, Shown)
            key = (deal, e.seat, e.crib)
            if key not in live.declared:
                continue
            declared, total = live.declared[key], e.breakdown.total
            fields = {"name": live.names[e.seat], "total": total,
                      "what": t("selfcount.what_crib" if e.crib else "selfcount.what_hand", lang)}
            if declared is None:
                lines.append(t("selfcount.post_none", lang, **fields))
            elif declared == total:
                lines.append(t("selfcount.post_exact", lang, declared=declared, **fields))
            elif declared < total:
                lines.append(t("selfcount.post_missed", lang, declared=declared, missed=total - declared, **fields))
            else:
                lines.append(t("selfcount.post_over", lang, declared=declared, over=declared - total, **fields))
        return lines

    # ------------------------------------------------------------------ the game's moves

    def _computer_moves(self, live: _Live) -> list[PlayerAction]:
        """Let computer seats act until a person must (or the game ends). Returns what they did."""
        game = live.game
        done: list[PlayerAction] = []
        while not game.over:
            seats = [s for s in game.to_act() if live.meta.seats[s].kind is SeatKind.COMPUTER]
            if not seats:
                break
            seat = seats[0]
            strength = DIFFICULTIES[live.meta.seats[seat].difficulty]
            action = self._cpu(think, strength, computer_seed(live.meta.seed, game.version, seat),
                               observe(game, seat))
            game.apply(action)
            done.append(action)  # type: ignore[arg-type]
        return done

    def _action(self, live: _Live, seat: int, cid: ComponentId, values: tuple[str, ...]) -> PlayerAction:
        hand = live.game.hands[seat]
        if cid.verb is Verb.LAY:
            k = live.game.rules.discard_each
            try:
                cards = tuple(parse_card(v) for v in values)
            except CardError as exc:
                raise ValueError(str(exc)) from None
            if len(cards) != k or len(set(cards)) != k:
                raise ValueError(f"Choose {k} different cards from your hand to lay away.")
            for c in cards:
                if c not in hand:
                    raise ValueError(f"You do not hold {c.pretty()}.")
            return Discard(seat, cards)
        if cid.verb is Verb.PLAY:
            try:
                card = parse_card(cid.arg)
            except CardError as exc:
                raise ValueError(str(exc)) from None
            return Play(seat, card)
        if cid.verb is Verb.GO:
            return Go(seat)
        raise ValueError(f"{cid.verb.value} is not a move")

    def _friendly(self, live: _Live, seat: int, exc: IllegalAction) -> str:
        """The engine's refusal in a player's words (the engine speaks of seats)."""
        game = live.game
        if game.phase is Phase.DISCARD and seat not in game.to_act():
            return "You have already laid away; nothing changed."
        if game.phase is Phase.PLAY and game.turn != seat:
            return f"It is {live.names[game.turn]}'s turn, not yours; nothing changed." \
                if game.turn is not None else "It is not your turn; nothing changed."
        text = str(exc)
        for s, name in enumerate(live.names):
            text = text.replace(f"seat {s}", name)
        return text[0].upper() + text[1:] + "; nothing changed."

    # ------------------------------------------------------------------ building replies

    def _after(self, live: _Live, start_events: int, user: str, first_reply: bool = False,
               lang: Lang | None = None) -> Reply:
        game = live.game
        hidden = self._hidden(live)
        lines = tuple(line for i in range(start_events, len(game.events)) if i not in hidden
                      and (line := describe(game.events[i], live.names, live.meta.lang)))
        shown = sorted({d for d, idx in _shows_by_deal(game).items() if any(i >= start_events for i in idx)})
        posts = [self._show_post(live, d) for d in shown if not (hidden and d == self._steps(live)[0].deal)]
        if game.over:
            posts.append(self._end_post(live))
        seat = self._seat_of(live, user)
        panel = self._panel(live, seat, lang) if seat is not None else None
        reply = Reply(True, "", live.meta.id, game.version, lines=lines, table=self._table(live),
                      posts=tuple(posts), panel=panel, waiting=self._waiting(live), finished=game.over,
                      panels=self._all_panels(live), place=live.meta.place,
                      message=live.meta.message)
        if game.over:
            self._forget(live.meta.id)
        return reply

    def _show_post(self, live: _Live, deal: int) -> Post:
        """One post per show: each hand and the crib with its breakdown picture, and what any
        self-counting player declared."""
        events = live.game.events
        chunk = _show_range(live.game, deal)
        shows = [i for i in chunk if isinstance(events[i], Shown)]
        lang = live.meta.lang
        text = t("game.show_title", lang) + "\n" + "\n".join(
            line for i in chunk if (line := describe(events[i], live.names, lang)))
        said = self._declaration_lines(live, deal)
        if said:
            text += "\n" + "\n".join(said)
        files: list[Attachment] = []
        if self.images:
            for k, i in enumerate(shows):
                e = events[i]
                assert isinstance(e, Shown)
                whose = f"{live.names[e.seat]}'s {'crib' if e.crib else 'hand'}"
                files.append(self._cpu(pictures.breakdown_image, e.breakdown, f"show-{k + 1}.png", whose, lang))
        review = Button(ComponentId(live.meta.id, deal, Verb.REVIEW).encode(),
                        t("review.button", live.meta.lang, deal=deal + 1))
        return Post(text, tuple(files), (review,))

    def _end_post(self, live: _Live) -> Post:
        game = live.game
        won = next(e for e in reversed(game.events) if isinstance(e, GameWon))
        lang = live.meta.lang
        line = describe(won, live.names, lang) or ""
        text = t("game.over", lang, line=line)
        if won.skunk:
            text += t("game.skunk", lang, skunk=won.skunk)
        files: list[Attachment] = []
        if self.images:
            files.append(self._cpu(pictures.board_image, observe(game, 0), live.names, lang))
        record = self._record(live.meta.id)
        if record is not None:
            files.append(record)
        return Post(text, tuple(files))

    def _panel(self, live: _Live, seat: int, lang: Lang | str | None = None) -> Panel:
        """A player's private view in their language (None: the game's)."""
        lang = as_lang(lang or live.meta.lang)
        game = live.game
        obs = observe(game, seat)
        hand = obs.hand
        image = self._cpu(pictures.hand_image, hand) if self.images and hand else None
        score = self._score_text(live, lang)
        if live.meta.status is not Status.ACTIVE or game.over:
            return self._make_panel(live, obs, f"{self._closed_note(live, lang)} ({score})", (), None)
        step = self._step_of(live, seat)
        if step is not None:
            return self._declare_panel(live, obs, step, image, lang)
        if obs.phase is Phase.DISCARD:
            return self._discard_panel(live, obs, image, score, lang)
        controls: list[Control] = []
        my_turn = seat in obs.to_act
        for card in hand:
            cid = ComponentId(live.meta.id, game.version, Verb.PLAY, card.text).encode()
            controls.append(Button(cid, card.pretty(), Style.PRIMARY if my_turn else Style.SECONDARY,
                                   disabled=not my_turn or Play(seat, card) not in obs.legal))
        can_go = my_turn and Go(seat) in obs.legal
        if hand:
            controls.append(Button(ComponentId(live.meta.id, game.version, Verb.GO).encode(), t("panel.go", lang),
                                   Style.DANGER if can_go else Style.SECONDARY, disabled=not can_go))
        starter = obs.starter.pretty() if obs.starter else t("panel.not_cut", lang)
        head = t("panel.hand_head", lang, score=score, starter=starter, count=obs.count)
        if not my_turn:
            waiting = t("general.list_sep", lang).join(live.names[s] for s in obs.to_act) or t("panel.the_show", lang)
            return self._make_panel(live, obs, t("panel.waiting", lang, head=head, waiting=waiting), controls, image)
        said = t("panel.say_go" if can_go else "panel.play_card", lang)
        prompt = "you cannot play: say go" if can_go else "play a card"
        return self._make_panel(live, obs, t("panel.your_turn", lang, head=head, prompt=said), controls, image,
                                f"count {obs.count}: {prompt}")

    def _discard_panel(self, live: _Live, obs: Observation, image: Attachment | None, score: str,
                       lang: Lang = Lang.EN) -> Panel:
        k = obs.rules.discard_each
        whose = t("panel.whose_mine", lang) if obs.is_dealer else t("panel.whose_other", lang,
                                                                     name=live.names[obs.dealer])
        if obs.seat not in obs.to_act:
            laid = " ".join(c.pretty() for c in obs.discards)
            waiting = t("general.list_sep", lang).join(live.names[s] for s in obs.to_act)
            text = t("panel.laid", lang, score=score, laid=laid, whose=whose, waiting=waiting)
            return self._make_panel(live, obs, text, (), image)
        cid = ComponentId(live.meta.id, live.game.version, Verb.LAY).encode()
        select = Select(cid, t("panel.choose", lang, k=k, whose=whose),
                        tuple(Option(c.text, c.pretty()) for c in obs.hand), k, k)
        english = "your" if obs.is_dealer else f"{live.names[obs.dealer]}'s"
        return self._make_panel(live, obs, t("panel.lay", lang, score=score, k=k, whose=whose), (select,),
                                image, f"lay away {k} for {english} crib")

    @staticmethod
    def _make_panel(live: _Live, obs: Observation, text: str, controls: Sequence[Control],
                    image: Attachment | None, prompt: str = "") -> Panel:
        winner = live.meta.winner if live.meta.winner is not None else obs.winner
        return Panel(live.meta.seats[obs.seat].user, obs.seat, text, obs.hand, tuple(controls), image, prompt,
                     obs.scores, live.meta.id, obs.backs, winner)

    def _public_obs(self, live: _Live) -> Observation:
        """What the table shows: while a self-counting player is still counting, the pegs are where they
        stood before the show, so the score does not give the count away."""
        obs = observe(live.game, 0)
        hidden = self._hidden(live)
        if not hidden:
            return obs
        events = live.game.events
        scores, backs = list(obs.scores), list(obs.backs)
        moved = {e.move.seat for i in hidden if isinstance(e := events[i], Pegged)}
        for seat in moved:
            front = back = 0
            for e in reversed(events[:hidden.start]):
                if isinstance(e, Pegged) and e.move.seat == seat:
                    front, back = e.move.front, e.move.back
                    break
            scores[seat], backs[seat] = front, back
        return replace(obs, scores=tuple(scores), backs=tuple(backs))

    def _table(self, live: _Live) -> Table:
        game = live.game
        obs = self._public_obs(live)
        names = live.names
        lang = live.meta.lang
        scores = " · ".join(f"{n} {s}" for n, s in zip(names, obs.scores, strict=True))
        head = t("game.table_head", lang, target=game.rules.target, scores=scores)
        if live.meta.status is Status.ACTIVE and not game.over:
            head += "\n" + t("game.table_deal", lang, deal=obs.deal + 1, name=names[obs.dealer])
            if obs.phase is Phase.DISCARD:
                head += _sentence_sep(lang) + t("game.table_laying", lang, names=t("general.list_sep", lang).join(
                    names[s] for s in obs.to_act))
            elif obs.phase is Phase.PLAY and obs.to_act:
                head += _sentence_sep(lang) + t("game.table_to_play", lang, count=obs.count, name=names[obs.to_act[0]])
        else:
            head += f"\n{self._closed_note(live, lang)}"
        counting = sorted({s.seat for s in self._steps(live)})
        if counting:
            head += _sentence_sep(lang) + t("selfcount.waiting", lang, names=t(
                "general.list_sep", lang).join(names[s] for s in counting))
        recent = self._recent(live)
        text = head + ("\n\n" + "\n".join(recent) if recent else "") + f"\n\ngame {live.meta.id}"
        images: tuple[Attachment, ...] = ()
        if self.images:
            key = (obs.scores, obs.backs)
            calls: list[tuple[Callable[..., Any], tuple[object, ...]]] = [
                (pictures.table_image, (obs, names, lang))]
            if live.board is None or live.board_key != key:
                calls.append((pictures.board_image, (obs, names, lang)))
            table, *board = self._cpu_all(calls)
            if board:
                live.board, live.board_key = board[0], key
            assert live.board is not None
            images = (table, live.board)
        controls: tuple[Control, ...] = ()
        if live.meta.status is Status.ACTIVE and not game.over:
            controls = (Button(ComponentId(live.meta.id, 0, Verb.HAND).encode(), t("game.my_hand", lang),
                               Style.PRIMARY),)
        return Table(text, images, controls)

    def _recent(self, live: _Live) -> tuple[str, ...]:
        lines: list[str] = []
        hidden = self._hidden(live)
        for i in reversed(range(len(live.game.events))):
            if i in hidden:
                continue
            line = describe(live.game.events[i], live.names, live.meta.lang)
            if line:
                lines.append(line)
                if len(lines) == RECENT_LINES:
                    break
        return tuple(reversed(lines))

    # ------------------------------------------------------------------ small helpers

    def _all_panels(self, live: _Live) -> tuple[Panel, ...]:
        """Every seated member's panel, each in the language that member last used."""
        return tuple(self._panel(live, s, live.langs.get(s)) for s, seat in enumerate(live.meta.seats)
                     if seat.kind is SeatKind.HUMAN)

    def _seat_of(self, live: _Live, user: str) -> int | None:
        for s, seat in enumerate(live.meta.seats):
            if seat.kind is SeatKind.HUMAN and seat.user == user:
                return s
        return None

    def _not_seated(self, live: _Live, lang: Lang | None = None) -> Reply:
        lang = as_lang(lang or live.meta.lang)
        players = t("refuse.and", lang).join(live.names)
        return Reply(False, t("refuse.not_seated", lang, players=players), live.meta.id, live.game.version)

    def _waiting(self, live: _Live) -> tuple[str, ...]:
        if live.meta.status is not Status.ACTIVE:
            return ()
        counting = [s.seat for s in self._steps(live)]
        seats = dict.fromkeys([*counting, *live.game.to_act()])
        return tuple(live.meta.seats[s].user for s in seats if live.meta.seats[s].kind is SeatKind.HUMAN)

    def _score_text(self, live: _Live, lang: Lang | str = Lang.EN) -> str:
        return t("general.score_sep", lang).join(str(live.game.score(s)) for s in range(live.game.rules.players))

    def _closed_note(self, live: _Live, lang: Lang | str | None = None) -> str:
        lang = as_lang(lang or live.meta.lang)
        status, winner = live.meta.status, live.meta.winner
        if status is Status.INVITED:
            return t("game.note_invited", lang)
        if status is Status.ACTIVE and not live.game.over:
            return t("game.note_on", lang)
        who = live.names[winner] if winner is not None else ""
        if status is Status.TIMED_OUT:
            return t("game.note_timed_out_won" if who else "game.note_timed_out", lang, who=who)
        key = {Status.OVER: "game.note_over", Status.ACTIVE: "game.note_over", Status.RESIGNED: "game.note_resigned",
               Status.ENDED: "game.note_ended", Status.DECLINED: "game.note_declined"}[status]
        return t(key, lang, who=who)


MAX_DECLARED = 29
"""The most a hand or crib can count: a declared count above it is refused, not checked."""
MEMBER_KEY = "member:"
REVIEW_SAMPLES = 200
"""Deals played out per lay-away for the review's win chances: enough to rank, quick enough to answer."""


def _stat_key(seat: Seat) -> str:
    """A seat as the statistics know it: a member by id (names change), the computer by its strength."""
    return MEMBER_KEY + seat.user if seat.kind is SeatKind.HUMAN else COMPUTER_PREFIX + seat.difficulty


def _deal_finished(game: Game, deal: int) -> bool:
    """A deal is reviewable once it was shown (or the game ended in it): a later deal exists or it is over."""
    return deal < len(game.deals) - 1 or game.over


def _sentence_sep(lang: Lang | str) -> str:
    """Between two sentences: a space in English, nothing after a Chinese full stop."""
    return "" if as_lang(lang) is Lang.ZH else " "


def _shows_by_deal(game: Game) -> dict[int, list[int]]:
    """The indices of the Shown events of each deal (deals are marked by DealStarted)."""
    out: dict[int, list[int]] = {}
    deal = 0
    for i, e in enumerate(game.events):
        if isinstance(e, DealStarted):
            deal = e.deal
        elif isinstance(e, Shown):
            out.setdefault(deal, []).append(i)
    return out


def _show_range(game: Game, deal: int) -> range:
    """The events of a deal's show: its first hand counted to the last peg of it."""
    shows = _shows_by_deal(game).get(deal, [])
    if not shows:
        return range(0)
    end = len(game.events)
    for i in range(shows[-1] + 1, len(game.events)):
        if not isinstance(game.events[i], Pegged):
            end = i
            break
    return range(shows[0], end)


def _user(user: Member | str) -> str:
    return user.user if isinstance(user, Member) else user


def find_player_game(games: Sequence[GameMeta], user: str) -> GameMeta | None:
    """The newest live game among `games` in which `user` holds a seat."""
    mine = [g for g in games if any(s.user == user for s in g.seats if s.kind is SeatKind.HUMAN)]
    return mine[-1] if mine else None


def card_from_control(custom_id: str) -> Card | None:
    """The card a play button stands for (front ends use it to map typed cards to buttons)."""
    try:
        cid = ComponentId.parse(custom_id)
    except BadComponentId:
        return None
    if cid.verb is not Verb.PLAY:
        return None
    try:
        return parse_card(cid.arg)
    except CardError:
        return None
