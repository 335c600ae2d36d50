"""The words of the learning features: a practice drill and its feedback, and a deal review, in a language.

The engine computes (engine.analysis.practice, engine.computer.review); this module only says it, from the catalog,
so the controller can put the text in a reply or an embed as it likes.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import Lang, as_lang, percent, t
from engine.analysis.practice import CheckResult, Drill, Tally
from engine.analysis.winprob import Unavailable
from engine.computer.review import DealReview, GroupDiscardReview, WinCost
from engine.core.cards import Card

NO_COST = 0.0005
"""A win-probability difference below this (0.05 percentage points) is no cost."""


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


def drill_prompt(drill: Drill, lang: Lang | str | None = Lang.EN) -> str:
    key = "practice.prompt_crib" if drill.crib else "practice.prompt_hand"
    return t(key, lang, cards=cards_text(drill.cards), starter=drill.starter.pretty())


def practice_feedback(result: CheckResult, tally: Tally | None = None, lang: Lang | str | None = Lang.EN) -> str:
    """The lines after a declared count: right or not, what was probably missed, hints, the running accuracy."""
    lang = as_lang(lang)
    lines: list[str] = []
    if result.exact:
        lines.append(t("practice.exact", lang, total=result.total))
    elif result.missed_points:
        lines.append(t("practice.missed", lang, declared=result.declared, total=result.total,
                       missed=result.missed_points))
        if result.missed_items:
            items = [t(f"item.{i.kind.value}", lang, cards=cards_text(i.cards), points=i.points)
                     for i in result.missed_items]
            lines.append(t("practice.missed_items", lang, items=("、" if lang is Lang.ZH else ", ").join(items)))
        else:
            lines.append(t("practice.missed_unsure", lang, missed=result.missed_points))
    else:
        lines.append(t("practice.over", lang, declared=result.declared, total=result.total, over=result.over_claimed))
    lines.extend(t(f"hint.{h.value}", lang, declared=result.declared) for h in result.hints)
    if tally is not None and tally.attempts:
        lines.append(tally_text(tally, lang, key="practice.accuracy"))
    return "\n".join(lines)


def tally_text(tally: Tally, lang: Lang | str | None = Lang.EN, key: str = "stats.counting") -> str:
    if not tally.attempts:
        return t("stats.counting_none", lang)
    return t(key, lang, exact=tally.exact, attempts=tally.attempts, rate=percent(tally.accuracy, lang),
             missed=tally.points_missed, over=tally.points_over)


def review_text(review: DealReview, lang: Lang | str | None = Lang.EN) -> str:
    """A deal review as a private message: the lay-away, its cost in points and in chance, the pegging slips."""
    lang = as_lang(lang)
    d = review.discard
    lines = [t("review.title", lang, deal=review.deal + 1)]
    if d.rank == 1:
        lines.append(t("review.discard_best", lang, discard=cards_text(d.chosen.discard), net=f"{d.chosen.net:.1f}"))
    else:
        lines.append(t("review.discard", lang, discard=cards_text(d.chosen.discard), net=f"{d.chosen.net:.1f}",
                       rank=d.rank, best=cards_text(d.best.discard), best_net=f"{d.best.net:.1f}",
                       cost=f"{d.points_cost:.1f}"))
    lines.append(_win_line(d.win, lang))
    if review.slips:
        lines.append(t("review.pegging_title", lang, cost=review.pegging_cost))
        for s in review.slips:
            key = "review.slip" if s.count else "review.slip_lead"
            lines.append("• " + t(key, lang, count=s.count, card=s.played.card.pretty(), points=s.played.points,
                                  reply=s.played.reply, better=s.better.card.pretty(), cost=s.cost))
    else:
        lines.append(t("review.pegging_clean", lang))
    return "\n".join(lines)


def group_review_text(review: GroupDiscardReview, names: tuple[str, ...], lang: Lang | str | None = Lang.EN) -> str:
    """A group deal's review: the card laid away against the best of the five, and what it is judged on."""
    lang = as_lang(lang)
    chosen, best = review.chosen, review.best
    lines = [t("review.title", lang, deal=review.deal + 1)]
    net = f"{review.worth(chosen):.1f}"
    if review.rank == 1:
        lines.append(t("review.group_discard_best", lang, discard=chosen.discard.pretty(), net=net))
    else:
        lines.append(t("review.group_discard", lang, discard=chosen.discard.pretty(), net=net, rank=review.rank,
                       best=best.discard.pretty(), best_net=f"{review.worth(best):.1f}",
                       cost=f"{review.points_cost:.1f}"))
    if review.crib_weight > 0:
        lines.append(t("review.group_basis_own", lang))
    else:
        key = "review.group_basis_rival" if len(names) == 3 else "review.group_basis_other"
        lines.append(t(key, lang, owner=names[review.dealer]))
    lines.append(t("review.group_not_pegging", lang))
    return "\n".join(lines)


def _win_line(win: WinCost | Unavailable, lang: Lang) -> str:
    if isinstance(win, Unavailable):  # the reason is the engine's English: said only in English
        return t("review.win_unavailable", lang, reason=win.reason) if lang is Lang.EN else \
            t("review.win_unavailable_here", lang)
    if win.cost < NO_COST:
        return t("review.win_none", lang, chosen=_pct(win.chosen_p))
    return t("review.win", lang, chosen=_pct(win.chosen_p), best=_pct(win.best_p),
             best_discard=cards_text(win.best.discard), cost=_pct(win.cost), samples=win.samples)


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"
