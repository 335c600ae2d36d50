"""The drilling template written out: one SVG of the whole board at 1:1, and printable pages (PNG at a stated
DPI, or one PDF) on A4 or Letter, tiled with alignment marks when the board is larger than a sheet.

In the SVG one user unit is one millimetre (width and height are given in mm), so any program that honours
them prints it at true size. Every page carries its own 100 mm scale bar to check the printer.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from enum import Enum
from xml.sax.saxutils import escape

from PIL import Image, ImageDraw, ImageFont

from render.template import Template
from render.template_back import back_marks, back_title
from render.template_marks import (
    GREY,
    INK,
    TEXT_MM,
    Box,
    Circle,
    Label,
    Line,
    Mark,
    board_marks,
    bounds,
    scale_bar,
    title,
)

SHEET_MARGIN_MM = 10.0
"""What most printers cannot reach at a sheet's edge."""
FOOTER_MM = 18.0
"""The band under the drawing for the page's name, the title (two lines) and the scale bar."""
OVERLAP_MM = 12.0
"""Neighbouring pages share this much of the board, with crosshairs in it to lay them on each other."""
DEFAULT_DPI = 300


class Side(Enum):
    """Which face of the board a sheet shows: the front (holes, engraving) or the back, mirrored (channels,
    grooves, bay)."""

    FRONT = "front"
    BACK = "back"


def side_marks(template: Template, side: Side) -> list[Mark]:
    return board_marks(template) if side is Side.FRONT else back_marks(template)


def side_title(template: Template, side: Side) -> tuple[str, str]:
    """The sheet's title in two lines, split at the `;` nearest its middle."""
    text = title(template) if side is Side.FRONT else back_title(template)
    cuts = [i for i, ch in enumerate(text) if ch == ";"]
    cut = min(cuts, key=lambda i: abs(i - len(text) / 2)) if cuts else len(text)
    return text[:cut + 1], text[cut + 1:].strip()


class PaperSize(Enum):
    """Paper sizes, portrait (width, height) in millimetres."""

    A4 = (210.0, 297.0)
    LETTER = (215.9, 279.4)


@dataclass(frozen=True, slots=True)
class Page:
    """One printed sheet: its place in the grid (from 0) and the board window it shows (left, top, w, h)."""

    column: int
    row: int
    columns: int
    rows: int
    size_mm: tuple[float, float]
    window: tuple[float, float, float, float]

    @property
    def name(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.column + 1}"


def _grid(length: float, window: float) -> int:
    return 1 if length <= window else math.ceil((length - OVERLAP_MM) / (window - OVERLAP_MM))


def pages(template: Template, sheet: PaperSize = PaperSize.A4) -> tuple[Page, ...]:
    """The sheets that print the board, in the orientation that needs fewest, row by row."""
    left, top, width, height = bounds(template)
    best: tuple[Page, ...] = ()
    for size in (sheet.value, sheet.value[::-1]):
        window_w = size[0] - 2 * SHEET_MARGIN_MM
        window_h = size[1] - 2 * SHEET_MARGIN_MM - FOOTER_MM
        columns, rows = _grid(width, window_w), _grid(height, window_h)
        found = tuple(Page(c, r, columns, rows, size,
                           (left + c * (window_w - OVERLAP_MM), top + r * (window_h - OVERLAP_MM), window_w, window_h))
                      for r in range(rows) for c in range(columns))
        wide = (size[0] >= size[1]) == (width >= height)  # on a tie, the sheet that lies along the board
        if not best or len(found) < len(best) or (len(found) == len(best) and wide):
            best = found
    return best


def crosshairs(template: Template, grid: tuple[Page, ...]) -> list[Mark]:
    """A crosshair in the middle of each overlap between neighbouring pages, at both ends of the board's part
    in it: printed on both sheets, so laying one on the other lines the board up."""
    left, top, width, height = bounds(template)
    out: list[Mark] = []
    for page in grid:
        x, y, w, h = page.window
        y1, y2 = max(y, top) + 5, min(y + h, top + height) - 5
        x1, x2 = max(x, left) + 5, min(x + w, left + width) - 5
        if page.column + 1 < page.columns:
            mid = x + w - OVERLAP_MM / 2
            out += _cross(mid, y1) + _cross(mid, y2)
        if page.row + 1 < page.rows:
            mid = y + h - OVERLAP_MM / 2
            out += _cross(x1, mid) + _cross(x2, mid)
    return out


