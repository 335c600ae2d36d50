"""Counting a real table's hand and analysing six cards: the answers to /score, /analyze and /rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.app.companion.rules_help import rules_page
from bot.app.shown.pictures import breakdown_image, labels
from bot.app.shown.replies import Answer, Attachment
from bot.i18n import Lang, breakdown_calls, card_error, percent, t
from engine.analysis.discards import analyze
from engine.analysis.winprob import Unavailable, WinTable, shipped_table
from engine.computer.winplay import OptionChance, option_chances
from engine.core.cards import Card, CardError, parse_card, parse_cards
from engine.core.errors import shown
from engine.core.scoring import Breakdown, score_hand
from engine.core.typed import two_scores
from render import analysis_png

ANALYZE_SAMPLES = 400
"""Deals played out per lay-away option for the win chances of /cribbage analyze (about 0.2 s)."""


class Scorer:
    """Hands, cribs and lay-aways in words and pictures; the win table loaded on first use."""

    def __init__(self, *, images: bool = True, win_table: WinTable | Unavailable | None = None) -> None:
        self.images = images
        self._win = win_table

    def win_table(self) -> WinTable | Unavailable:
        if self._win is None:
            self._win = shipped_table()
        return self._win

    def score(self, cards: str, starter: str, crib: bool, lang: Lang) -> Answer:
        """A hand or crib from a real table: the breakdown picture, the calls, the total (public)."""
        try:
            hand = parse_cards(cards, count=4)
        except CardError as exc:
            return Answer(False, card_error(cards, exc, lang))
        try:
            cut = parse_card(starter.strip())
        except CardError as exc:
            return Answer(False, card_error(starter, exc, lang))
        if cut in hand:
            return Answer(False, t("error.starter_in_hand", lang, card=cut.pretty()))
        b = score_hand(hand, cut, crib=crib)
        return Answer(True, self.breakdown_text(b, lang), self.breakdown_files(b, lang), public=True)

    def breakdown_text(self, b: Breakdown, lang: Lang) -> str:
        key = "score.title_crib" if b.crib else "score.title_hand"
        lines = [t(key, lang, cards=_shown(b.hand), starter=b.starter.pretty()),
                 ", ".join(breakdown_calls(b, lang)), t("score.total", lang, total=b.total)]
        if b.crib:
            suits = {c.suit for c in b.hand}
            four = len(suits) == 1 and b.starter.suit not in suits
            lines.append(t("score.crib_four_flush" if four else "score.crib_flush_rule", lang))
        return "\n".join(lines)

    def breakdown_files(self, b: Breakdown, lang: Lang = Lang.EN) -> tuple[Attachment, ...]:
        if not self.images:
            return ()
        return (breakdown_image(b, "breakdown.png", "", lang),)

    def analyze(self, cards: str, dealer: bool, scores: str | None, lang: Lang, target: int = 121) -> Answer:
        """Every lay-away of six cards with the chart; with the scores, each one's chance of winning."""
        try:
            six = parse_cards(cards, count=6)
        except CardError as exc:
            return Answer(False, card_error(cards, exc, lang))
        me_them: tuple[int, int] | None = None
        if scores is not None and scores.strip():
            read = two_scores(scores.replace(" ", ""), target)
            if read is None:
                return Answer(False, t("error.scores", lang, value=shown(scores), max=target - 1))
            me_them = read
        a = analyze(six, dealer=dealer)
        chances: list[OptionChance] | Unavailable | None = None
        if me_them is not None:
            table = self.win_table()
            if isinstance(table, Unavailable):
                chances = table
            else:
                chances = option_chances(a.cards, a.dealer, me_them[0], me_them[1], target, table,
                                         samples=ANALYZE_SAMPLES, options=a.options)
        role = t("general.dealer" if dealer else "general.pone", lang)
        best = a.best
        lines = [t("analyze.title", lang, cards=_shown(a.cards), role=role),
                 t("analyze.best", lang, discard=_shown(best.discard), keep=_shown(best.keep),
                   net=f"{best.net:.1f}")]
        if isinstance(chances, Unavailable):
            lines.append(t("error.win_unavailable", lang, reason=chances.reason) if lang is Lang.EN
                         else t("review.win_unavailable_here", lang))  # the reason is the engine's English
        elif chances:
            top = max(chances, key=lambda c: c.p_win)
            lines.append(t("analyze.win", lang, discard=_shown(top.option.discard), chance=percent(top.p_win, lang),
                           samples=top.samples))
        rows = [f"{_shown(o.discard):<8} {_shown(o.keep):<14} {o.hand_ev:5.2f} {o.crib_ev:+6.2f} {o.net:6.2f}"
                + (f" {100 * _chance(chances, o.discard):5.1f}%" if isinstance(chances, list) else "")
                for o in a.options]
        head = t("analyze.columns", lang) + (t("analyze.column_win", lang) if isinstance(chances, list) else "")
        lines.append("```\n" + head + "\n" + "\n".join(rows) + "\n```")
        files: tuple[Attachment, ...] = ()
        if self.images:
            files = (Attachment("analysis.png", analysis_png(a.options, dealer=dealer, labels=labels(lang)),
                                f"lay-away chart: best {_shown(best.discard)}"),)
        return Answer(True, "\n".join(lines), files)

    def rules(self, topic: str | None, lang: Lang) -> Answer:
        page = rules_page(topic, lang)
        return Answer(page.found, f"**{page.title}**\n{page.text}")


def _chance(chances: Any, discard: tuple[Card, ...]) -> float:
    for c in chances:
        if c.option.discard == discard:
            return float(c.p_win)
    return 0.0

def _shown(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty() for c in cards)
