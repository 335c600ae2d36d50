"""Playing cards: faces, the back, small chips for lists, a hand and the whole deck.

Card images are built once per (card, width, deck colours) at SCALE and reused by every
picture that shows them; they are never modified after they are built.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from engine.core.cards import DECK, Card, check_distinct
from render.canvas import Canvas, Sheet
from render.palette import palette, paletted
from render.png import Passing, encode_strips
from render.style import (
    CARD_BACK,
    CARD_BACK_LINE,
    CARD_EDGE,
    CARD_FACE,
    FELT,
    FELT_EDGE,
    GOLD,
    TWO_COLOUR,
    DeckColours,
    RenderError,
    blend,
    text_width,
)
from render.suits import draw_suit

CARD_RATIO = 1.4
"""Height over width, as a poker-size card (2.5 x 3.5 in)."""

# Pip places in the pip box: (x 0 left .. 1 right, y 0 top .. 1 bottom).
_L, _C, _R = 0.0, 0.5, 1.0
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 0), (_C, 1)),
    3: ((_C, 0), (_C, 0.5), (_C, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)),
    9: ((_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)),
    10: ((_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6),
         (_L, 1), (_R, 1)),
}


def card_height(width: float) -> int:
    return round(width * CARD_RATIO)


def _check_width(width: int) -> None:
    if not isinstance(width, int) or not 24 <= width <= 600:
        raise RenderError(f"card width {width!r} is not a whole number of pixels from 24 to 600")


def _blank(width: int, fill: tuple[int, int, int]) -> Canvas:
    h = card_height(width)
    c = Canvas(width, h, None, alpha=True)
    c.rect((0.5, 0.5, width - 0.5, h - 0.5), fill=fill, outline=CARD_EDGE, width=max(1.0, width / 90),
           radius=width * 0.07)
    return c


def _corner(c: Canvas, card: Card, deck: DeckColours) -> None:
    """Rank and suit in the top-left corner, large enough to read in a chat-sized picture."""
    w = c.width
    ink = deck.of(card.suit)
    size = w * (0.22 if card.rank == 10 else 0.25)
    cx = w * 0.135
    c.text((cx, w * 0.045), card.rank_text, size, ink, anchor="mt", bold=True)
    draw_suit(c, card.suit, (cx, w * 0.38), w * 0.15, ink)


@lru_cache(maxsize=512)
def card_image(card: Card, width: int = 100, deck: DeckColours = TWO_COLOUR) -> Image.Image:
    """The face of `card`, `width` final pixels wide, drawn at SCALE with a transparent outside."""
    _check_width(width)
    c = _blank(width, CARD_FACE)
    # Both corners: draw the index, turn the card round, draw it again, turn it back.
    _corner(c, card, deck)
    c.rotate180()
    _corner(c, card, deck)
    c.rotate180()
    ink = deck.of(card.suit)
    h = c.height
    if card.rank == 1:
        draw_suit(c, card.suit, (width / 2, h / 2), width * 0.42, ink)
    elif card.rank <= 10:
        x0, x1, y0, y1 = width * 0.345, width * 0.655, h * 0.2, h * 0.8
        pip = width * (0.17 if card.rank < 9 else 0.15)
        for px, py in _PIPS[card.rank]:
            draw_suit(c, card.suit, (x0 + (x1 - x0) * px, y0 + (y1 - y0) * py), pip, ink, flip=py > 0.5)
    else:
        _face(c, card, deck)
    return c.image


def _face(c: Canvas, card: Card, deck: DeckColours) -> None:
    """Jack, queen, king: a gold-framed panel with the big letter, unmistakable at any size."""
    w, h = c.width, c.height
    ink = deck.of(card.suit)
    box = (w * 0.26, h * 0.12, w * 0.74, h * 0.88)
    c.rect(box, fill=blend(CARD_FACE, ink, 0.1), outline=GOLD, width=max(1.5, w / 45), radius=w * 0.04)
    inner = (box[0] + w * 0.035, box[1] + w * 0.035, box[2] - w * 0.035, box[3] - w * 0.035)
    c.rect(inner, outline=ink, width=max(1.0, w / 110), radius=w * 0.025)
    c.text((w / 2, h / 2), card.rank_text, w * 0.34, ink, anchor="mm", bold=True)
    draw_suit(c, card.suit, (w / 2, h * 0.295), w * 0.13, ink)
    draw_suit(c, card.suit, (w / 2, h * 0.705), w * 0.13, ink, flip=True)
    _crown(c, card.rank, (w / 2, h * 0.2), w * 0.3)


def _crown(c: Canvas, rank: int, centre: tuple[float, float], width: float) -> None:
    """A small gold mark naming the court: a crown for a king, a tiara for a queen, a band for a jack."""
    x, y = centre
    half, tall = width / 2, width * 0.4
    base = y + tall / 2
    if rank == 13:
        pts = [(x - half, base), (x - half, y - tall / 2), (x - half / 2, y), (x, y - tall / 2 - tall * 0.2),
               (x + half / 2, y), (x + half, y - tall / 2), (x + half, base)]
    elif rank == 12:
        # A tiara: a band rising to one tall point with a jewel on top.
        pts = [(x - half * 0.8, base), (x - half * 0.8, y), (x - half * 0.25, y - tall * 0.1),
               (x, y - tall / 2), (x + half * 0.25, y - tall * 0.1), (x + half * 0.8, y),
               (x + half * 0.8, base)]
        c.circle((x, y - tall / 2 - width * 0.05), width * 0.07, fill=GOLD)
    else:
        pts = [(x - half * 0.6, base), (x - half * 0.6, y - tall * 0.15), (x + half * 0.6, y - tall * 0.15),
               (x + half * 0.6, base)]
    c.polygon(pts, fill=GOLD)


@lru_cache(maxsize=16)
def back_image(width: int = 100) -> Image.Image:
    """The back of a card: a lattice inside a white border, the same for every card."""
    _check_width(width)
    c = _blank(width, CARD_FACE)
    h = c.height
    m = width * 0.07
    box = (m, m, width - m, h - m)
    c.rect(box, fill=CARD_BACK, radius=width * 0.04)
    step = width / 7
    x0, y0, x1, y1 = box
    span = (x1 - x0) + (y1 - y0)
    k = 0.0
    lines: list[tuple[tuple[float, float], tuple[float, float]]] = []
    while k <= span:
        # Lines at +45 and -45 degrees, clipped to the box by hand so the border stays clean.
        lines.append(_clip((x0 + k, y0), (x0 + k - (y1 - y0), y1), box))
        lines.append(_clip((x1 - k, y0), (x1 - k + (y1 - y0), y1), box))
        k += step
    for a, b in lines:
        if a != b:
            c.line([a, b], CARD_BACK_LINE, width=max(1.0, width / 80))
    c.rect(box, outline=CARD_BACK_LINE, width=max(1.0, width / 60), radius=width * 0.04)
    cx, cy = width / 2, h / 2
    r = width * 0.16
    c.polygon([(cx, cy - r * 1.3), (cx + r, cy), (cx, cy + r * 1.3), (cx - r, cy)], fill=CARD_FACE)
    c.polygon([(cx, cy - r * 0.9), (cx + r * 0.65, cy), (cx, cy + r * 0.9), (cx - r * 0.65, cy)],
              fill=CARD_BACK)
    return c.image


def _clip(a: tuple[float, float], b: tuple[float, float],
          box: tuple[float, float, float, float]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The part of segment a-b inside box (Liang-Barsky)."""
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return a, a
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 >= t1:
        return a, a
    return (a[0] + t0 * dx, a[1] + t0 * dy), (a[0] + t1 * dx, a[1] + t1 * dy)


