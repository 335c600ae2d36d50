"""The counted hand: the five cards, one row per scoring item, the total."""

from __future__ import annotations

import pytest

from engine.core.cards import parse_card, parse_cards
from engine.core.scoring import score_hand
from render.breakdown import CARD_W, PAD, breakdown_png, breakdown_size, card_left
from render.style import BLACK_INK, DARK, LIGHT, RED_INK, RenderError
from tests.render.render_helpers import decode, near, rgb_at


def test_twenty_nine() -> None:
    b = score_hand(parse_cards("5H 5C 5D JS"), parse_card("5S"))
    image = decode(breakdown_png(b))
    assert image.size == breakdown_size(b)
    for i, card in enumerate((*b.hand, b.starter)):
        ink = RED_INK if card.suit.is_red else BLACK_INK
        assert near(rgb_at(image, (card_left(i) + CARD_W * 0.135, PAD + 20 + CARD_W * 0.38)), ink), card


def test_height_grows_with_the_items() -> None:
    small = score_hand(parse_cards("2H 4S 9D JC"), parse_card("KH"))
    big = score_hand(parse_cards("4H 5H 6H 6C"), parse_card("5S"))
    assert len(big.items) > len(small.items)
    assert breakdown_size(big)[1] > breakdown_size(small)[1]
    assert decode(breakdown_png(big)).size == breakdown_size(big)


def test_nothing_scores() -> None:
    b = score_hand(parse_cards("2H 4S 8D JC"), parse_card("KS"))
    assert b.total == 0
    assert decode(breakdown_png(b)).size == breakdown_size(b)


def test_themes_set_the_panel() -> None:
    b = score_hand(parse_cards("5H 5C 5D JS"), parse_card("5S"), crib=True)
    w, h = breakdown_size(b)
    assert near(rgb_at(decode(breakdown_png(b, DARK)), (w / 2, h - 4)), DARK.background)
    assert near(rgb_at(decode(breakdown_png(b, LIGHT)), (w / 2, h - 4)), LIGHT.background)


def test_not_a_breakdown() -> None:
    with pytest.raises(RenderError, match="is not a Breakdown"):
        breakdown_png("5H 5C 5D JS 5S")  # type: ignore[arg-type]


def test_deterministic() -> None:
    b = score_hand(parse_cards("4H 5H 6H 6C"), parse_card("5S"))
    assert breakdown_png(b) == breakdown_png(b)
