"""The felt: what lies on the table during a deal, as everyone sees it: the starter, the current series with its
count, the crib, the dealer. (In this code "table" means table mode, a real table's score, and nothing else.)"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engine.core.cards import Card, check_distinct
from render.canvas import Canvas, Convert, Sheet, fit_size, fit_text
from render.cards import back_image, card_height, card_image, card_on_card, card_on_felt, felt_canvas
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
    """A card laid in the play and the seat (index into FeltView.players) that laid it."""

    card: Card
    player: int


@dataclass(frozen=True, slots=True)
class FeltView:
    """What everyone at the table can see. The count is worked out from the series, never passed in."""

    players: tuple[str, ...]
    dealer: int
    starter: Card | None = None
    series: tuple[PlayedCard, ...] = ()
    crib_size: int = 0
    to_play: int | None = None
    partners: bool = False
    """Four players in two partnerships (seats 0 and 2, 1 and 3): partners wear their track's colour."""

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

    def colour(self, seat: int) -> tuple[int, int, int]:
        """A seat's colour: its own, or its partnership's (the board's track colour)."""
        return player_colour(seat % 2 if self.partners and len(self.players) == 4 else seat)


@dataclass(frozen=True, slots=True)
class FeltLayout:
    """Where the table's parts go, in final pixels: the table picture's own (CLASSIC) or a larger one drawn
    inside another picture (the live table's). `zoom` sizes the words, name tags and the count's disc."""

    width: int = 820
    card_w: int = 96
    pad: int = 16
    top: int = 48
    label: int = 22
    play_x0: int = 164
    play_x1: int = 640
    crib_x: int = 676
    zoom: float = 1.0

    @property
    def card_top(self) -> int:
        return self.top + self.label

    @property
    def count_r(self) -> float:
        return 34 * self.zoom

    @property
    def height(self) -> int:
        return round(self.card_top + card_height(self.card_w) + 40 * self.zoom + self.pad)

    @property
    def header_box(self) -> tuple[int, int, int, int]:
        return (0, 0, self.width, self.top - 2)

    @property
    def starter_box(self) -> tuple[int, int, int, int]:
        return (4, self.card_top - 4, self.play_x0 - 4, self.height - 4)

    @property
    def play_box(self) -> tuple[int, int, int, int]:
        return (self.play_x0 - 4, self.card_top - 4, self.crib_x - 4, self.height - 4)

    @property
    def crib_label_box(self) -> tuple[int, int, int, int]:
        return (self.crib_x - 4, self.top - 2, self.width, self.card_top - 2)

    @property
    def crib_box(self) -> tuple[int, int, int, int]:
        return (self.crib_x - 4, self.card_top - 2, self.width, self.height)


CLASSIC = FeltLayout()
CARD_W = CLASSIC.card_w
WIDTH = CLASSIC.width
PAD = CLASSIC.pad
TOP = CLASSIC.top
CARD_TOP = CLASSIC.card_top
CRIB_X = CLASSIC.crib_x
COUNT_R = round(CLASSIC.count_r)
HEIGHT = CLASSIC.height


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def series_positions(view: FeltView, lay: FeltLayout = CLASSIC) -> list[float]:
    """Left edge of each card of the series: side by side, overlapping when there are many."""
    n = len(view.series)
    w = lay.card_w
    room = lay.play_x1 - lay.play_x0 - w - 2 * lay.count_r - 24
    step = w + 8.0 if n < 2 else min(w + 8.0, room / (n - 1))
    return [lay.play_x0 + i * step for i in range(n)]


def felt_png(view: FeltView, deck: DeckColours = TWO_COLOUR, labels: Labels = ENGLISH) -> bytes:
    """The table picture; cards of the series are labelled with who played them."""
    return felt_image(view, deck, labels).png()


