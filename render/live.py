"""The live table as one picture for a chat column: the table over the pegboard, 1100 pixels wide.

Discord shows a message's only image whole, scaled into about 550x350; two or more are tiled and cropped.
So the table (starter, the series with who laid each card and the count, the crib, the dealer and whose
turn) and the board (one track per player or partnership, with names and scores) are one picture, drawn at
twice the size it is shown for sharp screens, with words big enough to read at half size.

It is a palette picture put together from full-width strips (render.png.encode_strips): the table, the
board's legend and each row of holes. A strip is named by everything drawn in it, so a click that lays a
card draws and deflates the table's cards again and reuses the board, whose rows change only when a peg
moves. The cards' band, new at nearly every card, is not kept (a `Passing` strip).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from functools import cache, lru_cache, partial

from PIL import Image

from render.board import (
    BoardLayout,
    PegBoard,
    PegTrack,
    board_colours,
    draw_row_pegs,
    lane_span,
    legend_column,
    legend_track_shapes,
    legend_track_words,
    peg_path,
    row_boxes,
    row_pegs,
    wood_image,
    wood_small,
)
from render.canvas import Canvas, Convert, Sheet
from render.felt import FeltLayout, FeltView, felt_bands, felt_image
from render.labels import ENGLISH, Labels
from render.palette import in_palette, palette, paletted, to_palette
from render.png import Passing, Strip, encode_strips
from render.style import RGB, TWO_COLOUR, DeckColours, RenderError

WIDTH = 1100
LIVE_TABLE = FeltLayout(width=WIDTH, card_w=112, pad=20, top=60, label=30, play_x0=200, play_x1=900, crib_x=930,
                         zoom=1.6)
"""The table's part: cards 112 pixels wide (their corner ranks 28 pixels tall, 14 as shown)."""


@cache
def board_layout(target: int, tracks: int) -> BoardLayout:
    """The board's part: two rows for either game (sixty holes a row to 121, thirty to 61), hole numbers and
    names at 1.9 times the board picture's size (10 and 15 pixels tall as shown)."""
    lane = 24.0 if tracks == 3 else 30.0
    common = dict(lane=lane, margin=14.0, header=100.0, left=84.0, right=52.0, numbers=28.0, row_gap=38.0, foot=34.0,
                  zoom=1.9)
    if target == 121:
        return BoardLayout(per_row=60, pitch=14.5, street_gap=6.0, hole_r=3.6, front_r=7.6, back_r=5.8, **common)
    return BoardLayout(per_row=30, pitch=29.0, street_gap=13.2, hole_r=5.0, front_r=9.5, back_r=7.5, **common)


def check_matched(view: FeltView, board: PegBoard) -> None:
    """A board has a track per player, or per partnership of four."""
    players, tracks = len(view.players), len(board.tracks)
    if tracks != (2 if players == 4 else players):
        raise RenderError(f"a table of {players} players has {2 if players == 4 else players} tracks, "
                          f"the board {tracks}")


def live_png(view: FeltView, board: PegBoard, deck: DeckColours = TWO_COLOUR, labels: Labels = ENGLISH) -> bytes:
    """The table over the board, as one PNG."""
    check_matched(view, board)
    parts = live_parts(view, board, deck, labels, paletted)
    strips: list[Strip] = [(key, partial(in_palette, draw)) for key, draw in parts]
    return encode_strips(strips, palette())


def live_rgb(view: FeltView, board: PegBoard, deck: DeckColours = TWO_COLOUR, labels: Labels = ENGLISH) -> Image.Image:
    """The same picture in full colour (for the palette's samples and for tests)."""
    check_matched(view, board)
    return stack([draw() for _, draw in live_parts(view, board, deck, labels)])


