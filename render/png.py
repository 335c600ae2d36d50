"""PNG bytes of a finished picture: rows unfiltered, deflated in bands of rows that are each compressed once.

Encoding was the largest single cost of a reply. Two things make it cheap:

- Pillow's encoder tries five filters on every row; on these flat, antialiased pictures unfiltered rows
  deflate no larger (a few percent smaller), and zlib level 1 does it in well under half the time.
- The pictures of a game, and of every game, share most of their rows: the felt around the cards, the
  board's rows of empty holes, the labels. The image data is deflated in bands of BAND_ROWS rows, each band
  a self-contained piece of the stream (a sync flush ends it on a byte, and it refers to nothing before
  it), so a band already seen is not compressed again: its deflated bytes are reused from a cache.

The bytes are a pure function of the pixels (a band's deflated bytes do not depend on the cache), so equal
pictures are still equal files.

The deflating is zlib-ng's when it is installed (a dependency): its level 1 is about five times as fast as
zlib's on these rows (0.16 against 0.78 ms for the live table's cards), the files a fifth larger, and its
Adler-32 and CRC-32 (the same sums) twenty times. Without it, zlib's; any inflater reads either.
"""

from __future__ import annotations

import io
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from types import ModuleType

from PIL import Image

deflater: ModuleType = zlib
"""What deflates the rows: zlib-ng's module when installed (a dependency), else zlib (the same interface)."""
with suppress(ImportError):
    from zlib_ng import zlib_ng

    deflater = zlib_ng

BAND_ROWS = 8
"""Rows a band: small enough that a changed region spoils few of them, large enough to deflate well."""
CACHED_BANDS = 12_000
"""Deflated bands kept (the least recently used go first): about 15 MB."""

_COLOUR_TYPES = {"L": 0, "RGB": 2, "RGBA": 6}
"""PNG colour types of the modes written directly (8 bits a sample); others go through Pillow."""
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_LAST_BLOCK = b"\x01\x00\x00\xff\xff"
"""An empty stored block marked final: the deflate stream ends after the last band."""

_bands: OrderedDict[tuple[int, int, int], bytes] = OrderedDict()
_lock = threading.Lock()


def encode(image: Image.Image) -> bytes:
    """The picture as a PNG file."""
    colour_type = _COLOUR_TYPES.get(image.mode)
    if colour_type is None or not image.width or not image.height:
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=1)
        return out.getvalue()
    return _assemble(image.width, image.height, colour_type, [_rows(image)])


Piece = tuple[bytes, int, int]
"""A run of whole rows as deflate blocks ending on a byte, its Adler-32 and its length before deflating."""
Strip = tuple[Hashable, Callable[[], Image.Image]]
"""A band of a picture, as wide as the picture, named by a key that says everything drawn in it, and how to
draw it (called only when that key's band is not cached). A key that is a `Passing` is never kept."""


@dataclass(frozen=True, slots=True)
class Passing:
    """The key of a strip whose content seldom comes back (the cards of a series, a show, a hand): drawn and
    deflated each time, never kept, so it does not push out of the cache the strips that do come back (a
    game's heading, legend and rows of holes, the next time that game is drawn)."""

    key: Hashable


STRIP_BYTES = 64 << 20
"""Bytes of deflated strips kept (the least recently used go first). A game's strips that come back are about
30 KB: the strips of some 2,000 games, those a worker process draws for, fit."""
_strips: OrderedDict[Hashable, tuple[int, int, Piece]] = OrderedDict()
_strip_bytes = [0]


def encode_strips(strips: Sequence[Strip], palette: bytes) -> bytes:
    """A palette picture ("P" mode, every strip on `palette`) put together from strips, top to bottom.

    A strip whose key was seen before is neither drawn nor deflated again: a game's picture that changed in
    one strip costs that strip. One byte a pixel (not three) is a third of the deflating."""
    pieces: list[Piece] = []
    width, height = 0, 0
    for key, draw in strips:
        with _lock:
            got = _strips.get(key)
            if got is not None:
                _strips.move_to_end(key)
        if got is None:
            image = draw()
            if image.mode != "P":
                raise ValueError(f"strip {key!r} is {image.mode}, not a palette image")
            got = (image.width, image.height, _rows(image, banded=False))
            if not isinstance(key, Passing):
                _keep(key, got)
        if width and got[0] != width:
            raise ValueError(f"strip {key!r} is {got[0]} pixels wide, the picture {width}")
        width, height = got[0], height + got[1]
        pieces.append(got[2])
    return _assemble(width, height, 3, pieces, palette)


