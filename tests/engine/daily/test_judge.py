"""The obvious discard, the clear margin and the difficulty, on hands whose numbers can be checked by hand."""

import pytest

from engine.analysis.discards import analyze
from engine.core.cards import parse_cards
from engine.daily.judge import assess, by_chance, by_points, level_of, obvious_index, paired_error
from engine.daily.problem import Level


def test_the_obvious_discard_keeps_the_most_points_in_hand() -> None:
    # pone with 3H 7D QH 8H JC 2C: keeping 3H QH JC 2C holds 4 (Q+3+2 and J+3+2 make fifteen), every other keep 2
    # or less; but it gives the opponent's crib 7+8. Laying away 7D QH keeps 4.93 in hand and gives 3.67.
    analysis = analyze(parse_cards("3H 7D QH 8H JC 2C"), dealer=False)
    judged = by_points(analysis)
    assert [str(c) for c in analysis.options[judged.obvious].discard] == ["7D", "8H"]
    assert [str(c) for c in analysis.options[judged.best].discard] == ["7D", "QH"]
    assert round(judged.margin, 4) == 1.0684  # 1.2671 - 0.1987
    assert judged.rivals == 4 and judged.level is Level.HARD and judged.clear


def test_a_tie_for_most_points_goes_to_the_best_of_them() -> None:
    # 2D JC AD 8S 3S KD: keeping 2D JC AD 3S and keeping 2D AD 3S KD both hold 5 (a fifteen and A-2-3)
    analysis = analyze(parse_cards("2D JC AD 8S 3S KD"), dealer=False)
    tied = [i for i, o in enumerate(analysis.options) if {str(c) for c in o.discard} in ({"8S", "KD"}, {"JC", "8S"})]
    values = [0.0] * 15
    values[tied[1]] = 1.0
    assert obvious_index(analysis, values) == tied[1]
    values[tied[0]] = 1.0  # equal by the measure too: the analyzer's order
    assert obvious_index(analysis, values) == tied[0]


def test_a_hand_whose_obvious_discard_is_the_best_is_not_posed() -> None:
    judged = by_points(analyze(parse_cards("5H 5C 6D 7S JH KD"), dealer=True))  # keep 5 5 6 7: 10 in hand
    assert (judged.best, judged.obvious, judged.margin, judged.clear) == (0, 0, 0.0, False)


@pytest.mark.parametrize(("margin", "rivals", "level"), [
    (2.0, 0, Level.EASY), (1.99, 0, Level.MEDIUM), (5.0, 1, Level.MEDIUM), (1.0, 2, Level.HARD), (9.0, 3, Level.HARD),
])
def test_levels(margin: float, rivals: int, level: Level) -> None:
    assert level_of(margin, rivals, 1.0) is level


def test_chances_are_clear_only_past_three_standard_errors() -> None:
    analysis = analyze(parse_cards("3H 7D QH 8H JC 2C"), dealer=False)
    obvious = by_points(analysis).obvious
    # the best wins 3 deals in 4 more than the obvious discard's... on 4 deals: 0.25 ahead, but too few to tell
    results = [[0.0, 0.0, 0.0, 0.0] for _ in range(15)]
    results[0] = [1.0, 1.0, 1.0, 0.0]
    judged = by_chance(analysis, results)
    assert judged.best == 0 and judged.obvious == obvious and judged.margin == 0.75
    assert paired_error(results[0], results[obvious]) == pytest.approx(0.25)  # sd 0.5 over 4 deals
    assert judged.clear  # 0.75 >= 3 * 0.25
    results[0] = [1.0, 1.0, 0.0, 0.0]
    assert not by_chance(analysis, results).clear  # 0.5 < 3 * sqrt(1/3)/2 = 0.866
    assert assess(analysis, [1.0] * 15, 0.02).margin == 0.0