def live_parts(view: FeltView, board: PegBoard, deck: DeckColours, labels: Labels,
               convert: Convert | None = None) -> list[Strip]:
    """The picture's strips, top to bottom, each keyed by everything it shows (the table's put together in
    `convert`'s mode, the others in full colour)."""
    lay = board_layout(board.target, len(board.tracks))
    colours = board_colours(board)
    strips: list[Strip] = [(_key(("table", shown, rows, deck, labels), passing),
                            partial(_table_band, view, deck, labels, convert, rows))
                           for shown, rows, passing in felt_bands(view, LIVE_TABLE)]
    boxes = row_boxes(board, lay)
    top = boxes[0][1]
    strips.append((("legend", board, labels, lay), lambda: _legend(board, labels, lay, top, convert)))
    for row, box in enumerate(boxes):
        pegs = row_pegs(board, row, lay)
        (x0, y0, x1, y1), (lane0, lane1) = box, lane_span(board, row, lay)
        parts = ((y0, lane0, ()), (lane0, lane1, pegs), (lane1, y1, ()))  # only the lanes have pegs
        for top_y, bottom_y, shown in parts:
            key = ("row", row, top_y, shown, colours, board.target, labels, lay)
            strips.append((key, partial(_row, board, labels, lay, (x0, top_y, x1, bottom_y), bool(shown), convert)))
    return strips


def _key(key: tuple[object, ...], passing: bool) -> Hashable:
    return Passing(key) if passing else key


def stack(images: list[Image.Image]) -> Image.Image:
    """Images of one width, one under another."""
    out = Image.new("RGB", (images[0].width, sum(i.height for i in images)))
    y = 0
    for image in images:
        out.paste(image, (0, y))
        y += image.height
    return out


def _table_band(view: FeltView, deck: DeckColours, labels: Labels, convert: Convert | None,
                rows: tuple[int, int]) -> Image.Image:
    return felt_image(view, deck, labels, LIVE_TABLE, convert, rows).image


def _legend(board: PegBoard, labels: Labels, lay: BoardLayout, bottom: int, convert: Convert | None) -> Image.Image:
    """The legend from a box a track, each drawn once for its track's name, pegs and place."""
    sheet = Sheet(wood_small(board, labels, lay), convert, (0, bottom))
    n = len(board.tracks)
    for k, track in enumerate(board.tracks):
        box = _legend_box(track, k, board_colours(board), board.target, labels, lay, bottom, convert is not None)
        sheet.put(box, legend_column(k, n, bottom, lay)[:2], kept=False)
    return sheet.image


@lru_cache(maxsize=1024)
def _legend_box(track: PegTrack, k: int, colours: tuple[RGB, ...], target: int, labels: Labels, lay: BoardLayout,
                bottom: int, on_palette: bool) -> Image.Image:
    """Track k's box of the legend (the other tracks' boxes are their own), in full colour or on the palette:
    the words written at their final size on the box drawn once."""
    if on_palette:
        return to_palette(_legend_box(track, k, colours, target, labels, lay, bottom, False))
    column = legend_column(k, len(colours), bottom, lay)
    box = _legend_back(k, colours, target, labels, lay, bottom).copy()
    legend_track_words(Canvas.flat(box, column[:2]), track, k, len(colours), target, labels, lay)
    return box


@lru_cache(maxsize=256)
def _legend_back(k: int, colours: tuple[RGB, ...], target: int, labels: Labels, lay: BoardLayout,
                 bottom: int) -> Image.Image:
    """Track k's box and peg without its words."""
    board = PegBoard(tuple(PegTrack("-", 0, 0, colour) for colour in colours), target)
    c = Canvas.region(wood_image(board, labels, lay), legend_column(k, len(colours), bottom, lay))
    legend_track_shapes(c, k, len(colours), colours[k], lay)
    return c.small()


def _row(board: PegBoard, labels: Labels, lay: BoardLayout, box: tuple[int, int, int, int], pegged: bool,
         convert: Convert | None) -> Image.Image:
    """A band of the board's rows; where it has pegs, only the stretch from the leftmost to the rightmost peg or
    moved hole in it is drawn again, on the bare board."""
    x0, y0, x1, y1 = box
    xs = [x for k in range(len(board.tracks)) for run in peg_path(board, k, lay) for x, y in run if y0 <= y < y1]
    if not pegged or not xs:
        return wood_small(board, labels, lay).crop(box)
    pad = lay.front_r + 4
    stretch = (max(x0, math.floor(min(xs) - pad)), y0, min(x1, math.ceil(max(xs) + pad)), y1)
    sheet = Sheet(wood_small(board, labels, lay), convert, (y0, y1))
    sheet.put(draw_row_pegs(wood_image(board, labels, lay), board, stretch, lay), stretch[:2], kept=False)
    return sheet.image
