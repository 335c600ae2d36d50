"""Colours, themes, the deck's suit colours and fonts: every look decision in one place.

Every image has its own opaque panel (felt, wood or a chart panel), so it reads the same on
Discord's dark and light themes; only a lone card keeps a transparent background, and a card
has its own outline. Player colours are the LED pegboard's track colours (one palette for the
board on the table and the pictures); player and chart colours come from the Okabe-Ito palette, which
stays distinct under the common forms of colour blindness.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import ImageFont

from board_driver.model import DEFAULT_COLOURS
from engine.core.cards import Suit

RGB = tuple[int, int, int]


class RenderError(ValueError):
    """An input no image can be drawn from; the message names the bad value."""


def hex_rgb(text: str) -> RGB:
    """`#RRGGBB` (or `RRGGBB`) as an RGB tuple; the error names the bad text."""
    digits = text.strip().removeprefix("#")
    if len(digits) != 6 or any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise RenderError(f"colour {text!r} is not #RRGGBB")
    return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a fraction `t` of the way to `b`."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


@dataclass(frozen=True, slots=True)
class DeckColours:
    """The ink of each suit. Two-colour is the usual deck; four-colour tells every suit apart."""

    name: str
    spades: RGB
    hearts: RGB
    diamonds: RGB
    clubs: RGB

    def of(self, suit: Suit) -> RGB:
        return {Suit.SPADES: self.spades, Suit.HEARTS: self.hearts,
                Suit.DIAMONDS: self.diamonds, Suit.CLUBS: self.clubs}[suit]


BLACK_INK: RGB = (24, 24, 28)
RED_INK: RGB = (200, 30, 36)

TWO_COLOUR = DeckColours("two-colour", BLACK_INK, RED_INK, RED_INK, BLACK_INK)
FOUR_COLOUR = DeckColours("four-colour", BLACK_INK, RED_INK, (0, 98, 170), (0, 128, 86))
"""Spades black, hearts red, diamonds blue, clubs green: the red/green pair differ in lightness
as well as hue (Okabe-Ito style), so they stay apart for red-green colour blindness."""


@dataclass(frozen=True, slots=True)
class Theme:
    """A panel's colours, for images that are mostly text and charts."""

    name: str
    background: RGB
    panel: RGB
    text: RGB
    muted: RGB
    grid: RGB
    highlight: RGB


DARK = Theme("dark", (30, 33, 38), (43, 47, 54), (238, 240, 243), (163, 168, 176), (70, 76, 86),
             (74, 64, 26))
LIGHT = Theme("light", (248, 248, 246), (233, 235, 238), (28, 30, 34), (92, 98, 106), (208, 212, 218),
              (255, 236, 170))
THEMES = {"dark": DARK, "light": LIGHT}

PLAYER_COLOURS: tuple[RGB, ...] = tuple((c >> 16, (c >> 8) & 0xFF, c & 0xFF) for c in DEFAULT_COLOURS)
"""Default peg colours by seat: the LED pegboard's own track colours (Okabe-Ito vermillion, sky blue, yellow,
blue, from board_driver.model.DEFAULT_COLOURS), so a seat has one colour on the table's board and in every picture;
any two of them stay apart for red-green and blue-yellow colour blindness."""

CHART_HAND: RGB = (86, 180, 233)
CHART_CRIB: RGB = (0, 158, 115)
CHART_NET: RGB = (230, 159, 0)
GOLD: RGB = (214, 171, 44)
SKUNK: RGB = (232, 84, 72)

FELT: RGB = (26, 92, 62)
FELT_EDGE: RGB = (18, 66, 45)
FELT_TEXT: RGB = (232, 242, 234)
FELT_MUTED: RGB = (160, 200, 175)
CARD_FACE: RGB = (252, 252, 250)
CARD_EDGE: RGB = (120, 124, 130)
CARD_BACK: RGB = (34, 70, 140)
CARD_BACK_LINE: RGB = (120, 156, 214)

WOOD: RGB = (74, 50, 36)
WOOD_EDGE: RGB = (52, 34, 24)
WOOD_LANE: RGB = (92, 64, 47)
HOLE: RGB = (28, 18, 12)
WOOD_TEXT: RGB = (244, 232, 214)
WOOD_MUTED: RGB = (196, 170, 140)

SCALE = 2
"""Everything is drawn at twice the size and downsampled, for smooth edges and text."""


Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
"""A font to draw with: Pillow's built-in one is scalable (FreeType) except in a Pillow built without it."""


@cache
def font(size: float) -> Font:
    """Pillow's built-in scalable font at `size` final pixels (drawn at SCALE times that)."""
    return ImageFont.load_default(size=size * SCALE)


CJK_FONT_FILES = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",  # Debian: fonts-wqy-microhei
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",  # Debian: fonts-noto-cjk
    "/usr/share/fonts/truetype/arphic/uming.ttc",
)
"""Where a Chinese font is looked for (CRIBBAGE_CJK_FONT names another): text the built-in font lacks is
drawn in it. Without one, Chinese labels cannot be drawn, and `can_draw` says so."""


@cache
def cjk_font_file() -> str | None:
    named = os.environ.get("CRIBBAGE_CJK_FONT")
    for path in ((named,) if named else ()) + CJK_FONT_FILES:
        if os.path.isfile(path):
            return path
    return None


@cache
def _cjk_font(size: float) -> ImageFont.FreeTypeFont:
    path = cjk_font_file()
    assert path is not None
    return ImageFont.truetype(path, size * SCALE)


def font_for(text: str, size: float) -> Font:
    """The built-in font, or the Chinese one for text the built-in font cannot draw."""
    if text.isascii() or _builtin_can_draw(text) or cjk_font_file() is None:
        return font(size)
    return _cjk_font(size)


@lru_cache(maxsize=8192)
def text_width(text: str, size: float) -> float:
    """Width of `text` in final pixels (cached: layout asks for the same names and labels reply after reply)."""
    return font_for(text, size).getlength(text) / SCALE


@cache
def _glyph(char: str, cjk: bool = False) -> bytes:
    """The pixels of one character in a font (a character it lacks draws as that font's empty box)."""
    from PIL import Image, ImageDraw

    image = Image.new("L", (48, 48))
    ImageDraw.Draw(image).text((4, 4), char, font=_cjk_font(14) if cjk else font(14), fill=255)
    return image.tobytes()


def _has_glyphs(text: str, cjk: bool = False) -> bool:
    missing = _glyph("\ue000", cjk)  # a private-use character: no font draws it
    return all(_glyph(ch, cjk) != missing for ch in set(text) if not ch.isspace())


def _builtin_can_draw(text: str) -> bool:
    return _has_glyphs(text)


def can_draw(text: str) -> bool:
    """Whether `text` can be drawn: by the built-in font (which has no Chinese), or by a Chinese font found
    on this machine. An application asks before passing labels in a language, rather than drawing boxes."""
    return _builtin_can_draw(text) or (cjk_font_file() is not None and _has_glyphs(text, cjk=True))
