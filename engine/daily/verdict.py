"""A member's answer to a daily problem scored, the tally of everyone's, and a member's record over the days.

The answer is the discard fixed in the pool. What an answer lost is measured as the day was judged: net points on
points days, the chance to win on score days (the net points lost are given on both). Every discard's exact
expected hand, crib and net come from the discard analyzer; the chances from the pool (played out when it was
built, so an answer is judged the same whatever table is installed later).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from enum import Enum

from engine.analysis.discards import analyze
from engine.core.cards import Card
from engine.core.errors import CodedError
from engine.daily.problem import DailyProblem, same_discard


class AnswerProblem(Enum):
    COUNT = "count"
    NOT_IN_HAND = "not in hand"
    TWICE = "twice"


class AnswerError(CodedError[AnswerProblem]):
    """An answer that is not two different cards of the problem's six."""


@dataclass(frozen=True, slots=True)
class Row:
    """One discard as the close shows it."""

    discard: tuple[Card, Card]
    keep: tuple[Card, ...]
    hand: float
    """The kept four's expected points over every starter."""
    crib: float
    """The crib's expected points (the solver's on dealer days, the opponent's on pone days)."""
    net: float
    chance: float | None
    """The chance to win with this discard, on score days."""
    best: bool
    obvious: bool


@dataclass(frozen=True, slots=True)
class Verdict:
    chosen: tuple[Card, Card]
    correct: bool
    lost: float
    """What the answer gave up against the best, by the day's measure (points, or a chance)."""
    lost_points: float
    """The net points given up (on score days a discard can lose points and still win more)."""
    rows: tuple[Row, ...]
    """Every discard, best first by the day's measure."""


def read_answer(problem: DailyProblem, cards: Sequence[Card]) -> tuple[Card, Card]:
    """The answer as the problem's discard, or AnswerError naming what is wrong."""
    if len(cards) != 2:
        raise AnswerError(AnswerProblem.COUNT, f"an answer lays away 2 cards, not {len(cards)}", got=len(cards))
    if cards[0] == cards[1]:
        raise AnswerError(AnswerProblem.TWICE, f"an answer lays away two different cards, not {cards[0]} twice",
                          card=cards[0])
    for card in cards:
        if card not in problem.cards:
            raise AnswerError(AnswerProblem.NOT_IN_HAND, f"{card} is not one of the six cards",
                              card=card)
    first, second = sorted(cards, key=problem.cards.index)
    return first, second


def rows(problem: DailyProblem) -> tuple[Row, ...]:
    """Every discard with its exact values (and chance), the answer first, then by the day's measure."""
    out = []
    for o in analyze(problem.cards, problem.dealer).options:
        discard = (o.discard[0], o.discard[1])
        out.append(Row(discard, o.keep, o.hand_ev, o.crib_ev, o.net, problem.chance_of(discard),
                       same_discard(discard, problem.best), same_discard(discard, problem.obvious)))
    return tuple(sorted(out, key=lambda r: (not r.best, -_measure(r))))


def _measure(row: Row) -> float:
    return row.net if row.chance is None else row.chance


def judge_answer(problem: DailyProblem, chosen: Sequence[Card], table: Sequence[Row] | None = None) -> Verdict:
    """The verdict on one answer (`table`: the problem's rows, when already made for many answers)."""
    answer = read_answer(problem, chosen)
    table = rows(problem) if table is None else table
    best = table[0]
    mine = next(r for r in table if same_discard(r.discard, answer))
    return Verdict(answer, mine.best, _measure(best) - _measure(mine), best.net - mine.net, tuple(table))


@dataclass(frozen=True, slots=True)
class AnswerTally:
    answers: int
    correct: int
    counts: tuple[tuple[tuple[Card, Card], int], ...]
    """How many chose each discard, in the close's order (every discard, chosen or not)."""
    mean_lost: float
    """The average of what the answers lost, by the day's measure (0 with no answers)."""


def tally(problem: DailyProblem, answers: Iterable[Sequence[Card]]) -> AnswerTally:
    table = rows(problem)
    counts = [0] * len(table)
    lost = 0.0
    for chosen in answers:
        answer = read_answer(problem, chosen)
        i = next(k for k, r in enumerate(table) if same_discard(r.discard, answer))
        counts[i] += 1
        lost += _measure(table[0]) - _measure(table[i])
    total = sum(counts)
    return AnswerTally(total, counts[0], tuple((r.discard, n) for r, n in zip(table, counts, strict=True)),
                 lost / total if total else 0.0)


@dataclass(frozen=True, slots=True)
class Record:
    answered: int
    correct: int
    streak: int
    """Days in a row, up to today (or yesterday, while today is still open), answered with the best discard."""
    best_streak: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0


def record(results: Mapping[date, bool], today: date) -> Record:
    """A member's record from each day they answered (True: the best discard); days after `today` are ignored."""
    days = {d: ok for d, ok in results.items() if d <= today}
    best = run = 0
    for day in sorted(days):
        run = run + 1 if days[day] and days.get(day - timedelta(days=1)) is True else (1 if days[day] else 0)
        best = max(best, run)
    streak, day = 0, today if days.get(today) is True else today - timedelta(days=1)
    while days.get(day) is True:
        streak, day = streak + 1, day - timedelta(days=1)
    return Record(len(days), sum(1 for ok in days.values() if ok), streak, best)
