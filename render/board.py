"""The dual-peg pegboard: one lane per player or team, in rows of thirty holes grouped in fives.

Each row is one group of thirty (1-30, 31-60, ...), read left to right, so the skunk lines at
91 and 61 (31 on a 61-point board) fall between rows. Every track shows its front peg (the
score) and its back peg (the score before the last move), with the holes between them lit in
the player's colour so the last move can be seen at a glance.
"""

from __future__ import annotations

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
class Track:
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

    tracks: tuple[Track, ...]
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


def _check_track(t: Track, target: int) -> None:
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


# Layout, in final pixels -----------------------------------------------------

PER_ROW = 30
STREET = 5
PITCH = 22.0
STREET_GAP = 12.0
LANE = 18.0
HOLE_R = 4.0
FRONT_R = 7.5
BACK_R = 6.0
MARGIN = 16.0
HEADER = 62.0
LEFT = 60.0
RIGHT = 60.0
NUMBERS = 15.0
ROW_GAP = 24.0
ROW_W = PER_ROW * PITCH + (PER_ROW // STREET - 1) * STREET_GAP
WIDTH = round(MARGIN * 2 + LEFT + ROW_W + RIGHT)


def rows_of(target: int) -> int:
    return (target - 1) // PER_ROW


def row_height(tracks: int) -> float:
    return NUMBERS + tracks * LANE + ROW_GAP


def size(board: PegBoard) -> tuple[int, int]:
    """Width and height of the board picture."""
    h = MARGIN + HEADER + rows_of(board.target) * row_height(len(board.tracks)) - ROW_GAP + MARGIN + 6
    return WIDTH, round(h)


def _row_top(board: PegBoard, row: int) -> float:
    return MARGIN + HEADER + row * row_height(len(board.tracks))


def _lane_y(board: PegBoard, row: int, track: int) -> float:
    return _row_top(board, row) + NUMBERS + LANE / 2 + track * LANE


def _hole_x(i: int) -> float:
    """Centre x of the i-th hole (0..29) of a row."""
    return MARGIN + LEFT + i * PITCH + (i // STREET) * STREET_GAP + PITCH / 2


def peg_centre(board: PegBoard, track: int, position: int, back: bool = False) -> Point:
    """Where a peg at `position` stands: 0 is a start hole (the back peg's is the outer one),
    the target or beyond is the game hole."""
    last_row = rows_of(board.target) - 1
    if position <= 0:
        x = MARGIN + LEFT - (34 if back else 16)
        return x, _lane_y(board, 0, track)
    if position >= board.target:
        return MARGIN + LEFT + ROW_W + RIGHT / 2, _lane_y(board, last_row, track)
    row, i = divmod(position - 1, PER_ROW)
    return _hole_x(i), _lane_y(board, row, track)


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
    colours = tuple(board.colour(k) for k in range(len(board.tracks)))
    wood = _wood(board.target, colours, labels)
    sheet = Sheet(_wood_small(board.target, colours, labels))
    top = round(_row_top(board, 0)) - 4
    legend = Canvas.region(wood, (0, 0, WIDTH, top))
    _legend(legend, board, labels)
    sheet.put(legend.small(), (0, 0))
    pegged = {y for k in range(len(board.tracks)) for run in _path(board, k) for _, y in run}
    bottom = size(board)[1]
    for row in range(rows_of(board.target)):  # only the rows with a peg or a move in them are drawn again
        y0 = round(_row_top(board, row)) - 4
        y1 = round(_row_top(board, row + 1)) - 4 if row + 1 < rows_of(board.target) else bottom
        if not any(y0 <= y < y1 for y in pegged):
            continue
        c = Canvas.region(wood, (0, y0, WIDTH, y1))
        for k in range(len(board.tracks)):
            _move(c, board, k)
        for k in range(len(board.tracks)):
            _pegs(c, board, k)
        sheet.put(c.small(), (0, y0))
    return sheet.png()


@lru_cache(maxsize=64)
def _wood_small(target: int, colours: tuple[RGB, ...], labels: Labels) -> Image.Image:
    return Canvas.over(_wood(target, colours, labels), copy=False).small()


@lru_cache(maxsize=64)
def _wood(target: int, colours: tuple[RGB, ...], labels: Labels) -> Image.Image:
    """The board without its legend and pegs: the same for every reply of a game, so drawn once.
    Its hundreds of holes were most of a board's drawing time."""
    board = PegBoard(tuple(Track("-", 0, 0, colour) for colour in colours), target)
    width, height = size(board)
    c = Canvas(width, height, WOOD_EDGE)
    c.rect((3, 3, width - 3, height - 3), fill=WOOD, radius=14)
    rows = rows_of(target)
    for row in range(rows):
        _row(c, board, row, rows, labels)
    for score, label in skunk_lines(target, labels):
        _skunk(c, board, score, label)
    return c.image


def _row(c: Canvas, board: PegBoard, row: int, rows: int, labels: Labels = ENGLISH) -> None:
    top = _row_top(board, row)
    first = row * PER_ROW
    for i in range(STREET - 1, PER_ROW, STREET):
        c.text((_hole_x(i), top + NUMBERS - 3), str(first + i + 1), 10.5, WOOD_MUTED, anchor="ms")
    x0, x1 = MARGIN + LEFT + 1, MARGIN + LEFT + ROW_W - 1
    gx = MARGIN + LEFT + ROW_W + RIGHT / 2
    for k in range(len(board.tracks)):
        y = _lane_y(board, row, k)
        band = blend(WOOD_LANE, board.colour(k), 0.33)
        r = LANE / 2 - 1.5
        c.rect((x0, y - r, x1, y + r), fill=band, radius=r)
        for i in range(PER_ROW):
            c.circle((_hole_x(i), y), HOLE_R, fill=HOLE)
        if row > 0:
            c.circle((MARGIN + LEFT - 10, y), 3.5, fill=board.colour(k))
        if row == 0:
            c.rect((MARGIN + LEFT - 44, y - r, MARGIN + LEFT - 6, y + r), fill=band, radius=r)
            for back in (True, False):
                c.circle(peg_centre(board, k, 0, back), HOLE_R, fill=HOLE)
        if row == rows - 1:
            c.rect((gx - 12, y - r, gx + 12, y + r), fill=band, radius=r)
            c.circle((gx, y), HOLE_R + 1.5, fill=HOLE, outline=GOLD, width=1.2)
    if row == 0:
        c.text((MARGIN + LEFT - 25, top + NUMBERS - 3), labels.start, 10.5, WOOD_MUTED, anchor="ms")
    if row == rows - 1:
        c.text((MARGIN + LEFT + ROW_W + RIGHT / 2, top + NUMBERS - 3), str(board.target), 10.5, GOLD,
               anchor="ms", bold=True)


def skunk_line_y(board: PegBoard, score: int) -> float:
    """The height of the line drawn before hole `score` (the first hole of a row)."""
    return _row_top(board, (score - 1) // PER_ROW) - ROW_GAP / 2 + 1


def _skunk(c: Canvas, board: PegBoard, score: int, label: str) -> None:
    """A dashed line between the rows before `score`, labelled in its middle."""
    y = skunk_line_y(board, score)
    x0, x1 = MARGIN + LEFT - 8, MARGIN + LEFT + ROW_W + 8
    c.dashed((x0, y), (x1, y), SKUNK, width=1.6, dash=7, gap=5)
    mid = (x0 + x1) / 2
    half = text_width(label, 11.5) / 2 + 8
    c.rect((mid - half, y - 8, mid + half, y + 8), fill=WOOD, outline=SKUNK, width=1.2, radius=8)
    c.text((mid, y), label, 11.5, SKUNK, anchor="mm")


def _path(board: PegBoard, k: int) -> list[list[Point]]:
    """The holes from back peg to front peg, split where the path leaves a row."""
    t = board.tracks[k]
    points = [peg_centre(board, k, t.back, back=True)]
    points += [peg_centre(board, k, p) for p in range(t.back + 1, min(t.front, board.target))]
    points.append(peg_centre(board, k, t.front))
    runs: list[list[Point]] = [[points[0]]]
    for p in points[1:]:
        if p[1] == runs[-1][-1][1]:
            runs[-1].append(p)
        else:
            runs.append([p])
    return runs


def _move(c: Canvas, board: PegBoard, k: int) -> None:
    t = board.tracks[k]
    if t.front == t.back:
        return
    colour = board.colour(k)
    trail = blend(colour, WOOD, 0.3)
    for run in _path(board, k):
        if len(run) > 1:
            c.line(run, trail, width=4)
    for p in range(t.back + 1, min(t.front, board.target)):
        c.circle(peg_centre(board, k, p), HOLE_R, fill=blend(HOLE, colour, 0.55))


def _pegs(c: Canvas, board: PegBoard, k: int) -> None:
    t = board.tracks[k]
    colour = board.colour(k)
    bx, by = peg_centre(board, k, t.back, back=True)
    c.circle((bx, by), BACK_R, fill=blend(colour, (0, 0, 0), 0.3), outline=(20, 14, 10), width=1.2)
    fx, fy = peg_centre(board, k, t.front)
    c.circle((fx, fy), FRONT_R + 1.4, fill=(250, 246, 238))
    c.circle((fx, fy), FRONT_R, fill=colour)
    c.circle((fx - 2.2, fy - 2.2), 1.8, fill=blend(colour, (255, 255, 255), 0.6))


def _legend(c: Canvas, board: PegBoard, labels: Labels = ENGLISH) -> None:
    """Name, score and last move of each track, with a peg in its colour, across the top."""
    n = len(board.tracks)
    col = (WIDTH - 2 * MARGIN) / n
    for k, t in enumerate(board.tracks):
        x = MARGIN + k * col + 6
        y = MARGIN + 4
        colour = board.colour(k)
        c.rect((x - 4, y - 2, x + col - 12, y + HEADER - 18), fill=blend(WOOD, colour, 0.14),
               outline=blend(WOOD, colour, 0.5), width=1.2, radius=9)
        c.circle((x + 14, y + 22), FRONT_R + 1.4, fill=(250, 246, 238))
        c.circle((x + 14, y + 22), FRONT_R, fill=colour)
        score = str(min(t.front, board.target))
        score_w = text_width(score, 26)
        name = fit_text(t.name, 16, col - 60 - score_w)
        c.text((x + 32, y + 6), name, 16, WOOD_TEXT, bold=True)
        if t.front >= board.target:
            detail, ink = labels.wins.format(points=t.last_move), GOLD
        elif t.front == 0:
            detail, ink = labels.not_pegged, WOOD_MUTED
        else:
            detail, ink = labels.moved.format(points=t.last_move, back=t.back), WOOD_MUTED
        c.text((x + 32, y + 26), detail, 12.5, ink)
        c.text((x + col - 22, y + 22), score, 26, WOOD_TEXT, anchor="rm", bold=True)


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
        Track(names[i] if names else f"Player {i + 1}", front, back, colours[i] if colours else None)
        for i, (front, back) in enumerate(pegs)
    )
    return PegBoard(tracks, target)
