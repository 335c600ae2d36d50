import pytest

from board_driver.model import BoardInfo, BoardState, Effects, TrackState
from board_driver.view import columns, draw


def test_the_terminal_picture_of_a_small_board() -> None:
    info = BoardInfo(1, "sim-1.0", 2, 20, 41)
    state = BoardState((TrackState(12, 9, 0xFF2020, True), TrackState(0, 0, 0)), 90, Effects(winner=0, skunk=15))
    assert draw(state, info, seq=4, quiet=True).splitlines() == [
        "sim-1.0 · protocol 1 · 2 tracks × 20 holes · 41 LEDs · seq 4 · brightness 90",
        "host quiet: pegs kept, status LED breathing",
        "1▶    12/9 ★",
        "   ····· ···○·",
        "   ·●··¦ ·····",
        "2   (dark)",
        "   ····· ·····",
        "   ····¦ ·····",
        "★ track 1 flashing: the winner",
        "¦ skunk line at hole 15",
    ]


def test_pegs_are_drawn_in_their_colour_on_a_terminal() -> None:
    picture = draw(BoardState((TrackState(3, 1, 0x010203),)), BoardInfo(1, "x", 1, 10, 11), colour=True)
    assert picture.splitlines()[3] == "   \x1b[38;2;1;2;3m○\x1b[0m·\x1b[38;2;1;2;3m●\x1b[0m··"


@pytest.mark.parametrize("tracks", [2, 3, 4])
@pytest.mark.parametrize("colour", [False, True])
def test_the_widest_board_fits_an_80_column_terminal(tracks: int, colour: bool) -> None:
    info = BoardInfo(1, "sim-1.0", tracks, 121, tracks * 121 + 1)
    pegs = tuple(TrackState(121 if i % 2 else 120, 119, 0xFF2020, True) for i in range(tracks))
    names = ("ann", "computer (expert) with a name far too long for any terminal line at all", "张三丰", "dee")
    state = BoardState(pegs, 255, Effects(winner=1, skunk=91))
    picture = draw(state, info, seq=9_999_999, quiet=True, colour=colour, title="LED pegboard sim://table",
                   names=names[:tracks])
    lines = picture.splitlines()
    assert max(columns(line) for line in lines) <= 80
    assert lines[3] == "1▶ ann  120/119"
    if not colour:
        assert lines[4] == "   " + " ".join(["·····"] * 12)
        assert lines[5] == "   ····· ····· ····· ····· ····· ····· ¦···· ····· ····· ····· ····· ···○● ·"
    assert lines[6] == "2▶ computer (expert) with a name far too long for any terminal line…  121/119  ★"
    assert columns(lines[6]) == 80
    if tracks > 2:
        assert lines[9] == "3▶ 张三丰  120/119"
    assert lines[-2] == "★ track 2 flashing: the winner, computer (expert) with a name far too long for …"
    assert lines[-1] == "¦ skunk line at hole 91"
    assert len(lines) == 3 + 3 * tracks + 2


def test_the_last_row_holds_holes_61_to_121() -> None:
    state = BoardState((TrackState(121, 61, 0), TrackState(60, 1, 0)))
    lines = draw(state, BoardInfo(1, "sim-1.0", 2, 121, 243), names=("ann", "bo")).splitlines()
    assert lines[2:] == [
        "1  ann  121/61",
        "   " + " ".join(["·····"] * 12),
        "   ○···· " + " ".join(["·····"] * 11) + " ●",
        "2  bo  60/1",
        "   ○···· " + " ".join(["·····"] * 10) + " ····●",
        "   " + " ".join(["·····"] * 12) + " ·",
    ]
