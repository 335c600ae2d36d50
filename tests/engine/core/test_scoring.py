import pytest

from engine.core.cards import CardError, parse_card, parse_cards
from engine.core.scoring import ItemKind, score_cards, score_hand, score_total


def count(hand: str, starter: str, crib: bool = False) -> int:
    cards, card = parse_cards(hand), parse_card(starter)
    total = score_hand(cards, card, crib).total
    assert score_total(cards, card, crib) == total  # the fast path always agrees
    return total


@pytest.mark.parametrize(
    ("hand", "starter", "crib", "total"),
    [
        ("5C 5D 5H JS", "5S", False, 29),
        ("5C 5D 5H 5S", "JS", False, 28),  # the jack is the starter: no nobs
        ("5S 6S 7S 7H", "KD", False, 10),
        ("4S 4H 5S 6D", "6C", False, 24),
        ("2H 4H 6H 8H", "KS", False, 4),  # a hand flush of four
        ("2H 4H 6H 8H", "KS", True, 0),  # the same four in the crib: no flush
        ("2H 4H 6H 8H", "QH", True, 5),  # all five one suit: a crib flush
        ("JH QH KH AS", "2D", False, 3),  # J-Q-K only: no K-A-2 wrap-around
        ("3C 3D 3H 3S", "9C", False, 24),
        ("AC 2C 3C 4C", "5C", False, 2 + 5 + 5),
        ("7C 8D 9H 10S", "KD", False, 6),
        ("2C 4D 6H 8S", "QD", False, 0),
        ("5H 5D JH QD", "KH", False, 2 * 6 + 2 + 3 + 1),
    ],
)
def test_literal_counts(hand: str, starter: str, crib: bool, total: int) -> None:
    assert count(hand, starter, crib) == total


def test_no_wrap_around_run() -> None:
    b = score_hand(parse_cards("JH QH KH AS"), parse_card("7D"))
    runs = [i for i in b.items if i.kind is ItemKind.RUN]
    assert [(len(i.cards), i.points) for i in runs] == [(3, 3)]
    assert [str(c) for c in runs[0].cards] == ["JH", "QH", "KH"]


def test_29_breakdown_and_calls() -> None:
    b = score_hand(parse_cards("5C 5D 5H JS"), parse_card("5S"))
    assert b.total == 29
    kinds = [i.kind for i in b.items]
    assert kinds.count(ItemKind.FIFTEEN) == 8
    assert b.items[-2].call == "double pair royal is twenty-eight"
    assert b.items[-1].call == "and one for his nobs is twenty-nine"
    assert [str(c) for c in b.items[-1].cards] == ["JS"]


def test_double_run_calls() -> None:
    b = score_hand(parse_cards("5S 6S 7S 7H"), parse_card("KD"))
    assert [i.call for i in b.items] == [
        "fifteen two", "a pair is four", "a run of three is seven", "another run of three is ten"]
    assert [[str(c) for c in i.cards] for i in b.items] == [
        ["5S", "KD"], ["7S", "7H"], ["5S", "6S", "7S"], ["5S", "6S", "7H"]]


def test_flush_and_nobs_calls_follow_the_running_total() -> None:
    b = score_hand(parse_cards("2H 4H 6H JH"), parse_card("QH"), crib=True)
    assert [(i.kind, i.points, i.call) for i in b.items] == [
        (ItemKind.FLUSH, 5, "a flush of five is five"),
        (ItemKind.NOBS, 1, "and one for his nobs is six"),
    ]


def test_nothing_is_nineteen() -> None:
    b = score_hand(parse_cards("2C 4D 6H 8S"), parse_card("QD"))
    assert b.total == 0 and b.items == ()
    assert b.call == "nineteen (nothing)"


def test_bad_hands() -> None:
    with pytest.raises(CardError, match="a hand or crib has 4 cards, got 3"):
        score_hand(parse_cards("2C 4D 6H"), parse_card("QD"))
    with pytest.raises(CardError, match="card QD appears twice"):
        score_hand(parse_cards("2C 4D 6H QD"), parse_card("QD"))


def test_cards_before_the_starter() -> None:
    assert score_cards(parse_cards("5H 5D 10S JC")) == 2 * 4 + 2
    assert score_cards(parse_cards("2H 3H 4H 9H")) == 2 + 3 + 4