def felt_image(view: FeltView, deck: DeckColours = TWO_COLOUR, labels: Labels = ENGLISH,
                lay: FeltLayout = CLASSIC, convert: Convert | None = None,
                rows: tuple[int, int] | None = None) -> Sheet:
    """The table put together at its final size: each part is drawn on its own piece of the felt (or taken
    from a cache), downsampled, and put in its place; together they are exactly the picture drawn whole.
    `rows`: only that band of it (see felt_bands)."""
    sheet = Sheet(_felt_small(labels, lay), convert, rows)
    if sheet.takes(lay.header_box[1]):
        heading = _heading(view.players, view.dealer, view.to_play, view.partners, labels, lay)
        sheet.put(heading, lay.header_box[:2])
    if sheet.takes(lay.crib_label_box[1]):
        sheet.put(_crib_owner(view.players[view.dealer], labels, lay), lay.crib_label_box[:2])
    if sheet.takes(lay.starter_box[1]):
        sheet.put(_starter(view.starter, deck, labels, lay), lay.starter_box[:2])
        _play(sheet, view, deck, labels, lay)
        sheet.put(_crib(view.crib_size, labels, lay), lay.crib_box[:2])
    return sheet


def felt_bands(view: FeltView, lay: FeltLayout) -> tuple[tuple[tuple[object, ...], tuple[int, int], bool], ...]:
    """The table's bands of rows, each with what it shows and whether that seldom comes back: the heading (who
    sits where, the dealer, whose turn: a game's few come back), the labels (with the crib's owner), and the
    cards (with who laid each, the count and the crib: new at nearly every card laid)."""
    return (((view.players, view.dealer, view.to_play, view.partners), (0, lay.top - 2), False),
            ((view.players[view.dealer],), (lay.top - 2, lay.card_top - 4), False),
            ((view.players, view.starter, view.series, view.crib_size, view.partners), (lay.card_top - 4, lay.height),
             True))


@lru_cache(maxsize=256)
def _heading(players: tuple[str, ...], dealer: int, to_play: int | None, partners: bool, labels: Labels,
             lay: FeltLayout) -> Image.Image:
    """Who sits at the table, the dealer and whose turn: the same for many replies, so cached."""
    view = FeltView(players, dealer, to_play=to_play, partners=partners)
    image = _felt_small(labels, lay).crop(lay.header_box)
    _header(Canvas.flat(image, lay.header_box[:2]), view, labels, lay)  # words at their final size
    return image


@lru_cache(maxsize=256)
def _crib_owner(name: str, labels: Labels, lay: FeltLayout) -> Image.Image:
    """Whose crib it is, written at its final size over the crib."""
    image = _felt_small(labels, lay).crop(lay.crib_label_box)
    size = 14 * lay.zoom
    text = fit_text(labels.crib_of.format(name=name), size, lay.width - lay.crib_x - lay.pad)
    Canvas.flat(image, lay.crib_label_box[:2]).text((lay.crib_x, lay.top), text, size, FELT_MUTED)
    return image


def _play(sheet: Sheet, view: FeltView, deck: DeckColours, labels: Labels, lay: FeltLayout) -> None:
    """The series with who laid each card, and the count, from cached parts at whole pixels: a card that
    overlaps the one before it is the card on a blank face (its rounded corners over that card), and its name
    tag as wide as the card shows."""
    w, z = lay.card_w, lay.zoom
    h = card_height(w)
    xs = [round(x) for x in series_positions(view, lay)]
    r = round(lay.count_r)
    if not view.series:
        sheet.put(_empty_play(labels, lay), lay.play_box[:2])
        return
    for i, (played, x) in enumerate(zip(view.series, xs, strict=True)):
        face = card_on_felt(played.card, w, deck) if i == 0 or xs[i] - xs[i - 1] >= w else \
            card_on_card(played.card, w, deck)
        sheet.put(face, (x, lay.card_top))
        shown = min(w, xs[i + 1] - x) if i + 1 < len(xs) else w
        sheet.put(_tag(view.players[played.player], view.colour(played.player), lay, shown),
                  (x - 2, lay.card_top + h + round(4 * z)))
    cx, cy = count_centre(view, lay)
    sheet.put(_disc(view.count, labels, z), (int(cx) - r - 4, int(cy) - r - 4))


