"""`cribbage board ports` recognises the reference firmware's board: a Pico under MicroPython, 2E8A:0005."""

import pytest
from serial.tools import list_ports
from serial.tools.list_ports_common import ListPortInfo

from board_driver.ports import PICO_MICROPYTHON, hint_for, list_candidates
from bot.cli.main import main


def test_the_pico_under_micropython_is_named_as_the_reference_board() -> None:
    assert PICO_MICROPYTHON == (0x2E8A, 0x0005)
    assert hint_for(0x2E8A, 0x0005) == "Raspberry Pi Pico under MicroPython: the reference pegboard firmware's board"
    assert hint_for(0x2E8A, 0x000A) == "Raspberry Pi RP2040/RP2350"  # the Pico SDK's own serial: another firmware


def test_ports_says_so(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    pico = ListPortInfo("/dev/ttyACM0", skip_link_detection=True)
    pico.vid, pico.pid = 0x2E8A, 0x0005
    pico.description, pico.manufacturer = "Board in FS mode - Board CDC", "MicroPython"
    monkeypatch.setattr(list_ports, "comports", lambda: [pico])
    assert [p.usb_id for p in list_candidates()] == ["2E8A:0005"]
    assert main(["board", "ports"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "/dev/ttyACM0                 2E8A:0005  Board in FS mode - Board CDC  (Raspberry Pi Pico under "
        "MicroPython: the reference pegboard firmware's board, MicroPython)"]
