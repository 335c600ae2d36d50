"""`cribbage render led`: the strip as the firmware lights it, pixel colours where the LEDs are."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli.main import main
from firmware.pegboard import picture
from render.led import OFF, LedScene, led_centre, led_png, lights
from render.style import RenderError
from tests.render.render_helpers import decode, rgb_at

SCENE = LedScene(((87, 80), (95, 91)), skunk=91, highlight=1)


@pytest.mark.parametrize(("layout", "lit"), [
    ("straight", {87: (213, 94, 0), 80: (53, 23, 0), 148: (86, 180, 233), 152: (21, 45, 58), 91: (96, 96, 96)}),
    ("traditional", {26: (213, 94, 0), 19: (53, 23, 0), 87: (86, 180, 233), 91: (21, 45, 58), 30: (96, 96, 96)}),
])
def test_each_led_is_drawn_in_the_colour_the_firmware_sends(layout: str, lit: dict[int, tuple[int, int, int]]) -> None:
    scene = LedScene(SCENE.pegs, layout, skunk=91, highlight=1)
    shape, colours = lights(scene)
    assert colours == lit
    image = decode(led_png(scene))
    for index in range(shape.leds):
        assert rgb_at(image, led_centre(shape, index)) == lit.get(index, OFF), index


def test_the_straight_board_is_one_row_per_track_and_the_traditional_two() -> None:
    shape, _ = lights(SCENE)
    assert led_centre(shape, 1)[1] == led_centre(shape, 121)[1] < led_centre(shape, 122)[1]
    assert led_centre(shape, 0)[0] == led_centre(shape, 243)[0] < led_centre(shape, 1)[0]
    trad, _ = lights(LedScene(SCENE.pegs, "traditional"))
    assert led_centre(trad, 0)[1] < led_centre(trad, 30)[1] < led_centre(trad, 62)[1] < led_centre(trad, 92)[1]
    assert led_centre(trad, 0)[0] == led_centre(trad, 59)[0]  # hole 1 beside hole 60


def test_the_winner_flash_and_the_power_cap_show_in_the_picture() -> None:
    scene = LedScene(((121, 118), (86, 80)), "traditional", winner=0, skunk=91)
    shape, lit = lights(scene)
    assert picture.current_ma(lit, shape.leds) <= 450
    image = decode(led_png(scene))
    assert rgb_at(image, led_centre(shape, 60)) == lit[60]  # the front peg in the game hole
    assert rgb_at(image, led_centre(shape, 5)) == lit[5] != OFF  # a flashing hole


def test_what_the_board_would_refuse_is_refused_in_its_words() -> None:
    with pytest.raises(RenderError, match="RANGE track 1: back peg 90 must be behind the front peg 87"):
        led_png(LedScene(((87, 90),)))
    with pytest.raises(RenderError, match="RANGE track 1 front peg 130 is past hole 121"):
        led_png(LedScene(((130, 2),)))
    with pytest.raises(RenderError, match="RANGE winner track 2"):
        led_png(LedScene(((5, 0), (6, 0)), winner=2))
    with pytest.raises(RenderError, match="layout 'round'"):
        led_png(LedScene(((5, 0),), "round"))


def test_the_command_writes_the_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "leds.png"
    assert main(["render", "led", "--pegs", "87/80,95/91", "--layout", "traditional", "--winner", "1",
                 "--skunk", "91", "-o", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    shape, lit = lights(LedScene(((87, 80), (95, 91)), "traditional", winner=0, skunk=91))
    assert rgb_at(decode(out.read_bytes()), led_centre(shape, 26)) == lit[26]
    assert main(["render", "led", "--pegs", "87/80", "--winner", "5", "-o", str(out)]) == 2
    assert "--winner 5 is not a track 1-4" in capsys.readouterr().err


GUIDE_PICTURES = {
    "leds-straight.png": LedScene(((87, 80), (95, 91)), skunk=91, highlight=1),
    "leds-traditional.png": LedScene(((87, 80), (95, 91)), "traditional", skunk=91, highlight=1),
    "leds-traditional-winner.png": LedScene(((121, 118), (86, 80)), "traditional", winner=0, skunk=91),
    "leds-straight-quiet.png": LedScene(((0, 0), (0, 0)), quiet=True),
}


@pytest.mark.parametrize("name", sorted(GUIDE_PICTURES))
def test_the_guides_pictures_are_what_the_firmware_lights(name: str) -> None:
    path = Path(__file__).resolve().parents[2] / "docs" / "images" / name
    assert f"(images/{name})" in (path.parents[1] / "board-hardware.md").read_text()
    assert path.stat().st_size < 100_000
    shape, lit = lights(GUIDE_PICTURES[name])
    image = decode(path.read_bytes())
    for index in range(shape.leds):
        assert rgb_at(image, led_centre(shape, index)) == lit.get(index, OFF), index
