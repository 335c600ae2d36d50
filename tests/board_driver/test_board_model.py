import pytest

from board_driver.model import (
    DEFAULT_COLOURS,
    BoardInfo,
    Effects,
    PegError,
    PegProblem,
    TrackState,
    default_track,
    fit_effects,
    fit_tracks,
    parse_pegs,
    pegs_text,
)


def test_pegs_parse_front_then_back_per_track_with_default_colours() -> None:
    assert parse_pegs("87/80,95/91") == (TrackState(87, 80, 0xD55E00), TrackState(95, 91, 0x56B4E9))
    assert parse_pegs(" 0/0 , 121/118 ,5/0") == (TrackState(0, 0, DEFAULT_COLOURS[0]), TrackState(121, 118, 0x56B4E9),
                                                  TrackState(5, 0, 0xF0E442))


@pytest.mark.parametrize(("text", "message"), [
    ("87/80,95", "track 2 is '95' in '87/80,95': expected FRONT/BACK like 95/91"),
    ("130/5", "track 1 front peg 130 is past the last hole 121"),
    ("80/87", "track 1 in '80/87': back peg 87 must be behind the front peg 80 (both 0 only at the start)"),
    ("5/5", "track 1 in '5/5': back peg 5 must be behind the front peg 5 (both 0 only at the start)"),
    ("a/b", "track 1 is 'a/b' in 'a/b': expected FRONT/BACK like 95/91"),
    ("-3/0", "track 1 is '-3/0' in '-3/0': expected FRONT/BACK like 95/91"),
    ("", "no pegs given: write FRONT/BACK per track, e.g. 87/80,95/91"),
    ("1/0,2/0,3/0,4/0,5/0", "5 tracks given in '1/0,2/0,3/0,4/0,5/0'; a board has at most 4"),
])
def test_bad_pegs_name_the_track_and_value(text: str, message: str) -> None:
    with pytest.raises(PegError) as caught:
        parse_pegs(text)
    assert str(caught.value) == message


def test_short_boards_limit_the_holes_and_tracks() -> None:
    with pytest.raises(PegError, match="track 1 front peg 62 is past the last hole 61") as caught:
        parse_pegs("62/60", holes=61)
    assert caught.value.code is PegProblem.PAST_LAST_HOLE
    with pytest.raises(PegError, match="3 tracks given in '1/0,2/0,3/0'; the board has 2") as caught:
        parse_pegs("1/0,2/0,3/0", max_tracks=2)
    assert caught.value.code is PegProblem.TRACKS


SHORT = BoardInfo(1, "sim-1.0", 2, 61, 123)


def test_a_picture_is_fitted_to_a_short_board_never_past_its_last_hole() -> None:
    tracks = (default_track(0, 79, 70), default_track(1, 132, 120, highlight=True))
    fitted, note = fit_tracks(tracks, SHORT)
    assert fitted == (default_track(0, 61, 60), default_track(1, 61, 60, highlight=True))
    assert note == "track 1 front peg 79, track 2 front peg 132 shown in the last hole 61"
    assert fit_tracks(fitted, SHORT) == (fitted, None)
    assert fit_tracks((default_track(0, 61, 0),), SHORT) == ((default_track(0, 61, 0),), None)
    with pytest.raises(PegError, match="3 tracks but this board has 2"):
        fit_tracks([default_track(i, 3, 0) for i in range(3)], SHORT)


def test_effects_a_board_cannot_show_are_left_out() -> None:
    assert fit_effects(Effects(winner=1, skunk=91), SHORT) == (
        Effects(winner=1), "skunk line 91 not shown (the board has 61 holes)")
    assert fit_effects(Effects(winner=3, skunk=31), SHORT) == (
        Effects(skunk=31), "winner track 4 not shown (the board has 2)")
    assert fit_effects(Effects(winner=0, skunk=61), SHORT) == (Effects(winner=0, skunk=61), None)


def test_tracks_and_effects_check_their_values() -> None:
    with pytest.raises(PegError, match="front peg 1000"):
        TrackState(1000, 0)
    with pytest.raises(PegError, match="colour"):
        TrackState(3, 0, 0x1000000)
    with pytest.raises(PegError, match="winner track 4"):
        Effects(winner=4)
    with pytest.raises(PegError, match="skunk line hole 0"):
        Effects(skunk=0)
    assert TrackState(121, 118).won and not TrackState(120, 118).won


def test_pegs_text_is_the_inverse_of_parse() -> None:
    assert pegs_text(parse_pegs("87/80,95/91")) == "87/80,95/91"
