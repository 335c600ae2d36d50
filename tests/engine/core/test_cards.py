import pickle

import pytest

from engine.core.cards import DECK, Card, CardError, Suit, format_cards, parse_card, parse_cards


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("5H", "5H"), ("10h", "10H"), ("TH", "10H"), ("th", "10H"), ("5♥", "5H"), ("as", "AS"),
     ("Qc", "QC"), ("j♦", "JD"), (" KS ", "KS"), ("10♠", "10S")],
)
def test_parse_every_spelling(text: str, canonical: str) -> None:
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [("5X", "unknown suit 'X' in '5X'"), ("ZH", "unknown rank 'Z' in 'ZH'"), ("5", "missing suit in '5'"),
     ("", "empty card text"), ("11H", "unknown suit '1H' in '11H'")],
)
def test_errors_name_the_bad_token(text: str, message: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(text)
    assert str(err.value) == message


def test_duplicates_are_rejected() -> None:
    with pytest.raises(CardError, match="card 5H appears twice"):
        parse_cards("5H 6D 5h")


def test_count_is_checked() -> None:
    with pytest.raises(CardError, match="expected 4 cards, got 3"):
        parse_cards("5H 6D 7C", count=4)


def test_deck_is_52_distinct_cards_indexed_by_position() -> None:
    assert len(set(DECK)) == 52
    assert all(DECK[c.index] is c for c in DECK)
    assert format_cards(DECK[:3]) == "AS 2S 3S"


def test_values_and_equality() -> None:
    assert [parse_card(t).value for t in ("AS", "9H", "10D", "JC", "QS", "KH")] == [1, 9, 10, 10, 10, 10]
    assert Card(5, Suit.HEARTS) == parse_card("5h")
    assert Card(5, Suit.HEARTS) != Card(5, Suit.SPADES)
    assert len({Card(5, Suit.HEARTS), parse_card("5H")}) == 1
    assert parse_card("10H").pretty() == "10♥"


def test_bad_card_values() -> None:
    with pytest.raises(CardError, match="rank must be 1..13, not 14"):
        Card(14, Suit.HEARTS)


def test_a_pickled_card_is_read_back_as_the_deck_s_own() -> None:
    """Games kept at rest as bytes and observations sent to worker processes carry cards by index."""
    card = parse_card("10H")
    data = pickle.dumps(card)
    back = pickle.loads(data)
    assert back is DECK[card.index] and str(back) == "10H"
    assert len(pickle.dumps(DECK)) < 52 * 9  # a few bytes a card, not its fields
