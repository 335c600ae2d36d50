"""The expert's play-outs on ranks: by habit (`playout`) and searched exactly (`exact_margin`)."""

from __future__ import annotations

import random

from engine.pegsim import exact_margin, playout


def test_with_no_choice_both_agree() -> None:
    """A 5 led, a 10 answers for fifteen two and takes one for last: 3 to the second player."""
    assert playout([[5], [10]], [], 0, 0, [False, False], None, (999, 999)) == (0, 3, -1)
    assert exact_margin([[5], [10]], [], 0, 0, [False, False], None) == -3


def test_the_search_finds_what_habit_misses() -> None:
    """Holding 5 and 9 against a 6: habit leads the 9 (a 5 would leave five), and the 6 makes fifteen; leading
    the 5 gives nothing away, and the 9 takes the last card."""
    assert playout([[5, 9], [6]], [], 0, 0, [False, False], None, (999, 999)) == (1, 2, -1)
    hands = [[5, 9], [6]]
    assert exact_margin(hands, [], 0, 0, [False, False], None) == 1
    assert hands == [[5, 9], [6]]  # nothing consumed


def test_thirty_one_then_one_for_last() -> None:
    """Count 25: seat 0's 6 makes 31 for two; then seat 1 leads its king and takes one for last."""
    assert exact_margin([[6], [13]], [10, 10, 5], 25, 0, [False, False], 1) == 2 - 1


def test_a_go_then_one_for_last() -> None:
    """Count 28: neither can lay a ten-card, so seat 1 (who laid last) takes the go; seat 0 leads its 10, and
    seat 1's queen is the last card."""
    assert exact_margin([[10], [12]], [10, 10, 8], 28, 0, [False, False], 1) == -2


def test_each_side_does_at_least_as_well_as_habit_when_only_it_chooses() -> None:
    rng = random.Random(2)
    for _ in range(500):
        mine = [rng.randint(1, 13) for _ in range(rng.randint(1, 3))]
        theirs = [rng.randint(1, 13)] if rng.random() < 0.8 else []
        count = rng.choice([0, 5, 12, 20, 25])
        series = [min(count, 10)] if count else []
        last = 1 if count else None
        a, b, _ = playout([mine[:], theirs[:]], series[:], count, 0, [False, False], last, (999, 999))
        assert exact_margin([mine, theirs], series, count, 0, [False, False], last) >= a - b
        a, b, _ = playout([theirs[:], mine[:]], series[:], count, 0, [False, False], last, (999, 999))
        assert exact_margin([theirs, mine], series, count, 0, [False, False], last) <= a - b
