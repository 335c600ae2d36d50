"""An event game's deadline as the sweep sees it (bot/app/game/closing.py): when its players are reminded, and
when the player holding it up forfeits it. The events feature says which games have one
(bot/app/companion/event_deadlines.py); other games have none and keep only the turn timers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.storage.values import GameMeta


@dataclass(frozen=True, slots=True)
class Deadline:
    remind: float
    """When its players are reminded (once)."""
    at: float
    """When the player holding the game up forfeits it."""


class Deadlines(Protocol):
    """Which games have a deadline, and the reminder's once among processes."""

    def of(self, meta: GameMeta) -> Deadline | None: ...

    def remind_once(self, game: str) -> bool: ...
