"""The dual-peg pegboard: peg and hole colours where the layout puts them, lines, sizes, errors."""

from __future__ import annotations

import pytest

from board_driver.model import DEFAULT_COLOURS, PegError, parse_pegs
from render.board import (
    PegBoard,
    PegTrack,
    board_png,
    make_board,
    peg_centre,
    pegs_from_text,
    size,
    skunk_line_y,
)
from render.style import HOLE, PLAYER_COLOURS, SKUNK, RenderError, blend
from tests.render.render_helpers import decode, near, rgb_at

ALICE, BOB = PLAYER_COLOURS[0], PLAYER_COLOURS[1]


@pytest.fixture(scope="module")
def board() -> PegBoard:
    return make_board([(87, 80), (95, 91)], ["Alice", "Bob"])


@pytest.fixture(scope="module")
def image(board: PegBoard):  # type: ignore[no-untyped-def]
    return decode(board_png(board))


def test_size(board: PegBoard, image) -> None:  # type: ignore[no-untyped-def]
    assert image.size == size(board)
    assert image.mode == "RGB"
    assert 700 < image.size[0] < 1000


def test_front_pegs_in_player_colours(board: PegBoard, image) -> None:  # type: ignore[no-untyped-def]
    assert near(rgb_at(image, peg_centre(board, 0, 87)), ALICE)
    assert near(rgb_at(image, peg_centre(board, 1, 95)), BOB)


def test_back_pegs_in_a_darker_player_colour(board: PegBoard, image) -> None:  # type: ignore[no-untyped-def]
    assert near(rgb_at(image, peg_centre(board, 0, 80, back=True)), blend(ALICE, (0, 0, 0), 0.3))
    assert near(rgb_at(image, peg_centre(board, 1, 91, back=True)), blend(BOB, (0, 0, 0), 0.3))


def test_last_move_lights_the_holes_between(board: PegBoard, image) -> None:  # type: ignore[no-untyped-def]
    for p in range(81, 87):
        assert near(rgb_at(image, peg_centre(board, 0, p)), blend(HOLE, ALICE, 0.55), tol=30), p
    # Outside the move, and on the other track, holes are empty.
    for track, p in ((0, 79), (0, 88), (1, 87), (0, 1), (1, 120)):
        assert near(rgb_at(image, peg_centre(board, track, p)), HOLE), (track, p)


def test_start_holes_empty_once_both_pegs_moved(board: PegBoard, image) -> None:  # type: ignore[no-untyped-def]
    for track in (0, 1):
        for back in (False, True):
            assert near(rgb_at(image, peg_centre(board, track, 0, back)), HOLE)


def test_skunk_lines_at_61_and_91(board: PegBoard, image) -> None:  # type: ignore[no-untyped-def]
    x = peg_centre(board, 0, 1)[0] - 8  # the dashes start at the left end of the rows
    for score in (61, 91):
        assert near(rgb_at(image, (x + 2, skunk_line_y(board, score))), SKUNK, tol=40), score
    assert not near(rgb_at(image, (x + 2, skunk_line_y(board, 31))), SKUNK, tol=40)


def test_new_game_pegs_stand_in_the_start_holes() -> None:
    b = make_board([(0, 0), (0, 0)])
    image = decode(board_png(b))
    for track in (0, 1):
        colour = PLAYER_COLOURS[track]
        assert near(rgb_at(image, peg_centre(b, track, 0)), colour)
        assert near(rgb_at(image, peg_centre(b, track, 0, back=True)), blend(colour, (0, 0, 0), 0.3))
        assert near(rgb_at(image, peg_centre(b, track, 1)), HOLE)


def test_first_move_runs_from_the_start_hole() -> None:
    b = make_board([(6, 0), (0, 0)])
    image = decode(board_png(b))
    assert near(rgb_at(image, peg_centre(b, 0, 6)), ALICE)
    assert near(rgb_at(image, peg_centre(b, 0, 0, back=True)), blend(ALICE, (0, 0, 0), 0.3))
    assert near(rgb_at(image, peg_centre(b, 0, 3)), blend(HOLE, ALICE, 0.55), tol=30)


def test_overshoot_is_drawn_in_the_game_hole() -> None:
    b = make_board([(125, 116), (100, 96)])
    image = decode(board_png(b))
    assert peg_centre(b, 0, 125) == peg_centre(b, 0, 121)
    assert near(rgb_at(image, peg_centre(b, 0, 121)), ALICE)
    assert near(rgb_at(image, peg_centre(b, 0, 120)), blend(HOLE, ALICE, 0.55), tol=30)


