"""The application's one entrance for every door: a command in (bot/app/commands.py), its answer out.

`Controller.run` finds the command's handler by its type (a method marked `@handles`, in GameCommands,
CompanionCommands or here), runs it in the runner's worker threads and, for a command on a game, holds that game's
lock once, from loading the game to building the reply (so one click is one lock round trip). The controller makes
the parts and owns nothing else: `GamePlay` (moves), `Closing` (resign, end, the sweep), `SelfCount`, `Presenter`
(replies), `Statistics`, `Scorer`, `Practice` and `TableMode` (the companion features).
"""

from __future__ import annotations

import gc
import inspect
import logging
import random
import time
from collections.abc import Callable
from dataclasses import is_dataclass
from typing import Any, TypeVar, cast

from board_driver.driver import BoardDriver
from bot.app import commands
from bot.app.command_base import HANDLES, Command, handles
from bot.app.commands import BoardFollow, BoardShowHere, LiveGames, Sweep, SweepGame
from bot.app.companion.calendar import Calendar
from bot.app.companion.companion_commands import CompanionCommands
from bot.app.companion.daily import DailyHands
from bot.app.companion.event_deadlines import EventDeadlines
from bot.app.companion.event_rounds import EventRounds
from bot.app.companion.events import ClubNights
from bot.app.companion.learning import Scorer
from bot.app.companion.pegboard import Pegboard
from bot.app.companion.practice import Practice
from bot.app.companion.ratings import Ratings
from bot.app.companion.seasons import Seasons
from bot.app.companion.settings_book import SettingsBook
from bot.app.companion.statistics import Statistics
from bot.app.companion.tablemode import TableMode, TablePlayer
from bot.app.game.closing import Closing
from bot.app.game.ends import GameEnds
from bot.app.game.game_cache import GameCache
from bot.app.game.game_commands import GameCommands, find_player_game
from bot.app.game.invites import Invitations
from bot.app.game.play import ControllerError, GamePlay, Member, NewGame, game_rules, new_game_id, unknown_difficulty
from bot.app.game.rating_games import GameRatings
from bot.app.game.selfcount import SelfCount
from bot.app.plumbing.retry import afresh
from bot.app.plumbing.runner import Runner
from bot.app.shown.presenter import Presenter
from bot.app.shown.replies import Reply
from bot.i18n import t
from bot.storage import Storage, StorageError
from engine.analysis.winprob import Unavailable, WinTable
from engine.computer.players import DIFFICULTIES
from engine.core.scoring import fill_templates

__all__ = ["Controller", "ControllerError", "Member", "NewGame", "TablePlayer", "find_player_game", "game_rules"]

