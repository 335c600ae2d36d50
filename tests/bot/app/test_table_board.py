import itertools
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from board_driver import sim
from board_driver.driver import BoardDriver, Timing
from board_driver.model import NO_EFFECTS, Effects, TrackState, default_track
from bot.app.companion.pegboard import Pegboard, table_picture
from engine.core.rules import Rules
from engine.table.session import Pegs, TableSession
from tests.waiting import wait_until

FAST = Timing(ack_timeout=0.01, handshake_timeout=0.5, heartbeat_s=0.2, backoff_min=0.01, backoff_max=0.05)
"""In-process sim boards answer at once, so a short ack timeout is safe and keeps the tests quick."""

_names = itertools.count()


@contextmanager
def fast_board(url: str) -> Iterator[Pegboard]:
    """The application's pegboard on a sim:// board, with the quick timing above."""
    pegboard = Pegboard(url, driver_factory=lambda u: BoardDriver(u, timing=FAST).start())
    try:
        yield pegboard
    finally:
        pegboard.close()


def tracks(session: TableSession) -> list[TrackState]:
    return list(table_picture(session, 121).tracks)


def effects(session: TableSession) -> Effects:
    return table_picture(session, 121).effects


def mirror(session: TableSession, driver: BoardDriver) -> None:
    picture = table_picture(session, 121)
    driver.set_pegs(list(picture.tracks))
    driver.set_effects(picture.effects)


@pytest.fixture
def board_name() -> Iterator[str]:
    name = f"table-{next(_names)}"
    yield name
    sim.remove_board(name)




# A two-player game to 121 as a table plays it: (seat, points, reason) pegs, "deal" when the deal passes,
# "undo" when someone pegged wrong. Ann cuts low and deals first.
DEALS = [
    [(1, 2, "play"), (0, 2, "play"), (1, 1, "go"), (0, 1, "last"), (1, 8, "hand"), (0, 12, "hand"), "undo",
     (0, 10, "hand"), (0, 4, "crib")],
    [(0, 2, "play"), (1, 3, "play"), (0, 1, "last"), (0, 6, "hand"), (1, 16, "hand"), (1, 5, "crib")],
    [(0, 4, "play"), (1, 2, "play"), (1, 2, "play"), (1, 1, "go"), (0, 7, "hand"), (1, 9, "hand"),
     (1, 2, "crib")],
    [(0, 2, "play"), (1, 6, "play"), (0, 1, "last"), (1, 13, "hand"), (0, 8, "hand"), "undo", "undo",
     (1, 12, "hand"), (0, 8, "hand"), (0, 6, "crib")],
    [(1, 3, "play"), (0, 2, "play"), (0, 1, "go"), (0, 20, "hand"), (1, 10, "hand"), (1, 4, "crib")],
    [(0, 5, "play"), (1, 1, "last"), (1, 4, "hand"), (0, 14, "hand"), (0, 7, "crib")],
    [(1, 2, "play"), (0, 3, "play"), (1, 1, "go"), (0, 8, "hand"), (1, 10, "hand"), (1, 4, "crib")],
    [(0, 2, "play"), (0, 1, "go"), (0, 6, "hand"), "undo", (0, 4, "hand")],
]
"""Ann ends on 121 exactly with her hand in the last deal (after taking back a miscount); Bob is on 108."""


def play(session: TableSession, step: object) -> None:
    if step == "undo":
        session.undo()
    elif step == "deal":
        session.next_deal()
    else:
        seat, points, reason = step  # type: ignore[misc]
        session.peg(seat, points, reason)


def steps() -> list[object]:
    out: list[object] = []
    for deal in DEALS:
        out.extend(deal)
        out.append("deal")
    return out[:-1]


