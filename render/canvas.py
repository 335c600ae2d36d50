"""A drawing surface laid out in final pixels, drawn at SCALE and downsampled when encoded.

Layout code works in the pixels of the finished image, so tests can sample the places the
layout names; the Canvas multiplies by SCALE for drawing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render.png import encode
from render.style import RGB, SCALE, font_for, text_width

Point = tuple[float, float]
Box = tuple[float, float, float, float]
Colour = RGB | tuple[int, int, int, int]


class Canvas:
    def __init__(self, width: int, height: int, background: Colour | None, *, alpha: bool = False) -> None:
        self.width = width
        self.height = height
        mode = "RGBA" if alpha else "RGB"
        fill = background if background is not None else (0, 0, 0, 0)
        self.image = Image.new(mode, (width * SCALE, height * SCALE), fill)
        self.draw = ImageDraw.Draw(self.image)
        self.origin = (0, 0)
        """The final pixel at this canvas's top left: a region of a larger picture is drawn in its coordinates."""
        self.scale = SCALE
        """Image pixels a final pixel: SCALE, or 1 on a flat canvas."""

    @classmethod
    def over(cls, image: Image.Image, *, copy: bool = True) -> Canvas:
        """A canvas on a copy of `image` (drawn at SCALE): a cached background that each picture draws on."""
        c = cls.__new__(cls)
        c.width, c.height = image.width // SCALE, image.height // SCALE
        c.image = image.copy() if copy else image
        c.draw = ImageDraw.Draw(c.image)
        c.origin = (0, 0)
        c.scale = SCALE
        return c

    @classmethod
    def flat(cls, image: Image.Image, origin: tuple[int, int] = (0, 0)) -> Canvas:
        """A canvas drawing straight onto `image` at its final size (no downsampling): for words on a cached
        part, which the fonts smooth themselves (shapes drawn flat have rough edges)."""
        c = cls.__new__(cls)
        c.width, c.height = image.width, image.height
        c.image = image
        c.draw = ImageDraw.Draw(image)
        c.origin = origin
        c.scale = 1
        return c

    @classmethod
    def region(cls, image: Image.Image, box: tuple[int, int, int, int]) -> Canvas:
        """A canvas on the part `box` (final pixels) of `image` (drawn at SCALE), drawn on in the whole picture's
        coordinates. Downsampled, it is exactly that part of the whole picture downsampled, so a picture can be
        put together from parts drawn (and cached) separately, each on the background it would have had."""
        x0, y0, x1, y1 = box
        c = cls.over(image.crop((x0 * SCALE, y0 * SCALE, x1 * SCALE, y1 * SCALE)), copy=False)
        c.origin = (x0, y0)
        return c

    def _at(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.origin[0]) * self.scale, (y - self.origin[1]) * self.scale

    # shapes -----------------------------------------------------------------

    def rect(self, box: Box, fill: Colour | None = None, outline: Colour | None = None,
             width: float = 1, radius: float = 0) -> None:
        x0, y0 = self._at(box[0], box[1])
        x1, y1 = self._at(box[2], box[3])
        w = max(1, round(width * self.scale)) if outline is not None else 0
        if radius:
            self.draw.rounded_rectangle((x0, y0, x1, y1), radius=radius * self.scale, fill=fill,
                                        outline=outline, width=w)
        else:
            self.draw.rectangle((x0, y0, x1, y1), fill=fill, outline=outline, width=w)

    def circle(self, centre: Point, r: float, fill: Colour | None = None,
               outline: Colour | None = None, width: float = 1) -> None:
        x, y = self._at(*centre)
        rs = r * self.scale
        w = max(1, round(width * self.scale)) if outline is not None else 0
        self.draw.ellipse((x - rs, y - rs, x + rs, y + rs), fill=fill, outline=outline, width=w)

    def line(self, points: Sequence[Point], fill: Colour, width: float = 1, joint: bool = False) -> None:
        self.draw.line([self._at(x, y) for x, y in points], fill=fill,
                       width=max(1, round(width * self.scale)), joint="curve" if joint else None)

    def dashed(self, a: Point, b: Point, fill: Colour, width: float = 1, dash: float = 6,
               gap: float = 4) -> None:
        """A straight dashed line from a to b."""
        (x0, y0), (x1, y1) = a, b
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        if length == 0:
            return
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        pos = 0.0
        while pos < length:
            end = min(pos + dash, length)
            self.line([(x0 + ux * pos, y0 + uy * pos), (x0 + ux * end, y0 + uy * end)], fill, width)
            pos = end + gap

    def polygon(self, points: Sequence[Point], fill: Colour | None = None,
                outline: Colour | None = None) -> None:
        self.draw.polygon([self._at(x, y) for x, y in points], fill=fill, outline=outline)

    # text -------------------------------------------------------------------

    def text(self, xy: Point, text: str, size: float, fill: Colour, anchor: str = "la",
             bold: bool = False) -> None:
        """Text in the built-in font (or a Chinese one, for Chinese); `bold` thickens it with a stroke."""
        thick = bold and (self.scale > 1 or size >= 32)  # flat, a pixel's stroke clogs all but large text
        stroke = max(1, round(size * self.scale / 40)) if thick else 0
        x, y = self._at(*xy)
        size = size * self.scale / SCALE  # the fonts are asked for in final pixels, and are SCALE times that
        font = font_for(text, size)
        if "\n" in text or not isinstance(font, ImageFont.FreeTypeFont):
            self.draw.text((x, y), text, font=font, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=fill)
            return
        # What ImageDraw.text does for one line, with the glyph mask cached: the labels, numbers and names
        # of a game's pictures repeat from reply to reply, and rasterising them was a sixth of a picture.
        mask, (dx, dy) = _text_mask(text, size, stroke, anchor, math.modf(x)[0], math.modf(y)[0])
        self.draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, self.draw._getink(fill)[0])

    # images -----------------------------------------------------------------

    def paste(self, image: Image.Image, xy: Point) -> None:
        """Paste an image already drawn at SCALE, its top left at final-pixel `xy`."""
        x, y = self._at(*xy)
        pos = (round(x), round(y))
        if image.mode == "RGBA":
            self.image.paste(image, pos, image)
        else:
            self.image.paste(image, pos)

    def rotate180(self) -> None:
        """Turn the drawing upside down (exactly: a transpose, no resampling)."""
        self.image = self.image.transpose(Image.Transpose.ROTATE_180)
        self.draw = ImageDraw.Draw(self.image)

    def png(self) -> bytes:
        """Downsample and encode. Pillow writes no timestamp, so equal input gives equal bytes.

        The downsample averages each 2x2 block (`reduce`), the exact supersampling resolve; a
        LANCZOS resize looks the same at this factor but took 30 ms of the 50 ms budget on the board.
        """
        return encode(self.small())

    def small(self) -> Image.Image:
        """The drawing downsampled to its final size."""
        return self.image.reduce(SCALE)