@lru_cache(maxsize=64)
def _crib(size: int, labels: Labels, lay: FeltLayout) -> Image.Image:
    """The crib's cards, face down, and how many (its owner's name is drawn above it, apart)."""
    c = Canvas.region(_felt(labels, lay), lay.crib_box)
    w, x, y, z = lay.card_w, lay.crib_x, lay.card_top, lay.zoom
    h = card_height(w)
    if size == 0:
        c.rect((x, y, x + w, y + h), outline=FELT_MUTED, width=1.5 * z, radius=w * 0.07)
        c.text((x + w / 2, y + h / 2), labels.empty, 13 * z, FELT_MUTED, anchor="mm")
    for k in range(size):
        c.paste(back_image(w), (x + k * 7, y + k * 3))
    if size:
        words = (labels.crib_one if size == 1 else labels.crib_many).format(count=size)
        centre = x + w / 2 + 10
        room = 2 * min(centre - lay.crib_box[0], lay.width - centre) - 8
        fitted = fit_size(words, 12.5 * z, room)
        c.text((centre, y + h + 20 * z), fit_text(words, fitted, room), fitted, FELT_MUTED, anchor="mm")
    return c.small()


@lru_cache(maxsize=128)
def _starter(starter: Card | None, deck: DeckColours, labels: Labels, lay: FeltLayout) -> Image.Image:
    """The starter on the pack (or the pack, not cut yet)."""
    c = Canvas.region(_felt(labels, lay), lay.starter_box)
    x = lay.pad + 4
    if starter is not None:
        c.paste(card_image(starter, lay.card_w, deck), (x, lay.card_top))
    else:
        c.paste(back_image(lay.card_w), (x, lay.card_top))
        c.text((x + lay.card_w / 2, lay.card_top + card_height(lay.card_w) + 14 * lay.zoom), labels.not_cut,
               12.5 * lay.zoom, FELT_MUTED, anchor="mm")
    return c.small()


@lru_cache(maxsize=16)
def _empty_play(labels: Labels, lay: FeltLayout) -> Image.Image:
    """The play before its first card: an empty place and the words saying so (the count stands apart)."""
    box = lay.play_box
    c = Canvas.region(_felt(labels, lay), (box[0], box[1], round(lay.play_x1 - 2 * lay.count_r - 4), box[3]))
    w, y, z = lay.card_w, lay.card_top, lay.zoom
    h = card_height(w)
    c.rect((lay.play_x0, y, lay.play_x0 + w, y + h), outline=FELT_MUTED, width=1.5 * z, radius=w * 0.07)
    c.text((lay.play_x0 + w + 16 * z, y + h / 2), labels.no_series, 14 * z, FELT_MUTED, anchor="lm")
    return c.small()


@lru_cache(maxsize=1024)
def _tag(name: str, colour: tuple[int, int, int], lay: FeltLayout, width: int) -> Image.Image:
    """A name tag under a card `width` pixels of which show, with two pixels of felt around it (drawn at
    (2, 2))."""
    c = Canvas(width, round(24 * lay.zoom), FELT)
    _name_tag(c, name, colour, 2, 2, width - 4, lay.zoom)
    return c.small()


@lru_cache(maxsize=64)
def _disc(count: int, labels: Labels, zoom: float = 1.0) -> Image.Image:
    """The count's disc with four pixels of felt around it (centred at its radius + 4)."""
    r = round(34 * zoom)
    c = Canvas(2 * r + 8, 2 * r + 8, FELT)
    _draw_disc(c, (r + 4, r + 4), count, labels, zoom)
    return c.small()


@lru_cache(maxsize=16)
def _felt_small(labels: Labels, lay: FeltLayout = CLASSIC) -> Image.Image:
    return Canvas.over(_felt(labels, lay), copy=False).small()


@lru_cache(maxsize=16)
def _felt(labels: Labels, lay: FeltLayout = CLASSIC) -> Image.Image:
    """What every table shows: the felt, the pack under the starter and the two headings, drawn once."""
    c = felt_canvas(lay.width, lay.height)
    x, size = lay.pad + 4, 14 * lay.zoom
    c.text((x, lay.top), labels.starter, size, FELT_MUTED)
    for k in (2, 1):
        c.paste(back_image(lay.card_w), (x + k * 4, lay.card_top + k * 3))
    c.text((lay.play_x0, lay.top), labels.the_play, size, FELT_MUTED)
    return c.image


