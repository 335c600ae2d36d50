""""I count my own hands": a self-counting player's declared count at a show.

The game goes on with the true count whatever was declared; the declaration joins the member's
counting tally and is stored beside the game, so a restart keeps waiting for one not yet given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.app.companion.pegboard import Pegboard
from bot.app.companion.practice import Practice, read_count
from bot.app.game.closing import settle
from bot.app.game.live_game import LiveGame
from bot.app.shown.learn_text import practice_feedback
from bot.app.shown.presenter import Presenter, with_line
from bot.app.shown.replies import Reply
from bot.i18n import Lang, t
from bot.storage.values import Declaration
from engine.analysis.practice import check
from engine.core.events import Shown


class SelfCount:
    """Takes a self-counting player's declaration and releases the show once nobody is counting."""

    def __init__(self, presenter: Presenter, practice: Practice, pegboard: Pegboard,
                 clock: Callable[[], float]) -> None:
        self.presenter = presenter
        self.pegboard = pegboard
        self.practice = practice
        self.clock = clock

    def declare(self, live: LiveGame, seat: int, user: str, deal: int, crib: bool, declared: str | int,
                lang: Lang) -> Reply:
        step = live.step_of(seat)
        if step is None or (step.deal, step.crib) != (deal, crib):
            return self.presenter.refused(live, seat, t("selfcount.stale", lang), lang)
        value = read_count(declared, lang)
        if isinstance(value, str):
            return self.presenter.refused(live, seat, value, lang)
        shown = live.game.events[step.index]
        assert isinstance(shown, Shown)
        result = check(value, shown.breakdown)
        tally = self.practice.record_declaration(
            user, Declaration(live.id, step.deal, seat, step.crib, value, result.total), result, live.meta.rev)
        live.meta = replace(live.meta, rev=live.meta.rev + 1)
        settle(live, step, value, self.clock())
        board = self.pegboard.game_changed(live)
        reply = self.presenter.released(live, step.deal, user, lang, note=practice_feedback(result, tally, lang))
        return with_line(reply, board)
