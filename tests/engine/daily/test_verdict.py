"""An answer scored against the day's fixed answer, the tally of answers, and a member's record over days."""

from datetime import date

import pytest

from engine.core.cards import Card, parse_cards
from engine.daily.problem import DailyProblem, Level, discards_of
from engine.daily.verdict import AnswerError, AnswerProblem, Record, judge_answer, read_answer, record, rows, tally

CARDS = parse_cards("3H 7D QH 8H JC 2C")


def pair(text: str) -> tuple[Card, Card]:
    a, b = parse_cards(text)
    return a, b


POINTS_DAY = DailyProblem(date(2027, 1, 8), CARDS, False, Level.HARD, pair("7D QH"), pair("7D 8H"), 1.0684, 4)


def test_the_close_lists_every_discard_best_first_with_the_analyzers_values() -> None:
    table = rows(POINTS_DAY)
    assert len(table) == 15 and table[0].best and not any(r.best for r in table[1:])
    assert [str(c) for c in table[0].discard] == ["7D", "QH"]
    assert (round(table[0].hand, 4), round(table[0].crib, 4), round(table[0].net, 4)) == (4.9348, 3.6677, 1.2671)
    obvious = next(r for r in table if r.obvious)
    assert [str(c) for c in obvious.keep] == ["3H", "QH", "JC", "2C"] and round(obvious.net, 4) == 0.1987
    assert [round(r.net, 4) for r in table] == sorted((round(r.net, 4) for r in table), reverse=True)
    assert all(r.chance is None for r in table)


def test_an_answer_is_scored_by_what_it_lost() -> None:
    right = judge_answer(POINTS_DAY, parse_cards("QH 7D"))  # either order
    assert right.correct and right.lost == 0.0 and right.chosen == pair("7D QH")
    wrong = judge_answer(POINTS_DAY, parse_cards("7D 8H"))
    assert not wrong.correct
    assert round(wrong.lost, 4) == round(wrong.lost_points, 4) == 1.0684


@pytest.mark.parametrize(("answer", "code"), [
    ("7D", AnswerProblem.COUNT), ("7D QH 8H", AnswerProblem.COUNT), ("AS 7D", AnswerProblem.NOT_IN_HAND),
])
def test_a_bad_answer_is_refused_by_code(answer: str, code: AnswerProblem) -> None:
    with pytest.raises(AnswerError) as caught:
        read_answer(POINTS_DAY, parse_cards(answer))
    assert caught.value.code is code


def test_the_same_card_twice_is_refused() -> None:
    seven = parse_cards("7D")[0]
    with pytest.raises(AnswerError) as caught:
        read_answer(POINTS_DAY, (seven, seven))
    assert caught.value.code is AnswerProblem.TWICE and caught.value.fields["card"] == seven


def test_the_tally() -> None:
    answers = [parse_cards(a) for a in ("7D QH", "QH 7D", "7D 8H", "QH 8H")]
    t = tally(POINTS_DAY, answers)
    assert (t.answers, t.correct) == (4, 2)
    counts = {" ".join(map(str, d)): n for d, n in t.counts if n}
    assert counts == {"7D QH": 2, "QH 8H": 1, "7D 8H": 1} and len(t.counts) == 15
    assert round(t.mean_lost, 4) == round((1.0684 + 0.0237) / 4, 4)  # 7D 8H lost 1.0684, QH 8H 0.0237
    assert tally(POINTS_DAY, []).mean_lost == 0.0


def test_on_a_score_day_the_chance_decides_and_the_points_lost_are_said_too() -> None:
    chances = tuple(0.5 if {str(c) for c in d} == {"QH", "8H"} else 0.47 if {str(c) for c in d} == {"7D", "QH"}
                    else 0.3 for d in discards_of(CARDS))
    day = DailyProblem(date(2027, 1, 9), CARDS, False, Level.MEDIUM, pair("QH 8H"), pair("7D 8H"), 0.2, 1,
                       (100, 110), chances, 2000)
    table = rows(day)
    assert [str(c) for c in table[0].discard] == ["QH", "8H"] and table[0].chance == 0.5
    assert [r.chance for r in table[:3]] == [0.5, 0.47, 0.3]
    points_best = judge_answer(day, parse_cards("7D QH"))
    assert not points_best.correct
    assert round(points_best.lost, 4) == 0.03 and round(points_best.lost_points, 4) == -0.0237  # more points


def test_a_members_record() -> None:
    answered = {date(2027, 1, d): ok for d, ok in ((1, True), (2, True), (3, False), (4, True), (5, True),
                                                  (6, True), (20, True))}
    assert record(answered, date(2027, 1, 7)) == Record(6, 5, 3, 3)  # today still open: the streak to yesterday
    assert record(answered, date(2027, 1, 6)) == Record(6, 5, 3, 3)
    assert record(answered, date(2027, 1, 8)) == Record(6, 5, 0, 3)  # the 7th was missed
    assert record(answered, date(2027, 1, 2)).streak == 2
    assert record({}, date(2027, 1, 1)) == Record(0, 0, 0, 0) and Record(4, 3, 0, 1).accuracy == 0.75