def forget_strips() -> None:
    """Empty the strips' cache (tests start from nothing)."""
    with _lock:
        _strips.clear()
        _strip_bytes[0] = 0


def _keep(key: Hashable, strip: tuple[int, int, Piece]) -> None:
    with _lock:
        if key in _strips:  # drawn by another thread meanwhile
            return
        _strips[key] = strip
        _strip_bytes[0] += len(strip[2][0])
        while _strip_bytes[0] > STRIP_BYTES:
            _, (_, _, (old, _, _)) = _strips.popitem(last=False)
            _strip_bytes[0] -= len(old)


def _rows(image: Image.Image, banded: bool = True) -> Piece:
    """The image's rows, unfiltered, deflated in bands (each band from the cache when seen before), or at
    once (a strip, itself cached whole)."""
    if image.mode == "P":  # a column of zeros on the left is the filter byte of each row
        padded = Image.new("P", (image.width + 1, image.height), 0)
        padded.paste(image, (1, 0))
        rows = padded.tobytes()
    else:
        raw = memoryview(image.tobytes())
        stride = image.width * len(image.getbands())
        rows = b"\x00" + b"\x00".join(raw[i:i + stride] for i in range(0, len(raw), stride))  # filter 0 a row
    if not banded:
        return _squeezed(rows), deflater.adler32(rows), len(rows)
    step = (image.width * len(image.getbands()) + 1) * BAND_ROWS
    parts = []
    adler = 1
    for start in range(0, len(rows), step):
        band = rows[start:start + step]
        packed, band_adler = _deflated(band)
        parts.append(packed)
        adler = _adler_combine(adler, band_adler, len(band))
    return b"".join(parts), adler, len(rows)


def _assemble(width: int, height: int, colour_type: int, pieces: Sequence[Piece], palette: bytes = b"") -> bytes:
    adler = 1
    for _, piece_adler, length in pieces:
        adler = _adler_combine(adler, piece_adler, length)
    data = b"".join([b"\x78\x01", *(p[0] for p in pieces), _LAST_BLOCK, struct.pack(">I", adler)])
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    plte = _chunk(b"PLTE", palette) if palette else b""
    return _SIGNATURE + _chunk(b"IHDR", header) + plte + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")


def _deflated(band: bytes) -> tuple[bytes, int]:
    """One band as raw deflate blocks ending on a byte boundary, and its Adler-32; from the cache when seen
    before (found by its hash, checksum and length together)."""
    adler = deflater.adler32(band)
    key = (hash(band), adler, len(band))
    with _lock:
        packed = _bands.get(key)
        if packed is not None:
            _bands.move_to_end(key)
            return packed, adler
    packed = _squeezed(band)
    with _lock:
        _bands[key] = packed
        if len(_bands) > CACHED_BANDS:
            _bands.popitem(last=False)
    return packed, adler


def _squeezed(data: bytes) -> bytes:
    """`data` as raw deflate blocks at level 1, ending on a byte boundary (a sync flush), referring to nothing
    before them: a piece that can stand anywhere in a stream."""
    squeeze = deflater.compressobj(1, deflater.DEFLATED, -15)
    packed: bytes = squeeze.compress(data) + squeeze.flush(deflater.Z_SYNC_FLUSH)
    return packed


def _adler_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two pieces from theirs (zlib's adler32_combine, which Python does not expose)."""
    base = 65521
    rem = second_length % base
    low = (first & 0xFFFF) + (second & 0xFFFF) + base - 1
    high = (rem * (first & 0xFFFF)) % base + (first >> 16) + (second >> 16) + base - rem
    return (low % base) | ((high % base) << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", deflater.crc32(data, deflater.crc32(kind)))
