"""Cards, the back, a hand and the deck sheet: sizes, corner ink, face-card marks, errors."""

from __future__ import annotations

import pytest

from engine.core.cards import DECK, parse_card, parse_cards
from render.cards import (
    HAND_CARD_WIDTH,
    PAD,
    back_png,
    card_height,
    card_png,
    deck_png,
    hand_layout,
    hand_png,
)
from render.style import (
    BLACK_INK,
    CARD_BACK,
    CARD_FACE,
    FELT,
    FOUR_COLOUR,
    GOLD,
    RED_INK,
    RenderError,
)
from tests.render.render_helpers import decode, near, rgb_at


def corner_suit(width: int) -> tuple[float, float]:
    """The middle of the small suit under the top-left rank."""
    return width * 0.135, width * 0.38


def test_card_size_and_transparent_corner() -> None:
    image = decode(card_png(parse_card("AS")))
    assert image.size == (150, 210)
    assert image.mode == "RGBA"
    assert image.getpixel((0, 0))[3] == 0  # outside the rounded corner
    assert near(rgb_at(image, (75, 30)), CARD_FACE)


@pytest.mark.parametrize(("text", "ink"), [("5H", RED_INK), ("KD", RED_INK), ("AS", BLACK_INK),
                                            ("10C", BLACK_INK)])
def test_corner_suit_ink_red_or_black(text: str, ink: tuple[int, int, int]) -> None:
    image = decode(card_png(parse_card(text)))
    assert near(rgb_at(image, corner_suit(150)), ink)
    # The same index stands upside down in the opposite corner.
    assert near(rgb_at(image, (150 - 150 * 0.135, 210 - 150 * 0.38)), ink)


def test_four_colour_deck_tells_every_suit_apart() -> None:
    seen = set()
    for text in ("9S", "9H", "9D", "9C"):
        card = parse_card(text)
        colour = rgb_at(decode(card_png(card, deck=FOUR_COLOUR)), corner_suit(150))
        assert near(colour, FOUR_COLOUR.of(card.suit))
        seen.add(colour)
    assert len(seen) == 4


def test_face_cards_have_a_gold_frame_and_numbers_do_not() -> None:
    for text in ("JH", "QS", "KC"):
        image = decode(card_png(parse_card(text)))
        left_edge_of_frame = rgb_at(image, (150 * 0.26, 210 * 0.5))
        assert near(left_edge_of_frame, GOLD, tol=40), text
    assert near(rgb_at(decode(card_png(parse_card("10H"))), (150 * 0.26, 210 * 0.5)), CARD_FACE)


def test_ace_has_one_big_pip_in_the_middle() -> None:
    assert near(rgb_at(decode(card_png(parse_card("AD"))), (75, 105)), RED_INK)
    assert near(rgb_at(decode(card_png(parse_card("2D"))), (75, 105)), CARD_FACE)


def test_card_width_is_respected_and_checked() -> None:
    assert decode(card_png(parse_card("QH"), width=60)).size == (60, card_height(60))
    for bad in (10, 601, 2.5):
        with pytest.raises(RenderError, match="card width"):
            card_png(parse_card("QH"), width=bad)  # type: ignore[arg-type]


def test_back() -> None:
    image = decode(back_png(100))
    assert image.size == (100, 140)
    assert near(rgb_at(image, (50, 70)), CARD_BACK)  # the middle of the emblem
    assert near(rgb_at(image, (50, 70 - 16 * 1.1)), CARD_FACE, tol=40)  # its white ring


def test_hand_layout_and_content() -> None:
    cards = parse_cards("5H 5C 6D 7S JH KD")
    image = decode(hand_png(cards))
    width, height, xs = hand_layout(6, labels=False)
    assert image.size == (width, height)
    assert image.mode == "P"  # on the live pictures' palette: a third of the deflating
    assert near(rgb_at(image, (4, height / 2)), FELT)
    for card, x in zip(cards, xs, strict=True):
        ink = RED_INK if card.suit.is_red else BLACK_INK
        assert near(rgb_at(image, (x + HAND_CARD_WIDTH * 0.135, PAD + HAND_CARD_WIDTH * 0.38)), ink), card


def test_hand_labels_add_a_numbered_row() -> None:
    plain = decode(hand_png(parse_cards("AS 2S 3S 4S")))
    labelled = decode(hand_png(parse_cards("AS 2S 3S 4S"), labels=True))
    assert labelled.size[1] > plain.size[1]
    _, height, xs = hand_layout(4, labels=True)
    # The label badge is a light disc under each card.
    badge = (xs[0] + HAND_CARD_WIDTH / 2 - 8, PAD + card_height(HAND_CARD_WIDTH) + 19)
    assert near(rgb_at(labelled, badge), CARD_FACE, tol=30)


@pytest.mark.parametrize("texts", ["", "AS 2S 3S 4S 5S 6S 7S"])
def test_hand_size_errors(texts: str) -> None:
    with pytest.raises(RenderError, match="1 to 6 cards"):
        hand_png(parse_cards(texts) if texts else ())


def test_hand_with_a_card_twice_is_refused() -> None:
    card = parse_card("5H")
    with pytest.raises(RenderError, match="5H appears twice"):
        hand_png((card, card))


def test_deck_sheet_holds_every_card() -> None:
    image = decode(deck_png())
    assert image.size[0] > image.size[1] > 300
    assert len(DECK) == 52


def test_same_card_same_bytes() -> None:
    from render.cards import card_image

    first = card_png(parse_card("7C"))
    card_image.cache_clear()
    assert card_png(parse_card("7C")) == first
