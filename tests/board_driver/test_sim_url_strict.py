"""A sim:// address read strictly: a firmware name the INFO line can carry (1-32 of A-Z a-z 0-9 . _ + -), a
switch that is one of six words in any case, and numbers in ASCII digits only."""

from __future__ import annotations

import pytest
import serial

from board_driver.sim import SimBoard, parse_sim_url
from bot.cli.board_url import board_problem
from bot.cli.main import main


@pytest.mark.parametrize(("url", "problem"), [
    ("sim://t?firmware=a+b", "option firmware='a b' in 'sim://t?firmware=a+b' is not 1-32 of A-Z a-z 0-9 . _ + -"),
    ("sim://t?firmware=a%0Ab", "option firmware='a\\nb' in 'sim://t?firmware=a%0Ab' is not 1-32 of "
                               "A-Z a-z 0-9 . _ + -"),
    ("sim://t?firmware=", "option firmware='' in 'sim://t?firmware=' is not 1-32 of A-Z a-z 0-9 . _ + -"),
    ("sim://t?firmware=" + "f" * 33, "option firmware='fffffffffffffffffffffffffffffffff' in "
                                     "'sim://t?firmware=fffffffffffffffffffffffffffffffff' is not 1-32 of "
                                     "A-Z a-z 0-9 . _ + -"),
    ("sim://t?firmware=%C3%A9", "option firmware='é' in 'sim://t?firmware=%C3%A9' is not 1-32 of A-Z a-z 0-9 . _ + -"),
    ("sim://t?mute=maybe", "option mute='maybe' in 'sim://t?mute=maybe' is not true, false, yes, no, 1 or 0"),
    ("sim://t?mute=", "option mute='' in 'sim://t?mute=' is not true, false, yes, no, 1 or 0"),
    ("sim://t?mute=on", "option mute='on' in 'sim://t?mute=on' is not true, false, yes, no, 1 or 0"),
    ("sim://t?tracks=٣", "option tracks='٣' in 'sim://t?tracks=٣' is not a number"),
    ("sim://t?tracks=３", "option tracks='３' in 'sim://t?tracks=３' is not a number"),
    ("sim://t?holes=1_0", "option holes='1_0' in 'sim://t?holes=1_0' is not a number"),
    ("sim://t?holes=%2B5", "option holes='+5' in 'sim://t?holes=%2B5' is not a number"),
    ("sim://t?drop=nan", "option drop='nan' in 'sim://t?drop=nan' is not a number"),
    ("sim://t?drop=١", "option drop='١' in 'sim://t?drop=١' is not a number"),
    ("sim://t?drop=1e-3", "option drop='1e-3' in 'sim://t?drop=1e-3' is not a number"),
    ("sim://t?seed=٤", "option seed='٤' in 'sim://t?seed=٤' is not a number"),
])
def test_a_bad_sim_option_is_named(url: str, problem: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_sim_url(url)
    assert str(caught.value) == problem
    assert board_problem(url) == problem


@pytest.mark.parametrize(("text", "mute"), [("FALSE", False), ("False", False), ("no", False), ("0", False),
                                            ("TRUE", True), ("Yes", True), ("1", True)])
def test_mute_is_read_in_any_case(text: str, mute: bool) -> None:
    assert parse_sim_url(f"sim://t?mute={text}") == ("t", {"mute": mute})


def test_good_options_still_read() -> None:
    assert parse_sim_url("sim://t?firmware=pegs-1.2.0%2Bdev_x&tracks=3&holes=61&drop=.5") == (
        "t", {"firmware": "pegs-1.2.0+dev_x", "tracks": 3, "holes": 61, "faults": parse_sim_url("sim://t?drop=0.5")[1]
              ["faults"]})


def test_a_board_never_speaks_a_firmware_name_outside_the_protocol() -> None:
    for name in ("a b", "a\nb", "", "x" * 33, "INFO\r"):
        with pytest.raises(ValueError, match="is not 1-32 of A-Z a-z 0-9 . _ \\+ -"):
            SimBoard(firmware=name)
    with pytest.raises(serial.SerialException, match="option firmware='a b'"):
        serial.serial_for_url("sim://?firmware=a+b")


def test_the_command_line_refuses_it_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["board", "set", "--port", "sim://t?firmware=a%0Ab", "--pegs", "5/1"])
    assert refused.value.code == 2
    assert capsys.readouterr().err == (
        "cribbage board set: argument --port: option firmware='a\\nb' in 'sim://t?firmware=a%0Ab' is not 1-32 of "
        "A-Z a-z 0-9 . _ + - (see cribbage board set --help)\n")
