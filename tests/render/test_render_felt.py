"""The felt: starter, series with count and who played, the crib; the view's checks."""

from __future__ import annotations

import pytest

from engine.core.cards import parse_card, parse_cards
from render.cards import card_height
from render.felt import (
    CARD_TOP,
    CARD_W,
    COUNT_R,
    CRIB_X,
    HEIGHT,
    PAD,
    WIDTH,
    FeltView,
    PlayedCard,
    count_centre,
    felt_png,
    series_positions,
)
from render.style import BLACK_INK, CARD_BACK, GOLD, PLAYER_COLOURS, RED_INK, RenderError
from tests.render.render_helpers import decode, near, rgb_at


def view(series: str = "7H 8S 9D", starter: str | None = "5C", crib: int = 4, players: int = 2) -> FeltView:
    names = ("Alice", "Bob", "Carol", "Dan")[:players]
    played = tuple(PlayedCard(c, i % players) for i, c in enumerate(parse_cards(series)))
    return FeltView(names, 0, parse_card(starter) if starter else None, played, crib)


def corner(x: float) -> tuple[float, float]:
    return x + CARD_W * 0.135, CARD_TOP + CARD_W * 0.38


def test_size_and_count() -> None:
    v = view()
    assert v.count == 24
    image = decode(felt_png(v))
    assert image.size == (WIDTH, HEIGHT)


def test_starter_and_series_cards_where_the_layout_puts_them() -> None:
    v = view()
    image = decode(felt_png(v))
    assert near(rgb_at(image, corner(PAD + 4)), BLACK_INK)  # 5C starter
    for played, x in zip(v.series, series_positions(v), strict=True):
        ink = RED_INK if played.card.suit.is_red else BLACK_INK
        assert near(rgb_at(image, corner(x)), ink), played.card


def test_who_played_each_card_is_tagged_in_their_colour() -> None:
    v = view()
    image = decode(felt_png(v))
    for played, x in zip(v.series, series_positions(v), strict=True):
        tag = (x + 3, CARD_TOP + card_height(CARD_W) + 16)
        assert near(rgb_at(image, tag), PLAYER_COLOURS[played.player]), played


def test_crib_face_down_and_empty() -> None:
    image = decode(felt_png(view(crib=4)))
    top_card_middle = (CRIB_X + 3 * 7 + CARD_W / 2, CARD_TOP + 9 + card_height(CARD_W) / 2)
    assert near(rgb_at(image, top_card_middle), CARD_BACK)
    empty = decode(felt_png(view(crib=0)))
    assert not near(rgb_at(empty, (CRIB_X + CARD_W / 2, CARD_TOP + card_height(CARD_W) / 2)), CARD_BACK, 60)


def test_count_disc_gold_at_fifteen_and_thirty_one() -> None:
    for series, scoring in (("7H 8S", True), ("7H 8S 9D", False), ("KH QS JD AC", True)):
        v = view(series)
        x, y = count_centre(v)
        edge = rgb_at(decode(felt_png(v)), (x + COUNT_R - 1, y))
        assert near(edge, GOLD, tol=50) == scoring, series


def test_many_cards_overlap_to_fit() -> None:
    v = view("AH AS 2D 2C 3H 3S 3D 4C", players=4)
    xs = series_positions(v)
    assert xs[1] - xs[0] < CARD_W
    assert count_centre(v)[0] + COUNT_R < CRIB_X
    decode(felt_png(v))


def test_before_the_cut_and_before_the_play() -> None:
    image = decode(felt_png(view("", starter=None, crib=0)))
    assert near(rgb_at(image, (PAD + 4 + CARD_W / 2, CARD_TOP + card_height(CARD_W) / 2)), CARD_BACK)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: view("KH QS JD 10C"), "counts 40, past 31"),
    (lambda: FeltView(("A", "B"), 0, series=(PlayedCard(parse_card("5H"), 0),
                                              PlayedCard(parse_card("5H"), 1))), "5H appears twice"),
    (lambda: view("5C 6H"), "5C appears twice"),
    (lambda: view(crib=5), "crib size 5"),
    (lambda: FeltView(("Solo",), 0), "2, 3 or 4 players"),
    (lambda: FeltView(("A", "B"), 2), "dealer 2 is not a seat"),
    (lambda: FeltView(("A", "B"), 0, series=(PlayedCard(parse_card("5H"), 3),)), "seat 3"),
    (lambda: FeltView(("A", " "), 0), "name ' ' is empty"),
])
def test_errors(make, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RenderError, match=message):
        make()


def test_deterministic() -> None:
    assert felt_png(view()) == felt_png(view())
