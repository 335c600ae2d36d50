"""The public table during a deal: the starter, the current series with its count, the crib, the dealer."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engine.cards import Card, check_distinct
from render.canvas import Canvas, fit_text
from render.cards import back_image, card_height, card_image, felt_canvas
from render.labels import ENGLISH, Labels
from render.style import (
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


def table_png(view: TableView, deck: DeckColours = TWO_COLOUR, labels: Labels = ENGLISH) -> bytes:
    """The table picture; cards of the series are labelled with who played them."""
    c = Canvas.over(_felt(labels))
    _header(c, view, labels)  # above the labels: drawing it after them changes no pixel
    h = card_height(CARD_W)
    # The starter on the pack.
    if view.starter is not None:
        c.paste(card_image(view.starter, CARD_W, deck), (PAD + 4, CARD_TOP))
    else:
        c.paste(back_image(CARD_W), (PAD + 4, CARD_TOP))
        c.text((PAD + 4 + CARD_W / 2, CARD_TOP + h + 14), labels.not_cut, 12.5, FELT_MUTED, anchor="mm")
    # The play.
    xs = series_positions(view)
    if not view.series:
        c.rect((PLAY_X0, CARD_TOP, PLAY_X0 + CARD_W, CARD_TOP + h), outline=FELT_MUTED, width=1.5,
               radius=CARD_W * 0.07)
        c.text((PLAY_X0 + CARD_W + 16, CARD_TOP + h / 2), labels.no_series, 14, FELT_MUTED,
               anchor="lm")
    for i, (played, x) in enumerate(zip(view.series, xs, strict=True)):
        c.paste(card_image(played.card, CARD_W, deck), (x, CARD_TOP))
        step = (xs[i + 1] - x) if i + 1 < len(xs) else CARD_W
        _name_tag(c, view.players[played.player], player_colour(played.player), x, CARD_TOP + h + 6,
                  min(step, CARD_W) - 4)
    _count(c, view, labels)
    # The crib.
    owner = view.players[view.dealer]
    c.text((CRIB_X, TOP), fit_text(labels.crib_of.format(name=owner), 14, WIDTH - CRIB_X - PAD), 14, FELT_MUTED)
    if view.crib_size == 0:
        c.rect((CRIB_X, CARD_TOP, CRIB_X + CARD_W, CARD_TOP + h), outline=FELT_MUTED, width=1.5,
               radius=CARD_W * 0.07)
        c.text((CRIB_X + CARD_W / 2, CARD_TOP + h / 2), labels.empty, 13, FELT_MUTED, anchor="mm")
    for k in range(view.crib_size):
        c.paste(back_image(CARD_W), (CRIB_X + k * 7, CARD_TOP + k * 3))
    if view.crib_size:
        words = (labels.crib_one if view.crib_size == 1 else labels.crib_many).format(count=view.crib_size)
        c.text((CRIB_X + CARD_W / 2 + 10, CARD_TOP + h + 20), words, 12.5,
               FELT_MUTED, anchor="mm")
    return c.png()


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
    """The running count in a disc; gold at 15 and 31, where it scores."""
    x, y = count_centre(view)
    scoring = view.count in (15, 31)
    c.circle((x, y), COUNT_R, fill=(250, 248, 240), outline=GOLD if scoring else FELT_EDGE,
             width=4 if scoring else 2)
    c.text((x, y - 4), str(view.count), 30, (24, 26, 30), anchor="mm", bold=True)
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
