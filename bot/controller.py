"""The application at the centre: commands in (who, what, which game), replies out. It knows no Discord.

Every command on a game runs under that game's lock, in a worker thread (the database, the
engine, the computer's thinking and the pictures are all blocking work), so the event loop stays
free. An action is checked by the engine, then committed to storage together with the computer's
answers, and only then acknowledged: a reply the user sees describes only committed actions.

A game's state is rebuilt from storage by replaying its log, so a new controller over the same
database continues every game exactly. The computer's choices depend only on the game's seed and
the state version, never on what happened to be in memory, so a restart changes nothing.
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
from bot.companion import Companion, TablePlayer
from bot.i18n import Lang, t
from bot.ids import BadComponentId, ComponentId, Verb
from bot.learn_text import review_text
from bot.narrate import describe
from bot.replies import Answer, Attachment, Button, Control, Option, Panel, Post, Reply, Select, Style, Table
from bot.stats import (
    COMPUTER_PREFIX,
    leaderboard,
    leaderboard_text,
    player_stats,
    server_stats,
    server_text,
    stats_text,
)
from bot.storage import GameMeta, Seat, SeatKind, Status, Storage, StorageError
from bot.table_board import TableBoard
from engine.actions import Discard, Go, Play, PlayerAction
from engine.cards import Card, CardError, parse_card
from engine.events import Event, GameWon, Pegged, Shown
from engine.game import Game, GameError, IllegalAction, Phase
from engine.observation import Observation, observe
from engine.players import DIFFICULTIES, make_player
from engine.practice import Tally
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


@dataclass(slots=True)
class _Live:
    meta: GameMeta
    game: Game
    board_key: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    board: Attachment | None = None
    names: tuple[str, ...] = field(default=())


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

    async def press(self, user: Member | str, custom_id: str, values: Sequence[str] = ()) -> Reply:
        """A button or select from any panel or table message: the id says which game, version and act."""
        try:
            cid = ComponentId.parse(custom_id)
        except BadComponentId as exc:
            return Reply(False, str(exc))
        return await self._on_game(cid.game, self._press, _user(user), cid, tuple(values))

    async def hand(self, user: Member | str, game_id: str) -> Reply:
        return await self._on_game(game_id, self._hand, _user(user))

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
        meta = GameMeta(self._ids(), rules, (host, other), seed, status, req.place, now, now, guild=req.guild)
        game = Game(rules, seed=seed)
        live = _Live(meta, game, names=(host.name, other.name))
        if status is Status.INVITED:
            self.storage.create(meta)
            self._remember(live)
            accept = ComponentId(meta.id, 0, Verb.ACCEPT).encode()
            decline = ComponentId(meta.id, 0, Verb.DECLINE).encode()
            text = (f"{other.name}, {host.name} invites you to a game of cribbage to {rules.target}. "
                    "Only you can accept.")
            invite = Post(text, controls=(Button(accept, "Accept", Style.SUCCESS),
                                          Button(decline, "Decline", Style.DANGER)), mentions=(other.user,))
            return Reply(True, f"Invitation sent to {other.name}.", meta.id, 0, posts=(invite,))
        # Against the computer: it lays away at once; the deal is committed with the game.
        actions = self._computer_moves(live)
        self.storage.create(meta)
        if actions:
            self.storage.append(meta.id, 0, actions, now=now)
        self._remember(live)
        return self._after(live, 0, host.user, first_reply=True)

    def _press(self, game_id: str, user: str, cid: ComponentId, values: tuple[str, ...]) -> Reply:
        live = self._load(game_id)
        if live is None:
            return Reply(False, "That game no longer exists.", game_id)
        if cid.verb in (Verb.ACCEPT, Verb.DECLINE):
            return self._answer_invite(live, user, cid.verb is Verb.ACCEPT)
        if cid.verb is Verb.HAND:
            return self._hand(game_id, user)
        seat = self._seat_of(live, user)
        if seat is None:
            return self._not_seated(live)
        game = live.game
        if live.meta.status is not Status.ACTIVE:
            return Reply(False, self._closed_note(live), game_id, game.version, panel=self._panel(live, seat))
        if cid.version != game.version:
            return Reply(False, "That choice was from an earlier moment of the game; nothing changed. "
                         "Here is your hand now.", game_id, game.version, panel=self._panel(live, seat))
        try:
            action = self._action(live, seat, cid, values)
        except ValueError as exc:
            return Reply(False, str(exc), game_id, game.version, panel=self._panel(live, seat))
        start_events = len(game.events)
        start = game.version
        try:
            game.apply(action)
        except IllegalAction as exc:
            return Reply(False, self._friendly(live, seat, exc), game_id, game.version,
                         panel=self._panel(live, seat))
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
        return self._after(live, start_events, user)

    def _hand(self, game_id: str, user: str) -> Reply:
        live = self._load(game_id)
        if live is None:
            return Reply(False, "That game no longer exists.", game_id)
        seat = self._seat_of(live, user)
        if seat is None:
            return self._not_seated(live)
        if live.meta.status is Status.INVITED:
            return Reply(False, "The game starts when the invitation is accepted.", game_id)
        return Reply(True, "", game_id, live.game.version, panel=self._panel(live, seat))

    def _resign(self, game_id: str, user: str) -> Reply:
        live = self._load(game_id)
        if live is None:
            return Reply(False, "That game no longer exists.", game_id)
        seat = self._seat_of(live, user)
        if seat is None:
            return self._not_seated(live)
        if not live.meta.status.live:
            return Reply(False, self._closed_note(live), game_id, live.game.version)
        winner = 1 - seat
        if live.meta.status is Status.INVITED:
            return self._close(live, Status.DECLINED, None, f"{live.names[seat]} withdrew the invitation.")
        text = f"{live.names[seat]} resigns. {live.names[winner]} wins, {self._score_text(live)}."
        return self._close(live, Status.RESIGNED, winner, text)

    def _end(self, game_id: str, by: Member) -> Reply:
        live = self._load(game_id)
        if live is None:
            return Reply(False, "That game no longer exists.", game_id)
        if not live.meta.status.live:
            return Reply(False, self._closed_note(live), game_id, live.game.version)
        return self._close(live, Status.ENDED, None,
                           f"{by.name} ended this game at {self._score_text(live)}; no one wins.")

    def _answer_invite(self, live: _Live, user: str, accept: bool) -> Reply:
        guest = live.meta.seats[1]
        if user != guest.user:
            return Reply(False, f"Only {guest.name} can answer this invitation.", live.meta.id)
        if live.meta.status is not Status.INVITED:
            return Reply(False, "This invitation has already been answered.", live.meta.id)
        if not accept:
            return self._close(live, Status.DECLINED, None, f"{guest.name} declined the game.")
        now = self.clock()
        self.storage.set_status(live.meta.id, Status.ACTIVE, now=now)
        live.meta = replace(live.meta, status=Status.ACTIVE, updated=now)
        return self._after(live, 0, user, first_reply=True)

    def _close(self, live: _Live, status: Status, winner: int | None, text: str) -> Reply:
        now = self.clock()
        self.storage.set_status(live.meta.id, status, now=now, winner=winner)
        live.meta = replace(live.meta, status=status, winner=winner, updated=now)
        files = (self._record(live.meta.id),) if live.game.deals else ()
        reply = Reply(True, text, live.meta.id, live.game.version, lines=(text,), table=self._table(live),
                      posts=(Post(text, files),), finished=True)
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
            return self._close(live, Status.DECLINED, None, "The invitation expired unanswered.")
        waiting = self._waiting(live)
        if not waiting:
            return None
        seats = [s for s in live.game.to_act() if live.meta.seats[s].kind is SeatKind.HUMAN]
        if idle >= self.forfeit_after and len(seats) == 1:
            loser = seats[0]
            return self._close(live, Status.TIMED_OUT, 1 - loser,
                               f"{live.names[loser]} did not play for {int(idle // 60)} minutes and loses "
                               f"the game; {live.names[1 - loser]} wins, {self._score_text(live)}.")
        if idle >= self.forfeit_after:
            return self._close(live, Status.TIMED_OUT, None, "Nobody played for a long while; the game is "
                               f"ended at {self._score_text(live)}.")
        if idle >= self.remind_after and not live.meta.reminded:
            self.storage.set_reminded(game_id, True)
            live.meta = replace(live.meta, reminded=True)
            names = " and ".join(live.names[s] for s in seats)
            minutes = int(self.forfeit_after // 60)
            text = (f"{names}: it is your turn. A game with no move for {minutes} minutes is lost "
                    "by the player who is holding it up.")
            return Reply(True, text, game_id, live.game.version, posts=(Post(text, mentions=waiting),),
                         waiting=waiting)
        return None

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

    def _after(self, live: _Live, start_events: int, user: str, first_reply: bool = False) -> Reply:
        game = live.game
        new = game.events[start_events:]
        lines = tuple(line for e in new if (line := describe(e, live.names)))
        posts = list(self._show_posts(live, new))
        if game.over:
            posts.append(self._end_post(live))
        seat = self._seat_of(live, user)
        panel = self._panel(live, seat) if seat is not None else None
        reply = Reply(True, "", live.meta.id, game.version, lines=lines, table=self._table(live),
                      posts=tuple(posts), panel=panel, waiting=self._waiting(live), finished=game.over)
        if game.over:
            self._forget(live.meta.id)
        return reply

    def _show_posts(self, live: _Live, events: Sequence[Event]) -> list[Post]:
        """One post per show: each hand and the crib with its breakdown picture."""
        shows = [i for i, e in enumerate(events) if isinstance(e, Shown)]
        if not shows:
            return []
        end = len(events)
        for i in range(shows[-1] + 1, len(events)):
            if not isinstance(events[i], Pegged):
                end = i
                break
        chunk = events[shows[0]:end]
        text = "The show:\n" + "\n".join(line for e in chunk if (line := describe(e, live.names)))
        files: list[Attachment] = []
        if self.images:
            for k, i in enumerate(shows):
                e = events[i]
                assert isinstance(e, Shown)
                whose = f"{live.names[e.seat]}'s {'crib' if e.crib else 'hand'}"
                files.append(self._cpu(pictures.breakdown_image, e.breakdown, f"show-{k + 1}.png", whose))
        shown = max((i for i, d in enumerate(live.game.deals) if d.starter is not None), default=0)
        review = Button(ComponentId(live.meta.id, shown, Verb.REVIEW).encode(),
                        t("review.button", Lang.EN, deal=shown + 1))
        return [Post(text, tuple(files), (review,))]

    def _end_post(self, live: _Live) -> Post:
        game = live.game
        won = next(e for e in reversed(game.events) if isinstance(e, GameWon))
        line = describe(won, live.names) or ""
        text = f"Game over: {line}."
        if won.skunk:
            text += f" That is a {won.skunk}!"
        files: list[Attachment] = []
        if self.images:
            files.append(self._cpu(pictures.board_image, observe(game, 0), live.names))
        record = self._record(live.meta.id)
        if record is not None:
            files.append(record)
        return Post(text, tuple(files))

    def _panel(self, live: _Live, seat: int) -> Panel:
        game = live.game
        obs = observe(game, seat)
        hand = obs.hand
        image = self._cpu(pictures.hand_image, hand) if self.images and hand else None
        score = self._score_text(live)
        if live.meta.status is not Status.ACTIVE or game.over:
            return self._make_panel(live, obs, f"{self._closed_note(live)} ({score})", (), None)
        if obs.phase is Phase.DISCARD:
            return self._discard_panel(live, obs, image, score)
        controls: list[Control] = []
        my_turn = seat in obs.to_act
        for card in hand:
            cid = ComponentId(live.meta.id, game.version, Verb.PLAY, card.text).encode()
            controls.append(Button(cid, card.pretty(), Style.PRIMARY if my_turn else Style.SECONDARY,
                                   disabled=not my_turn or Play(seat, card) not in obs.legal))
        can_go = my_turn and Go(seat) in obs.legal
        if hand:
            controls.append(Button(ComponentId(live.meta.id, game.version, Verb.GO).encode(), "Go",
                                   Style.DANGER if can_go else Style.SECONDARY, disabled=not can_go))
        starter = obs.starter.pretty() if obs.starter else "not cut"
        head = f"Your hand ({score}; starter {starter}; count {obs.count})"
        if not my_turn:
            waiting = ", ".join(live.names[s] for s in obs.to_act) or "the show"
            return self._make_panel(live, obs, f"{head}. Waiting for {waiting}.", controls, image)
        prompt = "you cannot play: say go" if can_go else "play a card"
        return self._make_panel(live, obs, f"{head}. Your turn: {prompt}.", controls, image,
                                f"count {obs.count}: {prompt}")

    def _discard_panel(self, live: _Live, obs: Observation, image: Attachment | None, score: str) -> Panel:
        k = obs.rules.discard_each
        whose = "your" if obs.is_dealer else f"{live.names[obs.dealer]}'s"
        if obs.seat not in obs.to_act:
            laid = " ".join(c.pretty() for c in obs.discards)
            waiting = ", ".join(live.names[s] for s in obs.to_act)
            text = f"Your hand ({score}). You laid away {laid} for {whose} crib; waiting for {waiting}."
            return self._make_panel(live, obs, text, (), image)
        cid = ComponentId(live.meta.id, live.game.version, Verb.LAY).encode()
        select = Select(cid, f"Choose {k} cards for {whose} crib",
                        tuple(Option(c.text, c.pretty()) for c in obs.hand), k, k)
        return self._make_panel(live, obs, f"Your hand ({score}). Lay away {k} for {whose} crib.", (select,),
                                image, f"lay away {k} for {whose} crib")

    @staticmethod
    def _make_panel(live: _Live, obs: Observation, text: str, controls: Sequence[Control],
                    image: Attachment | None, prompt: str = "") -> Panel:
        winner = live.meta.winner if live.meta.winner is not None else obs.winner
        return Panel(live.meta.seats[obs.seat].user, obs.seat, text, obs.hand, tuple(controls), image, prompt,
                     obs.scores, live.meta.id, obs.backs, winner)

    def _table(self, live: _Live) -> Table:
        game = live.game
        obs = observe(game, 0)
        names = live.names
        scores = " · ".join(f"{n} {s}" for n, s in zip(names, obs.scores, strict=True))
        head = f"Cribbage to {game.rules.target}: {scores}"
        if live.meta.status is Status.ACTIVE and not game.over:
            head += f"\nDeal {obs.deal + 1}, {names[obs.dealer]} deals."
            if obs.phase is Phase.DISCARD:
                head += " Laying away: " + ", ".join(names[s] for s in obs.to_act) + "."
            elif obs.phase is Phase.PLAY and obs.to_act:
                head += f" Count {obs.count}; {names[obs.to_act[0]]} to play."
        else:
            head += f"\n{self._closed_note(live)}"
        recent = self._recent(live)
        text = head + ("\n\n" + "\n".join(recent) if recent else "") + f"\n\ngame {live.meta.id}"
        images: tuple[Attachment, ...] = ()
        if self.images:
            key = (obs.scores, obs.backs)
            calls: list[tuple[Callable[..., Any], tuple[object, ...]]] = [
                (pictures.table_image, (obs, names))]
            if live.board is None or live.board_key != key:
                calls.append((pictures.board_image, (obs, names)))
            table, *board = self._cpu_all(calls)
            if board:
                live.board, live.board_key = board[0], key
            assert live.board is not None
            images = (table, live.board)
        controls: tuple[Control, ...] = ()
        if live.meta.status is Status.ACTIVE and not game.over:
            controls = (Button(ComponentId(live.meta.id, 0, Verb.HAND).encode(), "My hand", Style.PRIMARY),)
        return Table(text, images, controls)

    def _recent(self, live: _Live) -> tuple[str, ...]:
        lines: list[str] = []
        for e in reversed(live.game.events):
            line = describe(e, live.names)
            if line:
                lines.append(line)
                if len(lines) == RECENT_LINES:
                    break
        return tuple(reversed(lines))

    # ------------------------------------------------------------------ small helpers

    def _seat_of(self, live: _Live, user: str) -> int | None:
        for s, seat in enumerate(live.meta.seats):
            if seat.kind is SeatKind.HUMAN and seat.user == user:
                return s
        return None

    def _not_seated(self, live: _Live) -> Reply:
        players = " and ".join(live.names)
        return Reply(False, f"Only {players} play in this game; you can watch.", live.meta.id,
                     live.game.version)

    def _waiting(self, live: _Live) -> tuple[str, ...]:
        if live.meta.status is not Status.ACTIVE:
            return ()
        return tuple(live.meta.seats[s].user for s in live.game.to_act()
                     if live.meta.seats[s].kind is SeatKind.HUMAN)

    def _score_text(self, live: _Live) -> str:
        return " to ".join(str(live.game.score(s)) for s in range(live.game.rules.players))

    def _closed_note(self, live: _Live) -> str:
        status, winner = live.meta.status, live.meta.winner
        if status is Status.INVITED:
            return "The game starts when the invitation is accepted."
        if status is Status.ACTIVE and not live.game.over:
            return "The game is on."
        who = live.names[winner] if winner is not None else None
        return {
            Status.OVER: f"This game is over: {who} won.",
            Status.ACTIVE: f"This game is over: {who} won.",
            Status.RESIGNED: f"This game is over: {who} won by resignation.",
            Status.ENDED: "This game was ended by a moderator.",
            Status.TIMED_OUT: f"This game timed out{f'; {who} won' if who else ''}.",
            Status.DECLINED: "This invitation was declined or withdrawn.",
        }[status]


MEMBER_KEY = "member:"
REVIEW_SAMPLES = 200
"""Deals played out per lay-away for the review's win chances: enough to rank, quick enough to answer."""


def _stat_key(seat: Seat) -> str:
    """A seat as the statistics know it: a member by id (names change), the computer by its strength."""
    return MEMBER_KEY + seat.user if seat.kind is SeatKind.HUMAN else COMPUTER_PREFIX + seat.difficulty


def _deal_finished(game: Game, deal: int) -> bool:
    """A deal is reviewable once it was shown (or the game ended in it): a later deal exists or it is over."""
    return deal < len(game.deals) - 1 or game.over


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
