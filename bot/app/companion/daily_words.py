"""The daily hand in words: the problem as posted, every discard's exact values once a day is over (with the
server's tally at its close), a member's answer and their record. Pure functions of the engine's values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import Lang, t
from engine.core.cards import Card
from engine.daily.problem import DailyProblem
from engine.daily.verdict import AnswerTally, Record, Row, Verdict, rows


def cards_said(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


def head_lines(problem: DailyProblem, lang: Lang) -> list[str]:
    """The day, its level, the six cards, whose crib, and the scores when the chance to win decides."""
    role = t("daily.dealer" if problem.dealer else "daily.pone", lang)
    lines = [t("daily.head", lang, day=problem.day.isoformat(), level=t(f"daily.level.{problem.level.value}", lang),
               cards=cards_said(problem.cards), role=role)]
    if problem.scores is not None:
        lines.append(t("daily.scores", lang, me=problem.scores[0], them=problem.scores[1]))
    return lines


def row_lines(problem: DailyProblem, table: Sequence[Row], lang: Lang,
              counts: Mapping[int, int] | None = None) -> list[str]:
    """Every discard's exact hand, crib and net (and chance), the best and the obvious marked; with `counts` (by
    place in `table`), how many chose each."""
    sign = "+" if problem.dealer else "-"  # the crib adds to a dealer's net, and takes from a pone's
    lines = []
    for i, r in enumerate(table):
        chance = t("daily.chance", lang, chance=f"{100 * r.chance:.1f}") if r.chance is not None else ""
        mark = t("daily.best", lang) if r.best else t("daily.obvious", lang) if r.obvious else ""
        line = t("daily.row", lang, discard=cards_said(r.discard), hand=f"{r.hand:.2f}", crib=f"{sign}{r.crib:.2f}",
                 net=f"{r.net:.2f}", chance=chance, mark=mark).rstrip()
        if counts is not None:
            line += t("daily.chosen", lang, count=counts.get(i, 0))
        lines.append(line)
    return lines


def daily_text(problem: DailyProblem, solved: bool, lang: Lang) -> str:
    """A day's hand in words: the problem; once the day is over, every discard's exact values, the best marked."""
    lines = head_lines(problem, lang)
    if not solved:
        lines.append(t("daily.open", lang))
        return "\n".join(lines)
    return "\n".join(lines + row_lines(problem, rows(problem), lang))


def lost_said(problem: DailyProblem, lost: float, lang: Lang) -> str:
    """What an answer (or the average answer) gave up, by the day's measure."""
    if problem.by_chance:
        return t("daily.lost_chance", lang, lost=f"{100 * lost:.1f}")
    return t("daily.lost_points", lang, lost=f"{lost:.2f}")


def open_post_text(problem: DailyProblem, answered: int, lang: Lang) -> str:
    return "\n".join([*head_lines(problem, lang), t("daily.post_open", lang), t("daily.answered", lang,
                                                                                  count=answered)])


def closed_post_text(problem: DailyProblem, tallied: AnswerTally, lang: Lang) -> str:
    """The post at the close: the problem, the tally, and every discard's exact values with how many chose it."""
    table = rows(problem)
    counts = {i: n for i, (_, n) in enumerate(tallied.counts)}
    lines = head_lines(problem, lang)
    best = cards_said(table[0].discard)
    if tallied.answers:
        lines.append(t("daily.tally", lang, answers=tallied.answers, correct=tallied.correct, best=best,
                       lost=lost_said(problem, tallied.mean_lost, lang)))
    else:
        lines.append(t("daily.tally_none", lang, best=best))
    return "\n".join(lines + row_lines(problem, table, lang, counts))


def verdict_text(problem: DailyProblem, verdict: Verdict, lang: Lang) -> str:
    """A member's answer judged: right, or the best and what the answer gave up."""
    chosen = cards_said(verdict.chosen)
    if verdict.correct:
        return t("daily.verdict_best", lang, chosen=chosen)
    best = next(r for r in verdict.rows if r.best)
    return t("daily.verdict_not", lang, chosen=chosen, best=cards_said(best.discard),
             lost=lost_said(problem, verdict.lost, lang))


def record_text(record: Record, lang: Lang) -> str:
    if not record.answered:
        return t("daily.record_none", lang)
    return t("daily.record", lang, answered=record.answered, correct=record.correct,
             accuracy=f"{100 * record.accuracy:.0f}", streak=record.streak, best=record.best_streak)
