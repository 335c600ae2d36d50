import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from board_driver.driver import BoardDriver, Timing
from board_driver.errors import LinkLost, NoHandshake, PortNotFound
from board_driver.faults import FaultPlan
from board_driver.link import BoardLink
from board_driver.model import Effects, default_track
from board_driver.protocol import Info, Ping, Pong, SetState
from board_driver.ptysim import PtySim
from board_driver.sim import SimBoard


@pytest.fixture
def served() -> Iterator[tuple[PtySim, SimBoard, list[int]]]:
    """A simulated board answering on a real pseudo-terminal, in a thread; counts redraw calls."""
    board = SimBoard(tracks=3, faults=FaultPlan(garble=0.2, drop=0.1, seed=8))
    changes: list[int] = []
    stop = threading.Event()
    with PtySim(board) as pty:
        thread = threading.Thread(target=pty.serve, args=(stop, lambda: changes.append(1)), daemon=True)
        thread.start()
        yield pty, board, changes
        stop.set()
        thread.join(2.0)


def test_the_pty_is_a_terminal_device(served: tuple[PtySim, SimBoard, list[int]]) -> None:
    pty, _, _ = served
    assert pty.path.startswith("/dev/")
    assert os.path.exists(pty.path)


def test_a_link_over_the_pty_handshakes_sets_and_queries(served: tuple[PtySim, SimBoard, list[int]]) -> None:
    pty, board, changes = served
    with BoardLink.open(pty.path) as link:
        info = link.handshake(2.0, resend_s=0.05)
        assert (info.tracks, info.holes, info.leds) == (3, 121, 364)
        link.request(SetState(1, (default_track(0, 87, 80), default_track(1, 95, 91))), 1, timeout=0.05,
                     attempts=20)
        report = link.query(timeout=0.05, attempts=20)
    assert [t.text() for t in report.tracks] == ["87/80", "95/91", "0/0"]
    assert board.state.tracks[:2] == (default_track(0, 87, 80), default_track(1, 95, 91))
    assert changes  # the terminal was told to redraw


def test_the_driver_keeps_a_pty_board_in_step(served: tuple[PtySim, SimBoard, list[int]]) -> None:
    pty, board, _ = served
    driver = BoardDriver(pty.path, timing=Timing(ack_timeout=0.05, handshake_timeout=2.0)).start()
    try:
        for front in range(1, 40):
            driver.set_pegs([default_track(0, front, front - 1), default_track(1, 2 * front, front)])
        driver.set_effects(Effects(winner=1))
        assert driver.wait_synced(10.0), driver.status()
    finally:
        driver.stop()
    assert board.state.tracks == (default_track(0, 39, 38), default_track(1, 78, 39), board.state.tracks[2])
    assert board.state.effects == Effects(winner=1)


def test_nobody_on_the_other_end_means_no_handshake() -> None:
    lonely = SimBoard()
    with (PtySim(lonely) as pty, BoardLink.open(pty.path) as link,  # nobody serves it
          pytest.raises(NoHandshake, match=f"the board at {pty.path} did not answer the handshake")):
        link.handshake(0.2, resend_s=0.05)


# -- what a cable does to a pty board ---------------------------------------------------------------

def test_an_unplug_breaks_the_open_port_and_the_path_vanishes(tmp_path: Path) -> None:
    board = SimBoard()
    with PtySim(board, link=tmp_path / "by-id-pegboard") as pty:
        pty.start()
        link = BoardLink.open(pty.path)
        link.handshake(1.0, resend_s=0.05)
        first_tty = pty.tty_path
        pty.unplug()
        with pytest.raises(LinkLost, match="went away"):
            for _ in range(3):
                link.send(Ping(1))
                link.receive(time.monotonic() + 0.2)
        link.close()
        assert not os.path.exists(pty.path) and not os.path.exists(first_tty)
        with pytest.raises(PortNotFound, match="no such device"):
            BoardLink.open(pty.path)
        pty.replug(new_path=True)
        assert pty.tty_path != first_tty and os.path.realpath(pty.path) == pty.tty_path
        with BoardLink.open(pty.path) as again:
            assert again.handshake(1.0, resend_s=0.05).tracks == 2
            assert again.query(timeout=0.05).seq == 0  # it lost power: it booted blank
    assert board.boots == 2


def test_replies_can_come_late(tmp_path: Path) -> None:
    board = SimBoard(faults=FaultPlan(reply_delay_s=0.2))
    with PtySim(board) as pty, BoardLink.open(pty.path) as link:
        pty.start()
        start = time.monotonic()
        link.send(Ping(4))
        assert link.receive(start + 1.0) == Pong(4)
        assert 0.2 <= time.monotonic() - start < 0.5


def test_a_reboot_with_or_without_its_info() -> None:
    board = SimBoard()
    with PtySim(board) as pty, BoardLink.open(pty.path) as link:
        pty.start()
        link.request(SetState(1, (default_track(0, 5, 0),)), 1, timeout=0.1)
        pty.reboot(announce=False)
        assert link.receive(time.monotonic() + 0.3) is None  # nothing said: only a QUERY shows it
        assert link.query(timeout=0.1).seq == 0
        pty.reboot()
        assert isinstance(link.receive(time.monotonic() + 1.0), Info)
    assert board.boots == 3