def _cross(x: float, y: float) -> list[Mark]:
    return [Circle(x, y, 2.0, INK, 0.2), Line(x - 4, y, x + 4, y, INK, 0.2), Line(x, y - 4, x, y + 4, INK, 0.2)]


def svg(template: Template, side: Side = Side.FRONT) -> str:
    """The whole board (one side) at 1:1 as SVG text, millimetres throughout, with its scale bar under it."""
    left, top, width, height = bounds(template)
    height += FOOTER_MM
    foot = top + height - FOOTER_MM / 2
    lines = side_title(template, side)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.3f}mm" height="{height:.3f}mm" '
             f'viewBox="{left:.3f} {top:.3f} {width:.3f} {height:.3f}">',
             f"<title>{escape(' '.join(lines))}</title>",
             f'<rect x="{left:.3f}" y="{top:.3f}" width="{width:.3f}" height="{height:.3f}" fill="white"/>',
             _svg_label(Label(left + 4, top + 3, lines[0], TEXT_MM * 0.7, GREY, "start")),
             _svg_label(Label(left + 4, top + 6, lines[1], TEXT_MM * 0.7, GREY, "start"))]
    parts += [_svg_mark(mark) for mark in side_marks(template, side)]
    parts.append('<g id="scale-bar">' + "".join(_svg_mark(mark) for mark in scale_bar(left + 4, foot)) + "</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _rgb(colour: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _svg_label(label: Label) -> str:
    return (f'<text x="{label.x:.3f}" y="{label.y:.3f}" font-size="{label.size:.2f}" font-family="sans-serif" '
            f'text-anchor="{label.anchor}" fill="{_rgb(label.colour)}">{escape(label.text)}</text>')


def _svg_mark(mark: Mark) -> str:
    if isinstance(mark, Label):
        return _svg_label(mark)
    stroke = f'stroke="{_rgb(mark.colour)}" stroke-width="{mark.width:g}"'
    if isinstance(mark, Circle):
        return f'<circle cx="{mark.x:.3f}" cy="{mark.y:.3f}" r="{mark.r:.3f}" fill="none" {stroke}/>'
    dash = ' stroke-dasharray="1.5 1"' if mark.dashed else ""
    if isinstance(mark, Line):
        return (f'<line x1="{mark.x1:.3f}" y1="{mark.y1:.3f}" x2="{mark.x2:.3f}" y2="{mark.y2:.3f}" '
                f"{stroke}{dash}/>")
    return (f'<rect x="{mark.x:.3f}" y="{mark.y:.3f}" width="{mark.w:.3f}" height="{mark.h:.3f}" fill="none" '
            f"{stroke}{dash}/>")


class _Pen:
    """Draws marks given in millimetres onto a Pillow image at `dpi`, the point (ox, oy) at pixel 0, 0."""

    def __init__(self, image: Image.Image, dpi: int, ox: float, oy: float) -> None:
        self.draw = ImageDraw.Draw(image)
        self.scale = dpi / 25.4
        self.ox, self.oy = ox, oy

    def px(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.ox) * self.scale, (y - self.oy) * self.scale

    def width(self, mm: float) -> int:
        return max(1, round(mm * self.scale))

    def mark(self, mark: Mark) -> None:
        if isinstance(mark, Circle):
            x, y = self.px(mark.x, mark.y)
            r = mark.r * self.scale
            self.draw.ellipse((x - r, y - r, x + r, y + r), outline=mark.colour, width=self.width(mark.width))
        elif isinstance(mark, Line):
            self.line(mark.x1, mark.y1, mark.x2, mark.y2, mark.colour, mark.width, mark.dashed)
        elif isinstance(mark, Box):
            corners = ((mark.x, mark.y), (mark.x + mark.w, mark.y), (mark.x + mark.w, mark.y + mark.h),
                       (mark.x, mark.y + mark.h), (mark.x, mark.y))
            for (x1, y1), (x2, y2) in zip(corners, corners[1:], strict=False):
                self.line(x1, y1, x2, y2, mark.colour, mark.width, mark.dashed)
        else:
            font = ImageFont.load_default(size=max(6, round(mark.size * self.scale)))
            anchor = {"start": "ls", "middle": "ms", "end": "rs"}[mark.anchor]
            self.draw.text(self.px(mark.x, mark.y), mark.text, fill=mark.colour, font=font, anchor=anchor)

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: tuple[int, int, int], width: float,
             dashed: bool) -> None:
        length = math.hypot(x2 - x1, y2 - y1)
        pieces = [(0.0, 1.0)] if not dashed or not length else [
            (s / length, min(1.0, (s + 1.5) / length)) for s in _steps(length, 2.5)]
        for a, b in pieces:
            start = self.px(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a)
            end = self.px(x1 + (x2 - x1) * b, y1 + (y2 - y1) * b)
            self.draw.line((start, end), fill=colour, width=self.width(width))


