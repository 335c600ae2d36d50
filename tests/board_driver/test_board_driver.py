import random
import signal
import socket
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from board_driver import sim
from board_driver.driver import BoardDriver, Timing
from board_driver.faults import FaultPlan
from board_driver.model import Effects, TrackState, default_track
from board_driver.sim import SimBoard, blank_state
from tests.board_driver.boards import PickyBoard
from tests.waiting import wait_until

FAST = Timing(ack_timeout=0.01, handshake_timeout=0.5, heartbeat_s=0.2, backoff_min=0.01, backoff_max=0.05)
"""In-process sim boards answer at once, so a short ack timeout is safe and keeps the tests quick."""




def game_walk(seed: int, moves: int) -> Iterator[tuple[TrackState, TrackState]]:
    """Peg positions of a made-up two-player game: one track scores 1-29 each move; a new game starts
    once someone passes 121."""
    rng = random.Random(seed)
    pegs = [(0, 0), (0, 0)]
    for _ in range(moves):
        seat = rng.randrange(2)
        front = pegs[seat][0]
        if front + 29 > 121:
            pegs = [(0, 0), (0, 0)]
            front = 0
        pegs[seat] = (front + rng.randint(1, 29), front)
        yield default_track(0, *pegs[0]), default_track(1, *pegs[1])


def run_driver(name: str, timing: Timing = FAST) -> BoardDriver:
    driver = BoardDriver(f"sim://{name}", timing=timing).start()
    assert driver.wait_connected(5.0), driver.status()
    return driver


def test_set_pegs_returns_at_once_and_the_board_follows(board_name: str) -> None:
    board = sim.create_board(board_name)
    driver = run_driver(board_name)
    try:
        start = time.monotonic()
        driver.set_pegs([TrackState(87, 80, 0xFF2020), TrackState(95, 91, 0x2060FF, True)])
        assert time.monotonic() - start < 0.05
        assert driver.wait_synced(5.0)
        assert board.state.tracks == (TrackState(87, 80, 0xFF2020), TrackState(95, 91, 0x2060FF, True))
        status = driver.status()
        # seq 1 was the EFFECT frame every connection starts with (no effects), seq 2 the pegs
        assert (status.connected, status.synced, status.last_acked_seq, status.last_error) == (
            True, True, 2, None)
        assert status.info is not None and status.info.firmware == "sim-1.0"
    finally:
        driver.stop()


