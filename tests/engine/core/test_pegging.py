import itertools
from collections.abc import Callable

import pytest

from engine.core.cards import parse_cards
from engine.core.pegging import PegKind, best_reply_worth, move_call, play_items, run_length


def peg_sequence(cards: str) -> list[int]:
    """Points scored by each card laid in one series, in order."""
    laid: list[int] = []
    count = 0
    points = []
    for card in parse_cards(cards):
        points.append(sum(i.points for i in play_items(laid, count, card)))
        laid.append(card.rank)
        count += card.value
    return points


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("3S 5H 4D 2C", [0, 0, 3, 4]),  # runs in any order; the 2 makes a run of four
        ("7S 6H 8D 6C", [0, 0, 3, 0]),  # a repeated rank breaks the run
        ("5S 5H 5D", [0, 2, 8]),  # fifteen and a pair royal
        ("7S 7H 7D 7C", [0, 2, 6, 12]),  # double pair royal
        ("10S QH JD AC", [0, 0, 3, 2]),  # thirty-one for two
        ("AS 7H 7D", [0, 0, 4]),  # fifteen and a pair: "fifteen four"
        ("KS QH", [0, 0]),  # K and Q are not a pair
        ("6S 4H 5D 5C", [0, 0, 5, 2]),  # run of three with fifteen, then a pair
        ("AS 2H 3D 4C 5S 6H 7D", [0, 0, 3, 4, 7, 6, 7]),
    ],
)
def test_series(cards: str, points: list[int]) -> None:
    assert peg_sequence(cards) == points


def test_calls_for_one_card() -> None:
    a, seven = parse_cards("AS 7H")
    items = play_items([1, 7], 8, parse_cards("7D")[0])
    assert [(i.kind, i.points) for i in items] == [(PegKind.FIFTEEN, 2), (PegKind.PAIR, 2)]
    assert move_call(items) == "fifteen four"
    royal = play_items([5, 5], 10, parse_cards("5D")[0])
    assert move_call(royal) == "fifteen eight"
    thirty_one = play_items([10, 12, 11], 30, a)
    assert move_call(thirty_one) == "thirty-one for two"
    assert move_call(play_items([7, 7, 7], 21, seven)) == "double pair royal for twelve"
    assert move_call(play_items([3, 5], 8, parse_cards("4D")[0])) == "a run of three for three"


def test_run_length_longest_only() -> None:
    assert run_length([1, 2, 3, 4], 5) == 5
    assert run_length([5, 6, 7], 6) == 0
    assert run_length([9, 2, 4], 3) == 3


def defined_run_length(series: tuple[int, ...], rank: int) -> int:
    """Longest n >= 3 whose last n cards, the new one included, are n different consecutive ranks."""
    ranks = [*series, rank]
    return max((n for n in range(3, len(ranks) + 1)
                if len(set(ranks[-n:])) == n and max(ranks[-n:]) - min(ranks[-n:]) == n - 1), default=0)


def test_run_length_is_the_defined_one_for_every_short_series() -> None:
    """Every series of up to five cards from 3 to 8 (runs in any order, broken by a repeat) and every new card."""
    found = 0
    for n in range(6):
        for series in itertools.product(range(3, 9), repeat=n):
            for rank in range(1, 14):
                expected = defined_run_length(series, rank)
                assert run_length(series, rank) == expected, (series, rank)
                found += expected > 0
    assert found == 10760
    assert run_length([4, 6, 5], 3) == 4 and run_length([4, 6, 6, 5], 3) == 0


def only(chances: dict[int, float]) -> Callable[[int], float]:
    return lambda rank: chances.get(rank, 0.0)


def test_the_best_reply_is_worth_its_points_times_its_chance_failing_a_better_one() -> None:
    assert best_reply_worth([5], 5, only({10: 1.0})) == 2.0  # fifteen two
    assert best_reply_worth([10, 10, 5], 25, only({6: 1.0})) == 2.0  # 31 for two
    assert best_reply_worth([3, 4], 7, only({2: 0.5, 5: 0.5})) == 2.25  # a run of three either way: 1.5 + 0.75
    assert best_reply_worth([1, 2, 3, 4, 5, 6], 21, only({7: 1.0})) == 7.0  # the longest run there is
    assert best_reply_worth([9, 4, 1, 2, 3, 4], 23, only({5: 1.0})) == 5.0  # the run stops at the repeated 4
    assert best_reply_worth([10], 10, only({5: 0.5, 10: 0.5, 9: 1.0})) == 1.5  # 9 makes 19: nothing
    assert best_reply_worth([13, 13], 20, only({13: 0.25, 8: 1.0})) == 1.5  # three of a kind; an 8 makes 28, nothing
