"""The builder's numbers in docs/board-hardware.md are the code's: LED counts, the strip's pitch and drift, the
cut list, the most current the protocol can light with the supply and fuse sized from it, the USB budget, the
write time of the strip, and the wiring figure."""

import json
import re
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image

from firmware.pegboard import core, picture
from firmware.pegboard import layout as layouts
from firmware.pegboard.layout import Layout
from render.template import GAP_MM, RIB_MM, Density, TemplateSpec, cut_list, make_template
from render.template_plan import (
    BACK_MM,
    CORE_MM,
    COUNTERSINK_MM,
    FACE_MM,
    GROOVE_DEPTH_MM,
    GROOVE_MM,
    plan,
)
from render.wiring import CAPACITOR, PULL_DOWN, SHIFTER_PINS, wiring_png

DOCS = Path(__file__).resolve().parents[2] / "docs"
TEXT = (DOCS / "board-hardware.md").read_text()
GUIDE = " ".join(TEXT.split())
FIRMWARE_MAIN = (Path(__file__).resolve().parents[2] / "firmware" / "main.py").read_text()


def table(tag: str) -> list[list[str]]:
    """The cells of the table under `<!-- tag -->`, header rows left out."""
    block = TEXT.split(f"<!-- {tag} -->", 1)[1].strip().split("\n\n", 1)[0]
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in block.splitlines()[2:]]


def shape(name: str, tracks: int, holes: int = 121) -> Layout:
    made = layouts.make(name, tracks, holes)
    assert made is not None
    return made


def test_the_led_counts_are_the_layouts() -> None:
    assert "**122 per track on the straight board, 61 on the traditional one**" in GUIDE
    assert "(a 61-hole straight board: 62 per track)" in GUIDE
    assert (shape("straight", 1).leds, shape("traditional", 1).leds, shape("straight", 1, 61).leds) == (122, 61, 62)


def test_the_pitch_and_the_drift_of_a_rounded_pitch() -> None:
    for density, words in ((Density.PER_M_144, "**6.944 mm**"), (Density.PER_M_96, "10.417 mm"),
                           (Density.PER_M_60, "16.667 mm")):
        assert f"| {density.value}/m | {words} |" in GUIDE
        assert words.strip("*") == f"{density.pitch_mm:.3f} mm"
    assert f"{121 * (7.0 - Density.PER_M_144.pitch_mm):.1f}" == "6.7" and "drift 121 × 0.056 = **6.7 mm" in GUIDE


def test_the_cut_list_is_the_templates() -> None:
    rows = table("cutlist")
    assert len(rows) == 6
    for name, tracks, leds, pieces, joints, strip, reels in rows:
        cuts = cut_list(make_template(TemplateSpec(name, int(tracks))))
        assert int(leds) == cuts.leds == shape(name, int(tracks)).leds
        assert pieces == " + ".join(f"{n} × {size}" for size, n in cuts.pieces)
        assert (int(joints), int(reels), cuts.folds) == (cuts.jumpers, cuts.reels, 0)
        assert strip == f"{cuts.strip_m:.2f} m"


def most_current_ma(board: Layout) -> float:
    """The most the protocol can light: every track white with both pegs, track 1 flashing as the winner, the
    skunk line, breathing, brightness 255, the cap lifted; over every front peg position."""
    most = 0.0
    for front in range(1, board.holes + 1):
        tracks = [core.Track(front, front - 1, 0xFFFFFF, False) for _ in range(board.tracks)]
        lit = picture.lights(board, tracks, 255, 0, 91, 0, True, 10**9)
        most = max(most, picture.current_ma(lit, board.leds))
    return most


FUSES = (1.6, 2.0, 2.5, 3.15, 4.0)
SUPPLIES = (2, 3, 4)


@pytest.mark.parametrize("row", range(6))
def test_the_supply_table_is_sized_from_the_most_the_protocol_can_light(row: int) -> None:
    board_words, leds, most, supply, fuse, budget = table("supply")[row]
    name, _, tracks = board_words.removesuffix(" tracks").partition(", ")
    board = shape(name, int(tracks))
    assert int(leds) == board.leds
    assert most == f"{round(most_current_ma(board)):,} mA"
    amps = int(most.removesuffix(" mA").replace(",", "")) / 1000
    wanted_fuse = min(f for f in FUSES if f >= 1.25 * amps)
    assert fuse == f"{wanted_fuse:g} A"
    wanted_supply = min(s for s in SUPPLIES if s >= wanted_fuse)
    assert (supply, int(budget)) == (f"5 V {wanted_supply} A", round(800 * wanted_fuse))
    assert round(most_current_ma(board)) < int(budget) <= 1000 * wanted_fuse  # the cap protects the fuse
    assert "its fuse: the guide's supply table, 800 mA per amp of the fuse, never more" in " ".join(
        line.lstrip("# ") for line in FIRMWARE_MAIN.splitlines())


