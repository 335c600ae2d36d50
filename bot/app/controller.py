"""The application's one entrance for every door: typed commands in (who, what, which game), replies out.

Each method is a coroutine that runs its blocking work in the runner's worker threads; a command on
a game holds that game's lock once, from loading the game to building the reply (so one click is one
lock round trip). The parts: `GamePlay` (moves), `Closing` (resign, end, the sweep), `SelfCount`,
`Presenter` (replies), `Statistics`, `Scorer`, `Practice` and `TableMode` (the companion features).
"""

from __future__ import annotations

import gc
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from board_driver.driver import BoardDriver
from bot.app.closing import Closing
from bot.app.games import GameCache
from bot.app.invites import Invitations
from bot.app.learn_text import group_review_text, review_text
from bot.app.learning import Scorer
from bot.app.live_game import LiveGame, deal_finished
from bot.app.mention_settings import MentionSettings
from bot.app.moves import ClaimMuggins, LayAway, Move, PlayCard, SayGo, action_maker, checked
from bot.app.pegboard import Pegboard
from bot.app.play import (
    ControllerError,
    GamePlay,
    Member,
    NewGame,
    game_rules,
    new_game_id,
    stand_in,
    unknown_difficulty,
)
from bot.app.practice import Practice
from bot.app.presenter import WHOLE, Presenter, record_file
from bot.app.replies import Answer, Attachment, Post, Reply
from bot.app.retry import afresh
from bot.app.runner import Runner
from bot.app.selfcount import SelfCount
from bot.app.statistics import Statistics
from bot.app.tablemode import TableMode, TablePlayer
from bot.i18n import LANGS, Lang, t
from bot.storage import DatabaseFault, Storage, StorageError
from bot.storage.values import GameMeta, SeatKind, Status
from engine.analysis.winprob import Unavailable, WinTable
from engine.computer.players import DIFFICULTIES
from engine.computer.review import ReviewError, review_game_deal, review_group_deal
from engine.core.cards import Card
from engine.core.errors import shown
from engine.core.scoring import fill_templates
from engine.table.session import TableSession

__all__ = ["Controller", "ControllerError", "Member", "NewGame", "TablePlayer", "find_player_game", "game_rules"]

T = TypeVar("T")
log = logging.getLogger(__name__)

REVIEW_SAMPLES = 200
"""Deals played out per lay-away for the review's win chances: enough to rank, quick enough to answer."""


def find_player_game(games: Sequence[GameMeta], user: str) -> GameMeta | None:
    """The newest game among `games` in which `user` holds a seat."""
    mine = [g for g in games if any(s.user == user for s in g.seats if s.kind is SeatKind.HUMAN)]
    return mine[-1] if mine else None


def _user(user: Member | str) -> str:
    return user.user if isinstance(user, Member) else user