FAULTS = {
    "drop": FaultPlan(drop=0.3, seed=1),
    "garble": FaultPlan(garble=0.3, seed=2),
    "duplicate": FaultPlan(duplicate=0.5, seed=3),
    "delay": FaultPlan(delay=0.3, delay_s=0.03, seed=4),  # later than the 10 ms ack timeout: resends
    "all": FaultPlan(drop=0.1, garble=0.1, duplicate=0.1, delay=0.1, delay_s=0.02, seed=5),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_every_state_reaches_the_board_through_each_fault(board_name: str, fault: str) -> None:
    board = sim.create_board(board_name, faults=FAULTS[fault])
    driver = run_driver(board_name)
    wanted: list[tuple[TrackState, TrackState]] = []
    try:
        for tracks in game_walk(seed=len(fault), moves=80):
            driver.set_pegs(tracks)
            assert driver.wait_synced(5.0), driver.status()
            wanted.append(tracks)
        driver.set_brightness(33)
        driver.set_effects(Effects(winner=1, skunk=91))
        assert driver.wait_synced(5.0), driver.status()
    finally:
        driver.stop()
    assert board.state.tracks == wanted[-1]
    assert (board.state.brightness, board.state.effects) == (33, Effects(1, 91))
    shown = [s.tracks for s in board.history[1:81]]
    assert shown == wanted  # every state, in order, none lost or shown out of turn
    assert board.injector.counts.lines > 160
    counts = board.injector.counts
    assert {"drop": counts.dropped, "garble": counts.garbled, "duplicate": counts.duplicated,
            "delay": counts.delayed}.get(fault, 1) > 0


def test_soak_thousands_of_updates_with_drops_and_garbling(board_name: str) -> None:
    board = sim.create_board(board_name, faults=FaultPlan(drop=0.10, garble=0.05, seed=2024))
    driver = run_driver(board_name, Timing(ack_timeout=0.005, handshake_timeout=0.5, backoff_min=0.005,
                                           backoff_max=0.02))
    walk = list(game_walk(seed=99, moves=4000))
    try:
        for tracks in walk[:2000]:  # each one acknowledged before the next
            driver.set_pegs(tracks)
            assert driver.wait_synced(5.0), driver.status()
        for tracks in walk[2000:]:  # as fast as a caller can: the driver sends the latest
            driver.set_pegs(tracks)
        assert driver.wait_synced(5.0), driver.status()
        status = driver.status()
    finally:
        driver.stop()
    assert board.state.tracks == walk[-1]
    assert [s.tracks for s in board.history[1:2001]] == walk[:2000]
    counts = board.injector.counts
    assert counts.dropped > 300 and counts.garbled > 150  # the faults really happened, both ways
    assert status.frames_sent >= 2000 and status.resends > 200


def test_reconnects_after_an_unplug_in_the_middle_of_a_game(board_name: str) -> None:
    board = sim.create_board(board_name)
    driver = run_driver(board_name)
    walk = list(game_walk(seed=3, moves=60))
    try:
        driver.set_brightness(60)
        for tracks in walk[:30]:
            driver.set_pegs(tracks)
            assert driver.wait_synced(5.0)
        board.unplug()
        assert wait_until(lambda: not driver.status().connected)
        for tracks in walk[30:45]:  # the game goes on while the cable is out
            start = time.monotonic()
            driver.set_pegs(tracks)
            assert time.monotonic() - start < 0.05
        assert wait_until(lambda: "unplugged" in (driver.status().last_error or ""))
        assert not driver.status().synced
        board.replug()  # powered off and on: it boots blank
        assert driver.wait_synced(5.0), driver.status()
        assert board.state.tracks == walk[44] and board.state.brightness == 60
        for tracks in walk[45:]:
            driver.set_pegs(tracks)
        assert driver.wait_synced(5.0)
        status = driver.status()
    finally:
        driver.stop()
    assert board.state.tracks == walk[-1] and board.state.brightness == 60
    assert status.connections == 2 and status.connected


def test_a_board_that_restarts_gets_the_whole_state_again(board_name: str) -> None:
    board = sim.create_board(board_name)
    driver = run_driver(board_name)
    tracks = (default_track(0, 45, 40), default_track(1, 60, 52))
    try:
        driver.set_pegs(tracks)
        driver.set_effects(Effects(skunk=91))
        assert driver.wait_synced(5.0)
        board.reboot()  # announces INFO; the driver hears it while idle
        assert board.wait_for(lambda b: b.boots == 2 and b.state.tracks == tracks
                              and b.state.effects == Effects(skunk=91), 5.0)
    finally:
        driver.stop()


def test_a_board_that_goes_silent_is_dropped_and_found_again(board_name: str) -> None:
    board = sim.create_board(board_name)
    driver = run_driver(board_name)
    try:
        driver.set_pegs([default_track(0, 5, 0)])
        assert driver.wait_synced(5.0)
        board.mute = True
        driver.set_pegs([default_track(0, 9, 5)])
        assert wait_until(lambda: not driver.status().connected)
        error = driver.status().last_error or ""
        assert error.startswith(f"the board at sim://{board_name} has sent nothing for "), error
        assert "frames unanswered)" in error
        assert wait_until(lambda: "did not answer the handshake" in (driver.status().last_error or ""))
        assert "nothing at all came back" in (driver.status().last_error or "")
        board.mute = False
        assert driver.wait_synced(5.0)
        assert board.state.tracks[0] == default_track(0, 9, 5)
    finally:
        driver.stop()


def test_too_many_tracks_are_refused_without_a_frame_and_later_parts_still_go(board_name: str) -> None:
    board = sim.create_board(board_name)  # two tracks
    driver = run_driver(board_name)
    try:
        driver.set_pegs([default_track(i, 3, 0) for i in range(3)])
        driver.set_brightness(50)
        assert wait_until(lambda: driver.status().last_error is not None)
        status = driver.status()
        assert status.last_error == (f"the board at sim://{board_name} cannot show the scores: "
                                     "3 tracks but this board has 2")
        assert not status.synced and status.naks == 0 and board.received["SetState"] == 0
        assert board.wait_for(lambda b: b.state.brightness == 50, 5.0)  # the next part was not held up
        driver.set_pegs([default_track(0, 3, 0), default_track(1, 4, 0)])
        assert driver.wait_synced(5.0)
    finally:
        driver.stop()
    assert board.state.tracks == (default_track(0, 3, 0), default_track(1, 4, 0))


def test_a_range_nak_does_not_freeze_later_frames() -> None:
    board = PickyBoard()
    with sim._registry_lock:
        sim._registry["picky"] = board
    driver = run_driver("picky")
    try:
        driver.set_pegs([default_track(0, 50, 40), default_track(1, 10, 0)])
        driver.set_effects(Effects(winner=1))
        assert wait_until(lambda: "RANGE hole 50 is broken" in (driver.status().last_error or ""))
        assert board.wait_for(lambda b: b.state.effects == Effects(winner=1), 5.0)
        assert board.naks["RANGE"] == 1
        time.sleep(0.05)
        assert board.naks["RANGE"] == 1  # the refused frame is not sent again
        driver.set_pegs([default_track(0, 51, 50), default_track(1, 10, 0)])
        assert driver.wait_synced(5.0), driver.status()
    finally:
        driver.stop()
        sim.remove_board("picky")
    assert board.state.tracks == (default_track(0, 51, 50), default_track(1, 10, 0))


def test_an_idle_driver_sends_heartbeats(board_name: str) -> None:
    board = sim.create_board(board_name)
    driver = run_driver(board_name, Timing(ack_timeout=0.01, heartbeat_s=0.03))
    try:
        assert board.wait_for(lambda b: b.received["Ping"] >= 3, 5.0)
        assert not board.host_quiet()
        assert driver.status().synced
    finally:
        driver.stop()


@pytest.mark.parametrize(("url", "error"), [
    ("sim://{name}?mute=1", "did not answer the handshake (HELLO) within 0.5 s"),
    ("/dev/no-such-pegboard", "no board at '/dev/no-such-pegboard': no such device"),
    ("nope://{name}", "cannot open 'nope://"),
])
def test_a_board_that_cannot_be_reached_is_retried_and_reported(board_name: str, url: str,
                                                                error: str) -> None:
    driver = BoardDriver(url.format(name=board_name), timing=FAST).start()
    try:
        driver.set_pegs([default_track(0, 5, 0)])  # still returns at once
        assert wait_until(lambda: error in (driver.status().last_error or ""))
        status = driver.status()
        assert (status.connected, status.synced, status.connections, status.last_acked_seq) == (
            False, False, 0, None)
    finally:
        start = time.monotonic()
        driver.stop()
        assert time.monotonic() - start < 1.0


def test_the_driver_checks_what_it_is_given() -> None:
    driver = BoardDriver("sim://unused")
    with pytest.raises(TypeError, match="TrackState values"):
        driver.set_pegs([(5, 0)])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="brightness 300 is not 0-255"):
        driver.set_brightness(300)