def test_the_usb_numbers() -> None:
    assert f"**{picture.USB_BUDGET_MA} mA** by default" in GUIDE and "declares **250 mA**" in GUIDE
    assert f"450 − 244 = {picture.USB_BUDGET_MA - shape('straight', 2).leds} mA for colour" in GUIDE
    assert f"leaves about {220 - shape('traditional', 2).leds} mA for colour" in GUIDE
    colour = core.DEFAULT_COLOURS[0]
    vermillion = ((colour >> 16) + ((colour >> 8) & 0xFF) + (colour & 0xFF)) * picture.MA_PER_CHANNEL / 255
    assert round(vermillion) == 24 and "at full vermillion (24 mA each)" in GUIDE
    assert "at most 10 µF on VBUS" in GUIDE


def test_the_strip_write_time() -> None:
    microseconds_an_led = 24 * 1.25  # 24 bits of 400 + 850 or 800 + 450 ns
    assert "400 ns and low 850 ns, a 1 bit high 800 ns and low 450 ns" in GUIDE
    for leds in (244, 488):
        assert f"{leds * microseconds_an_led / 1000:.1f} ms at {leds}" in GUIDE
    assert "machine.bitstream" in GUIDE and "RP2040's PIO" not in GUIDE


def test_the_wiring_figure_is_drawn_from_code_and_names_the_pins_the_text_names() -> None:
    path = DOCS / "images" / "board-wiring.png"
    assert "(images/board-wiring.png)" in TEXT
    with Image.open(BytesIO(path.read_bytes())) as stored, Image.open(BytesIO(wiring_png())) as drawn:
        assert stored.convert("RGB").tobytes() == drawn.convert("RGB").tobytes()
    assert re.search(r"^DATA_PIN = 0 ", FIRMWARE_MAIN, re.MULTILINE) and "GP0 (`DATA_PIN`" in GUIDE
    assert SHIFTER_PINS == {1: "1OE (GND)", 2: "1A in", 3: "1Y out", 7: "GND", 14: "VCC 5 V"}
    for words in ("pin 14 VCC to +5 V", "pin 7 GND", "pin 1 (1OE, active low) to GND", "**pin 2 (1A) from GP0, "
                  "pin 3 (1Y) to the 330 Ω resistor and on to DIN**", "(pins 4, 10, 13)", "inputs (5, 9, 12)"):
        assert words in GUIDE, words


def test_the_install_steps_set_main_py_before_copying_it() -> None:
    install = GUIDE.split("## Installing the firmware", 1)[1].split("## ", 1)[0]
    assert install.index("Set the top of `firmware/main.py`") < install.index("mpremote cp firmware/main.py")


def settings() -> dict[str, str]:
    """firmware/main.py's settings as it comes: NAME = value at the start of a line, up to a comment."""
    found = re.findall(r"^([A-Z_]+) = (\S+)", FIRMWARE_MAIN, re.MULTILINE)
    return {name: value.strip('"') for name, value in found}


def test_the_one_usb_board_is_the_firmwares_default_in_every_table_and_no_budget_is_over_its_fuse() -> None:
    rows = table("feeds")
    usb = [row for row in rows if row[1] == "USB only"]
    assert len(usb) == 1 and usb[0][0] == "traditional, 2 tracks"
    firmware = settings()
    assert (firmware["LAYOUT"], firmware["TRACKS"], firmware["HOLES"]) == ("traditional", "2", "121")
    assert usb[0][3].split()[0] == firmware["BUDGET_MA"] == str(picture.USB_BUDGET_MA)
    assert "(none for a USB-only traditional board of two tracks)" in GUIDE
    assert "**Only the two-track traditional board runs on USB alone**" in GUIDE
    supplied = {row[0] for row in table("supply")}
    for board, power, _, budget in rows:
        if power != "USB only":
            assert (power, budget) == ("5 V supply and fuse", "the supply table's")
            name = board.split(",")[0]
            assert {f"{name}, {n} tracks" for n in (2, 3, 4)} <= supplied
    for board, _, _, _, fuse, budget in table("supply"):
        assert int(budget) <= 1000 * float(fuse.removesuffix(" A")), board


