"""A counted hand or crib: the five cards, then each scoring combination with its call, then the total."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from engine.core.scoring import Breakdown, ItemKind
from render.canvas import Canvas, Sheet, fit_text
from render.cards import card_height, card_on_felt, chip_width, draw_chip
from render.labels import ENGLISH, Labels
from render.style import (
    CHART_CRIB,
    CHART_HAND,
    CHART_NET,
    DARK,
    FELT,
    FELT_EDGE,
    FELT_MUTED,
    FELT_TEXT,
    GOLD,
    RGB,
    TWO_COLOUR,
    DeckColours,
    RenderError,
    Theme,
    blend,
)

WIDTH = 640
PAD = 16
CARD_W = 84
STARTER_GAP = 28
ROW = 32
CHIP_H = 22
FELT_H = PAD + 20 + card_height(CARD_W) + PAD
CARDS_TOP = PAD + 20
KIND_COLOURS: dict[ItemKind, RGB] = {
    ItemKind.FIFTEEN: CHART_HAND,
    ItemKind.PAIR: CHART_NET,
    ItemKind.RUN: CHART_CRIB,
    ItemKind.FLUSH: (204, 121, 167),
    ItemKind.NOBS: GOLD,
}


def breakdown_size(b: Breakdown) -> tuple[int, int]:
    rows = max(1, len(b.items))
    return WIDTH, FELT_H + PAD + rows * ROW + 12 + 44 + PAD


def card_left(index: int) -> float:
    """Left edge of card `index` (0-3 the hand, 4 the starter) in the breakdown picture."""
    x = PAD + 4 + index * (CARD_W + 10)
    return x + (STARTER_GAP if index == 4 else 0)


def breakdown_png(b: Breakdown, theme: Theme = DARK, deck: DeckColours = TWO_COLOUR, labels: Labels = ENGLISH,
                  calls: Sequence[str] | None = None) -> bytes:
    """The five cards on the felt and every scoring item with its cards, points and call.

    `calls` replaces the items' own calls (one a item), for a caller that glosses them in a language. Put
    together from parts (the felt and background, cached; the labels; each card on the felt, cached; the
    total; the items), exactly as if drawn whole."""
    if not isinstance(b, Breakdown):
        raise RenderError(f"{b!r} is not a Breakdown")
    if calls is not None and len(calls) != len(b.items):
        raise RenderError(f"{len(calls)} calls for {len(b.items)} items")
    width, height = breakdown_size(b)
    sheet = Sheet(_base(height, theme))
    top = Canvas.region(_felt(), (0, 0, width, CARDS_TOP - 2))
    title = labels.crib if b.crib else labels.hand
    top.text((card_left(0), PAD - 2), title, 14, FELT_MUTED)
    top.text((card_left(4), PAD - 2), labels.starter, 14, FELT_MUTED)
    sheet.put(top.small(), (0, 0))
    for i, card in enumerate((*b.hand, b.starter)):
        sheet.put(card_on_felt(card, CARD_W, deck), (round(card_left(i)), CARDS_TOP))
    tx = card_left(4) + CARD_W + 28
    left = round(tx) - 4
    total = Canvas.region(_felt(), (left, CARDS_TOP - 2, width, FELT_H))
    total.text((tx, PAD + 26), labels.counts, 14, FELT_MUTED)
    total.text((tx, PAD + 44), str(b.total), 52, FELT_TEXT, bold=True)
    total.text((tx, PAD + 110), labels.point if b.total == 1 else labels.points, 14, FELT_MUTED)
    sheet.put(total.small(), (left, CARDS_TOP - 2))
    items = Canvas(width, height - FELT_H - 1, theme.background)
    items.origin = (0, FELT_H + 1)
    _items(items, b, theme, deck, labels, calls)
    sheet.put(items.small(), items.origin)
    return sheet.png()


def _items(c: Canvas, b: Breakdown, theme: Theme, deck: DeckColours, labels: Labels,
           calls: Sequence[str] | None) -> None:
    """Every scoring item with its cards, points and call, then the total."""
    width = WIDTH
    y = FELT_H + PAD
    if not b.items:
        c.text((PAD + 4, y + ROW / 2), labels.nothing, 16, theme.muted,
               anchor="lm")
    chips = max((sum(chip_width(k, CHIP_H) + 4 for k in item.cards) for item in b.items), default=0)
    call_x = PAD + 58 + chips + 14
    for n, item in enumerate(b.items):
        colour = KIND_COLOURS[item.kind]
        c.rect((PAD, y + 3, PAD + 46, y + ROW - 3), fill=blend(theme.background, colour, 0.25),
               outline=colour, width=1.2, radius=8)
        c.text((PAD + 23, y + ROW / 2), f"+{item.points}", 15, theme.text, anchor="mm", bold=True)
        x: float = PAD + 58
        for card in item.cards:
            x += draw_chip(c, card, (x, y + (ROW - CHIP_H) / 2), CHIP_H, deck) + 4
        call = calls[n] if calls is not None else item.call
        c.text((call_x, y + ROW / 2), fit_text(call, 16, width - call_x - PAD), 16, theme.text, anchor="lm")
        y += ROW
    y = FELT_H + PAD + max(1, len(b.items)) * ROW + 12
    c.line([(PAD, y), (width - PAD, y)], theme.grid, width=1)
    c.text((PAD + 4, y + 24), labels.total, 18, theme.muted, anchor="lm")
    c.text((width - PAD - 4, y + 24), str(b.total), 26, theme.text, anchor="rm", bold=True)


@lru_cache(maxsize=1)
def _felt() -> Image.Image:
    """The felt at the top, drawn at SCALE: what the labels and the total are drawn on."""
    c = Canvas(WIDTH, FELT_H, FELT_EDGE)
    c.rect((2, 2, WIDTH - 2, FELT_H - 2), fill=FELT, radius=10)
    return c.image


@lru_cache(maxsize=16)
def _base(height: int, theme: Theme) -> Image.Image:
    """The picture's background and felt, downsampled: the same for every count with as many items."""
    c = Canvas(WIDTH, height, theme.background)
    c.rect((0, 0, WIDTH, FELT_H), fill=FELT_EDGE)
    c.rect((2, 2, WIDTH - 2, FELT_H - 2), fill=FELT, radius=10)
    return c.small()
