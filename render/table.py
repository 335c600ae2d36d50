"""The public table during a deal: the starter, the current series with its count, the crib, the dealer."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engine.core.cards import Card, check_distinct
from render.canvas import Canvas, Sheet, fit_text
from render.cards import back_image, card_height, card_image, card_on_felt, felt_canvas
from render.labels import ENGLISH, Labels
from render.style import (
    FELT,
    FELT_EDGE,
    FELT_MUTED,
    FELT_TEXT,
    GOLD,
    PLAYER_COLOURS,
    TWO_COLOUR,
    DeckColours,
    RenderError,
    text_width,
)


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card laid in the play and the seat (index into TableView.players) that laid it."""

    card: Card
    player: int


@dataclass(frozen=True, slots=True)
class TableView:
    """What everyone at the table can see. The count is worked out from the series, never passed in."""

    players: tuple[str, ...]
    dealer: int
    starter: Card | None = None
    series: tuple[PlayedCard, ...] = ()
    crib_size: int = 0
    to_play: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "series", tuple(self.series))
        n = len(self.players)
        if not 2 <= n <= 4:
            raise RenderError(f"a table seats 2, 3 or 4 players, got {n}")
        for name in self.players:
            if not isinstance(name, str) or not name.strip():
                raise RenderError(f"player name {name!r} is empty")
        for label, seat in (("dealer", self.dealer), ("to_play", self.to_play)):
            if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
                raise RenderError(f"{label} {seat!r} is not a seat 0..{n - 1}")
        for played in self.series:
            if not isinstance(played.card, Card):
                raise RenderError(f"{played.card!r} is not a Card")
            if not (isinstance(played.player, int) and 0 <= played.player < n):
                raise RenderError(f"{played.card} was played by seat {played.player!r}, "
                                  f"not a seat 0..{n - 1}")
        cards = [p.card for p in self.series] + ([self.starter] if self.starter else [])
        try:
            check_distinct(cards)
        except ValueError as exc:
            raise RenderError(str(exc)) from None
        if self.count > 31:
            raise RenderError(f"the series {' '.join(p.card.text for p in self.series)} counts "
                              f"{self.count}, past 31")
        if not 0 <= self.crib_size <= 4:
            raise RenderError(f"crib size {self.crib_size!r} is not 0..4")

    @property
    def count(self) -> int:
        return sum(p.card.value for p in self.series)


CARD_W = 96
WIDTH = 820
PAD = 16
TOP = 48
LABEL = 22
CARD_TOP = TOP + LABEL
PLAY_X0 = 164
PLAY_X1 = 640
CRIB_X = 676
COUNT_R = 34
HEIGHT = CARD_TOP + card_height(CARD_W) + 40 + PAD


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def series_positions(view: TableView) -> list[float]:
    """Left edge of each card of the series: side by side, overlapping when there are many."""
    n = len(view.series)
    room = PLAY_X1 - PLAY_X0 - CARD_W - 2 * COUNT_R - 24
    step = CARD_W + 8.0 if n < 2 else min(CARD_W + 8.0, room / (n - 1))
    return [PLAY_X0 + i * step for i in range(n)]


HEADER_BOX = (0, 0, WIDTH, TOP - 2)
STARTER_BOX = (4, CARD_TOP - 4, PLAY_X0 - 4, HEIGHT - 4)
PLAY_BOX = (PLAY_X0 - 4, CARD_TOP - 4, CRIB_X - 4, HEIGHT - 4)
CRIB_LABEL_BOX = (CRIB_X - 4, TOP - 2, WIDTH, CARD_TOP - 2)
CRIB_BOX = (CRIB_X - 4, CARD_TOP - 2, WIDTH, HEIGHT)
"""The table's parts, in final pixels: each is drawn on its own piece of the felt (or taken from a cache),
downsampled, and put in its place; together they are exactly the picture drawn whole."""


