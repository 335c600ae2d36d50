"""A deal's show as one picture for a chat column: every hand and the crib, with its cards, total and items.

Three or four breakdown pictures in one message were tiled by Discord at about 180x170, their words 6 pixels
tall. Here each count is a panel of one picture 1100 pixels wide (shown at half that): a column of panels for
up to three counts, two columns for four or five. A panel has whose count it is, the four cards and the
starter, the total, and each scoring item as a badge of its points in its kind's colour followed by its
cards; the post's text says each call.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engine.core.cards import Card
from engine.core.scoring import Breakdown, ItemKind, ScoreItem
from render.breakdown import KIND_COLOURS
from render.canvas import Canvas, Convert, Sheet, fit_text
from render.cards import card_height, card_on_felt, chip_width, draw_chip, felt_canvas
from render.labels import ENGLISH, Labels
from render.palette import palette, paletted
from render.png import Passing, encode_strips
from render.style import (
    FELT,
    FELT_MUTED,
    FELT_TEXT,
    GOLD,
    PLAYER_COLOURS,
    RGB,
    TWO_COLOUR,
    DeckColours,
    RenderError,
    blend,
)

WIDTH = 1100
CELL_H = 232
MAX_COUNTS = 5
CHIP_HEIGHTS = (30.0, 26.0, 22.0, 18.0)
"""The items' chips are drawn at the largest of these heights at which every item fits its panel."""


@dataclass(frozen=True, slots=True)
class ShownCount:
    """One count of the show: the words of its title ("Ann's hand"), its breakdown, and the seat (its colour)."""

    title: str
    breakdown: Breakdown
    seat: int


@dataclass(frozen=True, slots=True)
class Cell:
    """A panel's box and its cards' width, in final pixels."""

    x: int
    y: int
    w: int
    card_w: int

    @property
    def cards_top(self) -> int:
        return self.y + 58

    def card_x(self, index: int) -> int:
        """Left edge of card `index` (0-3 the hand, 4 the starter, set apart)."""
        return self.x + 22 + index * (self.card_w + 8) + (16 if index == 4 else 0)


