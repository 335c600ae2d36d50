"""A member's rating over their rated games, as a small picture that reads on a phone: the rating as a line, the
band of one deviation either side shaded, the newest rating written large. A pure function from values to PNG
bytes; the words in it (the title and the axis's caption) come from the caller, in the member's language."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from render.canvas import Canvas, fit_text
from render.style import DARK, PLAYER_COLOURS, RGB, RenderError, Theme, blend

WIDTH, HEIGHT = 640, 340
"""Shown about 330 pixels wide on a phone: every text is at least 18 pixels here (9 there)."""
PAD = 18
X0, X1 = 78, WIDTH - PAD
Y0, Y1 = 104, HEIGHT - 48
BAND = 120.0
"""The axis makes room for this much of the band; a newcomer's wider band is cut at the chart's edge."""
MOST = 2000
"""The points a chart draws at most (the newest): a line no phone could tell apart beyond that."""


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """The rating and its deviation after one rated game (or at the start: a newcomer's)."""

    rating: float
    deviation: float


def _check(points: Sequence[ChartPoint]) -> tuple[ChartPoint, ...]:
    pts = tuple(points)[-MOST:]
    if len(pts) < 2:
        raise RenderError(f"a rating chart needs at least 2 points (the start and a game), got {len(pts)}")
    for i, p in enumerate(pts):
        if not (math.isfinite(p.rating) and math.isfinite(p.deviation) and p.deviation >= 0):
            raise RenderError(f"point {i} ({p.rating!r} ± {p.deviation!r}) is not a rating")
    return pts


def _scale(pts: Sequence[ChartPoint]) -> tuple[float, float, float]:
    """The lowest and highest rating the axis shows (whole hundreds or fifties around the band) and its step."""
    low = min(p.rating - min(p.deviation, BAND) for p in pts)
    high = max(p.rating + min(p.deviation, BAND) for p in pts)
    span = max(high - low, 100.0)
    step = next(s for s in (25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0) if span / s <= 5)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def rating_chart_png(points: Sequence[ChartPoint], *, title: str, caption: str, theme: Theme = DARK,
                     colour: RGB = PLAYER_COLOURS[1]) -> bytes:
    """The chart of `points` (oldest first); `title` names the member, `caption` says what the x-axis counts."""
    pts = _check(points)
    first = len(points) - len(pts)
    low, high, step = _scale(pts)
    c = Canvas(WIDTH, HEIGHT, theme.background)

    def at(i: int, rating: float) -> tuple[float, float]:
        rating = min(max(rating, low), high)
        return X0 + i * (X1 - X0) / (len(pts) - 1), Y1 - (rating - low) / (high - low) * (Y1 - Y0)

    last = pts[-1]
    shown = f"{round(last.rating)}"
    c.text((WIDTH - PAD, PAD), shown, 40, theme.text, anchor="ra", bold=True)
    c.text((PAD, PAD + 4), fit_text(title, 26, WIDTH - 2 * PAD - 150), 26, theme.text, bold=True)
    c.text((PAD, PAD + 40), fit_text(f"± {round(last.deviation)}", 20, 200), 20, theme.muted)
    value = low
    while value <= high + 1e-9:
        y = at(0, value)[1]
        c.line([(X0, y), (X1, y)], theme.grid, width=1)
        c.text((X0 - 10, y), f"{value:.0f}", 18, theme.muted, anchor="rm")
        value += step
    band = [at(i, p.rating + p.deviation) for i, p in enumerate(pts)] + \
        [at(i, p.rating - p.deviation) for i, p in reversed(list(enumerate(pts)))]
    c.polygon(band, fill=blend(theme.background, colour, 0.3))
    line = [at(i, p.rating) for i, p in enumerate(pts)]
    c.line(line, colour, width=4, joint=True)
    c.circle(line[-1], 7, fill=colour)
    c.text((X0, HEIGHT - PAD), str(first), 18, theme.muted, anchor="ls")
    c.text((X1, HEIGHT - PAD), str(len(points) - 1), 18, theme.muted, anchor="rs")
    c.text(((X0 + X1) / 2, HEIGHT - PAD), fit_text(caption, 18, X1 - X0 - 120), 18, theme.muted, anchor="ms")
    return c.png()
