"""Charts: the discard analyzer's options as bars, and the win probability over a game."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.analysis.discards import DiscardOption
from engine.core.cards import Card
from render.canvas import Canvas, Point, fit_text
from render.cards import chip_width, draw_chip
from render.labels import ENGLISH, Labels
from render.style import (
    CHART_CRIB,
    CHART_HAND,
    CHART_NET,
    DARK,
    GOLD,
    PLAYER_COLOURS,
    RGB,
    TWO_COLOUR,
    DeckColours,
    RenderError,
    Theme,
    blend,
    text_width,
)

# The analyzer chart ------------------------------------------------------------

A_WIDTH = 860
PAD = 16
A_HEADER = 74
A_ROW = 30
CHIP_H = 20
RANK_W = 30
KEEP_X = PAD + RANK_W
NUM_W = 62


def infer_dealer(option: DiscardOption) -> bool:
    """Whether the net adds the crib (dealer) or takes it away (pone)."""
    o = option
    return abs(o.hand_ev + o.crib_ev - o.net) <= abs(o.hand_ev - o.crib_ev - o.net)


def _check_options(options: Sequence[DiscardOption]) -> tuple[DiscardOption, ...]:
    options = tuple(options)
    if not 1 <= len(options) <= 15:
        raise RenderError(f"the analyzer chart shows 1 to 15 options, got {len(options)}")
    for o in options:
        if not isinstance(o, DiscardOption):
            raise RenderError(f"{o!r} is not a DiscardOption")
        cards = (*o.discard, *o.keep)
        if not cards or any(not isinstance(c, Card) for c in cards) or len(set(cards)) != len(cards):
            raise RenderError(f"option {' '.join(map(str, o.discard))}: "
                              "discard and keep must be distinct cards")
        for name in ("hand_ev", "crib_ev", "net"):
            value = getattr(o, name)
            if not isinstance(value, int | float) or not math.isfinite(value):
                raise RenderError(f"option {' '.join(map(str, o.discard))}: {name} {value!r} is not a number")
    return options


def ranked(options: Sequence[DiscardOption]) -> list[DiscardOption]:
    """Best net first; equal nets keep their given order."""
    return sorted(options, key=lambda o: -o.net)


def analysis_size(count: int) -> tuple[int, int]:
    return A_WIDTH, A_HEADER + 22 + count * A_ROW + 30 + PAD


def analysis_row_top(index: int) -> float:
    """Top of the row of the index-th best option."""
    return A_HEADER + 22 + index * A_ROW


@dataclass(frozen=True, slots=True)
class _Bars:
    """Where the analyzer chart's columns go and how values map to x: worked out once from all rows."""

    width: int
    throw_x: float
    bar_x0: float
    bar_x1: float
    lo: int
    hi: int
    crib_sign: int
    """1 when the crib is the player's own (dealer), -1 when it is the opponent's."""

    def x(self, value: float) -> float:
        return self.bar_x0 + (value - self.lo) / (self.hi - self.lo) * (self.bar_x1 - self.bar_x0)


def _bars(rows: Sequence[DiscardOption], dealer: bool, width: int, labels: Labels) -> _Bars:
    keep_w = max(sum(chip_width(k, CHIP_H) + 3 for k in o.keep) for o in rows)
    throw_w = max(sum(chip_width(k, CHIP_H) + 3 for k in o.discard) for o in rows)
    throw_x = KEEP_X + max(keep_w, text_width(labels.keep, 13)) + 14
    bar_x0 = throw_x + max(throw_w, text_width(labels.lay_away, 13)) + 18
    crib_sign = 1 if dealer else -1
    values = [v for o in rows for v in (o.hand_ev, crib_sign * o.crib_ev, o.net)]
    lo, hi = math.floor(min(0.0, *values)), math.ceil(max(1.0, *values))
    return _Bars(width, throw_x, bar_x0, width - PAD - NUM_W, lo, hi, crib_sign)


def analysis_png(options: Sequence[DiscardOption], *, dealer: bool | None = None, theme: Theme = DARK,
                 deck: DeckColours = TWO_COLOUR, labels: Labels = ENGLISH) -> bytes:
    """Each way to lay away as a row of bars (hand, crib, net), best net first, the best marked."""
    options = _check_options(options)
    if dealer is None:
        dealer = infer_dealer(options[0])
    rows = ranked(options)
    width, height = analysis_size(len(rows))
    c = Canvas(width, height, theme.background)
    bars = _bars(rows, dealer, width, labels)
    _analysis_header(c, theme, labels, dealer, bars)
    _analysis_scale(c, theme, bars, len(rows))
    for i, o in enumerate(rows):
        _analysis_row(c, theme, deck, bars, i, o)
    return c.png()