def cells(count: int) -> tuple[tuple[int, int], list[Cell]]:
    """The picture's size and each panel: one column for up to three counts, two for four or five."""
    if not 1 <= count <= MAX_COUNTS:
        raise RenderError(f"a show has 1 to {MAX_COUNTS} counts, got {count}")
    cols = 1 if count <= 3 else 2
    rows = math.ceil(count / cols)
    w = WIDTH // cols
    card_w = 110 if cols == 1 else 66
    boxes = [Cell((k % cols) * w, (k // cols) * CELL_H, w, card_w) for k in range(count)]
    return (WIDTH, rows * CELL_H), boxes


def show_png(counts: Sequence[ShownCount], deck: DeckColours = TWO_COLOUR, labels: Labels = ENGLISH) -> bytes:
    """The whole show as one PNG."""
    key = Passing(("show", tuple(counts), deck, labels))  # a show comes back only in its own post
    return encode_strips([(key, lambda: show_rgb(counts, deck, labels, paletted))], palette())


def show_rgb(counts: Sequence[ShownCount], deck: DeckColours = TWO_COLOUR, labels: Labels = ENGLISH,
             convert: Convert | None = None) -> Image.Image:
    """The show in full colour (or `convert`'s mode): the panels put together from cached cards and freshly
    drawn words."""
    for c in counts:
        if not isinstance(c, ShownCount) or not isinstance(c.breakdown, Breakdown):
            raise RenderError(f"{c!r} is not a ShownCount of a Breakdown")
    size, boxes = cells(len(counts))
    sheet = Sheet(_base(len(counts)), convert)
    for count, cell in zip(counts, boxes, strict=True):
        _panel(sheet, len(counts), count, cell, deck, labels)
    return sheet.image


def _panel(sheet: Sheet, n: int, count: ShownCount, cell: Cell, deck: DeckColours, labels: Labels) -> None:
    """One count's panel from cached parts (cards, the seat's peg, each item, the words)."""
    b = count.breakdown
    for i, card in enumerate((*b.hand, b.starter)):
        sheet.put(card_on_felt(card, cell.card_w, deck), (cell.card_x(i), cell.cards_top))
    box = (cell.x + 8, cell.y + 8, cell.x + cell.w - 8, cell.cards_top - 2)
    sheet.put(_title(n, cell, count.title, labels.starter), box[:2])
    sheet.put(_seat_dot(PLAYER_COLOURS[count.seat % len(PLAYER_COLOURS)]), (cell.x + 19, cell.y + 21))
    right = cell.x + cell.w - 8
    total_x = cell.card_x(4) + cell.card_w + 24
    _items(sheet, n, b, cell, (total_x, right), labels, deck)


@lru_cache(maxsize=512)
def _title(n: int, cell: Cell, title: str, starter: str) -> Image.Image:
    """Whose count it is and the starter's label, written at their final size on the felt of a show of `n`
    counts: the same titles come back every deal of a game, so they are drawn (and put on the palette) once."""
    box = (cell.x + 8, cell.y + 8, cell.x + cell.w - 8, cell.cards_top - 2)
    words = Canvas.flat(_base(n).crop(box), box[:2])
    starter_x = cell.card_x(4)
    words.text((cell.x + 46, cell.y + 32), fit_text(title, 24, starter_x - cell.x - 60), 24, FELT_TEXT, anchor="lm")
    words.text((starter_x, cell.y + 32), fit_text(starter, 18, cell.card_w + 40), 18, FELT_MUTED, anchor="lm")
    return words.image


def _items(sheet: Sheet, n: int, b: Breakdown, cell: Cell, span: tuple[int, int], labels: Labels,
           deck: DeckColours) -> None:
    """The total at the top right, then each item as a badge and its cards, wrapped to the panel."""
    total_x, right_edge = span
    left, right = total_x + 8, right_edge - 16
    area_top, bottom = cell.y + 100, cell.y + CELL_H - 12
    if cell.w < WIDTH:  # two columns: the items under the cards, across the panel
        left, area_top = cell.x + 22, cell.cards_top + card_height(cell.card_w) + 8
    sheet.put(_total(n, cell, span, b.total, labels.point if b.total == 1 else labels.points), (total_x, cell.y + 8))
    if not b.items:
        sheet.put(_nothing(n, (left, area_top, right), labels.nothing), (left, area_top))
        return
    for height in CHIP_HEIGHTS:
        places = _flow(b.items, height, left, right, area_top, bottom)
        if places is not None:
            break
    else:
        height = CHIP_HEIGHTS[-1]
        places = _flow(b.items, height, left, right, area_top, 10**6) or []
    for item, (x, y) in zip(b.items, places, strict=False):
        if y + height > bottom:
            sheet.put(_more(), (round(x), round(bottom - height)))
            break
        sheet.put(_item_part(item.kind, item.points, item.cards, height, deck), (round(x), round(y)))


@lru_cache(maxsize=512)
def _total(n: int, cell: Cell, span: tuple[int, int], total: int, points: str) -> Image.Image:
    """A count's total and the word for points, at the panel's top right, on the felt of a show of `n` counts."""
    total_x, right_edge = span
    left, right = total_x + 8, right_edge - 16
    top = cell.y + 16
    box = (total_x, cell.y + 8, right_edge, cell.y + 100)
    c = Canvas.flat(_base(n).crop(box), box[:2])
    c.text((right, top), str(total), 52, FELT_TEXT, anchor="rt")
    c.text((right, top + 58), fit_text(points, 18, right - left), 18, FELT_MUTED, anchor="rt")
    return c.image


@lru_cache(maxsize=64)
def _nothing(n: int, line: tuple[int, int, int], nothing: str) -> Image.Image:
    """The words for a count of nothing, where its items would be."""
    left, top, right = line
    box = (left, top, right, top + 30)
    words = Canvas.flat(_base(n).crop(box), box[:2])
    words.text((left, top + 15), fit_text(nothing, 18, right - left), 18, FELT_MUTED, anchor="lm")
    return words.image


def _item_width(item: ScoreItem, height: float) -> float:
    return height * 1.6 + 4 + sum(chip_width(card, height) + 3 for card in item.cards)


def _flow(items: Sequence[ScoreItem], height: float, left: float, right: float, top: float,
          bottom: float) -> list[tuple[float, float]] | None:
    """Each item's top left, left to right and wrapped; None when they do not all fit above `bottom`."""
    x, y = left, top
    places = []
    for item in items:
        w = _item_width(item, height)
        if x > left and x + w > right:
            x, y = left, y + height + 8
        places.append((x, y))
        x += w + 14
    return places if y + height <= bottom else None


@lru_cache(maxsize=2048)
def _item_part(kind: ItemKind, points: int, cards: tuple[Card, ...], height: float, deck: DeckColours) -> Image.Image:
    """A scoring item on the felt: a badge of its points in its kind's colour, then its cards."""
    width = _item_width(ScoreItem(kind, cards, points, ""), height)
    c = Canvas(math.ceil(width) + 2, math.ceil(height) + 2, FELT)
    colour = KIND_COLOURS[kind]
    badge = height * 1.6
    c.rect((1, 1, 1 + badge, 1 + height), fill=blend(FELT, colour, 0.55), outline=colour, width=1.5,
           radius=height * 0.3)
    c.text((1 + badge / 2, 1 + height / 2), f"+{points}", height * 0.62, FELT_TEXT, anchor="mm", bold=True)
    x = 1 + badge + 4
    for card in cards:
        x += draw_chip(c, card, (x, 1), height, deck) + 3
    return c.small()


@lru_cache(maxsize=16)
def _seat_dot(colour: RGB) -> Image.Image:
    """A seat's peg beside its count's title, on the felt."""
    c = Canvas(22, 22, FELT)
    c.circle((11, 11), 9, fill=colour, outline=FELT_TEXT, width=1.5)
    return c.small()


@lru_cache(maxsize=1)
def _more() -> Image.Image:
    """What stands for the items that did not fit."""
    c = Canvas(30, 24, FELT)
    c.text((2, 12), "…", 22, FELT_TEXT, anchor="lm")
    return c.small()


@lru_cache(maxsize=8)
def _base_big(count: int) -> Image.Image:
    """The panels' felt, drawn at SCALE: what each panel's words are drawn on."""
    (w, h), boxes = cells(count)
    c = Canvas(w, h, (30, 33, 38))
    for cell in boxes:
        panel = felt_canvas(cell.w - 8, CELL_H - 8)
        c.paste(panel.image, (cell.x + 4, cell.y + 4))
        c.line([(cell.card_x(4) - 10, cell.cards_top + 4),
                (cell.card_x(4) - 10, cell.cards_top + card_height(cell.card_w) - 4)], GOLD, width=2)
    return c.image


@lru_cache(maxsize=8)
def _base(count: int) -> Image.Image:
    return Canvas.over(_base_big(count), copy=False).small()
