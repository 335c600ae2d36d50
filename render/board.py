"""The dual-peg pegboard: one lane per player or team, in rows of thirty holes grouped in fives.

Each row is one group of thirty (1-30, 31-60, ...), read left to right, so the skunk lines at
91 and 61 (31 on a 61-point board) fall between rows. Every track shows its front peg (the
score) and its back peg (the score before the last move), with the holes between them lit in
the player's colour so the last move can be seen at a glance.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from board_driver.model import PegError, parse_pegs
from engine.core.scoring import MAX_HAND
from render.canvas import Canvas, Point, Sheet, fit_text
from render.labels import ENGLISH, Labels
from render.style import (
    GOLD,
    HOLE,
    PLAYER_COLOURS,
    RGB,
    SKUNK,
    WOOD,
    WOOD_EDGE,
    WOOD_LANE,
    WOOD_MUTED,
    WOOD_TEXT,
    RenderError,
    blend,
    text_width,
)

TARGETS = (121, 61)


@dataclass(frozen=True, slots=True)
class PegTrack:
    """One player's (or team's) lane: the front peg is the score, the back peg the one before."""

    name: str
    front: int
    back: int
    colour: RGB | None = None
    """None takes the seat's default colour."""

    @property
    def last_move(self) -> int:
        return self.front - self.back


@dataclass(frozen=True, slots=True)
class PegBoard:
    """What the board shows: 2 to 4 tracks and the game's target (121, or 61 for the short game)."""

    tracks: tuple[PegTrack, ...]
    target: int = 121

    def __post_init__(self) -> None:
        object.__setattr__(self, "tracks", tuple(self.tracks))
        if self.target not in TARGETS:
            raise RenderError(f"target {self.target!r} is not 121 or 61")
        if not 2 <= len(self.tracks) <= 4:
            raise RenderError(f"a board has 2, 3 or 4 tracks, got {len(self.tracks)}")
        for t in self.tracks:
            _check_track(t, self.target)
        done = [t.name for t in self.tracks if t.front >= self.target]
        if len(done) > 1:
            raise RenderError(f"{' and '.join(done)} are both at the game hole {self.target}; "
                              "the game ends when the first gets there")

    def colour(self, index: int) -> RGB:
        return self.tracks[index].colour or PLAYER_COLOURS[index]


