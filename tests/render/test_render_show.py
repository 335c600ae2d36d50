"""A deal's show as one picture: every count's panel, one column for three counts, two for four or five."""

from __future__ import annotations

import pytest

from engine.core.cards import parse_card, parse_cards
from engine.core.scoring import score_hand
from render.samples import sample_show
from render.show import Cell, ShownCount, cells, show_png
from render.style import BLACK_INK, RED_INK, RenderError
from tests.render.render_helpers import decode, near, rgb_at


def test_sizes_by_how_many_counts() -> None:
    assert decode(show_png(sample_show(2))).size == (1100, 696)  # two hands and the crib: one column
    assert decode(show_png(sample_show(3))).size == (1100, 464)  # three hands and the crib: two columns
    assert decode(show_png(sample_show(4))).size == (1100, 696)  # four hands and the crib
    assert cells(1)[0] == (1100, 232)


def test_each_panels_cards_where_its_cell_puts_them() -> None:
    counts = sample_show(2)
    image = decode(show_png(counts)).convert("RGB")
    _, boxes = cells(len(counts))
    for count, cell in zip(counts, boxes, strict=True):
        b = count.breakdown
        for i, card in enumerate((*b.hand, b.starter)):
            corner = (cell.card_x(i) + cell.card_w * 0.135, cell.cards_top + cell.card_w * 0.38)
            assert near(rgb_at(image, corner), RED_INK if card.suit.is_red else BLACK_INK, tol=40), card


def test_two_columns_have_smaller_cards_side_by_side() -> None:
    _, boxes = cells(5)
    assert boxes[:2] == [Cell(0, 0, 550, 66), Cell(550, 0, 550, 66)]
    assert boxes[4] == Cell(0, 464, 550, 66)


def test_a_count_of_nothing_and_too_many_counts() -> None:
    nineteen = score_hand(parse_cards("2C 4D 6H 8S"), parse_card("QH"))
    assert nineteen.total == 0
    assert decode(show_png([ShownCount("Ann · hand", nineteen, 0)])).size == (1100, 232)
    with pytest.raises(RenderError, match="a show has 1 to 5 counts, got 6"):
        show_png(sample_show(4) + [ShownCount("Ann · hand", nineteen, 0)])
    with pytest.raises(RenderError, match="a show has 1 to 5 counts, got 0"):
        show_png([])
