"""How the host judges a board, on a real pseudo-terminal: a NAK proves the board is there, a late answer
still counts, a board that restarted is noticed (with or without its INFO), a late INFO is not a restart,
pegs never go past a short board's holes, and the messages say what was heard."""

import logging
import os
import threading
import time
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest

from board_driver.driver import BoardDriver, Timing
from board_driver.errors import NoHandshake
from board_driver.faults import FaultPlan, garble
from board_driver.link import BoardLink
from board_driver.model import Effects, TrackState, default_track
from board_driver.ptysim import PtySim
from board_driver.sim import SimBoard
from tests.board_driver.boards import PickyBoard
from tests.waiting import wait_until

QUICK = Timing(ack_timeout=0.05, heartbeat_s=0.1, handshake_timeout=0.5)
"""Short waits, so a few seconds of a real link's life fit in a test; replies come 150 ms late below,
three times the ack timeout, as 300 ms is beside the default 250 ms."""


@pytest.fixture
def firmware_pty(tmp_path: Path) -> Iterator[tuple[SimBoard, PtySim]]:
    board = SimBoard()
    with PtySim(board, link=tmp_path / "usb-pegboard") as pty:
        pty.start()
        yield board, pty


def pegs(front: int) -> list[TrackState]:
    return [default_track(0, front, front - 1), default_track(1, 2 * front, front)]


# -- item 4: late answers count --------------------------------------------------------------------

def test_an_idle_board_whose_pongs_come_late_is_not_lost(firmware_pty: tuple[SimBoard, PtySim],
                                                         caplog: pytest.LogCaptureFixture) -> None:
    board, pty = firmware_pty
    board.set_faults(FaultPlan(reply_delay_s=0.15))
    driver = BoardDriver(pty.path, timing=QUICK).start()
    try:
        assert driver.wait_synced(3.0), driver.status()
        with caplog.at_level(logging.INFO, logger="board_driver.driver"):
            time.sleep(1.8)  # the old driver reconnected after ten late PONGs: 10 x (0.1 + 0.05) s
        status = driver.status()
    finally:
        driver.stop()
    assert board.received["Ping"] >= 5
    assert (status.connected, status.connections, status.restarts) == (True, 1, 0)
    assert not [r for r in caplog.records if "restarted" in r.getMessage() or "lost" in r.getMessage()]


def test_a_busy_board_whose_acks_come_late_keeps_up_without_reconnecting(
        firmware_pty: tuple[SimBoard, PtySim]) -> None:
    board, pty = firmware_pty
    board.set_faults(FaultPlan(reply_delay_s=0.15))
    driver = BoardDriver(pty.path, timing=QUICK).start()
    try:
        assert driver.wait_synced(3.0)
        hellos = board.received["Hello"]  # how many the first handshake took depends on how busy the machine is
        for front in range(1, 25):  # a change every 60 ms, each ACK 150 ms late
            driver.set_pegs(pegs(front))
            time.sleep(0.06)
        assert driver.wait_synced(3.0), driver.status()
        status = driver.status()
    finally:
        driver.stop()
    assert board.state.tracks == tuple(pegs(24))
    assert status.connections == 1 and board.received["Hello"] == hellos  # no handshake after the first


def test_the_wait_for_an_answer_follows_a_slow_board(firmware_pty: tuple[SimBoard, PtySim]) -> None:
    """Once late PONGs have shown the round trip, frames wait long enough and are not sent twice."""
    board, pty = firmware_pty
    board.set_faults(FaultPlan(reply_delay_s=0.15))
    driver = BoardDriver(pty.path, timing=QUICK).start()
    try:
        assert driver.wait_synced(3.0)
        assert wait_until(lambda: board.received["Ping"] >= 4, 3.0)
        before = driver.status().resends
        for front in range(1, 6):
            driver.set_pegs(pegs(front))
            assert driver.wait_synced(3.0)
        assert driver.status().resends == before
    finally:
        driver.stop()


# -- item 3: a NAK proves the board is alive -----------------------------------------------------

