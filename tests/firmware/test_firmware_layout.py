"""firmware/pegboard/layout.py is exactly the hole-to-LED maps of docs/board-hardware.md."""

import re
from pathlib import Path

import pytest

from firmware.pegboard import layout
from firmware.pegboard.layout import Layout

GUIDE = (Path(__file__).resolve().parents[2] / "docs" / "board-hardware.md").read_text()


def guide_map(name: str) -> list[tuple[int, int, int]]:
    """(track from 1, hole, LED) for each row of the guide's worked example tagged `<!-- map: NAME -->`."""
    block = GUIDE.split(f"<!-- map: {name} -->", 1)[1].strip().split("\n\n", 1)[0]
    rows = []
    for text in block.splitlines()[2:]:
        track, hole, led = (cell.strip() for cell in text.strip("|").split("|"))
        rows.append((int(track), int(re.match(r"\d+", hole).group()), int(led)))  # type: ignore[union-attr]
    return rows


def shape(name: str, tracks: int = 2) -> Layout:
    made = layout.make(name, tracks)
    assert made is not None
    return made


@pytest.mark.parametrize("name", layout.NAMES)
def test_the_worked_examples_are_what_the_firmware_lights(name: str) -> None:
    rows = guide_map(name)
    assert len(rows) >= 9
    for track, hole, led in rows:
        assert shape(name).led(track - 1, hole) == led, (track, hole)


def test_the_guides_formulas_for_every_hole_of_every_track() -> None:
    for tracks in (1, 2, 3, 4):
        straight, traditional = shape("straight", tracks), shape("traditional", tracks)
        assert (straight.leds, traditional.leds) == (122 * tracks, 61 * tracks)
        for t in range(tracks):
            for hole in range(122):
                offset = hole
                expected = t * 122 + (offset if t % 2 == 0 else 121 - offset)
                assert straight.led(t, hole) == expected
                if hole == 0:
                    assert traditional.led(t, 0) == -1
                    continue
                offset = 60 if hole == 121 else (hole - 1) % 60
                assert traditional.led(t, hole) == t * 61 + (offset if t % 2 == 0 else 60 - offset)


@pytest.mark.parametrize("name", layout.NAMES)
def test_every_led_serves_a_hole_and_the_strip_is_one_serpentine_path(name: str) -> None:
    board = shape(name, 4)
    used = {board.led(t, h) for t in range(4) for h in range(122)} - {-1}
    assert used == set(range(board.leds))
    places = [board.place(i) for i in range(board.leds)]
    assert len(set(places)) == board.leds  # no two LEDs in one place
    for a, b in zip(places, places[1:], strict=False):  # each LED sits next to the one before it
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 2.0, (a, b)


def test_the_traditional_lap_and_the_short_board() -> None:
    board = shape("traditional")
    assert board.led(0, 5) == board.led(0, 65) == 4  # one LED serves a hole on each lap
    assert board.hole_leds(0) == list(range(61))
    assert board.quiet_led(0) == 60 and board.quiet_led(1) == 61  # no start LED: the game holes
    assert shape("straight").quiet_led(1) == 243
    short = layout.traditional(2, 61)
    assert short is not None and short.leds == 122 and short.led(0, 61) == 60
    assert layout.traditional(2, 100) is None and layout.make("round") is None and layout.make("straight", 5) is None
