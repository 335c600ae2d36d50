"""The power cap at every layout and track count: no picture goes dark, and the estimate stays within the
budget wherever the dark LEDs leave room for colour (firmware/pegboard/picture.py's Power)."""

from __future__ import annotations

import pytest

from firmware.pegboard import core, layout, picture

BUDGETS = (450, 220, 900, 3600)
"""USB's default, the declared-250-mA setting, and two supplies (1 A, 4 A at 900 mA an amp)."""
TIMES = range(0, 4000, 125)
"""Moments across a breath: the flash on and off, a pulse at every height."""


def boards() -> list[layout.Layout]:
    out = []
    for name in layout.NAMES:
        for tracks in (1, 2, 3, 4):
            for holes in (121, 61):
                shape = layout.make(name, tracks, holes)
                assert shape is not None
                out.append(shape)
    return out


def states(shape: layout.Layout) -> list[tuple[list[core.Track], int | None, int | None, int]]:
    """The brightest states a game reaches: every track near the end, each one the winner in turn, a
    skunk line, highlights, full and power-on brightness."""
    end = shape.holes
    tracks = [core.Track(end - 4 - t, end - 8 - t, core.DEFAULT_COLOURS[t], t == 0) for t in range(shape.tracks)]
    out: list[tuple[list[core.Track], int | None, int | None, int]] = [(tracks, None, None, 255)]
    for winner in range(shape.tracks):
        won = list(tracks)
        won[winner] = core.Track(end, end - 3, core.DEFAULT_COLOURS[winner], True)
        out += [(won, winner, end * 3 // 4, 255), (won, winner, None, 128)]
    return out


def lit_leds(lit: dict[int, tuple[int, int, int]]) -> set[int]:
    return {i for i, c in lit.items() if c != (0, 0, 0)}


def estimate_ma(lit: dict[int, tuple[int, int, int]], leds: int) -> int:
    """The firmware's estimate in whole mA, rounded up."""
    return leds * picture.IDLE_MA + (picture.units(lit) * picture.MA_PER_CHANNEL + 254) // 255


@pytest.mark.parametrize("shape", boards(), ids=lambda s: f"{s.name}-{s.tracks}x{s.holes}")
def test_no_picture_goes_dark_and_the_estimate_keeps_to_the_budget(shape: layout.Layout) -> None:
    for budget in BUDGETS:
        for tracks, winner, skunk, level in states(shape):
            cap = picture.power(shape, tracks, level, winner, skunk, budget)
            ceiling = budget if not cap.over else shape.leds + picture.MIN_COLOUR_MA
            assert cap.over == (shape.leds + picture.MIN_COLOUR_MA > budget)
            for quiet in (False, True):
                for now in TIMES:
                    raw = picture.raw_lights(shape, tracks, level, winner, skunk, now, quiet)
                    lit = picture.lights(shape, tracks, level, winner, skunk, now, quiet, budget, cap)
                    assert lit_leds(raw) == lit_leds(lit)
                    assert estimate_ma(lit, shape.leds) <= ceiling, (budget, winner, now, quiet)


def test_only_a_four_track_straight_board_on_usb_is_over_its_budget_and_its_report_says_so() -> None:
    over = [(s.name, s.tracks, s.holes) for s in boards() if picture.power(s, [], budget_ma=450).leds + 20 > 450]
    assert over == [("straight", 4, 121)]
    shape = layout.straight(4)
    board = core.Board(4, 121, shape.leds)
    board.power = lambda b: picture.power(shape, b.tracks, b.brightness, b.winner, b.skunk, 450).field()
    state = "STATE 1 121,118,D55E00,1 90,80,56B4E9,0 70,60,F0E442,0 50,40,0072B2,0"
    answers = board.receive(core.frame_line(state) + core.frame_line("EFFECT 2 0 91"), 0)
    assert answers == [core.frame_line("ACK 1"), core.frame_line("ACK 2")]
    assert board.report_line() == core.frame_line(
        "REPORT 2 128 0 91 121,118,D55E00,1 90,80,56B4E9,0 70,60,F0E442,0 50,40,0072B2,0 912/450")
    lit = picture.lights(shape, board.tracks, board.brightness, board.winner, board.skunk, 0, False, 450)
    assert len(lit) == 130 and all(c != (0, 0, 0) for c in lit.values())  # the flash, 8 pegs, 3 more skunk holes
    assert estimate_ma(lit, shape.leds) == 488 + 12  # within MIN_COLOUR_MA (20) over the dark LEDs


def test_a_board_without_a_drawing_side_reports_no_power_field() -> None:
    board = core.Board(2, 121, 244)
    assert board.report_line() == core.frame_line("REPORT 0 128 - - 0,0,D55E00,0 0,0,56B4E9,0")