def chip_width(card: Card, height: float) -> float:
    return height * 0.28 + text_width(card.rank_text, height * 0.62) + height * 0.62


@lru_cache(maxsize=1024)
def chip_image(card: Card, height: float, deck: DeckColours = TWO_COLOUR) -> Image.Image:
    """A small card chip (rank and suit) for lists and charts, drawn at SCALE."""
    w = chip_width(card, height)
    c = Canvas(int(w) + 1, int(height) + 1, None, alpha=True)
    size = height * 0.62
    tw = text_width(card.rank_text, size)
    ink = deck.of(card.suit)
    c.rect((0, 0, w, height), fill=CARD_FACE, outline=CARD_EDGE, width=1, radius=height * 0.18)
    c.text((height * 0.16, height / 2), card.rank_text, size, ink, anchor="lm", bold=True)
    draw_suit(c, card.suit, (height * 0.2 + tw + height * 0.27, height / 2), height * 0.46, ink)
    return c.image


def draw_chip(c: Canvas, card: Card, xy: tuple[float, float], height: float,
              deck: DeckColours = TWO_COLOUR) -> float:
    """Paste a card chip with its top left at `xy`; returns its width."""
    c.paste(chip_image(card, height, deck), xy)
    return chip_width(card, height)


# Whole pictures --------------------------------------------------------------

def card_png(card: Card, width: int = 150, deck: DeckColours = TWO_COLOUR) -> bytes:
    """One card face, transparent around its rounded corners."""
    return _single(card_image(card, width, deck), width)


def back_png(width: int = 150) -> bytes:
    """The card back, for the crib and the deck."""
    return _single(back_image(width), width)


