"""The firmware's core behind a pseudo-terminal (firmware/pty_board.py): boots, restarts and the command."""

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from board_driver.driver import BoardDriver, Timing
from board_driver.errors import NoHandshake
from board_driver.link import BoardLink
from board_driver.model import default_track
from board_driver.ptysim import PtySim
from firmware.pty_board import make_board

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def pty() -> Iterator[PtySim]:
    board, _ = make_board("traditional")
    stop = threading.Event()
    with PtySim(board) as served:
        thread = threading.Thread(target=served.serve, args=(stop,), daemon=True)
        thread.start()
        yield served
        stop.set()
        thread.join(2.0)


@pytest.mark.parametrize(("boot_s", "answered"), [(0.8, True), (1.3, False)])
def test_the_handshake_tolerates_a_boot_of_up_to_1_s(pty: PtySim, boot_s: float, answered: bool) -> None:
    """A board reset as the port opens: deaf while it boots, then its boot INFO, which the handshake takes."""
    with BoardLink.open(pty.path) as link:
        link.discard_input()
        pty.reboot(boot_s=boot_s)
        if answered:
            info = link.handshake(1.0, 0.25)  # the driver's window: HELLO every 250 ms for 1 s
            assert (info.firmware, info.tracks, info.holes, info.leds) == ("pegboard-1.2", 2, 121, 122)
        else:
            with pytest.raises(NoHandshake):
                link.handshake(1.0, 0.25)


def test_a_restart_says_info_and_the_driver_sends_everything_again(pty: PtySim) -> None:
    driver = BoardDriver(pty.path, timing=Timing(ack_timeout=0.05, handshake_timeout=1.0)).start()
    try:
        driver.set_pegs([default_track(0, 87, 80), default_track(1, 95, 91)])
        driver.set_brightness(40)
        assert driver.wait_synced(5.0)
        pty.reboot()  # a watchdog reset: blank, then INFO
        assert pty.board.core.brightness == 128
        wanted = [b"40", b"-", b"-", b"87,80,D55E00,0", b"95,91,56B4E9,0"]
        deadline = time.monotonic() + 5.0
        while pty.board.core.report_line().split(b"*")[0].split()[2:7] != wanted:  # then WANTED/BUDGET
            assert time.monotonic() < deadline, pty.board.core.report_line()
            time.sleep(0.02)
    finally:
        driver.stop()


def test_the_command_prints_its_pty_and_answers_on_it() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "firmware.pty_board", "--layout", "traditional", "--seconds", "5"],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("firmware core (traditional, 2 tracks x 121 holes, 122 LEDs) on /dev/")
        path = first.split(" on ")[1].strip()
        with BoardLink.open(path) as link:
            assert link.handshake(2.0, 0.1).leds == 122
            report = link.query()
            assert (report.seq, report.power) == (0, (142, 450))  # as the firmware's REPORT: within budget
    finally:
        proc.terminate()
        proc.wait(5)


def test_the_command_refuses_a_board_it_cannot_build() -> None:
    done = subprocess.run([sys.executable, "-m", "firmware.pty_board", "--holes", "100", "--layout", "traditional"],
                          cwd=ROOT, capture_output=True, text=True, timeout=20)
    assert done.returncode == 2
    assert "no traditional board with 2 tracks of 100 holes" in done.stderr
