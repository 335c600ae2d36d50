"""The live table: one picture of the table over the board, shaped for Discord's single-image box."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.core.cards import parse_card, parse_cards
from render import png
from render.board import PegBoard, PegTrack, peg_centre
from render.cards import card_height
from render.felt import FeltView, PlayedCard, series_positions
from render.live import LIVE_TABLE, board_layout, live_png, live_rgb
from render.samples import sample_live
from render.style import BLACK_INK, PLAYER_COLOURS, RED_INK, RenderError
from tests.render.render_helpers import decode, near, rgb_at


def test_each_sample_fits_the_single_image_box_at_twice_its_size() -> None:
    sizes = {name: decode(live_png(*pair)).size for name, pair in sample_live().items()}
    assert sizes == {"live": (1100, 707), "live_3": (1100, 731), "live_4": (1100, 707)}
    for width, height in sizes.values():
        assert 1.45 <= width / height <= 1.6  # Discord shows one image whole in about 550x350


def test_a_palette_picture_close_to_the_full_colour_one() -> None:
    view, board = sample_live()["live"]
    image = decode(live_png(view, board))
    assert image.mode == "P"
    diff = ImageStat.Stat(ImageChops.difference(image.convert("RGB"), live_rgb(view, board))).mean
    assert max(diff) < 2.5, diff


def test_cards_of_the_series_and_the_front_pegs_where_the_layouts_put_them() -> None:
    view, board = sample_live()["live"]
    image = decode(live_png(view, board)).convert("RGB")
    w = LIVE_TABLE.card_w
    for played, x in zip(view.series, series_positions(view, LIVE_TABLE), strict=True):
        corner = (round(x) + w * 0.135, LIVE_TABLE.card_top + w * 0.38)  # the suit under the rank
        assert near(rgb_at(image, corner), RED_INK if played.card.suit.is_red else BLACK_INK, tol=40), played
    lay = board_layout(121, 2)
    for k, front in ((0, 87), (1, 95)):
        x, y = peg_centre(board, k, front, False, lay)
        assert near(rgb_at(image, (x, y + LIVE_TABLE.height)), PLAYER_COLOURS[k], tol=40), k


def test_partners_wear_their_tracks_colour_under_their_cards() -> None:
    view, board = sample_live()["live_4"]  # Ann, Bob, Cat, Dan laid KH 5S AC 9H; Ann & Cat on the red track
    image = decode(live_png(view, board)).convert("RGB")
    xs = [round(x) for x in series_positions(view, LIVE_TABLE)]
    tag_y = LIVE_TABLE.card_top + card_height(LIVE_TABLE.card_w) + 14
    tags = [rgb_at(image, (x + 6, tag_y)) for x in xs]
    assert [near(tag, PLAYER_COLOURS[k % 2], tol=40) for k, tag in enumerate(tags)] == [True] * 4


def test_a_card_laid_redraws_the_table_and_keeps_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    png.forget_strips()
    deflated: list[int] = []  # the height of each strip deflated, top to bottom
    rows = png._rows

    def counted(image: Image.Image, banded: bool = True) -> png.Piece:
        deflated.append(image.height)
        return rows(image, banded)

    monkeypatch.setattr(png, "_rows", counted)
    board = PegBoard((PegTrack("Ann", 12, 10), PegTrack("Bob", 9, 7)))
    first = FeltView(("Ann", "Bob"), 1, parse_card("5D"), (PlayedCard(parse_card("7H"), 0),), 4, 1)
    live_png(first, board)
    assert deflated == [58, 28, 245, 110, 30, 64, 32, 30, 64, 46]  # heading, labels, cards, legend, two rows
    assert len(png._strips) == 9  # all but the cards, which seldom come back
    second = FeltView(("Ann", "Bob"), 1, parse_card("5D"),
                       tuple(PlayedCard(c, k) for k, c in enumerate(parse_cards("7H 8S"))), 4, 1)
    deflated.clear()
    live_png(second, board)
    assert deflated == [245]  # only the band of cards: the heading, labels and board are kept
    moved = PegBoard((PegTrack("Ann", 12, 10), PegTrack("Bob", 11, 9)))
    deflated.clear()
    live_png(second, moved)
    assert deflated == [245, 110, 64]  # a peg moved in the first row: the legend and that row's lane too
    assert len(png._strips) == 11


def test_a_table_and_a_board_of_different_games_are_refused() -> None:
    view, _ = sample_live()["live_4"]
    board = PegBoard(tuple(PegTrack(n, 0, 0) for n in ("Ann", "Bob", "Cat", "Dan")))
    with pytest.raises(RenderError, match="a table of 4 players has 2 tracks, the board 4"):
        live_png(view, board)
