"""The LED pegboard as the application sees it: one board, showing one game or one real table at a time.

Every game (terminal or Discord) and every table-mode session feeds it after each committed change;
it shows the one that was chosen (`follow`), or else the one most recently moved. The driver owns
the serial port in its own thread and every call here returns at once, so a slow or unplugged board
never holds up a game; only a game's end waits (a few seconds at most) for the board to show the
final picture, and says in one line when it could not.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from board_driver.driver import BoardDriver, DriverStatus
from board_driver.model import GAME_HOLE, Effects, TrackState, default_track
from board_driver.sim import SimBoard, board_for_url
from board_driver.view import draw
from bot.app.game.live_game import LiveGame
from bot.i18n import Lang, t
from engine.core.game import Phase, skunk_of
from engine.table.session import TableSession

FINISH_SECONDS = 3.0
"""How long a game's end waits for the board to show the final picture."""


@dataclass(frozen=True, slots=True)
class Picture:
    """What the board should show: a track per player (or team) and the effects."""

    tracks: tuple[TrackState, ...]
    effects: Effects


@dataclass(frozen=True, slots=True)
class Showing:
    """What the board follows: a game or a table session, by id, and what to call it."""

    kind: str
    """'game' or 'table'."""
    id: str
    title: str


def game_picture(live: LiveGame, holes: int = GAME_HOLE) -> Picture:
    """A game's pegs as the public sees them (a self-counted show stays hidden), one track per player (per
    team of four), the one to act lit, and at the end the winner flashing with the skunk line missed."""
    obs = live.public_obs()
    rules = obs.rules
    acting = {rules.team_of(s) for s in obs.to_act} if obs.phase in (Phase.DISCARD, Phase.PLAY) and live.active \
        else set()
    tracks = tuple(default_track(k, min(obs.scores[k], holes), min(obs.backs[k], holes), highlight=k in acting)
                   for k in range(rules.teams))
    seat = live.meta.winner if live.meta.winner is not None else obs.winner
    winner = rules.team_of(seat) if seat is not None else None
    return Picture(tracks, Effects(winner=winner, skunk=_skunk_line(live, winner)))


def table_picture(session: TableSession, holes: int) -> Picture:
    """A real table's session: one track per player (per team of four), the dealer lit, the result's effects."""
    pic = session.board(holes)
    tracks = tuple(default_track(i, p.front, p.back, highlight=i == pic.dealer) for i, p in enumerate(pic.pegs))
    return Picture(tracks, Effects(winner=pic.winner, skunk=pic.skunk_line))


def _skunk_line(live: LiveGame, winner: int | None) -> int | None:
    """The line lit at a game's end: the skunk (or double skunk) line the best-placed loser did not pass."""
    if winner is None:
        return None
    rules = live.game.rules
    skunk = skunk_of(rules, live.game.scores, winner)
    if skunk == "double skunk":
        return rules.double_skunk_line
    return rules.skunk_line if skunk == "skunk" else None


class Pegboard:
    """One LED board (a serial port, or sim://NAME for the simulated one), or none configured."""

    def __init__(self, url: str | None, *, driver_factory: Callable[[str], BoardDriver] | None = None,
                 holes: int = GAME_HOLE) -> None:
        self.url = url
        self.holes = holes
        self._factory = driver_factory or (lambda u: BoardDriver(u).start())
        self._driver: BoardDriver | None = None
        self._error: str | None = None
        self._followed: str | None = None
        """The game or table chosen to be shown; None: whichever moved last."""
        self.showing: Showing | None = None
        self._lock = threading.Lock()

    @property
    def configured(self) -> bool:
        return self.url is not None

    def follow(self, item_id: str | None) -> None:
        """Show this game (or table) from now on; None goes back to whichever moves last."""
        with self._lock:
            self._followed = item_id

    def game_changed(self, live: LiveGame) -> str | None:
        """A game's committed change. At its end: wait for the final picture; the one-line reason when the
        board could not be brought up to date (None: shown, or not this board's game)."""
        if not self._wants(live.id):
            return None
        title = f"game {live.id} ({' vs '.join(live.names)})"
        self._show(Showing("game", live.id, title), game_picture(live, self.holes))
        if live.game.over or not live.meta.status.live:
            return self.finish(live.lang)
        return None

    def table_changed(self, table_id: str, session: TableSession) -> None:
        if self._wants(table_id):
            names = " vs ".join(session.team_name(k) for k in range(session.rules.teams))
            self._show(Showing("table", table_id, f"table {table_id} ({names})"), table_picture(session, self.holes))

    def finish(self, lang: Lang = Lang.EN, timeout: float = FINISH_SECONDS) -> str | None:
        """Wait (in a worker thread) until the board shows the latest picture; else say why, in one line."""
        driver = self._driver
        if driver is None:
            return t("board.not_updated", lang, port=self.url, reason=self._error) if self._error else None
        if driver.wait_synced(timeout):
            return None
        reason = driver.status().last_error or t("board.no_answer", lang)
        return t("board.not_updated", lang, port=self.url, reason=reason)

    @property
    def driver(self) -> BoardDriver | None:
        """The driver once the board was first used (None before, or with no board configured)."""
        return self._driver

    def driver_status(self) -> DriverStatus | None:
        return self._driver.status() if self._driver is not None else None

    def shows(self, item_id: str) -> bool:
        return self.showing is not None and self.showing.id == item_id

    def _wants(self, item_id: str) -> bool:
        return self.url is not None and self._followed in (None, item_id)

    def _show(self, showing: Showing, picture: Picture) -> None:
        """Send the whole picture (pegs and effects together, so a taken-back win never stays lit)."""
        with self._lock:
            try:
                if self._driver is None:
                    assert self.url is not None
                    self._driver = self._factory(self.url)
                self._driver.set_pegs(list(picture.tracks))
                self._driver.set_effects(picture.effects)
                self.showing = showing
                self._error = None
            except Exception as exc:  # a failing board never stops a game; its status says why
                self._error = str(exc) or type(exc).__name__

    def status(self, lang: Lang) -> str:
        """The board in words: not configured, connected and what it shows, or failing and why."""
        if self.url is None:
            return t("board.none", lang)
        if self._driver is None:
            if self._error is not None:
                return t("board.failed", lang, port=self.url, reason=self._error)
            return t("board.idle", lang, port=self.url)
        try:
            status = self._driver.status()
        except Exception as exc:  # the driver is ours, but a status must never break a reply
            return t("board.failed", lang, port=self.url, reason=str(exc))
        shows = self.showing.title if self.showing is not None else t("general.none", lang)
        if status.connected and status.synced:
            return t("board.ok", lang, port=self.url, shows=shows)
        if status.connected:
            return t("board.syncing", lang, port=self.url)
        return t("board.failed", lang, port=self.url, reason=status.last_error or t("board.no_answer", lang))

    def drawing(self, names: Sequence[str] = (), timeout: float = 1.0) -> str | None:
        """The simulated board as text once it shows the latest picture (None for a real board)."""
        if self.url is None or not self.url.startswith("sim://") or self._driver is None:
            return None
        sim: SimBoard = board_for_url(self.url)
        self._driver.wait_synced(timeout)
        with sim.lock:
            return draw(sim.state, sim.info, seq=sim.last_seq, title=f"LED pegboard {self.url}", names=names)

    def wait_synced(self, timeout: float) -> bool:
        """Block until the board shows the latest picture (tests and the command line, never the event loop)."""
        return self._driver.wait_synced(timeout) if self._driver is not None else self.url is None

    def close(self) -> None:
        with self._lock:
            if self._driver is not None:
                self._driver.stop()
                self._driver = None