class DeafBoard(SimBoard):
    """A board whose receive line garbles the next `deaf` frames: it answers each with NAK - CRC. An empty line
    (the host's bare line end after a silence, which a board ignores) is no frame and passes untouched."""

    deaf = 0

    def handle_line(self, line: bytes, now: float) -> list[bytes]:
        if self.deaf > 0 and line.strip():
            self.deaf -= 1
            line = garble(line, self.injector.rng)
        return super().handle_line(line, now)


def test_a_burst_of_crc_naks_is_resent_not_reconnected() -> None:
    board = DeafBoard()
    with PtySim(board) as pty:
        pty.start()
        driver = BoardDriver(pty.path, timing=QUICK).start()
        try:
            assert driver.wait_synced(3.0)
            board.deaf = 30  # three times max_failures, all answered NAK - CRC
            driver.set_pegs(pegs(40))
            assert driver.wait_synced(5.0), driver.status()
            status = driver.status()
        finally:
            driver.stop()
    assert board.naks["CRC"] == 30 and status.naks >= 30
    assert status.connections == 1 and board.received["Hello"] == 1
    assert board.state.tracks == tuple(pegs(40))


# -- item 5 and 10: restarts, with and without INFO ------------------------------------------------

def test_a_reboot_that_loses_its_info_is_caught_by_a_query(firmware_pty: tuple[SimBoard, PtySim],
                                                           caplog: pytest.LogCaptureFixture) -> None:
    board, pty = firmware_pty
    driver = BoardDriver(pty.path, timing=Timing(handshake_timeout=0.5, query_s=0.5)).start()
    try:
        driver.set_pegs(pegs(30))
        driver.set_brightness(40)
        driver.set_effects(Effects(winner=0))
        assert driver.wait_synced(3.0)
        with caplog.at_level(logging.WARNING, logger="board_driver.driver"):
            pty.reboot(announce=False)
            assert board.state.brightness == 128
            assert board.wait_for(lambda b: b.state.brightness == 40 and b.state.tracks == tuple(pegs(30))
                                  and b.state.effects == Effects(winner=0), 3.0)
        assert driver.wait_synced(3.0)
        status = driver.status()
    finally:
        driver.stop()
    assert status.synced and status.restarts == 1 and status.connections == 1
    assert any("brightness 128, not 40" in r.getMessage() for r in caplog.records)
    assert Timing().query_s <= 3.0  # the default notices within a few seconds


def test_an_unprompted_info_is_a_restart(firmware_pty: tuple[SimBoard, PtySim],
                                         caplog: pytest.LogCaptureFixture) -> None:
    board, pty = firmware_pty
    driver = BoardDriver(pty.path, timing=Timing(handshake_timeout=0.5)).start()
    try:
        driver.set_pegs(pegs(12))
        driver.set_brightness(70)
        assert driver.wait_synced(3.0)
        time.sleep(0.1)
        with caplog.at_level(logging.INFO, logger="board_driver.driver"):
            pty.reboot()
            assert board.wait_for(lambda b: b.boots == 2 and b.state.brightness == 70, 3.0)
        status = driver.status()
    finally:
        driver.stop()
    assert status.restarts == 1
    assert sum("restarted" in r.getMessage() for r in caplog.records) == 1


def test_late_infos_answering_our_hellos_are_not_restarts(firmware_pty: tuple[SimBoard, PtySim],
                                                          caplog: pytest.LogCaptureFixture) -> None:
    board, pty = firmware_pty
    board.set_faults(FaultPlan(reply_delay_s=0.3))  # so the handshake says HELLO twice and INFO comes twice
    with caplog.at_level(logging.INFO, logger="board_driver.driver"):
        driver = BoardDriver(pty.path, timing=Timing(handshake_timeout=1.5)).start()
        try:
            driver.set_pegs(pegs(5))
            assert driver.wait_synced(3.0)
            time.sleep(0.6)
            status = driver.status()
        finally:
            driver.stop()
    assert board.received["Hello"] >= 2
    assert status.restarts == 0 and status.connections == 1
    assert not [r for r in caplog.records if "restarted" in r.getMessage()]


# -- item 2: a short board ----------------------------------------------------------------------------

