"""A drawing surface laid out in final pixels, drawn at SCALE and downsampled when encoded.

Layout code works in the pixels of the finished image, so tests can sample the places the
layout names; the Canvas multiplies by SCALE for drawing.
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

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

    @classmethod
    def over(cls, image: Image.Image) -> Canvas:
        """A canvas on a copy of `image` (drawn at SCALE): a cached background that each picture draws on."""
        c = cls.__new__(cls)
        c.width, c.height = image.width // SCALE, image.height // SCALE
        c.image = image.copy()
        c.draw = ImageDraw.Draw(c.image)
        return c

    # shapes -----------------------------------------------------------------

    def rect(self, box: Box, fill: Colour | None = None, outline: Colour | None = None,
             width: float = 1, radius: float = 0) -> None:
        x0, y0, x1, y1 = (v * SCALE for v in box)
        w = max(1, round(width * SCALE)) if outline is not None else 0
        if radius:
            self.draw.rounded_rectangle((x0, y0, x1, y1), radius=radius * SCALE, fill=fill,
                                        outline=outline, width=w)
        else:
            self.draw.rectangle((x0, y0, x1, y1), fill=fill, outline=outline, width=w)

    def circle(self, centre: Point, r: float, fill: Colour | None = None,
               outline: Colour | None = None, width: float = 1) -> None:
        x, y = centre[0] * SCALE, centre[1] * SCALE
        rs = r * SCALE
        w = max(1, round(width * SCALE)) if outline is not None else 0
        self.draw.ellipse((x - rs, y - rs, x + rs, y + rs), fill=fill, outline=outline, width=w)

    def line(self, points: Sequence[Point], fill: Colour, width: float = 1, joint: bool = False) -> None:
        self.draw.line([(x * SCALE, y * SCALE) for x, y in points], fill=fill,
                       width=max(1, round(width * SCALE)), joint="curve" if joint else None)

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
        self.draw.polygon([(x * SCALE, y * SCALE) for x, y in points], fill=fill, outline=outline)

    # text -------------------------------------------------------------------

    def text(self, xy: Point, text: str, size: float, fill: Colour, anchor: str = "la",
             bold: bool = False) -> None:
        """Text in the built-in font (or a Chinese one, for Chinese); `bold` thickens it with a stroke."""
        stroke = max(1, round(size * SCALE / 40)) if bold else 0
        x, y = xy[0] * SCALE, xy[1] * SCALE
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
        pos = (round(xy[0] * SCALE), round(xy[1] * SCALE))
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
        return encode(self.image.reduce(SCALE))


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: float, stroke: int, anchor: str, fx: float, fy: float) -> tuple[Any, tuple[int, int]]:
    """One line's glyph mask and offset, as ImageDraw.text would rasterise it at that sub-pixel start."""
    font = font_for(text, size)
    assert isinstance(font, ImageFont.FreeTypeFont)
    return font.getmask2(text, "L", None, None, None, stroke, anchor, 0, (fx, fy), stroke_filled=True)


_COLOUR_TYPES = {"L": 0, "RGB": 2, "RGBA": 6}
"""PNG colour types of the modes written directly (8 bits a sample)."""


def encode(image: Image.Image) -> bytes:
    """PNG with every row unfiltered, deflated at zlib level 1.

    Pillow's encoder tries five filters on every row; on these flat, antialiased pictures the unfiltered
    rows come out no larger (a few percent smaller) and the whole encode takes 2.5 times less CPU, which
    was the largest single cost of a reply. Equal pixels still give equal bytes."""
    colour_type = _COLOUR_TYPES.get(image.mode)
    if colour_type is None or not image.width or not image.height:
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=1)
        return out.getvalue()
    width, height = image.size
    raw = image.tobytes()
    stride = width * len(image.mode)
    rows = b"\x00" + b"\x00".join(raw[i:i + stride] for i in range(0, len(raw), stride))
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 1)) + \
        _chunk(b"IEND", b"")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def fit_text(text: str, size: float, max_width: float) -> str:
    """`text`, cut with an ellipsis if it is wider than max_width at `size`."""
    if text_width(text, size) <= max_width:
        return text
    while text and text_width(text + "…", size) > max_width:
        text = text[:-1]
    return text + "…"

