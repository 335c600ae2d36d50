"""The four suits as shapes: the built-in font has no suit symbols, so they are drawn.

Each suit is a few polygons and circles in a unit box (height 1, centred on 0,0), scaled and
placed at draw time; `flip` turns a pip upside down as on the lower half of a real card.
"""

from __future__ import annotations

import math
from functools import cache

from engine.core.cards import Suit
from render.canvas import Canvas, Colour, Point

Shape = tuple[tuple[str, tuple[Point, ...], float], ...]
"""("poly", points, 0) or ("circle", (centre,), radius), in unit coordinates."""


def _heart_points(flip: bool) -> tuple[Point, ...]:
    pts: list[Point] = []
    for i in range(72):
        t = 2 * math.pi * i / 72
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, -y if flip else y))
    return tuple(pts)


@cache
def _shape(suit: Suit) -> Shape:
    if suit is Suit.HEARTS:
        # The curve spans x -16..16, y -12..17: centre it and scale to height 1.
        return (("poly", tuple(((x) / 29, (y - 2.5) / 29) for x, y in _heart_points(False)), 0.0),)
    if suit is Suit.DIAMONDS:
        w = 0.39
        pts: list[Point] = []
        # Slightly concave sides, as printed diamonds have.
        corners = [(0.0, -0.5), (w, 0.0), (0.0, 0.5), (-w, 0.0)]
        for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
            for k in range(8):
                t = k / 8
                bow = 0.06 * math.sin(math.pi * t)
                mx, my = ax + (bx - ax) * t, ay + (by - ay) * t
                pts.append((mx * (1 - bow), my * (1 - bow)))
        return (("poly", tuple(pts), 0.0),)
    if suit is Suit.SPADES:
        # An upside-down heart (y -17..12 after the flip) over a flared stem, 37 units tall.
        body = tuple((x * 0.92 / 37, (y - 1.5) / 37) for x, y in _heart_points(True))
        stem = ((0.0, 0.02), (-0.2, 0.5), (0.2, 0.5))
        return (("poly", body, 0.0), ("poly", stem, 0.0))
    r = 0.2
    return (
        ("circle", ((0.0, -0.27),), r),
        ("circle", ((-0.22, 0.07),), r),
        ("circle", ((0.22, 0.07),), r),
        ("circle", ((0.0, -0.02),), r * 0.7),
        ("poly", ((0.0, 0.0), (-0.17, 0.5), (0.17, 0.5)), 0.0),
    )


def draw_suit(canvas: Canvas, suit: Suit, centre: Point, size: float, colour: Colour,
              flip: bool = False) -> None:
    """Draw `suit` `size` final pixels tall, centred on `centre`."""
    cx, cy = centre
    sy = -size if flip else size
    for kind, pts, radius in _shape(suit):
        if kind == "poly":
            canvas.polygon([(cx + x * size, cy + y * sy) for x, y in pts], fill=colour)
        else:
            (x, y), = pts
            canvas.circle((cx + x * size, cy + y * sy), radius * size, fill=colour)
