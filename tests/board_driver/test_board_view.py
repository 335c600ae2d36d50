from board_driver.model import BoardInfo, BoardState, Effects, Track
from board_driver.view import draw


def test_the_terminal_picture_of_a_small_board() -> None:
    info = BoardInfo(1, "sim-1.0", 2, 20, 41)
    state = BoardState((Track(12, 9, 0xFF2020, True), Track(0, 0, 0)), 90, Effects(winner=0, skunk=15))
    assert draw(state, info, seq=4, quiet=True).splitlines() == [
        "sim-1.0 · protocol 1 · 2 tracks × 20 holes · 41 LEDs · seq 4 · brightness 90 · "
        "host quiet: pegs kept, status LED breathing",
        "1▶    12/9 ★  ····· ···○·",
        "              ·●··¦ ·····",
        "2   (dark)    ····· ·····",
        "              ····¦ ·····",
        "★ track 1 flashing: the winner",
        "¦ skunk line at hole 15",
    ]


def test_pegs_are_drawn_in_their_colour_on_a_terminal() -> None:
    picture = draw(BoardState((Track(3, 1, 0x010203),)), BoardInfo(1, "x", 1, 10, 11), colour=True)
    assert picture.splitlines()[1] == "1      3/1    \x1b[38;2;1;2;3m○\x1b[0m·\x1b[38;2;1;2;3m●\x1b[0m··"