def _analysis_header(c: Canvas, theme: Theme, labels: Labels, dealer: bool, bars: _Bars) -> None:
    """The title, the legend and the column heads."""
    width = bars.width
    role = labels.role_dealer if dealer else labels.role_pone
    c.text((PAD, PAD + 4), labels.analysis, 22, theme.text, bold=True)
    c.text((PAD, PAD + 34), labels.analysis_as.format(role=role), 13.5, theme.muted)
    entries = [(labels.bar_hand, CHART_HAND), (labels.bar_crib if dealer else labels.bar_crib_theirs, CHART_CRIB),
               (labels.bar_net, CHART_NET)]
    _legend(c, theme, entries, width - PAD, PAD + 12)
    top = A_HEADER + 22
    c.text((KEEP_X, top - 6), labels.keep, 13, theme.muted, anchor="ls")
    c.text((bars.throw_x, top - 6), labels.lay_away, 13, theme.muted, anchor="ls")
    c.text((width - PAD, top - 6), labels.bar_net, 13, theme.muted, anchor="rs")
    c.text(((bars.bar_x0 + bars.bar_x1) / 2, top - 6), labels.expected, 13, theme.muted, anchor="ms")


def _analysis_scale(c: Canvas, theme: Theme, bars: _Bars, count: int) -> None:
    """The value grid behind the bars, zero drawn stronger, numbered below the last row."""
    top = A_HEADER + 22
    bottom = top + count * A_ROW
    step = _tick_step(bars.hi - bars.lo)
    v = math.ceil(bars.lo / step) * step
    while v <= bars.hi:
        x = bars.x(v)
        c.line([(x, top), (x, bottom)], theme.text if v == 0 else theme.grid, width=1.2 if v == 0 else 1)
        c.text((x, bottom + 16), f"{v:g}", 12, theme.muted, anchor="mm")
        v += step


def _analysis_row(c: Canvas, theme: Theme, deck: DeckColours, bars: _Bars, index: int, o: DiscardOption) -> None:
    """One option: its place (a star for the best), the cards kept and laid away, its bars and net."""
    width = bars.width
    y = A_HEADER + 22 + index * A_ROW
    best = index == 0
    if best:
        c.rect((PAD - 6, y, width - PAD + 6, y + A_ROW), fill=theme.highlight, radius=6)
        _star(c, (PAD + 9, y + A_ROW / 2), 8, GOLD)
    else:
        c.text((PAD + 9, y + A_ROW / 2), str(index + 1), 13, theme.muted, anchor="mm")
    x: float = KEEP_X
    for card in o.keep:
        x += draw_chip(c, card, (x, y + (A_ROW - CHIP_H) / 2), CHIP_H, deck) + 3
    x = bars.throw_x
    for card in o.discard:
        x += draw_chip(c, card, (x, y + (A_ROW - CHIP_H) / 2), CHIP_H, deck) + 3
    values = ((o.hand_ev, CHART_HAND, 4, 11), (bars.crib_sign * o.crib_ev, CHART_CRIB, 12, 19),
              (o.net, CHART_NET, 20, 28))
    for value, colour, y0, y1 in values:
        a, b = sorted((bars.x(0), bars.x(value)))
        if b - a >= 0.5:
            c.rect((a, y + y0, b, y + y1 - 0.5), fill=colour)
    c.text((width - PAD, y + A_ROW / 2), f"{o.net:.2f}", 15, theme.text, anchor="rm", bold=best)


def _tick_step(span: float) -> float:
    for step in (1, 2, 5, 10):
        if span / step <= 12:
            return step
    return 20


def _legend(c: Canvas, theme: Theme, entries: list[tuple[str, RGB]], right: float, y: float) -> None:
    """Colour swatches with labels, right-aligned at `right`."""
    x = right
    for label, colour in reversed(entries):
        x -= text_width(label, 13)
        c.text((x, y), label, 13, theme.text, anchor="lm")
        x -= 20
        c.rect((x, y - 6, x + 14, y + 6), fill=colour, radius=3)
        x -= 16


def _star(c: Canvas, centre: Point, r: float, colour: RGB) -> None:
    cx, cy = centre
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    c.polygon(pts, fill=colour)


# The win-probability chart -------------------------------------------------------

W_WIDTH = 760
W_HEIGHT = 350
PX0, PX1 = 64.0, W_WIDTH - 56.0
PY0, PY1 = 90.0, W_HEIGHT - 40.0


@dataclass(frozen=True, slots=True)
class ChartMarker:
    """A labelled place on the win-probability chart, e.g. where each deal starts."""

    index: int
    label: str


