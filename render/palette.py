"""The live pictures' shared palette: 256 colours, one byte a pixel, a third of the deflating of full colour.

The palette (render/palette_colours.py) was taken from sample pictures drawn in full colour by
scripts/make_palette.py; every strip of a live picture is put on it by nearest colour, undithered. Cached parts are
converted once and kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache

from PIL import Image

from render.palette_colours import COLOURS


def in_palette(draw: Callable[[], Image.Image]) -> Image.Image:
    """What `draw` draws, on the palette."""
    return to_palette(draw())


def to_palette(image: Image.Image) -> Image.Image:
    """The picture on the shared palette, nearest colour, undithered (dots would cost more than they show)."""
    if image.mode == "P":
        return image
    return image.convert("RGB").quantize(palette=_palette_image(), dither=Image.Dither.NONE)


KEPT_BYTES = 32 << 20
"""How many bytes of cached parts' palette copies are kept (the least recently used go first)."""
_kept: OrderedDict[int, tuple[Image.Image, Image.Image]] = OrderedDict()
_kept_bytes = [0]
_lock = threading.Lock()


def paletted(part: Image.Image, kept: bool) -> Image.Image:
    """A part of a picture on the shared palette; a cached part's copy is cached beside it (found by the
    part's identity, which the entry holds on to), so a picture of cached parts converts nothing."""
    if not kept:
        return to_palette(part)
    with _lock:
        got = _kept.get(id(part))
        if got is not None and got[0] is part:
            _kept.move_to_end(id(part))
            return got[1]
    converted = to_palette(part)
    with _lock:
        _kept[id(part)] = (part, converted)
        _kept_bytes[0] += part.width * part.height * 4
        while _kept_bytes[0] > KEPT_BYTES:
            _, (old, _) = _kept.popitem(last=False)
            _kept_bytes[0] -= old.width * old.height * 4
    return converted


def palette() -> bytes:
    """The shared palette's PNG PLTE bytes."""
    return _palette_bytes()


@lru_cache(maxsize=1)
def _palette_bytes() -> bytes:
    data = _palette_image().getpalette() or []
    return bytes(data[: 3 * 256])


@lru_cache(maxsize=1)
def _palette_image() -> Image.Image:
    """The 256 colours of the felt, the wood, the cards' inks, the four seats' colours, the gold and the skunk line's
    red, and the blends between them at the edges, as a palette image for `quantize`."""
    image = Image.new("P", (1, 1))
    image.putpalette(COLOURS)
    return image
