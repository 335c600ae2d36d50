"""Every player's colour (the LED pegboard's track colours and the pictures' pegs) can be told from every other
one's by people with the common colour-vision deficiencies, for boards of 2, 3 and 4 tracks."""

from itertools import combinations

import pytest

from firmware.pegboard import core
from render.style import PLAYER_COLOURS
from tests.render.colour_vision import DEFICIENCIES, delta_e2000, difference, lab, seen

LEAST = 15.0
"""The least CIEDE2000 difference between two tracks' colours, for every viewer: well past "clearly different"
(10), so dimmed back pegs and small pictures keep them apart too."""


def test_cie_de2000_matches_sharmas_published_pairs() -> None:
    assert round(delta_e2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)), 4) == 2.0425
    assert round(delta_e2000((50.0, 2.5, 0.0), (73.0, 25.0, -18.0)), 4) == 27.1492
    assert round(delta_e2000((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387)), 4) == 1.2644


def test_the_simulation_keeps_grey_and_turns_red_and_green_alike_for_red_green_blindness() -> None:
    for name, matrix in DEFICIENCIES.items():
        assert [round(c, 3) for c in seen((128, 128, 128), matrix)] == [0.216] * 3, name
    red, green = (255, 32, 32), (32, 192, 64)
    assert difference(red, green, "normal") > 70
    assert difference(red, green, "deuteranopia") < 8
    assert [round(v) for v in lab(seen((255, 255, 255), None))] == [100, 0, 0]


@pytest.mark.parametrize("tracks", [2, 3, 4])
@pytest.mark.parametrize("deficiency", sorted(DEFICIENCIES))
def test_every_pair_of_track_colours_stays_apart(tracks: int, deficiency: str) -> None:
    colours = PLAYER_COLOURS[:tracks]
    closest = min(difference(a, b, deficiency) for a, b in combinations(colours, 2))
    assert closest >= LEAST, (tracks, deficiency, round(closest, 1))


def test_the_boards_power_on_colours_are_the_pictures() -> None:
    assert core.DEFAULT_COLOURS == (0xD55E00, 0x56B4E9, 0xF0E442, 0x0072B2)
    assert PLAYER_COLOURS == ((213, 94, 0), (86, 180, 233), (240, 228, 66), (0, 114, 178))