def table_png(view: TableView, deck: DeckColours = TWO_COLOUR, labels: Labels = ENGLISH) -> bytes:
    """The table picture; cards of the series are labelled with who played them."""
    sheet = Sheet(_felt_small(labels))
    header = Canvas.region(_felt(labels), HEADER_BOX)
    _header(header, view, labels)
    sheet.put(header.small(), HEADER_BOX[:2])
    sheet.put(_starter(view.starter, deck, labels), STARTER_BOX[:2])
    _play(sheet, view, deck, labels)
    owner = Canvas.region(_felt(labels), CRIB_LABEL_BOX)
    text = fit_text(labels.crib_of.format(name=view.players[view.dealer]), 14, WIDTH - CRIB_X - PAD)
    owner.text((CRIB_X, TOP), text, 14, FELT_MUTED)
    sheet.put(owner.small(), CRIB_LABEL_BOX[:2])
    sheet.put(_crib(view.crib_size, labels), CRIB_BOX[:2])
    return sheet.png()


def _play(sheet: Sheet, view: TableView, deck: DeckColours, labels: Labels) -> None:
    """The series with who laid each card, and the count. Up to four cards stand apart at whole pixels, so
    each card and tag is a cached part; more overlap, and the play is drawn whole."""
    h = card_height(CARD_W)
    xs = series_positions(view)
    if not view.series:
        sheet.put(_empty_play(labels), PLAY_BOX[:2])
    elif len(xs) > 4 or any(x != int(x) for x in xs):
        c = Canvas.region(_felt(labels), PLAY_BOX)
        for i, (played, x) in enumerate(zip(view.series, xs, strict=True)):
            c.paste(card_image(played.card, CARD_W, deck), (x, CARD_TOP))
            step = (xs[i + 1] - x) if i + 1 < len(xs) else CARD_W
            _name_tag(c, view.players[played.player], player_colour(played.player), x, CARD_TOP + h + 6,
                      min(step, CARD_W) - 4)
        _count(c, view, labels)
        sheet.put(c.small(), PLAY_BOX[:2])
        return
    for played, x in zip(view.series, xs, strict=True):
        sheet.put(card_on_felt(played.card, CARD_W, deck), (int(x), CARD_TOP))
        sheet.put(_tag(view.players[played.player], player_colour(played.player)), (int(x) - 2, CARD_TOP + h + 4))
    x, y = count_centre(view)
    sheet.put(_disc(view.count, labels), (int(x) - COUNT_R - 4, int(y) - COUNT_R - 4))


@lru_cache(maxsize=64)
def _crib(size: int, labels: Labels) -> Image.Image:
    """The crib's cards, face down, and how many (its owner's name is drawn above it, apart)."""
    c = Canvas.region(_felt(labels), CRIB_BOX)
    h = card_height(CARD_W)
    if size == 0:
        c.rect((CRIB_X, CARD_TOP, CRIB_X + CARD_W, CARD_TOP + h), outline=FELT_MUTED, width=1.5,
               radius=CARD_W * 0.07)
        c.text((CRIB_X + CARD_W / 2, CARD_TOP + h / 2), labels.empty, 13, FELT_MUTED, anchor="mm")
    for k in range(size):
        c.paste(back_image(CARD_W), (CRIB_X + k * 7, CARD_TOP + k * 3))
    if size:
        words = (labels.crib_one if size == 1 else labels.crib_many).format(count=size)
        c.text((CRIB_X + CARD_W / 2 + 10, CARD_TOP + h + 20), words, 12.5,
               FELT_MUTED, anchor="mm")
    return c.small()


@lru_cache(maxsize=128)
def _starter(starter: Card | None, deck: DeckColours, labels: Labels) -> Image.Image:
    """The starter on the pack (or the pack, not cut yet)."""
    c = Canvas.region(_felt(labels), STARTER_BOX)
    if starter is not None:
        c.paste(card_image(starter, CARD_W, deck), (PAD + 4, CARD_TOP))
    else:
        c.paste(back_image(CARD_W), (PAD + 4, CARD_TOP))
        c.text((PAD + 4 + CARD_W / 2, CARD_TOP + card_height(CARD_W) + 14), labels.not_cut, 12.5, FELT_MUTED,
               anchor="mm")
    return c.small()


@lru_cache(maxsize=16)
def _empty_play(labels: Labels) -> Image.Image:
    """The play before its first card: an empty place and the words saying so (the count stands apart)."""
    c = Canvas.region(_felt(labels), (PLAY_BOX[0], PLAY_BOX[1], PLAY_X1 - 2 * COUNT_R - 4, PLAY_BOX[3]))
    h = card_height(CARD_W)
    c.rect((PLAY_X0, CARD_TOP, PLAY_X0 + CARD_W, CARD_TOP + h), outline=FELT_MUTED, width=1.5, radius=CARD_W * 0.07)
    c.text((PLAY_X0 + CARD_W + 16, CARD_TOP + h / 2), labels.no_series, 14, FELT_MUTED, anchor="lm")
    return c.small()


