"""Each event game's deadline (docs/events.md, "Deadlines"): a club night's or knockout's game has the minutes its
director chose from its start; a league's game has its round's period's end. The sweep (bot/app/game/closing.py)
reminds its players at half time and forfeits it at the deadline, under the game's own lock and revision (as the
turn timers do: a second process finds the game over); the reminder is claimed once among processes."""

from __future__ import annotations

from collections.abc import Callable

from bot.app.companion.calendar import LEASE
from bot.app.companion.event_values import LEAGUE, ClubSettings
from bot.app.game.deadlines import Deadline
from bot.app.game.live_game import LiveGame
from bot.storage import Storage
from bot.storage.values import GameMeta


def deadline_of(settings: ClubSettings, format_: str, round_: int, created: float) -> Deadline | None:
    """A game's deadline: a league's round ends `round_` periods after the league started; another event's game
    ends its deadline's minutes after the game started; the reminder at half the time."""
    if format_ == LEAGUE and settings.period:
        span = settings.period * 3600.0
        at = settings.started + round_ * span
    elif settings.deadline:
        span = settings.deadline * 60.0
        at = created + span
    else:
        return None
    return Deadline(at - span / 2, at)


class EventDeadlines:
    """The deadlines of the games this process has swept, read once per game (an event's tables are kept before
    their games start, so a game with none read once has none)."""

    def __init__(self, storage: Storage, clock: Callable[[], float], holder: str) -> None:
        self.storage = storage
        self.clock = clock
        self.holder = holder
        self.known: dict[str, Deadline | None] = {}

    def of(self, meta: GameMeta) -> Deadline | None:
        if meta.id not in self.known:
            self.known[meta.id] = self._read(meta)
        return self.known[meta.id]

    def _read(self, meta: GameMeta) -> Deadline | None:
        row = self.storage.event_game(meta.id)
        event = self.storage.event(row.event) if row is not None else None
        if row is None or event is None:
            return None
        return deadline_of(ClubSettings.from_json(event.settings), event.format, row.round, meta.created)

    def remind_once(self, game: str) -> bool:
        """Whether this process reminds the game's players now (never again, here or elsewhere)."""
        work = f"event:deadline:{game}"
        if not self.storage.claim(work, self.holder, now=self.clock(), lease=LEASE):
            return False
        self.storage.finish(work, self.holder)
        return True

    def game_ended(self, live: LiveGame) -> None:
        self.known.pop(live.id, None)