Convert = Callable[[Image.Image, bool], Image.Image]
"""How a Sheet takes its parts into its own mode: (part, kept) -> part; `kept` says the part is a cached one,
the same object every time it is put, so its conversion may be cached too."""


class Sheet:
    """A picture put together at its final size from parts already downsampled (`Canvas.small`), each
    pasted whole at a whole pixel: no drawing at twice the size, and no downsampling, for the parts cached.

    With `convert`, the picture and every part are taken into another mode first (the live pictures' palette),
    so a picture of cached parts is put together without converting it whole."""

    def __init__(self, base: Image.Image, convert: Convert | None = None,
                 rows: tuple[int, int] | None = None) -> None:
        self.convert = convert
        self.rows = rows or (0, base.height)
        """The band of the picture made (a strip of it): the parts placed with their top in it."""
        whole = convert(base, True) if convert else base
        self.image = whole.crop((0, self.rows[0], whole.width, self.rows[1])) if rows else whole.copy()

    def takes(self, y: int) -> bool:
        """Whether a part placed with its top at `y` is in this sheet's band (one that is not need not be drawn)."""
        return self.rows[0] <= y < self.rows[1]

    def put(self, part: Image.Image, xy: tuple[int, int], *, kept: bool = True) -> None:
        """Paste `part`; `kept`: it is a cached part (False: drawn for this picture only)."""
        x, y = xy
        if not self.takes(y):
            return
        self.image.paste(self.convert(part, kept) if self.convert else part, (x, y - self.rows[0]))

    def png(self) -> bytes:
        return encode(self.image)


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: float, stroke: int, anchor: str, fx: float, fy: float) -> tuple[Any, tuple[int, int]]:
    """One line's glyph mask and offset, as ImageDraw.text would rasterise it at that sub-pixel start."""
    font = font_for(text, size)
    assert isinstance(font, ImageFont.FreeTypeFont)
    return font.getmask2(text, "L", None, None, None, stroke, anchor, 0, (fx, fy), stroke_filled=True)


def fit_text(text: str, size: float, max_width: float) -> str:
    """`text`, cut with an ellipsis if it is wider than max_width at `size`. The cut is found by halving (a
    name of 16,000 letters is measured some 15 times, not 16,000: each measure costs its whole length)."""
    if text_width(text, size) <= max_width:
        return text
    fits, too_long = 0, len(text)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if text_width(text[:middle] + "…", size) <= max_width:
            fits = middle
        else:
            too_long = middle
    return text[:fits] + "…"



def fit_size(text: str, size: float, max_width: float, least: float = 10.0) -> float:
    """The largest size from `size` down to `least` (in half pixels) at which `text` is no wider than max_width."""
    while size > least and text_width(text, size) > max_width:
        size -= 0.5
    return size