def count_centre(view: FeltView, lay: FeltLayout = CLASSIC) -> tuple[float, float]:
    xs = series_positions(view, lay)
    r = round(lay.count_r)
    x = (xs[-1] if xs else lay.play_x0) + lay.card_w + 20 * lay.zoom + r
    if not view.series:
        x = lay.play_x1 - r
    return x, lay.card_top + card_height(lay.card_w) / 2


def _draw_disc(c: Canvas, centre: tuple[float, float], count: int, labels: Labels, zoom: float = 1.0) -> None:
    """The running count in a disc; gold at 15 and 31, where it scores."""
    x, y = centre
    scoring = count in (15, 31)
    c.circle((x, y), round(34 * zoom), fill=(250, 248, 240), outline=GOLD if scoring else FELT_EDGE,
             width=(4 if scoring else 2) * zoom)
    c.text((x, y - 4 * zoom), str(count), 30 * zoom, (24, 26, 30), anchor="mm", bold=True)
    c.text((x, y + 20 * zoom), labels.count, 11 * zoom, (90, 96, 104), anchor="mm")


def _name_tag(c: Canvas, name: str, colour: tuple[int, int, int], x: float, y: float, width: float,
              zoom: float = 1.0) -> None:
    size = 12.5 * zoom
    text = fit_text(name, size, width - 10 * zoom)
    w = min(width, text_width(text, size) + 12 * zoom)
    c.rect((x, y, x + w, y + 20 * zoom), fill=colour, radius=10 * zoom)
    c.text((x + 6 * zoom, y + 10 * zoom), text, size, (16, 18, 22), anchor="lm")


def _header(c: Canvas, view: FeltView, labels: Labels, lay: FeltLayout) -> None:
    """Who sits at the table, in their colours, with the dealer's button and whose turn it is (on a flat
    canvas, the seats' pegs and the button are pasted, drawn once at twice the size)."""
    z = lay.zoom
    x: float = lay.pad + 4
    y = lay.pad + 6 * z
    size = 15 * z
    for seat, name in enumerate(view.players):
        _mark(c, (x + 6 * z, y + 8 * z), view.colour(seat), "", z)
        label = fit_text(name, size, 150 * z)
        c.text((x + 18 * z, y + 8 * z), label, size, FELT_TEXT, anchor="lm", bold=True)
        x += (18 + 8) * z + text_width(label, size)
        if seat == view.dealer:
            _mark(c, (x + 9 * z, y + 8 * z), (250, 248, 240), labels.dealer, z)
            x += 24 * z
        if seat == view.to_play:
            c.text((x, y + 8 * z), labels.to_play, 12.5 * z, GOLD, anchor="lm")
            x += text_width(labels.to_play, 12.5 * z) + 8 * z
        x += 18 * z


def _mark(c: Canvas, centre: tuple[float, float], fill: tuple[int, int, int], letter: str, zoom: float) -> None:
    """A seat's peg (no letter) or the dealer's button (its letter) centred at `centre`."""
    if c.scale == 1:
        part = _mark_image(fill, letter, zoom)
        c.image.paste(part, (round(centre[0] - c.origin[0] - part.width / 2),
                             round(centre[1] - c.origin[1] - part.height / 2)))
        return
    _draw_mark(c, centre, fill, letter, zoom)


def _draw_mark(c: Canvas, centre: tuple[float, float], fill: tuple[int, int, int], letter: str, zoom: float) -> None:
    if letter:
        c.circle(centre, 9 * zoom, fill=fill, outline=FELT_EDGE)
        c.text(centre, letter, 11 * zoom, (20, 22, 26), anchor="mm", bold=True)
    else:
        c.circle(centre, 6 * zoom, fill=fill, outline=FELT_TEXT, width=1.2)


@lru_cache(maxsize=64)
def _mark_image(fill: tuple[int, int, int], letter: str, zoom: float) -> Image.Image:
    """A mark on the felt, drawn at twice its size and downsampled."""
    side = math.ceil(22 * zoom)
    c = Canvas(side, side, FELT)
    _draw_mark(c, (side / 2, side / 2), fill, letter, zoom)
    return c.small()
