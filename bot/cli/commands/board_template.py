"""`cribbage board template`: the 1:1 drilling template of a pegboard, as SVG, printable pages and a PDF.

Registered by `bot/cli/commands/board.py` as one more action of `cribbage board`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli.errors import UsageError
from bot.cli.files import WriteFailed, failed, write_all
from bot.cli.numbers import decimal, whole
from bot.cli.paths import SHOWN, check_output
from engine.core.errors import excerpt
from firmware.pegboard import layout as layouts
from render.template import CutList, Density, Template, TemplateError, TemplateSpec, cut_list, make_template
from render.template_draw import DEFAULT_DPI, PaperSize, Side, page_image, pages, pdf_bytes, png_bytes, svg
from render.template_plan import BACK_MM, CORE_MM, FACE_MM, plan


def register(boards: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = boards.add_parser("template", help="a 1:1 drilling template: SVG, PNG pages and a PDF for A4 or Letter",
                          description="Write the drilling template of a board, front and back: every hole exactly "
                                      "over its LED at the strip's true pitch, the outline, streets and skunk line, "
                                      "registration holes, and on the back (mirrored) the channels, wire grooves, "
                                      "the electronics bay with its parts, the joints and the data's direction. "
                                      "STEM.svg and STEM-back.svg are the board at 1:1; STEM.pdf (front pages, then "
                                      "back pages), STEM-A1.png... and STEM-back-A1.png... are the sheets to print "
                                      "at 100%, tiled with crosshairs when the board is larger.")
    p.add_argument("--layout", choices=layouts.NAMES, default=layouts.STRAIGHT, help=layouts.summary())
    p.add_argument("--tracks", type=whole(1, 4), default=2, help="number of tracks (default 2)")
    p.add_argument("--holes", type=whole(1, 999), choices=(61, 121), default=121, help="holes per track (default 121)")
    p.add_argument("--density", type=whole(1, 999), choices=[d.value for d in Density], default=144,
                   help="the strip's LEDs per metre (default 144: a pitch of 6.944 mm)")
    p.add_argument("--hole", type=decimal(0.5, 50.0), default=None, metavar="MM",
                   help="hole diameter (default 4 mm at 144/m, else 5 mm)")
    p.add_argument("--rows", type=decimal(1.0, 200.0), default=None, metavar="MM",
                   help="distance between a track's rows (default the strip's width + 6 mm: 18 mm at 144/m)")
    p.add_argument("--gap", type=decimal(0.0, 100.0), default=None, metavar="MM",
                   help="added between two tracks' rows, between players (default 6 mm)")
    p.add_argument("--paper", choices=("a4", "letter"), default="a4", help="the sheets (default a4)")
    p.add_argument("--dpi", type=whole(72, 300), default=DEFAULT_DPI,
                   help=f"the pages' resolution, 72-300 (default {DEFAULT_DPI})")
    p.add_argument("-o", "--output", required=True, metavar="STEM",
                   help="write STEM.svg, STEM-back.svg, STEM.pdf, STEM-A1.png..., STEM-back-A1.png...")
    p.set_defaults(func=run_template)


def _spec(args: argparse.Namespace) -> TemplateSpec:
    return TemplateSpec(args.layout, args.tracks, args.holes, Density.of(args.density), args.hole, args.rows,
                        args.gap)


def describe(template: Template, cuts: CutList) -> list[str]:
    """The board's numbers as a builder needs them: LEDs, pitch, sizes, and the cut list."""
    left, top, right, bottom = template.extent()
    outline = plan(template).outline
    pieces = ", ".join(f"{n} x {leds} LEDs ({leds * template.pitch_mm:.0f} mm)" for leds, n in cuts.pieces)
    return [
        f"{template.layout.name} board, {template.layout.tracks} tracks x {template.layout.holes} holes: "
        f"{cuts.leds} LEDs at {template.spec.density.value}/m, pitch {template.pitch_mm:.3f} mm",
        f"holes {template.hole_mm:g} mm, rows {template.row_mm:g} mm apart ({template.gap_mm:g} mm more between "
        f"tracks); hole centres span {right - left:.1f} x {bottom - top:.1f} mm",
        f"board {outline.w:.0f} x {outline.h:.0f} mm: face {FACE_MM:g} mm, core {CORE_MM:g} mm (channels cut "
        f"through), back {BACK_MM:g} mm: {FACE_MM + CORE_MM + BACK_MM:g} mm thick",
        f"strip {cuts.strip_m:.2f} m in {len(template.pieces)} pieces: {pieces}; "
        f"{cuts.jumpers} jumpered and {cuts.folds} folded joints; {cuts.reels} reel(s) of "
        f"{template.spec.density.reel_leds} LEDs",
    ]


def run_template(args: argparse.Namespace) -> int:
    stem = Path(args.output)
    if not stem.name or stem.name in (".", "..") or args.output.endswith(("/", "\0")):
        raise UsageError(f"-o {excerpt(args.output, SHOWN)} names no file: give a stem such as board")
    for ending in (".svg", "-back.svg", ".pdf"):  # checked before the work: a folder or a full disk is said at once
        check_output(str(stem.with_name(stem.name + ending)), "-o")
    try:
        template = make_template(_spec(args))
    except TemplateError as exc:
        raise UsageError(str(exc)) from None
    grid = pages(template, PaperSize.A4 if args.paper == "a4" else PaperSize.LETTER)
    sheets = [(prefix + page.name, page_image(template, page, grid, args.dpi, side))
              for side, prefix in ((Side.FRONT, ""), (Side.BACK, "back-")) for page in grid]
    images = [image for _, image in sheets]
    files = [(stem.with_name(stem.name + ".svg"), svg(template).encode("utf-8")),
             (stem.with_name(stem.name + "-back.svg"), svg(template, Side.BACK).encode("utf-8")),
             (stem.with_name(stem.name + ".pdf"), pdf_bytes(images, args.dpi))]
    files += [(stem.with_name(f"{stem.name}-{name}.png"), png_bytes(image, args.dpi)) for name, image in sheets]
    try:
        write_all(files)  # every file whole, or none of them: the ones there before are kept
    except WriteFailed as exc:
        return failed("board", exc)
    written = [path for path, _ in files]
    print("\n".join(describe(template, cut_list(template))))
    print(f"wrote {', '.join(str(p) for p in written)}: {len(grid)} {args.paper} page(s) a side at {args.dpi} "
          "dpi; print at 100% and check the 100 mm scale bar")
    return 0