R = TypeVar("R")
log = logging.getLogger(__name__)


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
        self.settings = SettingsBook(storage)
        self.ratings = GameRatings(storage, self.settings)
        self.ends = GameEnds()
        self.play = GamePlay(self.games, self.presenter, self.pegboard, clock=clock, ids=ids, seeds=seeds,
                             difficulty=difficulty, ratings=self.ratings, ends=self.ends)
        self.closing = Closing(self.games, self.presenter, self.pegboard, clock=clock, remind_after=remind_after,
                               forfeit_after=forfeit_after, hand_over=self.play.hand_over,
                               close_claims=self.play.close_claims, claim_after=claim_after, ratings=self.ratings,
                               ends=self.ends)
        self.scorer = Scorer(images=images, win_table=win_table)
        self.practice_drills = Practice(storage, storage, self.scorer, seeds=seeds, clock=clock, images=images)
        self.invites = Invitations(self.play.store_seats, start=self.play.start, close=self.closing.close)
        self.self_count = SelfCount(self.presenter, self.practice_drills, self.pegboard, clock)
        self.tables = TableMode(storage, self.scorer, self.pegboard, clock=clock, images=images)
        self.rating_view = Ratings(storage, storage, clock, images=images)
        self.statistics = Statistics(storage, storage, storage, by_rating=self.rating_view.board)
        self.statistics.backfill()
        self.game_commands = GameCommands(storage, self.games, self.play, self.invites, self.closing, self.self_count,
                                          self.presenter, self.scorer, self.pegboard, self.tables)
        self.daily = DailyHands(storage, self.settings, clock, images=images)
        self.companion_commands = CompanionCommands(storage, self.scorer, self.practice_drills, self.statistics,
                                                    self.settings, self.tables, self.pegboard, self.daily)
        self.seasons = Seasons(storage, self.settings, images=images)
        self.calendar = Calendar(storage, clock, [self.seasons, self.daily])
        self.event_rounds = EventRounds(storage, self.play, clock, ids, images=images)
        self.ends.listen(self.event_rounds.game_ended)
        self.event_deadlines = EventDeadlines(storage, clock, self.event_rounds.holder)
        self.ends.listen(self.event_deadlines.game_ended)
        self.closing.deadlines = self.event_deadlines
        self.club_nights = ClubNights(storage, self.event_rounds, clock, ids, seeds)
        self.handlers = handlers_of(self.game_commands, self.companion_commands, self.calendar, self.seasons,
                                    self.rating_view, self.club_nights, self)

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

    async def run(self, command: Command[R]) -> R:
        """The one entrance: the command's handler, run in a worker thread, under the lock of the game it names."""
        handler = self.handlers.get(type(command))
        if handler is None:
            raise TypeError(f"no handler for the command {type(command).__name__}")
        if inspect.iscoroutinefunction(handler):
            return cast(R, await handler(command))
        game_id = command.locks()
        if game_id is None:
            return cast(R, await self.runner.blocking(handler, command))
        return cast(R, await self.runner.on_game(game_id, self._fresh, game_id, handler, command))

    def _fresh(self, game_id: str, handler: Callable[[Command[R]], R], command: Command[R]) -> R:
        """A game command, read afresh and tried again when another writer got there first (see Runner.on_game)."""
        try:
            return afresh(lambda: handler(command), before_again=lambda: self.games.forget(game_id))
        finally:
            self.games.park(game_id)

    @handles(Sweep)
    async def sweep(self, command: Sweep) -> list[Reply]:
        """Each game that may be due, under its own lock; one unreadable game (or a database hiccup) never stops the
        others' reminders and forfeits."""
        replies = []
        for meta in await self.run(LiveGames()):
            if (command.owns is not None and not command.owns(meta.guild)) or not self.closing.may_be_due(meta):
                continue
            try:
                reply = await self.run(SweepGame(meta.id))
            except StorageError as exc:
                log.warning("the sweep passed over game %s: %s", meta.id, exc)
                continue
            if reply is not None:
                replies.append(reply)
        return replies

    @handles(BoardShowHere)
    async def board_show_here(self, command: BoardShowHere) -> str:
        item_id = await self.runner.blocking(self._newest_here, command.place)
        if item_id is None:
            return t("board.nothing_here", command.lang)
        return await self.run(BoardFollow(item_id, command.lang))

    def _newest_here(self, place: str) -> str | None:
        games = self.storage.find(place)
        if games:
            return games[-1].id
        table = self.storage.table_at(place)
        return table.id if table is not None else None


def handlers_of(*parts: object) -> dict[type[Command[Any]], Callable[..., Any]]:
    """Each command type and the one method of `parts` marked as its handler; every command of bot.app.commands
    must have one (a missing or doubled handler is a mistake in the code, found when the controller starts)."""
    found: dict[type[Command[Any]], Callable[..., Any]] = {}
    for part in parts:
        for name in dir(type(part)):
            command = getattr(getattr(type(part), name), HANDLES, None)
            if command is None:
                continue
            if command in found:
                raise TypeError(f"two handlers for {command.__name__}")
            found[command] = getattr(part, name)
    missing = [c.__name__ for c in every_command() if c not in found]
    if missing:
        raise TypeError(f"no handler for {', '.join(missing)}")
    return found


def every_command() -> list[type[Command[Any]]]:
    return [value for value in vars(commands).values()
            if isinstance(value, type) and issubclass(value, Command) and is_dataclass(value)]
