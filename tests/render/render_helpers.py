"""Shared checks for the render tests: decode a PNG and compare pixel colours with a tolerance."""

from __future__ import annotations

import io

from PIL import Image

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def decode(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def rgb_at(image: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    if image.mode == "P":  # a palette picture (the live table, the show, a hand): the colour of its index
        image = image.convert("RGB")
    pixel = image.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 24) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3], strict=True))