@pytest.mark.parametrize(("name", "tracks"), [(n, t) for n in layouts.NAMES for t in (2, 3, 4)])
def test_the_feeds_the_guide_names_are_the_ones_the_back_sheet_rings(name: str, tracks: int) -> None:
    feeds = plan(make_template(TemplateSpec(name, tracks))).feeds
    assert len(feeds) == (2 * tracks if name == layouts.STRAIGHT else tracks)
    row = {"straight": "two per track: at both ends", "traditional": "one per track, at its first piece's input"}
    assert row[name] in GUIDE


def test_the_construction_table_is_the_templates() -> None:
    rows = table("construction")
    assert len(rows) == 6
    for board, outline, channels, screws, wire in rows:
        name, _, tracks = board.removesuffix(" tracks").partition(", ")
        woodwork = plan(make_template(TemplateSpec(name, int(tracks))))
        assert outline == f"{woodwork.outline.w:.0f} × {woodwork.outline.h:.0f} mm"
        assert (int(channels), int(screws)) == (len(woodwork.channels), len(woodwork.screws))
        assert wire == ("2 m each" if name == layouts.STRAIGHT else "1 m each")
    stack = f"4 + 6 + 9 = **{FACE_MM + CORE_MM + BACK_MM:g} mm**"
    assert stack in GUIDE and (FACE_MM, CORE_MM, BACK_MM) == (4, 6, 9)
    assert f"2 + 2 + 2 = the core's {CORE_MM:g} mm" in GUIDE
    assert "5.5 mm rib" in GUIDE and RIB_MM == 5.5 and GAP_MM == 6
    assert "a 4 mm hole shows the whole 5 mm LED" not in TEXT and "shows the whole" not in GUIDE
    assert f"countersunk 1 mm deep with a {COUNTERSINK_MM:g} mm drill" in GUIDE
    assert "**6 mm straight bit**" in GUIDE and f"{GROOVE_MM:g} mm wide, {GROOVE_DEPTH_MM:g} mm deep" in GUIDE


def test_the_builder_installs_the_command_from_a_copy_of_the_project() -> None:
    install = TEXT.split("## Installing the command", 1)[1].split("\n## ", 1)[0]
    assert "python3 -m venv ~/cribbage\n~/cribbage/bin/pip install ./cribbage-table\n" in install
    assert "~/cribbage/bin/cribbage board template" in install and "git+" not in install
    assert TEXT.index("## Installing the command") < TEXT.index("## The drilling template")


def test_the_guide_says_what_the_bench_needs_to_know() -> None:
    trouble = GUIDE.split("## Troubleshooting", 1)[1].split("## Build order", 1)[0]
    for words in ("the whole strip dark", "lights LEDs 0 to n, then nothing", "flicker", "dialout",
                  "`did not answer the handshake`", "2E8A:0005"):
        assert words in trouble, words
    assert "**Before drilling, lay the real strip on the front printout**" in GUIDE
    assert "any 122 LEDs of a 144-LED reel hold LED 72" in GUIDE
    assert "**the leg by the − stripe goes to GND**" in GUIDE and "**16 V**" in GUIDE
    assert PULL_DOWN == "10k" and "**10 kΩ pull-down from pin 2 to GND**" in GUIDE
    assert CAPACITOR == "1000 uF 16 V"
    for part in ("perfboard 70 × 50 mm", "heat-shrink", "wood screws 3.5 × 16 mm", "3 mm hardwood dowel"):
        assert part in GUIDE, part


def test_the_micropython_version_is_the_one_the_tests_run() -> None:
    assert "**Tested with MicroPython 1.27.0**" in GUIDE
    from tests.firmware.test_firmware_micropython import micropython_mjs

    mjs = micropython_mjs()
    if mjs is None:
        pytest.skip("MicroPython's WebAssembly port is not installed (tests/firmware/test_firmware_micropython.py)")
    assert json.loads((mjs.parent / "package.json").read_text())["version"] == "1.27.0"
