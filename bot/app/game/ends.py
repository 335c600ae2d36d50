"""Who hears that a game has ended, by the cards or otherwise (a resignation, a timeout, a moderator's end): an
event records its result from here (bot/app/companion/events.py), so results flow back without anyone reporting
them. A listener's failure is logged and never undoes the game's end, which is committed before they hear."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.app.game.live_game import LiveGame

log = logging.getLogger(__name__)

Listener = Callable[[LiveGame], None]


class GameEnds:
    """The listeners to games' ends, told in the order they listened."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []

    def listen(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def ended(self, live: LiveGame) -> None:
        for listener in self.listeners:
            try:
                listener(live)
            except Exception:  # the game has ended whatever a listener makes of it
                log.exception("a listener to the end of game %s failed", live.id)