def test_wrapping_move_lights_both_rows() -> None:
    b = make_board([(33, 27), (2, 0)])
    image = decode(board_png(b))
    for p in (28, 30, 31, 32):
        assert near(rgb_at(image, peg_centre(b, 0, p)), blend(HOLE, ALICE, 0.55), tol=30), p


def test_short_game_board_has_two_rows_and_the_31_line() -> None:
    long_board = make_board([(10, 5), (7, 0)])
    short = make_board([(10, 5), (7, 0)], target=61)
    assert size(short)[1] < size(long_board)[1]
    image = decode(board_png(short))
    assert image.size == size(short)
    x = peg_centre(short, 0, 1)[0] - 8
    assert near(rgb_at(image, (x + 2, skunk_line_y(short, 31))), SKUNK, tol=40)
    assert near(rgb_at(image, peg_centre(short, 0, 61)), HOLE)


@pytest.mark.parametrize("count", [3, 4])
def test_three_and_four_tracks(count: int) -> None:
    pegs = [(10 * (k + 1), 10 * k) for k in range(count)]
    b = make_board(pegs)
    image = decode(board_png(b))
    assert image.size == size(b)
    for k in range(count):
        assert near(rgb_at(image, peg_centre(b, k, 10 * (k + 1))), PLAYER_COLOURS[k])


def test_custom_colour() -> None:
    b = PegBoard((PegTrack("Red", 40, 30, (200, 20, 20)), PegTrack("Grey", 3, 1)))
    assert near(rgb_at(decode(board_png(b)), peg_centre(b, 0, 40)), (200, 20, 20))


@pytest.mark.parametrize(("pegs", "target", "message"), [
    ([(80, 87), (5, 0)], 121, "front peg 80 is behind its back peg 87"),
    ([(130, 121), (5, 0)], 121, "back peg 121 is at or past the game hole 121"),
    ([(151, 120), (5, 0)], 121, "front peg 151 is past the game hole 121"),
    ([(70, 61), (5, 0)], 61, "back peg 61 is at or past the game hole 61"),
    ([(-1, 0), (5, 0)], 121, "front peg -1 is not a score"),
    ([(5, 0)], 121, "2, 3 or 4 tracks, got 1"),
    ([(5, 0)] * 5, 121, "2, 3 or 4 tracks, got 5"),
    ([(5, 0), (5, 0)], 100, "target 100 is not 121 or 61"),
    ([(121, 115), (125, 119)], 121, "both at the game hole"),
])
def test_errors_name_the_bad_input(pegs: list[tuple[int, int]], target: int, message: str) -> None:
    with pytest.raises(RenderError, match=message):
        make_board(pegs, target=target)


def test_bad_names_and_colours() -> None:
    with pytest.raises(RenderError, match="3 names for 2 tracks"):
        make_board([(5, 0), (3, 0)], ["a", "b", "c"])
    with pytest.raises(RenderError, match="name '' is empty"):
        make_board([(5, 0), (3, 0)], ["a", ""])
    with pytest.raises(RenderError, match="colour"):
        PegBoard((PegTrack("a", 5, 0, (300, 0, 0)), PegTrack("b", 3, 0)))


def test_deterministic(board: PegBoard) -> None:
    assert board_png(board) == board_png(make_board([(87, 80), (95, 91)], ["Alice", "Bob"]))


def test_tracks_are_drawn_in_the_led_boards_colours(board: PegBoard, image) -> None:  # type: ignore[no-untyped-def]
    """One palette: the picture's tracks are the LED pegboard's vermillion and sky blue (board_driver.model)."""
    assert [(c >> 16, (c >> 8) & 0xFF, c & 0xFF) for c in DEFAULT_COLOURS] == list(PLAYER_COLOURS)
    assert near(rgb_at(image, peg_centre(board, 0, 87)), (0xD5, 0x5E, 0x00))
    assert near(rgb_at(image, peg_centre(board, 1, 95)), (0x56, 0xB4, 0xE9))


@pytest.mark.parametrize(("text", "target", "message"), [
    ("130/80,5/0", 121, "track 1 front peg 130 is past the last hole 121"),
    ("5/0,62/40", 61, "track 2 front peg 62 is past the last hole 61"),
    ("80/87,5/0", 121, "track 1 in '80/87,5/0': back peg 87 must be behind the front peg 80"),
])
def test_typed_pegs_go_through_the_one_peg_parser(text: str, target: int, message: str) -> None:
    with pytest.raises(RenderError, match=message):
        pegs_from_text(text, target)
    with pytest.raises(PegError, match=message):
        parse_pegs(text, holes=target)  # what `cribbage board set` uses
    assert pegs_from_text("121/115,87/80") == [(121, 115), (87, 80)]