class Controller:
    """Runs games and the companion features for any door. Storage behind protocols; no transport."""

    def __init__(self, storage: Storage, *, images: bool = True, clock: Callable[[], float] = time.time,
                 workers: int = 2, processes: int = 0, remind_after: float = 300.0, forfeit_after: float = 1800.0,
                 claim_after: float = 120.0, ids: Callable[[], str] = new_game_id,
                 seeds: Callable[[], int] | None = None, board_url: str | None = None,
                 win_table: WinTable | Unavailable | None = None,
                 driver_factory: Callable[[str], BoardDriver] | None = None, difficulty: str = "normal") -> None:
        """`workers` threads run commands; with `processes` > 0 a command's CPU work (pictures, the computer's
        thinking) goes to that many processes (0: in the threads). `difficulty`: the server's computer strength."""
        if difficulty not in DIFFICULTIES:
            raise unknown_difficulty(difficulty)
        seeds = seeds or (lambda: random.SystemRandom().randrange(2**31))
        self.storage = storage
        self.images = images
        self.clock = clock
        self.runner = Runner(workers=workers, processes=processes)
        self.games = GameCache(storage)
        self.presenter = Presenter(self.runner, images=images)
        self.pegboard = Pegboard(board_url, driver_factory=driver_factory)
        self.play = GamePlay(self.games, self.presenter, self.pegboard, clock=clock, ids=ids, seeds=seeds,
                             difficulty=difficulty)
        self.closing = Closing(self.games, self.presenter, self.pegboard, clock=clock, remind_after=remind_after,
                               forfeit_after=forfeit_after, hand_over=self.play.hand_over,
                               close_claims=self.play.close_claims, claim_after=claim_after)
        self.scorer = Scorer(images=images, win_table=win_table)
        self.practice_drills = Practice(storage, storage, self.scorer, seeds=seeds, clock=clock, images=images)
        self.invites = Invitations(self.play.store_seats, start=self.play.start, close=self.closing.close)
        self.self_count = SelfCount(self.presenter, self.practice_drills, self.pegboard, clock)
        self.tables = TableMode(storage, self.scorer, self.pegboard, clock=clock, images=images)
        self.statistics = Statistics(storage, storage, storage)
        self.statistics.backfill()
        self.mention_settings = MentionSettings(storage)

    async def warm(self) -> None:
        """Start the workers and load their fonts now, not during the first reply; then what was loaded to start
        is moved out of the garbage collector's sight, so a full collection stops the event loop for less time."""
        await self.runner.warm(self.images)
        fill_templates()
        gc.collect()
        gc.freeze()

    def close(self) -> None:
        self.runner.close()
        self.pegboard.close()

    async def _on_game(self, game_id: str, fn: Callable[..., T], *args: Any) -> T:
        """Run a command on a game under its lock (see Runner.on_game), read afresh and tried again when
        another writer got there first."""
        return await self.runner.on_game(game_id, self._fresh, game_id, fn, *args)

    def _fresh(self, game_id: str, fn: Callable[..., T], *args: Any) -> T:
        try:
            return afresh(lambda: fn(*args), before_again=lambda: self.games.forget(game_id))
        finally:
            self.games.park(game_id)

    # ------------------------------------------------------------------ games: starting and moving

    async def new_game(self, request: NewGame) -> Reply:
        """A game against the computer starts at once; one with invited members waits for their answers."""
        return await self.runner.blocking(self._new_game, request)

    def _new_game(self, req: NewGame) -> Reply:
        live, lead = self.play.create(req)
        try:
            if live.meta.status is Status.INVITED:
                return self.invites.post(live, req.member_lang or req.lang, lead)
            reply = self.play.start(live, req.host.user, req.member_lang, lead)
        finally:
            self.games.park(live.id)  # nobody else knows the game yet: no lock is needed
        return replace(reply, posts=(Post("\n".join(lead)), *reply.posts)) if lead else reply  # the cut, said

    async def move(self, user: Member | str, game_id: str, version: int, move: Move,
                   lang: Lang | None = None) -> Reply:
        """A member's move from the panel drawn at `version` (a stale panel is refused, nothing changed)."""
        move = checked(move, version)  # BadMove for values of the wrong types, before anything is touched
        return await self._on_game(game_id, self.play.move, game_id, _user(user), version, action_maker(move),
                                   lang)

    async def lay_away(self, user: Member | str, game_id: str, version: int, cards: Sequence[Card],
                       lang: Lang | None = None) -> Reply:
        return await self.move(user, game_id, version, LayAway(tuple(cards) if isinstance(cards, Sequence) else cards),
                               lang)

    async def play_card(self, user: Member | str, game_id: str, version: int, card: Card,
                        lang: Lang | None = None) -> Reply:
        return await self.move(user, game_id, version, PlayCard(card), lang)

    async def say_go(self, user: Member | str, game_id: str, version: int, lang: Lang | None = None) -> Reply:
        return await self.move(user, game_id, version, SayGo(), lang)

    async def declare_muggins(self, user: Member | str, game_id: str, version: int, points: int | str,
                              lang: Lang | None = None) -> Reply:
        """A muggins game: the member's own count of the hand or crib being shown (pegged as declared)."""
        return await self._on_game(game_id, self.play.declare_muggins, game_id, _user(user), version, points,
                                   lang)

    async def claim_muggins(self, user: Member | str, game_id: str, version: int, claim: bool,
                            lang: Lang | None = None) -> Reply:
        """A muggins game: claim the points the declarer missed (or let the count stand)."""
        return await self.move(user, game_id, version, ClaimMuggins(claim), lang)

    async def accept(self, user: Member | str, game_id: str, lang: Lang | None = None) -> Reply:
        return await self._on_game(game_id, self._invited, game_id, lang, self.invites.answer, _user(user), True)

    async def decline(self, user: Member | str, game_id: str, lang: Lang | None = None) -> Reply:
        """An invitee declines (in a group game the seat stays open); the host declining cancels."""
        return await self._on_game(game_id, self._invited, game_id, lang, self.invites.answer, _user(user), False)

    async def fill_seats(self, user: Member | str, game_id: str, difficulty: str | None = None,
                         lang: Lang | None = None) -> Reply:
        """The host gives every open or unanswered seat to the computer (at `difficulty`, else the game's
        first computer's or the server's), and the game starts."""
        return await self._on_game(game_id, self._invited, game_id, lang, self._fill, _user(user), difficulty)

    async def cancel(self, user: Member | str, game_id: str, lang: Lang | None = None) -> Reply:
        """The host calls off a game still waiting for its players."""
        return await self._on_game(game_id, self._invited, game_id, lang, self.invites.cancel, _user(user))

    def _invited(self, game_id: str, lang: Lang | None, answer: Callable[..., Reply], *args: object) -> Reply:
        live = self.games.load(game_id)
        if live is None:
            return Reply(False, t("refuse.no_game", lang or Lang.EN), game_id)
        return answer(live, *args, lang or live.lang)

    def _fill(self, live: LiveGame, user: str, difficulty: str | None, lang: Lang) -> Reply:
        return self.invites.fill(live, user, lang, difficulty or stand_in(live.meta.seats, self.play.difficulty))

    async def declare(self, user: Member | str, game_id: str, deal: int, crib: bool, declared: str | int,
                      lang: Lang = Lang.EN) -> Reply:
        """A self-counting player's count of their hand (or crib) at a show; the feedback in `note` is
        private. The game goes on with the true count whatever was declared."""
        return await self._on_game(game_id, self._declare, game_id, _user(user), deal, crib, declared, lang)

    def _declare(self, game_id: str, user: str, deal: int, crib: bool, declared: str | int, lang: Lang) -> Reply:
        found = self.play.seated(game_id, user, lang)
        if isinstance(found, Reply):
            return found
        live, seat = found
        return self.self_count.declare(live, seat, user, deal, crib, declared, lang)

    # ------------------------------------------------------------------ games: reading and closing

    async def hand(self, user: Member | str, game_id: str, lang: Lang | None = None) -> Reply:
        """A player's private panel; `lang` is the member's (None: the one they last used, or the game's)."""
        return await self._on_game(game_id, self.play.hand, game_id, _user(user), lang)

    async def view(self, user: Member | str, game_id: str, lang: Lang | None = None) -> Reply:
        """What the public table's button shows `user` privately: their panel when they hold a seat, else a
        watcher's view of what the table shows everyone (never a refusal: anyone may press it)."""
        return await self._on_game(game_id, self._view, game_id, _user(user), lang)

    def _view(self, game_id: str, user: str, lang: Lang | None) -> Reply:
        live = self.games.load(game_id)
        if live is None or live.seat_of(user) is not None or not live.active:
            return self.play.hand(game_id, user, lang)
        return Reply(True, "", game_id, live.game.version, panel=self.presenter.watcher_panel(live, user, lang),
                     place=live.meta.place, message=live.meta.message)

    async def resign(self, user: Member | str, game_id: str) -> Reply:
        return await self._on_game(game_id, self._resign, game_id, _user(user))

    def _resign(self, game_id: str, user: str) -> Reply:
        found = self.play.seated(game_id, user)
        return found if isinstance(found, Reply) else self.closing.resign(*found)

    async def hand_seat(self, host: Member | str, game_id: str, member: str, lang: Lang | None = None) -> Reply:
        """The host of a group game gives a member's seat to the computer (someone who had to go)."""
        return await self._on_game(game_id, self._hand_seat, game_id, _user(host), member, lang)

    def _hand_seat(self, game_id: str, host: str, member: str, lang: Lang | None) -> Reply:
        found = self.play.seated(game_id, host, lang)
        if isinstance(found, Reply):
            return found
        live, seat = found
        lang = lang or live.lang
        if seat != 0 or live.game.rules.players == 2:
            return Reply(False, t("refuse.host_only", lang, name=live.meta.host.name), game_id)
        target = live.seat_of(member)
        if target is None or target == 0 or not live.active:
            return Reply(False, t("refuse.not_a_seat", lang), game_id)
        return self.play.hand_over(live, [target], t("game.handed", live.lang, name=live.names[target],
                                                     host=live.names[0]))

    async def end(self, game_id: str, by: Member) -> Reply:
        """A moderator ends an abandoned game: no winner, the record is kept."""
        return await self._on_game(game_id, self._end, game_id, by.name)

    def _end(self, game_id: str, by: str) -> Reply:
        try:
            live = self.games.load(game_id)
        except DatabaseFault:
            raise
        except StorageError:  # its log does not replay: it can still be ended, so it stops being "going on"
            return self._end_unreadable(game_id, by)
        if live is None:
            return Reply(False, t("refuse.no_game", Lang.EN), game_id)
        return self.closing.end(live, by)

    def _end_unreadable(self, game_id: str, by: str) -> Reply:
        meta = next((m for m in self.storage.live_games() if m.id == game_id), None)
        if meta is None:
            return Reply(False, t("refuse.no_game", Lang.EN), game_id)
        self.storage.set_status(game_id, Status.ENDED, now=self.clock())
        self.games.forget(game_id)
        text = t("game.ended_damaged", Lang(meta.lang) if meta.lang in LANGS else Lang.EN, by=by)
        return Reply(True, text, game_id, lines=(text,), posts=(Post(text),), finished=True, place=meta.place,
                     message=meta.message, names=tuple(s.name for s in meta.seats))

    async def table(self, game_id: str) -> Reply:
        """The current public table (to re-post it after a restart, or for a new door)."""
        return await self._on_game(game_id, self._current, game_id)

    def _current(self, game_id: str) -> Reply:
        live = self.games.load(game_id)
        return self.presenter.current(live) if live is not None else Reply(False, t("refuse.no_game"), game_id)

    async def record(self, game_id: str, user: str | None = None) -> Attachment | None:
        """The record as `user` may read it: whole once the game is over; while it goes on, only what the table
        has shown that member (a spectator when they hold no seat, or user is None)."""
        return await self._on_game(game_id, self._record, game_id, user)

    async def whole_record(self, game_id: str) -> Attachment | None:
        """The whole record, hidden cards and seed included: for the operator's tools, never for a member."""
        return await self._on_game(game_id, self._record, game_id, None, True)

    def _record(self, game_id: str, user: str | None, whole: bool = False) -> Attachment | None:
        live = self.games.load(game_id)
        if live is None:
            return None
        return record_file(live, WHOLE if whole else live.seat_of(user) if user is not None else None)

    async def set_message(self, game_id: str, place: str, message: str) -> None:
        await self._on_game(game_id, self.games.set_message, game_id, place, message)

    async def meta(self, game_id: str) -> GameMeta | None:
        """Who plays a game, where, and how it stands (without its actions)."""
        return await self._on_game(game_id, self.games.meta, game_id)

    async def games_at(self, place: str) -> list[GameMeta]:
        """The live games at a place, oldest first."""
        return await self.runner.blocking(self.storage.find, place)

    async def live_games(self) -> list[GameMeta]:
        return await self.runner.blocking(self.storage.live_games)

    async def latest_game(self, place: str, user: str) -> GameMeta | None:
        """The newest game at a place (live or finished) in which `user` holds a seat."""
        return find_player_game(await self.runner.blocking(self.storage.games_here, place), user)

    async def sweep(self, owns: Callable[[str], bool] | None = None) -> list[Reply]:
        """Reminders for players who stop answering, then forfeits; invitations expire the same way. `owns`
        picks the servers (by id) whose games this process sweeps, when several share the database (each
        reminder and forfeit is written once whoever sweeps: this only spares the others the work)."""
        replies = []
        for meta in await self.live_games():
            if (owns is not None and not owns(meta.guild)) or not self.closing.may_be_due(meta):
                continue
            try:
                reply = await self._on_game(meta.id, self.closing.sweep_one, meta.id)
            except StorageError as exc:  # one unreadable game (or a database hiccup) never stops the others'
                log.warning("the sweep passed over game %s: %s", meta.id, exc)
                continue
            if reply is not None:
                replies.append(reply)
        return replies

    async def review(self, user: Member | str, game_id: str, deal: int | None = None,
                     lang: Lang = Lang.EN) -> Answer:
        """A player's private review of one deal of their game (the last finished one when not named)."""
        return await self._on_game(game_id, self._review, game_id, _user(user), deal, lang)

    def _review(self, game_id: str, user: str, deal: int | None, lang: Lang) -> Answer:
        live = self.games.load(game_id)
        if live is None:
            return Answer(False, t("review.no_game", lang))
        seat = live.seat_of(user)
        if seat is None:
            return Answer(False, t("review.not_player", lang))
        game = live.game
        done = [i for i, d in enumerate(game.deals) if d.starter is not None and d.discards
                and all(x is not None for x in d.discards) and deal_finished(game, i)]
        if deal is None and not done:
            return Answer(False, t("review.none_yet", lang))
        deal = done[-1] if deal is None else deal
        if deal not in done:
            shown_deal = shown(deal + 1) if isinstance(deal, int) else shown(deal)
            return Answer(False, t("review.not_finished", lang, deal=shown_deal))
        try:
            if game.rules.players > 2:  # the lay-away, from the member's own five cards
                return Answer(True, group_review_text(review_group_deal(game, deal, seat), live.names, lang))
            review = review_game_deal(game, deal, seat, table=self.scorer.win_table(), samples=REVIEW_SAMPLES)
        except ReviewError:
            log.warning("no review of deal %s of game %s for seat %s", deal, game_id, seat, exc_info=True)
            return Answer(False, t("review.not_finished", lang, deal=deal + 1))
        return Answer(True, review_text(review, lang))

    async def mentioned(self, guild: str, users: Sequence[str]) -> tuple[str, ...]:
        """Those of the awaited `users` to mention now, by the server's setting and each member's own."""
        return await self.runner.blocking(self.mention_settings.wanted, guild, tuple(users))

    async def set_mentions(self, on: bool, *, guild: str = "", user: str = "", lang: Lang = Lang.EN) -> str:
        """Turn mentions on or off for a server (`guild`; the door checks the permission) or for one member."""
        return await self.runner.blocking(self.mention_settings.set, on, guild, user, lang)

    async def stats(self, guild: str, user: str, name: str, lang: Lang = Lang.EN) -> Answer:
        return await self.runner.blocking(self.statistics.member, guild, user, name, lang)

    async def leaderboard(self, guild: str, lang: Lang = Lang.EN) -> Answer:
        return await self.runner.blocking(self.statistics.board, guild, lang)

    # ------------------------------------------------------------------ the companion features

    async def score(self, cards: str, starter: str, crib: bool = False, lang: Lang = Lang.EN) -> Answer:
        return await self.runner.blocking(self.scorer.score, cards, starter, crib, lang)

    async def analyze(self, cards: str, dealer: bool, scores: str | None = None, lang: Lang = Lang.EN) -> Answer:
        return await self.runner.blocking(self.scorer.analyze, cards, dealer, scores, lang)

    async def rules(self, topic: str | None = None, lang: Lang = Lang.EN) -> Answer:
        return self.scorer.rules(topic, lang)

    async def practice(self, crib: bool = False, lang: Lang = Lang.EN, seed: int | None = None) -> Answer:
        return await self.runner.blocking(self.practice_drills.practice, crib, lang, seed)

    async def practice_answer(self, user: Member | str, seed: int, crib: bool, declared: str | int,
                              lang: Lang = Lang.EN) -> Answer:
        return await self.runner.blocking(self.practice_drills.practice_answer, _user(user), seed, crib, declared,
                                          lang)

    async def table_start(self, place: str, players: Sequence[TablePlayer], host: Member, target: int = 121,
                          lang: Lang = Lang.EN, guild: str = "") -> Answer:
        return await self.runner.blocking(self.tables.table_start, place, guild, tuple(players), host.user, target,
                                          lang)

    async def table_peg(self, table: str, user: Member | str, seat: int | str, points: int | str,
                        reason: str | None = None, lang: Lang = Lang.EN) -> Answer:
        """Peg for a seat at the table `table` (its id, or the place it is kept at)."""
        return await self.runner.blocking(self.tables.table_peg, table, _user(user), seat, points, reason, lang)

    async def table_undo(self, table: str, user: Member | str, version: int | None = None,
                         lang: Lang = Lang.EN) -> Answer:
        return await self.runner.blocking(self.tables.table_undo, table, _user(user), version, lang)

    async def table_next_deal(self, table: str, user: Member | str, version: int | None = None,
                              lang: Lang = Lang.EN) -> Answer:
        return await self.runner.blocking(self.tables.table_next_deal, table, _user(user), version, lang)

    async def table_status(self, table: str, lang: Lang = Lang.EN) -> Answer:
        return await self.runner.blocking(self.tables.table_status, table, lang)

    async def table_end(self, table: str, user: Member | str, lang: Lang = Lang.EN) -> Answer:
        return await self.runner.blocking(self.tables.table_end, table, _user(user), lang)

    async def table_session(self, table: str) -> TableSession | None:
        """A table's session as stored (its seats and pegs), read in a worker, never on the event loop."""
        return await self.runner.blocking(self.tables.table_session, table)

    async def table_users(self, table: str) -> list[str]:
        """The member ids of a table's seats ('' for a seat named without a member), in seat order."""
        stored = await self.runner.blocking(self.storage.table_at, table)
        return list(stored.session.get("users", [])) if stored is not None else []

    async def board_status(self, lang: Lang = Lang.EN) -> str:
        """The LED board in words: not configured, connected and what it shows, or failing and why."""
        return await self.runner.blocking(self.pegboard.status, lang)

    async def board_follow(self, item_id: str | None, lang: Lang = Lang.EN) -> str:
        """Show this game or table on the LED board from now on (None: whichever moves last); its status."""
        if item_id is None:
            return await self.runner.blocking(self._board_follow, None, lang)
        return await self._on_game(item_id, self._board_follow, item_id, lang)  # a game is read under its lock

    async def board_show_here(self, place: str, lang: Lang = Lang.EN) -> str:
        """Show on the LED board the newest game going on at a place (else its real table); the status."""
        item_id = await self.runner.blocking(self._newest_here, place)
        if item_id is None:
            return t("board.nothing_here", lang)
        return await self.board_follow(item_id, lang)

    def _newest_here(self, place: str) -> str | None:
        games = self.storage.find(place)
        if games:
            return games[-1].id
        table = self.storage.table_at(place)
        return table.id if table is not None else None

    def _board_follow(self, item_id: str | None, lang: Lang) -> str:
        self.pegboard.follow(item_id)
        if item_id is not None:
            live = self.games.load(item_id)
            if live is not None:
                self.pegboard.game_changed(live)
            else:
                self.tables.show(item_id)
        return self.pegboard.status(lang)
