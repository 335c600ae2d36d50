"""The drilling template puts every hole exactly over its LED, at the strip's true pitch, and prints true to size."""

import xml.etree.ElementTree as ET
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image

from bot.cli.main import main
from firmware.pegboard import layout as layouts
from render.template import (
    Density,
    JointKind,
    TemplateError,
    TemplateProblem,
    TemplateSpec,
    cut_list,
    make_template,
)
from render.template_draw import OVERLAP_MM, PaperSize, Side, page_image, pages, preview, stacked, svg
from render.template_marks import bounds

SVG = "{http://www.w3.org/2000/svg}"
BOARDS = [(name, tracks, holes) for name in layouts.NAMES for tracks in (1, 2, 3, 4) for holes in (61, 121)]


@pytest.mark.parametrize("density", list(Density))
@pytest.mark.parametrize(("name", "tracks", "holes"), BOARDS)
def test_every_hole_centre_is_its_leds_place_times_the_pitch(name: str, tracks: int, holes: int,
                                                            density: Density) -> None:
    template = make_template(TemplateSpec(name, tracks, holes, density))
    shape = layouts.make(name, tracks, holes)
    assert shape is not None and len(template.holes) == shape.leds
    for hole in template.holes:
        column, row = shape.place(hole.led)
        assert hole.x_mm == column * 1000 / density.value
        assert hole.y_mm == row * template.row_mm + hole.track * template.gap_mm  # players' rows apart
        for score in hole.scores:
            assert shape.led(hole.track, score) == hole.led
    for piece in template.pieces:  # along a piece of strip, neighbours are exactly one pitch apart
        for led in range(piece.first, piece.last):
            a, b = template.hole_at(led), template.hole_at(led + 1)
            assert abs(abs(b.x_mm - a.x_mm) - 1000 / density.value) < 1e-9 and a.y_mm == b.y_mm


def test_the_true_pitch_not_a_rounded_seven_mm() -> None:
    template = make_template(TemplateSpec())
    assert round(template.pitch_mm, 3) == 6.944
    assert round(template.hole_at(121).x_mm, 2) == 840.28  # 7 mm would put hole 121 at 847: 6.7 mm off
    assert round(121 * 7.0 - template.hole_at(121).x_mm, 1) == 6.7
    assert template.hole_at(122).scores == (121,) and template.hole_at(243).scores == (0,)
    assert (template.row_mm, template.gap_mm, template.hole_mm) == (18.0, 6.0, 4.0)


def test_a_traditional_lap_led_serves_two_holes_and_the_game_hole_sits_between_its_rows() -> None:
    template = make_template(TemplateSpec(layouts.TRADITIONAL))
    assert template.hole_at(26).scores == (27, 87)
    game = template.hole_at(60)
    assert game.scores == (121,) and game.x_mm == 0.0 and game.y_mm == 9.0
    assert template.hole_at(61).y_mm == 2.5 * 18 + 6  # track 2's game hole, between its rows: a gap further
    assert [(p.first, p.last) for p in template.pieces] == [(0, 29), (30, 59), (60, 60), (61, 61), (62, 91),
                                                             (92, 121)]
    assert [j.after for j in template.joints] == [29, 59, 60, 61, 91]


def test_cut_lists_in_whole_reels() -> None:
    straight = cut_list(make_template(TemplateSpec(tracks=3)))
    assert (straight.leds, straight.pieces, straight.jumpers, straight.reels) == (366, ((122, 3),), 2, 3)
    traditional = cut_list(make_template(TemplateSpec(layouts.TRADITIONAL, 2)))
    assert (traditional.leds, traditional.pieces, traditional.reels) == (122, ((30, 4), (1, 2)), 1)
    assert round(traditional.strip_m, 3) == 0.847


def test_folds_only_where_a_fold_fits_between_rows_a_strips_width_apart() -> None:
    wide = make_template(TemplateSpec(layouts.TRADITIONAL, 2, 121, Density.PER_M_60, row_mm=10.0))
    assert [(j.after, j.kind) for j in wide.joints] == [
        (29, JointKind.FOLD), (59, JointKind.JUMPER), (60, JointKind.JUMPER), (61, JointKind.JUMPER),
        (91, JointKind.FOLD)]
    assert all(j.kind is JointKind.JUMPER for j in make_template(TemplateSpec(layouts.TRADITIONAL)).joints)


@pytest.mark.parametrize(("spec", "problem", "words"), [
    (TemplateSpec(hole_mm=6.0), TemplateProblem.HOLE, "a 6 mm hole at a 6.944 mm pitch"),
    (TemplateSpec(row_mm=8.0), TemplateProblem.ROWS, "rows 8 mm apart"),
    (TemplateSpec(layouts.TRADITIONAL, holes=91), TemplateProblem.LAYOUT, "no 'traditional' board of 2 tracks and 91"),
    (TemplateSpec("round"), TemplateProblem.LAYOUT, "no 'round' board"),
])
def test_an_impossible_template_is_refused_by_name(spec: TemplateSpec, problem: TemplateProblem, words: str) -> None:
    with pytest.raises(TemplateError) as caught:
        make_template(spec)
    assert caught.value.code is problem and str(caught.value).startswith(words)