def _check_track(t: PegTrack, target: int) -> None:
    if not isinstance(t.name, str) or not t.name.strip():
        raise RenderError(f"track name {t.name!r} is empty")
    for label, value in (("front", t.front), ("back", t.back)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RenderError(f"{t.name}: {label} peg {value!r} is not a score of 0 or more")
    if t.front < t.back:
        raise RenderError(f"{t.name}: front peg {t.front} is behind its back peg {t.back}")
    if t.back >= target:
        raise RenderError(f"{t.name}: back peg {t.back} is at or past the game hole {target}")
    if t.front > target + MAX_HAND:  # the most one count can score: further past the game hole is a slip
        raise RenderError(f"{t.name}: front peg {t.front} is past the game hole {target} by more than "
                          f"one count can score ({MAX_HAND})")
    if t.colour is not None and (len(t.colour) != 3 or any(not 0 <= v <= 255 for v in t.colour)):
        raise RenderError(f"{t.name}: colour {t.colour!r} is not an RGB triple")


# BoardLayout, in final pixels -----------------------------------------------------

STREET = 5


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where a board's holes, lanes and words go, in final pixels: the board picture's own (CLASSIC, rows of
    thirty) or a larger one drawn inside another picture (the live table's)."""

    per_row: int = 30
    pitch: float = 22.0
    street_gap: float = 12.0
    lane: float = 18.0
    hole_r: float = 4.0
    front_r: float = 7.5
    back_r: float = 6.0
    margin: float = 16.0
    header: float = 62.0
    left: float = 60.0
    right: float = 60.0
    numbers: float = 15.0
    row_gap: float = 24.0
    foot: float = 6.0
    """Room under the last row (a skunk line inside it has its label there)."""
    zoom: float = 1.0
    """The size of the words (hole numbers, skunk lines, the legend) against the board picture's own."""

    @property
    def row_w(self) -> float:
        return self.per_row * self.pitch + (self.per_row // STREET - 1) * self.street_gap

    @property
    def width(self) -> int:
        return round(self.margin * 2 + self.left + self.row_w + self.right)


CLASSIC = BoardLayout()
PER_ROW = CLASSIC.per_row
MARGIN = CLASSIC.margin
HEADER = CLASSIC.header
WIDTH = CLASSIC.width


def rows_of(target: int, lay: BoardLayout = CLASSIC) -> int:
    return (target - 1) // lay.per_row


def row_height(tracks: int, lay: BoardLayout = CLASSIC) -> float:
    return lay.numbers + tracks * lay.lane + lay.row_gap


def size(board: PegBoard, lay: BoardLayout = CLASSIC) -> tuple[int, int]:
    """Width and height of the board picture."""
    h = lay.margin + lay.header + rows_of(board.target, lay) * row_height(len(board.tracks), lay) - lay.row_gap
    return lay.width, round(h + lay.margin + lay.foot)


def _row_top(board: PegBoard, row: int, lay: BoardLayout = CLASSIC) -> float:
    return lay.margin + lay.header + row * row_height(len(board.tracks), lay)


def _lane_y(board: PegBoard, row: int, track: int, lay: BoardLayout = CLASSIC) -> float:
    return _row_top(board, row, lay) + lay.numbers + lay.lane / 2 + track * lay.lane


def _hole_x(i: int, lay: BoardLayout = CLASSIC) -> float:
    """Centre x of the i-th hole of a row."""
    return lay.margin + lay.left + i * lay.pitch + (i // STREET) * lay.street_gap + lay.pitch / 2


def peg_centre(board: PegBoard, track: int, position: int, back: bool = False, lay: BoardLayout = CLASSIC) -> Point:
    """Where a peg at `position` stands: 0 is a start hole (the back peg's is the outer one),
    the target or beyond is the game hole."""
    last_row = rows_of(board.target, lay) - 1
    if position <= 0:
        x = lay.margin + lay.left - (34 if back else 16) * lay.zoom
        return x, _lane_y(board, 0, track, lay)
    if position >= board.target:
        return lay.margin + lay.left + lay.row_w + lay.right / 2, _lane_y(board, last_row, track, lay)
    row, i = divmod(position - 1, lay.per_row)
    return _hole_x(i, lay), _lane_y(board, row, track, lay)


def skunk_lines(target: int, labels: Labels = ENGLISH) -> tuple[tuple[int, str], ...]:
    """(score, label): a line before that hole; a player left behind it at the end is skunked."""
    if target == 121:
        return ((61, labels.double_skunk.format(score=61)), (91, labels.skunk_line.format(score=91)))
    return ((31, labels.skunk_line.format(score=31)),)


# Drawing ---------------------------------------------------------------------

def board_png(board: PegBoard, labels: Labels = ENGLISH) -> bytes:
    """The pegboard with every track's two pegs, names, scores and the last move.

    Put together from parts: the board without pegs (drawn once), the legend, and again only the rows
    that have a peg or a move in them. It is the picture drawn whole but for the rounding of a few pixels of
    a peg's highlight (drawn at another offset), for a fraction of the work."""
    wood = wood_image(board, labels)
    sheet = Sheet(_wood_small(board_colours(board), board.target, labels))
    top = round(_row_top(board, 0)) - 4
    legend = Canvas.region(wood, (0, 0, WIDTH, top))
    draw_legend(legend, board, labels)
    sheet.put(legend.small(), (0, 0))
    for row, box in enumerate(row_boxes(board)):
        if pegged_row(board, row):  # only the rows with a peg or a move in them are drawn again
            sheet.put(draw_row_pegs(wood, board, box), box[:2])
    return sheet.png()


def board_colours(board: PegBoard) -> tuple[RGB, ...]:
    return tuple(board.colour(k) for k in range(len(board.tracks)))


def row_boxes(board: PegBoard, lay: BoardLayout = CLASSIC) -> list[tuple[int, int, int, int]]:
    """Each row's part of the board (final pixels): from just above its numbers to the next row's."""
    rows, bottom = rows_of(board.target, lay), size(board, lay)[1]
    tops = [round(_row_top(board, row, lay)) - 4 for row in range(rows)]
    return [(0, y0, lay.width, tops[row + 1] if row + 1 < rows else bottom) for row, y0 in enumerate(tops)]


def row_pegs(board: PegBoard, row: int, lay: BoardLayout = CLASSIC) -> tuple[tuple[int, int, int], ...]:
    """What of each track is in `row`: (track, front, back) for the tracks whose pegs or move reach into it;
    a row with none is the bare board."""
    first, last = row * lay.per_row + 1, (row + 1) * lay.per_row
    if row == 0:
        first = 0
    if row == rows_of(board.target, lay) - 1:
        last = board.target + MAX_HAND
    return tuple((k, t.front, t.back) for k, t in enumerate(board.tracks)
                 if min(t.front, board.target) >= first and t.back <= last)


def lane_span(board: PegBoard, row: int, lay: BoardLayout = CLASSIC) -> tuple[int, int]:
    """The rows of pixels of a board row's lanes, where its pegs and moves are drawn (and nothing else
    changes)."""
    top = _lane_y(board, row, 0, lay) - lay.lane / 2
    bottom = _lane_y(board, row, len(board.tracks) - 1, lay) + lay.lane / 2
    return math.floor(top) - 2, math.ceil(bottom) + 2


def pegged_row(board: PegBoard, row: int, lay: BoardLayout = CLASSIC) -> bool:
    return bool(row_pegs(board, row, lay))


def draw_row_pegs(wood: Image.Image, board: PegBoard, box: tuple[int, int, int, int],
                  lay: BoardLayout = CLASSIC) -> Image.Image:
    """One row's part of the board (`box`) with the moves and pegs in it, downsampled."""
    c = Canvas.region(wood, box)
    for k in range(len(board.tracks)):
        _move(c, board, k, lay)
    for k in range(len(board.tracks)):
        _pegs(c, board, k, lay)
    return c.small()


@lru_cache(maxsize=64)
def _wood_small(colours: tuple[RGB, ...], target: int, labels: Labels, lay: BoardLayout = CLASSIC) -> Image.Image:
    return Canvas.over(_wood(colours, target, labels, lay), copy=False).small()


def wood_image(board: PegBoard, labels: Labels, lay: BoardLayout = CLASSIC) -> Image.Image:
    """The board without pegs, drawn at SCALE (cached)."""
    return _wood(board_colours(board), board.target, labels, lay)


def wood_small(board: PegBoard, labels: Labels, lay: BoardLayout = CLASSIC) -> Image.Image:
    """The board without pegs, downsampled (cached)."""
    return _wood_small(board_colours(board), board.target, labels, lay)


@lru_cache(maxsize=64)
def _wood(colours: tuple[RGB, ...], target: int, labels: Labels, lay: BoardLayout = CLASSIC) -> Image.Image:
    """The board without its legend and pegs: the same for every reply of a game, so drawn once.
    Its hundreds of holes were most of a board's drawing time."""
    board = PegBoard(tuple(PegTrack("-", 0, 0, colour) for colour in colours), target)
    width, height = size(board, lay)
    c = Canvas(width, height, WOOD_EDGE)
    c.rect((3, 3, width - 3, height - 3), fill=WOOD, radius=14)
    rows = rows_of(target, lay)
    for row in range(rows):
        _row(c, board, row, rows, labels, lay)
    for score, label in skunk_lines(target, labels):
        _skunk(c, board, score, label, lay)
    return c.image


def _row(c: Canvas, board: PegBoard, row: int, rows: int, labels: Labels, lay: BoardLayout) -> None:
    top = _row_top(board, row, lay)
    first = row * lay.per_row
    small = 10.5 * lay.zoom
    for i in range(STREET - 1, lay.per_row, STREET):
        if first + i + 1 == board.target - 1 and lay.per_row > CLASSIC.per_row:
            continue  # too near the game hole's own number on a board of long rows
        c.text((_hole_x(i, lay), top + lay.numbers - 3), str(first + i + 1), small, WOOD_MUTED, anchor="ms")
    left = lay.margin + lay.left
    x0, x1 = left + 1, left + lay.row_w - 1
    gx = left + lay.row_w + lay.right / 2
    r = lay.lane / 2 - 1.5
    for k in range(len(board.tracks)):
        y = _lane_y(board, row, k, lay)
        band = blend(WOOD_LANE, board.colour(k), 0.33)
        c.rect((x0, y - r, x1, y + r), fill=band, radius=r)
        for i in range(lay.per_row):
            c.circle((_hole_x(i, lay), y), lay.hole_r, fill=HOLE)
        if row > 0:
            c.circle((left - 10 * lay.zoom, y), 3.5 * lay.zoom, fill=board.colour(k))
        if row == 0:
            c.rect((left - 44 * lay.zoom, y - r, left - 6 * lay.zoom, y + r), fill=band, radius=r)
            for back in (True, False):
                c.circle(peg_centre(board, k, 0, back, lay), lay.hole_r, fill=HOLE)
        if row == rows - 1:
            c.rect((gx - 12 * lay.zoom, y - r, gx + 12 * lay.zoom, y + r), fill=band, radius=r)
            c.circle((gx, y), lay.hole_r + 1.5, fill=HOLE, outline=GOLD, width=1.2)
    if row == 0:
        c.text((left - 25 * lay.zoom, top + lay.numbers - 3), labels.start, small, WOOD_MUTED, anchor="ms")
    if row == rows - 1:
        c.text((gx, top + lay.numbers - 3), str(board.target), small, GOLD, anchor="ms", bold=True)


def skunk_line_y(board: PegBoard, score: int, lay: BoardLayout = CLASSIC) -> float:
    """The height of the line drawn before hole `score` (the first hole of a row)."""
    return _row_top(board, (score - 1) // lay.per_row, lay) - lay.row_gap / 2 + 1


def _skunk(c: Canvas, board: PegBoard, score: int, label: str, lay: BoardLayout) -> None:
    """A dashed line before `score`, labelled in its middle: between the rows when `score` starts one, else
    across the lanes of its row, its label under them."""
    size = 11.5 * lay.zoom
    half = text_width(label, size) / 2 + 8 * lay.zoom
    row, i = divmod(score - 1, lay.per_row)
    if i == 0:
        y = skunk_line_y(board, score, lay)
        x0, x1 = lay.margin + lay.left - 8, lay.margin + lay.left + lay.row_w + 8
        c.dashed((x0, y), (x1, y), SKUNK, width=1.6 * lay.zoom, dash=7, gap=5)
        mid = (x0 + x1) / 2
    else:
        x = (_hole_x(i - 1, lay) + _hole_x(i, lay)) / 2
        top = _lane_y(board, row, 0, lay) - lay.lane / 2
        bottom = _lane_y(board, row, len(board.tracks) - 1, lay) + lay.lane / 2
        c.dashed((x, top), (x, bottom), SKUNK, width=1.6 * lay.zoom, dash=7, gap=5)
        mid, y = x, bottom + size
    c.rect((mid - half, y - size * 0.7, mid + half, y + size * 0.7), fill=WOOD, outline=SKUNK, width=1.2,
           radius=size * 0.7)
    c.text((mid, y), label, size, SKUNK, anchor="mm")


def peg_path(board: PegBoard, k: int, lay: BoardLayout = CLASSIC) -> list[list[Point]]:
    """The holes from back peg to front peg, split where the path leaves a row."""
    t = board.tracks[k]
    points = [peg_centre(board, k, t.back, True, lay)]
    points += [peg_centre(board, k, p, False, lay) for p in range(t.back + 1, min(t.front, board.target))]
    points.append(peg_centre(board, k, t.front, False, lay))
    runs: list[list[Point]] = [[points[0]]]
    for p in points[1:]:
        if p[1] == runs[-1][-1][1]:
            runs[-1].append(p)
        else:
            runs.append([p])
    return runs


def _move(c: Canvas, board: PegBoard, k: int, lay: BoardLayout = CLASSIC) -> None:
    t = board.tracks[k]
    if t.front == t.back:
        return
    colour = board.colour(k)
    trail = blend(colour, WOOD, 0.3)
    for run in peg_path(board, k, lay):
        if len(run) > 1:
            c.line(run, trail, width=4 * lay.zoom)
    for p in range(t.back + 1, min(t.front, board.target)):
        c.circle(peg_centre(board, k, p, False, lay), lay.hole_r, fill=blend(HOLE, colour, 0.55))


def _pegs(c: Canvas, board: PegBoard, k: int, lay: BoardLayout = CLASSIC) -> None:
    t = board.tracks[k]
    colour = board.colour(k)
    bx, by = peg_centre(board, k, t.back, True, lay)
    c.circle((bx, by), lay.back_r, fill=blend(colour, (0, 0, 0), 0.3), outline=(20, 14, 10), width=1.2)
    fx, fy = peg_centre(board, k, t.front, False, lay)
    c.circle((fx, fy), lay.front_r + 1.4, fill=(250, 246, 238))
    c.circle((fx, fy), lay.front_r, fill=colour)
    glint = lay.front_r * 0.3
    c.circle((fx - glint, fy - glint), lay.front_r * 0.24, fill=blend(colour, (255, 255, 255), 0.6))


def draw_legend(c: Canvas, board: PegBoard, labels: Labels = ENGLISH, lay: BoardLayout = CLASSIC) -> None:
    """Name, score and last move of each track, with a peg in its colour, across the top."""
    for k, t in enumerate(board.tracks):
        draw_legend_track(c, t, k, len(board.tracks), board.colour(k), board.target, labels, lay)


def legend_column(k: int, n: int, bottom: int, lay: BoardLayout = CLASSIC) -> tuple[int, int, int, int]:
    """The part of the legend (final pixels, down to `bottom`) that track k of n is drawn in, and nothing
    else."""
    col = (lay.width - 2 * lay.margin) / n
    return (math.floor(lay.margin + k * col), 0, math.floor(lay.margin + (k + 1) * col), bottom)


def draw_legend_track(c: Canvas, t: PegTrack, k: int, n: int, colour: RGB, target: int, labels: Labels,
                      lay: BoardLayout) -> None:
    """One track's box in the legend: a peg in its colour, the name, the last move and the score."""
    legend_track_shapes(c, k, n, colour, lay)
    legend_track_words(c, t, k, n, target, labels, lay)


def _legend_x(k: int, n: int, lay: BoardLayout) -> tuple[float, float, float, float]:
    """Track k's box: its left, its top, the width of its column, and the words' size against the board's."""
    col = (lay.width - 2 * lay.margin) / n
    return lay.margin + k * col + 6, lay.margin + 4, col, lay.header / CLASSIC.header


def legend_track_shapes(c: Canvas, k: int, n: int, colour: RGB, lay: BoardLayout) -> None:
    """The box of track k and its peg: the same whatever the score."""
    x, y, col, z = _legend_x(k, n, lay)
    c.rect((x - 4, y - 2, x + col - 12, y + lay.header - 18 * z), fill=blend(WOOD, colour, 0.14),
           outline=blend(WOOD, colour, 0.5), width=1.2, radius=9 * z)
    c.circle((x + 14 * z, y + 22 * z), 7.5 * z + 1.4, fill=(250, 246, 238))
    c.circle((x + 14 * z, y + 22 * z), 7.5 * z, fill=colour)


def legend_track_words(c: Canvas, t: PegTrack, k: int, n: int, target: int, labels: Labels, lay: BoardLayout) -> None:
    """The name, the last move and the score in track k's box."""
    x, y, col, z = _legend_x(k, n, lay)
    score = str(min(t.front, target))
    score_w = text_width(score, 26 * z)
    name = fit_text(t.name, 16 * z, col - 60 * z - score_w)
    c.text((x + 32 * z, y + 6 * z), name, 16 * z, WOOD_TEXT, bold=True)
    if t.front >= target:
        detail, ink = labels.wins.format(points=t.last_move), GOLD
    elif t.front == 0:
        detail, ink = labels.not_pegged, WOOD_MUTED
    else:
        detail, ink = labels.moved.format(points=t.last_move, back=t.back), WOOD_MUTED
    c.text((x + 32 * z, y + 26 * z), fit_text(detail, 12.5 * z, col - 60 * z - score_w), 12.5 * z, ink)
    c.text((x + col - 22, y + 22 * z), score, 26 * z, WOOD_TEXT, anchor="rm", bold=True)


def pegs_from_text(text: str, target: int = 121) -> list[tuple[int, int]]:
    """`87/80,95/91` as a person types it, through the one peg parser (board_driver.model.parse_pegs):
    a front peg past the last hole (the target) is refused with the message `cribbage board set` gives.
    A game's own overshoot (a final 125) is drawn in the game hole by make_board; typed pegs are not."""
    try:
        tracks = parse_pegs(text, holes=target)
    except PegError as exc:
        raise RenderError(str(exc)) from None
    return [(t.front, t.back) for t in tracks]


def make_board(pegs: Sequence[tuple[int, int]], names: Sequence[str] | None = None,
               target: int = 121, colours: Sequence[RGB | None] | None = None) -> PegBoard:
    """A board from (front, back) pairs, named Player 1.. unless names are given."""
    if names is not None and len(names) != len(pegs):
        raise RenderError(f"{len(names)} names for {len(pegs)} tracks")
    if colours is not None and len(colours) != len(pegs):
        raise RenderError(f"{len(colours)} colours for {len(pegs)} tracks")
    tracks = tuple(
        PegTrack(names[i] if names else f"Player {i + 1}", front, back, colours[i] if colours else None)
        for i, (front, back) in enumerate(pegs)
    )
    return PegBoard(tracks, target)
