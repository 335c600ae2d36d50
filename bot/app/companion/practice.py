"""Counting practice: drills to count, the true breakdown afterwards, and each member's running tally.

A count declared in a game ("I count my own hands") joins the same tally, so a member's counting
accuracy covers both.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from bot.app.companion.learning import Scorer
from bot.app.shown.ids import ComponentId, Verb
from bot.app.shown.learn_text import drill_prompt, practice_feedback
from bot.app.shown.replies import Answer, Attachment, Button, Control, Style
from bot.i18n import Lang, t
from bot.storage import GameStore, PracticeStore
from bot.storage.values import Declaration
from engine.analysis.practice import CheckResult, Tally, check, deal_drill
from engine.core.errors import shown
from engine.core.scoring import MAX_HAND
from engine.core.typed import whole_number
from render import hand_png


def read_count(declared: str | int, lang: Lang) -> int | str:
    """A declared count as a number from 0 to 29 in ASCII digits, or the refusal to show (in `lang`)."""
    text = str(declared).strip()
    value = declared if isinstance(declared, int) else whole_number(text, -(10**6), 10**6)
    if value is None:
        plain = text.removeprefix("-")
        if not (plain.isascii() and plain.isdigit()):  # '+5', '1_0', '٥' are not what a person means by 5
            return t("error.not_a_number", lang, value=shown(declared))
        return t("error.declare_range", lang, value=shown(text))
    if not 0 <= value <= MAX_HAND:
        return t("error.declare_range", lang, value=shown(value))
    return value


class Practice:
    """Drills and tallies. A lock makes a member's tally update read-modify-write safe."""

    def __init__(self, store: PracticeStore, games: GameStore, scorer: Scorer, *, seeds: Callable[[], int],
                 clock: Callable[[], float], images: bool = True) -> None:
        self.storage = store
        self.games = games
        self.scorer = scorer
        self._seeds = seeds
        self.clock = clock
        self.images = images
        self._lock = threading.Lock()

    def practice(self, crib: bool, lang: Lang, seed: int | None = None) -> Answer:
        """A drill: four cards and a starter (or a crib) to count; the answer comes through a modal."""
        seed = self._seeds() if seed is None else seed
        drill = deal_drill(seed, crib=crib)
        files: tuple[Attachment, ...] = ()
        if self.images:
            files = (Attachment("drill.png", hand_png((*drill.cards, drill.starter)),
                                drill_prompt(drill, Lang.EN)),)
        count = ComponentId(str(seed), int(crib), Verb.COUNT).encode()
        return Answer(True, drill_prompt(drill, lang), files,
                      (Button(count, t("practice.button_declare", lang), Style.PRIMARY),))

    def practice_answer(self, user: str, seed: int, crib: bool, declared: str | int, lang: Lang) -> Answer:
        """The true breakdown, what was missed or over-claimed, and the running accuracy (kept per member)."""
        value = read_count(declared, lang)
        if isinstance(value, str):
            return Answer(False, value)
        drill = deal_drill(seed, crib=crib)
        b = drill.breakdown
        result = check(value, b)
        key = f"{seed}:{int(crib)}"
        with self._lock:
            before = self.storage.tally(user)
            tally = Tally.from_json(before) if before is not None else Tally()
            new = tally.record(result)
            if self.storage.add_practice(user, key, value, result.total, new.to_json()):
                tally = new
            else:
                lines = [t("practice.already", lang)]
                return Answer(True, "\n".join([*lines, practice_feedback(result, tally, lang)]),
                              self.scorer.breakdown_files(b, lang), self._next_controls(lang))
        text = practice_feedback(result, tally, lang) + "\n\n" + self.scorer.breakdown_text(b, lang)
        return Answer(True, text, self.scorer.breakdown_files(b, lang), self._next_controls(lang))

    def record_declaration(self, user: str, declaration: Declaration, result: CheckResult, rev: int) -> Tally:
        """A count declared in a game ("I count my own hands") joins the member's practice tally, so
        their counting accuracy covers both; a show step settled before changes nothing. Written only if the
        game is still at revision `rev` (StaleWrite otherwise)."""
        with self._lock:
            before = self.tally(user)
            new = before.record(result)
            fresh = self.games.add_declaration(declaration, user=user, tally=new.to_json(), now=self.clock(),
                                               rev=rev)
            return new if fresh else before

    def tally(self, user: str) -> Tally:
        data = self.storage.tally(user)
        return Tally.from_json(data) if data is not None else Tally()

    @staticmethod
    def _next_controls(lang: Lang) -> tuple[Control, ...]:
        return (Button(ComponentId("p", 0, Verb.DRILL).encode(), t("practice.button_next", lang), Style.PRIMARY),
                Button(ComponentId("p", 1, Verb.DRILL).encode(), t("practice.button_crib", lang)))