def test_a_whole_table_game_with_undos_and_an_unplug_ends_on_the_final_pegs(board_name: str) -> None:
    board = sim.create_board(board_name)
    session = TableSession(Rules(2, 121), ["Ann", "Bob"])
    with fast_board(f"sim://{board_name}") as table:
        session.set_dealer(0)
        table.table_changed("t1", session)
        assert table.driver is not None and table.driver.wait_connected(5.0)
        assert table.wait_synced(5.0)
        assert board.state.tracks == (default_track(0, 0, 0, highlight=True), default_track(1, 0, 0))
        script = steps()
        half = len(script) // 2
        for step in script[:half]:
            play(session, step)
            table.table_changed("t1", session)
            assert table.wait_synced(5.0), table.driver_status()
            assert board.state.tracks == tuple(tracks(session)) and board.state.effects == NO_EFFECTS
        mid = tuple(tracks(session))

        board.unplug()
        assert wait_until(lambda: not table.driver_status().connected)
        for step in script[half:-3]:  # the game goes on while the cable is out, undos too
            start = time.monotonic()
            play(session, step)
            table.table_changed("t1", session)
            assert time.monotonic() - start < 0.05
        assert wait_until(lambda: "unplugged" in (table.driver_status().last_error or ""))
        assert not table.driver_status().synced
        assert board.state.tracks == mid != tuple(tracks(session))  # the unplugged board missed the moves
        board.replug()  # powered off and on: it boots blank and the driver sends everything again
        assert table.wait_synced(5.0), table.driver_status()
        assert board.state.tracks == tuple(tracks(session))

        for step in script[-3:]:
            play(session, step)
            table.table_changed("t1", session)
            assert table.wait_synced(5.0), table.driver_status()
        status = table.driver_status()

    assert session.winner == 0 and session.tracks == (Pegs(121, 117), Pegs(108, 104))
    result = session.result()
    assert result is not None and result.scores == (121, 108) and result.skunk is None
    assert board.state.tracks == (default_track(0, 121, 117), default_track(1, 108, 104))  # no dealer lit
    assert board.state.effects == Effects(winner=0)
    assert status.connections == 2 and status.connected
    assert board.boots == 2


def test_undo_of_the_win_takes_the_flash_off_the_board(board_name: str) -> None:
    board = sim.create_board(board_name)
    session = TableSession(Rules(2, 61), ["Ann", "Bob"])
    driver = BoardDriver(f"sim://{board_name}", timing=FAST).start()
    try:
        session.peg(1, 10)
        for _ in range(3):
            session.peg(0, 21)
        mirror(session, driver)
        assert driver.wait_synced(5.0)
        assert board.state.tracks == (default_track(0, 61, 42), default_track(1, 10, 0))
        assert board.state.effects == Effects(winner=0, skunk=31)
        session.undo()
        mirror(session, driver)
        assert driver.wait_synced(5.0)
        assert board.state.tracks == (default_track(0, 42, 21), default_track(1, 10, 0))
        assert board.state.effects == NO_EFFECTS
    finally:
        driver.stop()


def test_four_players_show_two_team_tracks_and_a_past_the_hole_win_is_capped(board_name: str) -> None:
    board = sim.create_board(board_name)
    session = TableSession(Rules(4, 121), ["Ann", "Bob", "Cat", "Dan"])
    session.set_dealer(1)
    session.peg(3, 29)
    for _ in range(4):
        session.peg(2, 29)
    session.peg(0, 9)  # 125: past the game hole
    assert tracks(session) == [default_track(0, 121, 116), default_track(1, 29, 0)]
    assert effects(session) == Effects(winner=0, skunk=61)
    with fast_board(f"sim://{board_name}") as table:
        table.table_changed("t1", session)
        assert table.wait_synced(5.0), table.driver_status()
    assert board.state.tracks == (default_track(0, 121, 116), default_track(1, 29, 0))
    assert board.state.effects == Effects(winner=0, skunk=61)


def test_three_players_on_a_three_track_board_and_on_a_two_track_one(board_name: str) -> None:
    board = sim.create_board(board_name, tracks=3)
    session = TableSession(Rules(3, 121), ["Ann", "Bob", "Cat"])
    session.set_dealer(2)
    session.peg(0, 5)
    session.peg(1, 7)
    session.peg(2, 3)
    with fast_board(f"sim://{board_name}") as table:
        table.table_changed("t1", session)
        assert table.wait_synced(5.0), table.driver_status()
        assert board.state.tracks == (default_track(0, 5, 0), default_track(1, 7, 0),
                                      default_track(2, 3, 0, highlight=True))
    small = sim.create_board(board_name)  # two tracks: the board refuses, the game goes on
    with fast_board(f"sim://{board_name}") as table:
        table.table_changed("t1", session)
        assert wait_until(lambda: "3 tracks but this board has 2" in (table.driver_status().last_error or ""))
        session.peg(0, 4)
        table.table_changed("t1", session)
        assert session.tracks[0] == Pegs(9, 5)
    assert small.state.tracks == (default_track(0), default_track(1))