def test_a_61_hole_board_never_gets_a_hole_past_61() -> None:
    board = SimBoard(holes=61)
    with PtySim(board) as pty:
        pty.start()
        driver = BoardDriver(pty.path, timing=Timing(handshake_timeout=0.5)).start()
        for front in (40, 58, 63, 79):  # a game to 121 mirrored onto a short board
            driver.set_pegs([default_track(0, front, front - 5), default_track(1, front + 40, front + 30)])
        driver.set_effects(Effects(winner=1, skunk=91))
        result = driver.finish(3.0)
        status = driver.status()
    assert result.synced, result
    assert board.naks == {}
    assert board.state.tracks == (default_track(0, 61, 60), default_track(1, 61, 60))
    assert board.state.effects == Effects(winner=1)  # the line at 91 is past this board's holes
    assert status.fitted == "skunk line 91 not shown (the board has 61 holes)"


def test_a_range_nak_does_not_freeze_later_frames() -> None:
    board = PickyBoard()
    with PtySim(board) as pty:
        pty.start()
        driver = BoardDriver(pty.path, timing=Timing(handshake_timeout=0.5)).start()
        try:
            driver.set_pegs([default_track(0, 50, 40), default_track(1, 10, 0)])
            driver.set_effects(Effects(winner=1, skunk=91))
            assert board.wait_for(lambda b: b.state.effects == Effects(winner=1, skunk=91), 3.0)
            assert "RANGE hole 50 is broken" in (driver.status().last_error or "")
            for front in (51, 53, 58):  # the next scores go through at once
                driver.set_pegs([default_track(0, front, 50), default_track(1, 10, 0)])
            assert driver.finish(3.0).synced
        finally:
            driver.stop()
    assert board.naks == {"RANGE": 1}
    assert board.state.tracks == (default_track(0, 58, 50), default_track(1, 10, 0))


# -- item 10: what was heard -----------------------------------------------------------------------------

def talking_pty(lines: bytes) -> Iterator[str]:
    """A pty whose other end writes `lines` again and again (a device that is not a pegboard)."""
    master, slave = os.openpty()
    tty.setraw(slave)
    stop = threading.Event()

    def chatter() -> None:
        while not stop.is_set():
            os.write(master, lines)
            stop.wait(0.05)

    thread = threading.Thread(target=chatter, daemon=True)
    thread.start()
    try:
        yield os.ttyname(slave)
    finally:
        stop.set()
        thread.join(1.0)
        os.close(master)
        os.close(slave)


@pytest.mark.parametrize(("chatter", "heard"), [
    (b"", "nothing at all came back (is it plugged in, powered, and running the pegboard firmware?)"),
    (b"Hello from Arduino\r\n", "that are not the pegboard protocol, e.g. 'Hello from Arduino' "
                                "(is it a cribbage pegboard, at 115200 baud?)"),
    (b"INFO 1 sim-1.0 2 121 243*0000\n", "with bad checksums (a noisy cable, or the wrong baud rate?)"),
    (b"\xf0\x0f\xff", "bytes but never a whole line (the wrong baud rate?)"),
])
def test_a_failed_handshake_says_what_was_heard(chatter: bytes, heard: str) -> None:
    for path in talking_pty(chatter):
        with BoardLink.open(path) as link, pytest.raises(NoHandshake) as caught:
            link.handshake(0.3, resend_s=0.1)
        message = str(caught.value)
        assert message.startswith(f"the board at {path} did not answer the handshake (HELLO) within 0.3 s: ")
        assert message.endswith(heard), message


def test_a_board_gone_silent_is_described_as_silent(firmware_pty: tuple[SimBoard, PtySim]) -> None:
    board, pty = firmware_pty
    driver = BoardDriver(pty.path, timing=QUICK).start()
    try:
        assert driver.wait_synced(3.0)
        board.mute = True
        assert wait_until(lambda: not driver.status().connected, 3.0)
        error = driver.status().last_error or ""
    finally:
        driver.stop()
    assert error.startswith(f"the board at {pty.path} has sent nothing for "), error