def test_the_svg_is_in_millimetres_and_its_scale_bar_measures_100_mm() -> None:
    template = make_template(TemplateSpec())
    root = ET.fromstring(svg(template))
    left, top, width, height = (float(v) for v in root.attrib["viewBox"].split())
    assert root.attrib["width"] == f"{width:.3f}mm" and root.attrib["height"] == f"{height:.3f}mm"
    bar = root.find(f"{SVG}g[@id='scale-bar']")
    assert bar is not None
    line = bar.find(f"{SVG}line")
    assert line is not None
    assert float(line.attrib["x2"]) - float(line.attrib["x1"]) == 100.0
    assert len(bar.findall(f"{SVG}line")) == 12  # the bar and a tick every 10 mm
    assert "".join(bar.itertext()).startswith("100 mm")
    circles = [c for c in root.iter(f"{SVG}circle") if c.attrib["r"] == "2.000"]
    assert len(circles) == 244
    assert {(c.attrib["cx"], c.attrib["cy"]) for c in circles} >= {("840.278", "0.000"), ("840.278", "24.000")}


def longest_dark_run(image: Image.Image, top: int) -> int:
    """The longest run of black pixels along any row from `top` down."""
    grey = image.convert("L")
    pixels, width = grey.tobytes(), grey.width
    best = 0
    for y in range(top, grey.height):
        run = 0
        for value in pixels[y * width:(y + 1) * width]:
            run = run + 1 if value < 60 else 0
            best = max(best, run)
    return best


@pytest.mark.parametrize("sheet", list(PaperSize))
def test_a_printed_page_is_its_sheets_size_and_its_scale_bar_is_100_mm_at_its_dpi(sheet: PaperSize) -> None:
    template = make_template(TemplateSpec(layouts.TRADITIONAL))
    grid = pages(template, sheet)
    assert len(grid) == 2 and grid[0].size_mm == sheet.value[::-1]  # landscape, along the board
    image = page_image(template, grid[0], grid, 100)
    assert image.size == (round(sheet.value[1] / 25.4 * 100), round(sheet.value[0] / 25.4 * 100))
    bar = longest_dark_run(image, image.height - round(22 / 25.4 * 100))
    assert abs(bar - 100 / 25.4 * 100) <= 2, bar


@pytest.mark.parametrize("sheet", list(PaperSize))
def test_a_long_board_is_tiled_with_overlaps_that_hold_every_hole(sheet: PaperSize) -> None:
    template = make_template(TemplateSpec(tracks=4, density=Density.PER_M_96))
    grid = pages(template, sheet)
    assert len(grid) == len({p.name for p in grid}) > 1
    for a, b in zip(grid, grid[1:], strict=False):
        if a.row == b.row:
            assert round(a.window[0] + a.window[2] - b.window[0], 6) == OVERLAP_MM
    for hole in template.holes:
        assert any(p.window[0] <= hole.x_mm <= p.window[0] + p.window[2]
                   and p.window[1] <= hole.y_mm <= p.window[1] + p.window[3] for p in grid), hole
    left, top, width, height = bounds(template)
    assert grid[0].window[:2] == (left, top)


def test_the_command_writes_svg_pdf_and_pages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stem = tmp_path / "board"
    assert main(["board", "template", "--layout", "straight", "--tracks", "2", "--dpi", "100", "-o", str(stem)]) == 0
    out = capsys.readouterr().out
    assert "244 LEDs at 144/m, pitch 6.944 mm" in out and "2 x 122 LEDs (847 mm)" in out and "2 reel(s)" in out
    assert (tmp_path / "board.pdf").read_bytes().startswith(b"%PDF")
    assert ET.fromstring((tmp_path / "board.svg").read_text()).tag == f"{SVG}svg"
    sheets = sorted(p.name for p in tmp_path.glob("board-*.png"))
    assert sheets == ["board-A1.png", "board-A2.png", "board-A3.png", "board-A4.png", "board-back-A1.png",
                      "board-back-A2.png", "board-back-A3.png", "board-back-A4.png"]
    assert ET.fromstring((tmp_path / "board-back.svg").read_text()).tag == f"{SVG}svg"
    assert "board 965 x 78 mm: face 4 mm, core 6 mm (channels cut through), back 9 mm: 19 mm thick" in out
    with Image.open(tmp_path / "board-A1.png") as page:
        assert page.size == (1169, 827) and round(page.info["dpi"][0]) == 100
    assert main(["board", "template", "--hole", "9", "-o", str(stem)]) == 2
    assert "a 9 mm hole at a 6.944 mm pitch" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        main(["board", "template", "--dpi", "600", "-o", str(stem)])
    assert stopped.value.code == 2
    assert "argument --dpi: '600' is not a whole number from 72 to 300" in capsys.readouterr().err


STRAIGHT = make_template(TemplateSpec())
TRADITIONAL_3 = make_template(TemplateSpec(layouts.TRADITIONAL, 3))
GUIDE_PICTURES = {
    "template-straight.png": lambda: stacked([preview(STRAIGHT, 110, (-110, 130)), preview(STRAIGHT, 110, (700, 875))]),
    "template-straight-back.png": lambda: preview(STRAIGHT, 110, (620, 875), Side.BACK),
    "template-traditional.png": lambda: preview(TRADITIONAL_3, 90),
    "template-traditional-back.png": lambda: preview(TRADITIONAL_3, 90, None, Side.BACK),
}


@pytest.mark.parametrize("name", sorted(GUIDE_PICTURES))
def test_the_guides_template_pictures_are_the_templates(name: str) -> None:
    path = Path(__file__).resolve().parents[2] / "docs" / "images" / name
    assert f"(images/{name})" in (path.parents[1] / "board-hardware.md").read_text()
    with Image.open(BytesIO(path.read_bytes())) as stored:
        assert stored.convert("RGB").tobytes() == GUIDE_PICTURES[name]().tobytes()