@lru_cache(maxsize=1024)
def _tag(name: str, colour: tuple[int, int, int]) -> Image.Image:
    """A name tag under a card, with two pixels of felt around it (drawn at (2, 2))."""
    c = Canvas(CARD_W, 24, FELT)
    _name_tag(c, name, colour, 2, 2, CARD_W - 4)
    return c.small()


@lru_cache(maxsize=64)
def _disc(count: int, labels: Labels) -> Image.Image:
    """The count's disc with four pixels of felt around it (centred at COUNT_R + 4)."""
    c = Canvas(2 * COUNT_R + 8, 2 * COUNT_R + 8, FELT)
    _draw_disc(c, (COUNT_R + 4, COUNT_R + 4), count, labels)
    return c.small()


@lru_cache(maxsize=16)
def _felt_small(labels: Labels) -> Image.Image:
    return Canvas.over(_felt(labels), copy=False).small()


@lru_cache(maxsize=16)
def _felt(labels: Labels) -> Image.Image:
    """What every table shows: the felt, the pack under the starter and the two headings, drawn once."""
    c = felt_canvas(WIDTH, HEIGHT)
    c.text((PAD + 4, TOP), labels.starter, 14, FELT_MUTED)
    for k in (2, 1):
        c.paste(back_image(CARD_W), (PAD + 4 + k * 4, CARD_TOP + k * 3))
    c.text((PLAY_X0, TOP), labels.the_play, 14, FELT_MUTED)
    return c.image


def count_centre(view: TableView) -> tuple[float, float]:
    xs = series_positions(view)
    x = (xs[-1] if xs else PLAY_X0) + CARD_W + 20 + COUNT_R
    if not view.series:
        x = PLAY_X1 - COUNT_R
    return x, CARD_TOP + card_height(CARD_W) / 2


def _count(c: Canvas, view: TableView, labels: Labels = ENGLISH) -> None:
    _draw_disc(c, count_centre(view), view.count, labels)


def _draw_disc(c: Canvas, centre: tuple[float, float], count: int, labels: Labels) -> None:
    """The running count in a disc; gold at 15 and 31, where it scores."""
    x, y = centre
    scoring = count in (15, 31)
    c.circle((x, y), COUNT_R, fill=(250, 248, 240), outline=GOLD if scoring else FELT_EDGE,
             width=4 if scoring else 2)
    c.text((x, y - 4), str(count), 30, (24, 26, 30), anchor="mm", bold=True)
    c.text((x, y + 20), labels.count, 11, (90, 96, 104), anchor="mm")


def _name_tag(c: Canvas, name: str, colour: tuple[int, int, int], x: float, y: float, width: float) -> None:
    text = fit_text(name, 12.5, width - 10)
    w = min(width, text_width(text, 12.5) + 12)
    c.rect((x, y, x + w, y + 20), fill=colour, radius=10)
    c.text((x + 6, y + 10), text, 12.5, (16, 18, 22), anchor="lm")


def _header(c: Canvas, view: TableView, labels: Labels = ENGLISH) -> None:
    """Who sits at the table, in their colours, with the dealer's button and whose turn it is."""
    x: float = PAD + 4
    y = PAD + 6
    for seat, name in enumerate(view.players):
        colour = player_colour(seat)
        c.circle((x + 6, y + 8), 6, fill=colour, outline=FELT_TEXT, width=1.2)
        label = fit_text(name, 15, 150)
        c.text((x + 18, y + 8), label, 15, FELT_TEXT, anchor="lm", bold=True)
        x += 18 + text_width(label, 15) + 8
        if seat == view.dealer:
            c.circle((x + 9, y + 8), 9, fill=(250, 248, 240), outline=FELT_EDGE)
            c.text((x + 9, y + 8), labels.dealer, 11, (20, 22, 26), anchor="mm", bold=True)
            x += 24
        if seat == view.to_play:
            c.text((x, y + 8), labels.to_play, 12.5, GOLD, anchor="lm")
            x += text_width(labels.to_play, 12.5) + 8
        x += 18