def _steps(length: float, step: float) -> list[float]:
    return [k * step for k in range(int(length // step) + 1)]


def page_image(template: Template, page: Page, grid: tuple[Page, ...], dpi: int = DEFAULT_DPI,
               side: Side = Side.FRONT) -> Image.Image:
    """One sheet at `dpi`: its window of the board, the alignment crosshairs, and its footer with the scale bar."""
    scale = dpi / 25.4
    size = (round(page.size_mm[0] * scale), round(page.size_mm[1] * scale))
    image = Image.new("RGB", size, "white")
    x, y, w, h = page.window
    window = image.crop((0, 0, round(w * scale), round(h * scale)))
    pen = _Pen(window, dpi, x, y)
    for mark in side_marks(template, side) + crosshairs(template, grid):
        pen.mark(mark)
    image.paste(window, (round(SHEET_MARGIN_MM * scale), round(SHEET_MARGIN_MM * scale)))
    foot = _Pen(image, dpi, 0, 0)
    base = SHEET_MARGIN_MM + h
    foot.draw.rectangle((*foot.px(SHEET_MARGIN_MM, SHEET_MARGIN_MM), *foot.px(SHEET_MARGIN_MM + w, base)),
                        outline=GREY, width=1)
    foot.mark(Label(SHEET_MARGIN_MM, base + 4, f"{side.value} page {page.name} ({grid.index(page) + 1} of "
                    f"{len(grid)}, {page.rows} row(s) of {page.columns}; overlap {OVERLAP_MM:g} mm: lay crosshairs "
                    "on crosshairs)", TEXT_MM * 0.8, INK, "start"))
    for k, line in enumerate(side_title(template, side)):
        foot.mark(Label(SHEET_MARGIN_MM, base + 7.3 + 3.0 * k, line, TEXT_MM * 0.62, GREY, "start"))
    for mark in scale_bar(SHEET_MARGIN_MM + 2, base + 15.5):
        foot.mark(mark)
    return image


def png_bytes(image: Image.Image, dpi: int) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(dpi, dpi), optimize=True)
    return out.getvalue()


def pdf_bytes(images: list[Image.Image], dpi: int) -> bytes:
    """All pages as one PDF; `resolution` makes each page its sheet's size, so it prints at 100%."""
    out = io.BytesIO()
    images[0].save(out, "PDF", resolution=float(dpi), save_all=True, append_images=images[1:])
    return out.getvalue()


def preview(template: Template, dpi: int = 40, span: tuple[float, float] | None = None,
            side: Side = Side.FRONT) -> Image.Image:
    """The board (or the part of it from span[0] to span[1] mm across) on one image at a low DPI, for the
    guide: the layout at a glance, not for printing."""
    left, top, width, height = bounds(template)
    if span is not None:
        left, width = max(left, span[0]), min(left + width, span[1]) - max(left, span[0])
    scale = dpi / 25.4
    image = Image.new("RGB", (round(width * scale), round((height + FOOTER_MM) * scale)), "white")
    pen = _Pen(image, dpi, left, top)
    for mark in side_marks(template, side) + scale_bar(left + 4, top + height + FOOTER_MM / 2):
        pen.mark(mark)
    return image


def stacked(images: list[Image.Image], gap_px: int = 12) -> Image.Image:
    """Images one above the other, left-aligned, with a grey rule between them."""
    width = max(image.width for image in images)
    out = Image.new("RGB", (width, sum(image.height for image in images) + gap_px * (len(images) - 1)), "white")
    y = 0
    for image in images:
        if y:
            ImageDraw.Draw(out).line((0, y - gap_px // 2, width, y - gap_px // 2), fill=GREY, width=1)
        out.paste(image, (0, y))
        y += image.height + gap_px
    return out
