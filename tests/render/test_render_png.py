"""The PNG writer (rows deflated in cached bands) and pictures put together from parts (Canvas.region, Sheet)."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image

from render import png
from render.canvas import Canvas, Sheet
from render.style import FELT


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def striped(mode: str, size: tuple[int, int]) -> Image.Image:
    """A picture with flat rows (shared with other pictures) and noisy ones (its own)."""
    image = Image.new(mode, size, (30, 90, 60, 255)[: len(mode)] if len(mode) > 1 else 90)
    noise = Image.effect_noise((size[0], size[1] // 3), 80).convert(mode)
    image.paste(noise, (0, size[1] // 3))
    return image


def test_every_mode_reads_back_pixel_for_pixel() -> None:
    for mode in ("L", "RGB", "RGBA", "P"):
        image = striped(mode if mode != "P" else "RGB", (83, 29))
        if mode == "P":
            image = image.convert("P")
        data = png.encode(image)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        back = decoded(data)
        assert (back.mode, back.size) == (mode, (83, 29))
        assert back.tobytes() == image.tobytes(), mode


def test_the_bytes_do_not_depend_on_what_the_cache_holds() -> None:
    image = striped("RGB", (120, 41))  # 41 rows: five bands of eight and a last band of one
    png._bands.clear()
    cold = png.encode(image)
    assert len(png._bands) == 5  # rows 0-7 and 32-39 are both flat: one band, deflated once
    warm = png.encode(image)
    assert warm == cold
    other = image.copy()
    other.paste((200, 30, 36), (0, 40, 120, 41))  # only the last row differs: one band is new
    before = len(png._bands)
    assert decoded(png.encode(other)).tobytes() == other.tobytes()
    assert len(png._bands) == before + 1


def test_the_stream_checksum_is_that_of_every_row() -> None:
    image = striped("RGB", (50, 20))
    data = png.encode(image)
    idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
    rows = b"".join(b"\x00" + image.tobytes()[i * 150:(i + 1) * 150] for i in range(20))
    assert zlib.decompress(idat) == rows
    assert idat[-4:] == zlib.adler32(rows).to_bytes(4, "big")


def test_a_region_drawn_apart_is_that_part_of_the_whole() -> None:
    def scene(c: Canvas) -> None:
        c.rect((30, 12, 90, 40), fill=(250, 248, 240), outline=(18, 66, 45), width=1.5, radius=7)
        c.circle((61.5, 26.25), 9.3, fill=(214, 171, 44))
        c.text((33.5, 18.7), "15", 12.5, (24, 26, 30), bold=True)

    whole = Canvas(120, 60, FELT)
    scene(whole)
    part = Canvas.region(Canvas(120, 60, FELT).image, (24, 8, 100, 48))
    scene(part)
    assert part.origin == (24, 8)
    assert part.small().size == (76, 40)
    assert part.small().tobytes() == whole.small().crop((24, 8, 100, 48)).tobytes()
    sheet = Sheet(Canvas(120, 60, FELT).small())
    sheet.put(part.small(), part.origin)
    assert sheet.image.tobytes() == whole.small().tobytes()
    assert decoded(sheet.png()).getpixel((61, 26)) == (214, 171, 44)


def test_zlib_ng_deflates_and_plain_zlib_writes_the_same_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    """zlib-ng (a dependency) deflates; without it zlib does: other bytes, the same picture."""
    assert png.deflater.__name__ == "zlib_ng.zlib_ng"
    image = striped("RGB", (64, 24))
    fast = png.encode(image)
    png._bands.clear()
    monkeypatch.setattr(png, "deflater", zlib)
    plain = png.encode(image)
    png._bands.clear()
    assert fast != plain
    assert decoded(fast).tobytes() == decoded(plain).tobytes() == image.tobytes()


def test_strips_are_kept_within_their_bytes_and_passing_ones_not_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    png.forget_strips()
    drawn: list[str] = []

    def strip(name: str, shade: int) -> png.Strip:
        def draw() -> Image.Image:
            drawn.append(name)
            image = Image.new("P", (40, 6))
            image.putdata([(i * 7 + shade) % 256 for i in range(240)])
            return image
        return (png.Passing(name) if name.startswith("passing") else name, draw)

    palette = bytes(range(256)) * 3
    first = png.encode_strips([strip("a", 0), strip("passing", 1)], palette)
    assert drawn == ["a", "passing"]
    assert png.encode_strips([strip("a", 0), strip("passing", 1)], palette) == first
    assert drawn == ["a", "passing", "passing"]  # a kept, the passing strip drawn again
    assert list(png._strips) == ["a"]
    size = len(png._strips["a"][2][0])
    monkeypatch.setattr(png, "STRIP_BYTES", 2 * size + 1)  # room for two strips of a's size
    for name, shade in (("b", 2), ("c", 3)):
        png.encode_strips([strip(name, shade)], palette)
    assert list(png._strips) == ["b", "c"]  # a, the least recently used, made room
    png.encode_strips([strip("b", 2), strip("d", 4)], palette)
    assert list(png._strips) == ["b", "d"]  # b, used again, stayed; c went
    assert drawn[-3:] == ["b", "c", "d"]
    png.forget_strips()