def _single(image: Image.Image, width: int) -> bytes:
    c = Canvas(width, card_height(width), None, alpha=True)
    c.paste(image, (0, 0))
    return c.png()


HAND_CARD_WIDTH = 110
PAD = 16
GAP = 10
LABEL_H = 34


def hand_layout(count: int, labels: bool, width: int = HAND_CARD_WIDTH) -> tuple[int, int, list[int]]:
    """Image width, height and each card's left edge, for tests and for the hand itself."""
    xs = [PAD + i * (width + GAP) for i in range(count)]
    return (PAD * 2 + count * width + (count - 1) * GAP,
            PAD * 2 + card_height(width) + (LABEL_H if labels else 0), xs)


def hand_png(cards: Sequence[Card], *, labels: bool = False, deck: DeckColours = TWO_COLOUR) -> bytes:
    """A hand of 1 to 6 cards on the felt; `labels` numbers them 1..n so a player can name them."""
    cards = tuple(cards)
    if not 1 <= len(cards) <= 6:
        raise RenderError(f"a hand picture shows 1 to 6 cards, got {len(cards)}")
    _check_cards(cards)

    def draw() -> Image.Image:
        sheet = Sheet(_hand_felt(len(cards), labels), paletted)
        for card, x in zip(cards, hand_layout(len(cards), labels)[2], strict=True):
            sheet.put(card_on_felt(card, HAND_CARD_WIDTH, deck), (x, PAD))
        return sheet.image

    # on the live pictures' palette; not kept here: the application keeps a hand's picture whole
    return encode_strips([(Passing(("hand", cards, labels, deck)), draw)], palette())


@lru_cache(maxsize=512)
def card_on_felt(card: Card, width: int, deck: DeckColours = TWO_COLOUR) -> Image.Image:
    """A card face on the felt, downsampled: a card that stands apart on the felt is exactly this."""
    c = Canvas(width, card_height(width), FELT)
    c.paste(card_image(card, width, deck), (0, 0))
    return c.small()


@lru_cache(maxsize=512)
def card_on_card(card: Card, width: int, deck: DeckColours = TWO_COLOUR) -> Image.Image:
    """A card face laid over another card (a blank face under its rounded corners), downsampled: a card of an
    overlapping row is this, but for the few pixels of the card under it that its corners would show."""
    c = Canvas(width, card_height(width), FELT)
    c.paste(_blank(width, CARD_FACE).image, (0, 0))
    c.rect((0, 0, width * 0.1, card_height(width)), fill=CARD_FACE)
    c.paste(card_image(card, width, deck), (0, 0))
    return c.small()


@lru_cache(maxsize=16)
def _hand_felt(count: int, labels: bool) -> Image.Image:
    """The felt of a hand of `count` cards with its numbers under the cards, downsampled: the same for every
    hand, so a hand is put together at its final size from it and the cards' faces."""
    w, h, xs = hand_layout(count, labels)
    c = felt_canvas(w, h)
    for i, x in enumerate(xs if labels else ()):
        cx, cy = x + HAND_CARD_WIDTH / 2, PAD + card_height(HAND_CARD_WIDTH) + LABEL_H / 2 + 2
        c.circle((cx, cy), 13, fill=CARD_FACE, outline=FELT_EDGE, width=1)
        c.text((cx, cy), str(i + 1), 17, (20, 24, 28), anchor="mm", bold=True)
    return c.small()


def felt_canvas(width: int, height: int) -> Canvas:
    """An opaque green table panel with a darker rim: the cards' setting in every picture."""
    c = Canvas(width, height, FELT_EDGE)
    c.rect((2, 2, width - 2, height - 2), fill=FELT, radius=10)
    return c


DECK_CARD_WIDTH = 64


def deck_png(deck: DeckColours = TWO_COLOUR) -> bytes:
    """All 52 faces, a suit a row, with the back at the end of the first row."""
    w = DECK_CARD_WIDTH
    h = card_height(w)
    gap = 6
    cols = 14
    c = felt_canvas(PAD * 2 + cols * w + (cols - 1) * gap, PAD * 2 + 4 * h + 3 * gap)
    for card in DECK:
        row, col = divmod(card.index, 13)
        c.paste(card_image(card, w, deck), (PAD + col * (w + gap), PAD + row * (h + gap)))
    c.paste(back_image(w), (PAD + 13 * (w + gap), PAD))
    return c.png()


def _check_cards(cards: Sequence[Card]) -> None:
    for card in cards:
        if not isinstance(card, Card):
            raise RenderError(f"{card!r} is not a Card")
    try:
        check_distinct(cards)
    except ValueError as exc:
        raise RenderError(str(exc)) from None