def test_a_board_is_blank_until_the_driver_speaks() -> None:
    assert SimBoard().state == blank_state(2)


def test_a_board_behind_a_tcp_bridge_through_socket_urls() -> None:
    """socket://HOST:PORT, as for a board on a network serial bridge: no cancel_read there."""
    board = SimBoard()
    server = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def bridge() -> None:
        conn, _ = server.accept()
        wire = board.connect()
        conn.settimeout(0.01)
        with conn:
            while not stop.is_set():
                try:
                    data = conn.recv(4096)
                    if not data:
                        return
                    wire.write(data, time.monotonic())
                except TimeoutError:
                    pass
                wire.pump(time.monotonic())
                if wire.readable:
                    conn.sendall(bytes(wire.readable))
                    wire.readable.clear()

    thread = threading.Thread(target=bridge, daemon=True)
    thread.start()
    url = f"socket://127.0.0.1:{server.getsockname()[1]}"
    driver = BoardDriver(url, timing=Timing(ack_timeout=0.1, heartbeat_s=0.05)).start()
    try:
        assert driver.wait_connected(5.0), driver.status()
        time.sleep(0.1)  # idle through a couple of heartbeats, then a change must still get through
        driver.set_pegs([default_track(0, 17, 9), default_track(1, 12, 0)])
        assert driver.wait_synced(5.0), driver.status()
    finally:
        driver.stop()
        stop.set()
        thread.join(2.0)
        server.close()
    assert board.state.tracks == (default_track(0, 17, 9), default_track(1, 12, 0))
    assert board.received["Ping"] >= 1


async def test_an_event_loop_sets_pegs_and_awaits_the_board(board_name: str) -> None:
    board = sim.create_board(board_name)
    driver = BoardDriver(f"sim://{board_name}", timing=FAST).start()
    try:
        driver.set_pegs([default_track(0, 29, 0), default_track(1, 0, 0)])  # before it is even connected
        assert await driver.synced(5.0)
    finally:
        driver.stop()
    assert board.state.tracks[0] == default_track(0, 29, 0)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/task")
def test_the_drivers_thread_leaves_ctrl_c_to_the_main_thread(board_name: str) -> None:
    """A Ctrl-C taken by this thread would never wake the main thread from a blocking read."""
    sim.create_board(board_name)
    driver = BoardDriver(f"sim://{board_name}").start()
    try:
        assert driver.wait_connected(5.0)
        thread = next(t for t in threading.enumerate() if t.name == f"board sim://{board_name}")
        with open(f"/proc/self/task/{thread.native_id}/status") as status:
            blocked = int(next(line for line in status if line.startswith("SigBlk:")).split()[1], 16)
    finally:
        driver.stop()
    assert blocked >> (signal.SIGINT - 1) & 1 == 1
