"""Table mode on the LED pegboard: turn a table session into what the board shows, and push it.

The driver owns the port in its own thread and every call here returns at once, so a slow, unplugged
or failing board never holds up the game; the driver catches up (the whole state, after a reconnect)
on its own, and its status says what went wrong. The mirror sends the whole picture after every
action, undo included, so the board can never keep a peg or a winner the session has taken back.
"""

from __future__ import annotations

from board_driver.driver import BoardDriver, DriverStatus, Timing
from board_driver.model import GAME_HOLE, Effects, Track, default_track
from engine.tablescore import TableSession


def tracks(session: TableSession, holes: int = GAME_HOLE) -> list[Track]:
    """One track per player (per team of four), front/back capped at the game hole; the dealer's lit."""
    pic = session.board(holes)
    return [default_track(i, p.front, p.back, highlight=i == pic.dealer) for i, p in enumerate(pic.pegs)]


def effects(session: TableSession, holes: int = GAME_HOLE) -> Effects:
    """The winner's track flashing and, for a skunk, the line the loser missed; nothing while play goes on."""
    pic = session.board(holes)
    return Effects(winner=pic.winner, skunk=pic.skunk_line)


def mirror(session: TableSession, driver: BoardDriver, holes: int = GAME_HOLE) -> None:
    """Make the board show the session now (returns at once; the driver delivers)."""
    driver.set_pegs(tracks(session, holes))
    driver.set_effects(effects(session, holes))


class TableBoard:
    """One board (a serial port or sim://NAME) that shows one table session at a time."""

    def __init__(self, url: str, *, timing: Timing | None = None) -> None:
        self.url = url
        self.driver = BoardDriver(url, timing=timing).start()

    def show(self, session: TableSession) -> None:
        mirror(session, self.driver)

    def status(self) -> DriverStatus:
        return self.driver.status()

    def wait_synced(self, timeout: float) -> bool:
        """Block until the board shows the latest picture (for tests and the CLI, not the event loop)."""
        return self.driver.wait_synced(timeout)

    def close(self) -> None:
        self.driver.stop()

    def __enter__(self) -> TableBoard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
