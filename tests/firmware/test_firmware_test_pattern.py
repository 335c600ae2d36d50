"""TEST, the builder's test pattern, on the firmware: how the core answers it, what it lights (dimmed to the budget
like any picture), what ends it, and main.py drawing it on the strip."""

from __future__ import annotations

import pytest

from firmware.pegboard import core, layout, picture
from tests.firmware.test_firmware_main import frame, run_main


def answer(board: core.Board, payload: str, now_ms: int = 0) -> str:
    return board.receive(core.frame_line(payload), now_ms)[0].split(b"*")[0].decode()


@pytest.mark.parametrize(("payload", "said"), [
    ("TEST 3 LED 243", "ACK 3"),
    ("TEST 3 TRACK 1", "ACK 3"),
    ("TEST 3 WHITE -", "ACK 3"),
    ("TEST 3 - -", "ACK 3"),
    ("TEST 3 LED 244", "NAK 3 RANGE LED 244 but this board's LEDs are 0-243"),
    ("TEST 3 TRACK 2", "NAK 3 RANGE track 2 but tracks are 0-1"),
    ("TEST 3 TRACK 4", "NAK 3 FORMAT test track 4 is not 0-3"),
    ("TEST 3 BLINK 1", "NAK 3 FORMAT test pattern 'BLINK' is not LED, TRACK, WHITE or -"),
    ("TEST 3 WHITE 5", "NAK 3 FORMAT test pattern WHITE takes '-', not '5'"),
    ("TEST 3 LED x", "NAK 3 FORMAT test led 'x' is not a number"),
    ("TEST 3 LED", "NAK 3 FORMAT TEST has 2 fields, expected 3"),
])
def test_the_core_answers_test_frames(payload: str, said: str) -> None:
    assert answer(core.Board(2, 121, 244), payload) == said


def test_the_picture_comes_back_with_a_state_an_effect_an_end_or_a_host_back_from_quiet() -> None:
    board = core.Board(2, 121, 244)
    for payload, ends in (("STATE 2 5,0,D55E00,0", True), ("EFFECT 2 - -", True), ("TEST 2 - -", True),
                          ("BRIGHT 2 40", False), ("PING 2", False), ("QUERY", False)):
        assert answer(board, "TEST 1 WHITE -", 1000) == "ACK 1" and board.test == ("WHITE", None)
        answer(board, payload, 1000)
        assert (board.test is None) is ends, payload
    answer(board, "TEST 1 LED 7", 1000)
    answer(board, "PING 2", 1000 + core.HOST_QUIET_MS + 1)  # the host that left it went away and came back
    assert board.test is None and board.seq == 1  # PING applies nothing


STRAIGHT = layout.straight(2)


def shown_by(payload: str, budget_ma: int = picture.USB_BUDGET_MA,
             quiet: bool = False) -> dict[int, tuple[int, int, int]]:
    board = core.Board(2, 121, STRAIGHT.leds)
    answer(board, "STATE 1 87,80,D55E00,0 95,91,56B4E9,0")
    answer(board, payload)
    return picture.board_lights(STRAIGHT, board, 0, quiet, budget_ma)


def test_one_led_is_full_white_and_nothing_else_is_lit() -> None:
    assert shown_by("TEST 2 LED 57") == {57: (255, 255, 255)}  # 244 + 60 mA: within 450, not dimmed


def test_a_track_is_its_whole_block_in_its_colour_dimmed_to_the_budget() -> None:
    lit = shown_by("TEST 2 TRACK 1")
    assert sorted(lit) == list(range(122, 244)) and len(set(lit.values())) == 1
    assert lit[122] == (3, 7, 9)  # 56B4E9 on 122 LEDs wants 2.6 A: dimmed to 206 mA of colour, about its hue
    assert picture.current_ma(lit, STRAIGHT.leds) <= picture.USB_BUDGET_MA
    assert shown_by("TEST 2 TRACK 0", 10**6)[0] == (0xD5, 0x5E, 0x00)  # no cap: the colour itself


@pytest.mark.parametrize("budget", [450, 1280, 2000, 2520])
def test_full_white_draws_the_budget_and_never_more(budget: int) -> None:
    lit = shown_by("TEST 2 WHITE -", budget)
    assert sorted(lit) == list(range(STRAIGHT.leds)) and len(set(lit.values())) == 1
    step = STRAIGHT.leds * 3 * picture.MA_PER_CHANNEL / 255  # every channel of every LED one level up
    assert budget - 2 * step < picture.current_ma(lit, STRAIGHT.leds) <= budget


def test_a_quiet_host_gets_the_picture_not_the_test() -> None:
    assert sorted(shown_by("TEST 2 WHITE -", quiet=True)) == [0, 80, 87, 148, 152, 243]  # pegs, breathing starts


def test_main_py_draws_the_test_then_the_picture_again(monkeypatch: pytest.MonkeyPatch) -> None:
    script = [(100, frame(b"TEST 1 LED 0")), (200, frame(b"TEST 2 LED 1")), (300, frame(b"TEST 3 WHITE -")),
              (400, frame(b"TEST 4 - -")), (1000, b"\x03")]
    usb, strip, _, _ = run_main(monkeypatch, script, settings={"LAYOUT": "straight", "BUDGET_MA": 2000})
    assert usb.sent.getvalue().count(b"ACK") == 4
    by_time = {ms: lit for ms, lit in strip.frames}  # each frame arrives 1 ms after its time (the fake poll)
    assert set(by_time[60]) == {0, 243}  # power-on, quiet: the start holes breathe
    assert by_time[101] == {0: (255, 255, 255)} and by_time[201] == {1: (255, 255, 255)}
    assert len(by_time[301]) == 244 and set(by_time[301].values()) == {(30, 30, 30)}  # 2000 mA: 244 dark + white
    assert by_time[401] == {}  # the picture again: every peg at 0, and the host talks, so nothing breathes