def winprob_point(index: int, p: float, count: int) -> Point:
    """Where probability `p` of move `index` (of `count`) is drawn."""
    x = (PX0 + PX1) / 2 if count == 1 else PX0 + index * (PX1 - PX0) / (count - 1)
    return x, PY1 - p * (PY1 - PY0)


def _check_probs(probabilities: Sequence[float], markers: Sequence[ChartMarker]) -> tuple[float, ...]:
    probs = tuple(probabilities)
    if not probs:
        raise RenderError("the win-probability chart needs at least one probability")
    if len(probs) > 5000:
        raise RenderError(f"{len(probs)} probabilities is more than a game has (at most 5000)")
    for i, p in enumerate(probs):
        if isinstance(p, bool) or not isinstance(p, int | float) or not 0 <= p <= 1:
            raise RenderError(f"probability {p!r} (move {i + 1}) is not between 0 and 1")
    for m in markers:
        if not isinstance(m.index, int) or not 0 <= m.index < len(probs):
            raise RenderError(f"marker {m.label!r} at move {m.index!r} is outside moves 0..{len(probs) - 1}")
    return probs


def winprob_png(probabilities: Sequence[float], *, markers: Sequence[ChartMarker] = (),
                player: str | None = None, opponent: str | None = None, theme: Theme = DARK,
                colour: RGB = PLAYER_COLOURS[0], opponent_colour: RGB = PLAYER_COLOURS[1]) -> bytes:
    """The player's chance to win after each peg move, shaded by who is ahead of even."""
    probs = _check_probs(probabilities, markers)
    markers = tuple(sorted(markers, key=lambda m: m.index))
    c = Canvas(W_WIDTH, W_HEIGHT, theme.background)
    who = player or "the player"
    c.text((PAD, PAD + 2), fit_text(f"Chance {who} wins", 20, W_WIDTH - 260), 20, theme.text, bold=True)
    c.text((PAD, PAD + 30), f"after each of {len(probs)} peg moves", 13.5, theme.muted)
    entries = [(f"{player or 'player'} ahead", colour), (f"{opponent or 'opponent'} ahead", opponent_colour)]
    _legend(c, theme, [(fit_text(t, 13, 120), col) for t, col in entries], W_WIDTH - PAD, PAD + 12)
    for pct in (0, 25, 50, 75, 100):
        y = PY1 - pct / 100 * (PY1 - PY0)
        if pct == 50:
            c.dashed((PX0, y), (PX1, y), theme.muted, width=1.2, dash=5, gap=4)
        else:
            c.line([(PX0, y), (PX1, y)], theme.grid, width=1)
        c.text((PX0 - 8, y), f"{pct}%", 12, theme.muted, anchor="rm")
    last_label_end = -1e9
    for m in markers:
        x, _ = winprob_point(m.index, 0, len(probs))
        c.line([(x, PY0 - 4), (x, PY1)], theme.grid, width=1)
        label = fit_text(m.label, 11.5, 90)
        if x - 2 >= last_label_end:
            c.text((x + 3, PY0 - 8), label, 11.5, theme.muted, anchor="ls")
            last_label_end = x + 3 + text_width(label, 11.5) + 6
    pts = [winprob_point(i, p, len(probs)) for i, p in enumerate(probs)]
    mid = PY1 - 0.5 * (PY1 - PY0)
    if len(pts) > 1:
        path = _with_crossings(pts, mid)
        above = [(x, min(y, mid)) for x, y in path]
        below = [(x, max(y, mid)) for x, y in path]
        c.polygon([*above, (path[-1][0], mid), (path[0][0], mid)], fill=blend(theme.background, colour, 0.35))
        c.polygon([*below, (path[-1][0], mid), (path[0][0], mid)],
                  fill=blend(theme.background, opponent_colour, 0.35))
        c.line(pts, theme.text, width=2, joint=True)
    end = pts[-1]
    c.circle(end, 4.5, fill=colour if probs[-1] >= 0.5 else opponent_colour, outline=theme.text, width=1.5)
    c.text((end[0] + 8, end[1]), f"{probs[-1] * 100:.0f}%", 14, theme.text, anchor="lm", bold=True)
    c.text(((PX0 + PX1) / 2, W_HEIGHT - 14), "peg moves", 12, theme.muted, anchor="mm")
    return c.png()


def _with_crossings(points: list[Point], level: float) -> list[Point]:
    """The polyline with a vertex added wherever it crosses y = level, so clamping to it is exact."""
    out = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        if (y0 - level) * (y1 - level) < 0:
            t = (level - y0) / (y1 - y0)
            out.append((x0 + t * (x1 - x0), level))
        out.append((x1, y1))
    return out
