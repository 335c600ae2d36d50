"""The driver: a background thread that owns the port and keeps the board showing the desired state.

Callers (the bot's event loop, the table mode) only say what the board should show; every call returns
at once. The thread sends full-state frames with sequence numbers and waits for each ACK, resends on
a timeout or a NAK, sends a heartbeat when idle, and when the device goes away it reconnects with
exponential backoff and sends the whole state again: the board needs no memory of the past.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from board_driver.errors import BoardError, LinkLost
from board_driver.link import REFUSALS, BoardLink
from board_driver.model import NO_EFFECTS, BoardInfo, Effects, Track
from board_driver.protocol import (
    BAUDRATE,
    MAX_SEQ,
    Ack,
    Frame,
    Info,
    Nak,
    Ping,
    Pong,
    SetBrightness,
    SetEffects,
    SetState,
)

log = logging.getLogger(__name__)



@dataclass(frozen=True, slots=True)
class Timing:
    """How patient the driver is. Defaults suit a real USB board; tests shrink them."""

    ack_timeout: float = 0.25
    handshake_timeout: float = 1.0
    heartbeat_s: float = 1.0
    max_failures: int = 10
    """Frames in a row without their ACK (timeouts or NAKs) before the link counts as lost."""
    backoff_min: float = 0.1
    backoff_max: float = 5.0
    read_slice: float = 0.05


class Part(Enum):
    """What the host asks of a board, each sent and acknowledged on its own, in this order."""

    PEGS = "pegs"
    EFFECTS = "effects"
    BRIGHTNESS = "brightness"


Wanted = tuple[Track, ...] | Effects | int
"""A part's desired value: the tracks (PEGS), the Effects, or the brightness level."""


@dataclass(frozen=True, slots=True)
class DriverStatus:
    """A snapshot for a status line or a health check."""

    url: str
    connected: bool
    synced: bool
    """Connected, and the board has acknowledged everything desired."""
    info: BoardInfo | None
    last_acked_seq: int | None
    """The last STATE, EFFECT or BRIGHT frame the board acknowledged (heartbeats do not count)."""
    last_error: str | None
    """The latest failure (kept after recovery, for the record); None if there never was one."""
    connections: int
    frames_sent: int
    resends: int
    naks: int


class _Outcome(Enum):
    ACKED = "acked"
    TIMEOUT = "timeout"
    NAKED = "naked"
    REFUSED = "refused"
    RESET = "reset"


class BoardDriver:
    """Mirror a desired state onto the board at `url` from a background thread."""

    def __init__(self, url: str, *, timing: Timing | None = None, baudrate: int = BAUDRATE) -> None:
        self.url = url
        self.timing = timing or Timing()
        self.baudrate = baudrate
        self._cond = threading.Condition()
        self._desired: dict[Part, Wanted] = {Part.EFFECTS: NO_EFFECTS}
        self._confirmed: dict[Part, Wanted] = {}
        self._refused: dict[Part, Wanted] = {}
        self._inflight: tuple[Part, Wanted, int] | None = None
        self._seq = 0
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._link: BoardLink | None = None
        self._idle = False  # the thread is in an idle read that only a wake-up cuts short
        self._connected = False
        self._info: BoardInfo | None = None
        self._last_acked: int | None = None
        self._last_error: str | None = None
        self._connections = 0
        self._frames_sent = 0
        self._resends = 0
        self._naks = 0

    # -- the caller's side: all return at once ----------------------------------------------------

    def start(self) -> BoardDriver:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=f"board {self.url}", daemon=True)
            self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        self._poke()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def __enter__(self) -> BoardDriver:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def set_pegs(self, tracks: Sequence[Track]) -> None:
        """Show these tracks (front/back pegs, colour, highlight), track 1 first."""
        tracks = tuple(tracks)
        if not tracks or not all(isinstance(t, Track) for t in tracks):
            raise TypeError(f"set_pegs wants one or more Track values, got {tracks!r}")
        self._want(Part.PEGS, tracks)

    def set_effects(self, effects: Effects) -> None:
        self._want(Part.EFFECTS, effects)

    def set_brightness(self, level: int) -> None:
        if not isinstance(level, int) or not 0 <= level <= 255:
            raise ValueError(f"brightness {level!r} is not 0-255")
        self._want(Part.BRIGHTNESS, level)

    def status(self) -> DriverStatus:
        with self._cond:
            return DriverStatus(self.url, self._connected, self._synced(), self._info, self._last_acked,
                                self._last_error, self._connections, self._frames_sent, self._resends,
                                self._naks)

    def wait_synced(self, timeout: float) -> bool:
        """Block (not for the event loop: use a thread) until the board shows the desired state."""
        with self._cond:
            return self._cond.wait_for(self._synced, timeout)

    async def synced(self, timeout: float) -> bool:
        """wait_synced for asyncio code: waits in a worker thread, never in the event loop."""
        return await asyncio.to_thread(self.wait_synced, timeout)

    def wait_connected(self, timeout: float) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self._connected, timeout)

    def _want(self, part: Part, value: Wanted) -> None:
        with self._cond:
            self._desired[part] = value
        self._poke()

    def _poke(self) -> None:
        """Wake the thread out of an idle read (a read awaiting an ACK ends soon by itself)."""
        self._wake.set()
        link = self._link
        if link is not None and self._idle:
            with contextlib.suppress(Exception):
                link.port.cancel_read()

    def _synced(self) -> bool:
        return self._connected and all(self._confirmed.get(p) == v for p, v in self._desired.items())

    # -- the thread --------------------------------------------------------------------------------

    def _run(self) -> None:
        backoff = self.timing.backoff_min
        while not self._stop.is_set():
            try:
                link = self._connect()
            except BoardError as exc:
                self._note_error(str(exc))
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self.timing.backoff_max)
                continue
            backoff = self.timing.backoff_min
            try:
                self._serve(link)
            except BoardError as exc:
                self._note_error(str(exc))
                log.info("board link lost: %s", exc)
            finally:
                with self._cond:
                    self._connected = False
                    self._link = None
                    self._cond.notify_all()
                link.close()

    def _connect(self) -> BoardLink:
        read_slice = min(self.timing.read_slice, self.timing.ack_timeout / 2)  # so a timeout is not overshot
        link = BoardLink.open(self.url, baudrate=self.baudrate, read_slice=read_slice)
        try:
            info = link.handshake(self.timing.handshake_timeout, self.timing.ack_timeout)
        except BoardError:
            link.close()
            raise
        with self._cond:
            self._link = link
            self._info = info
            self._connected = True
            self._connections += 1
            self._confirmed.clear()  # whatever it showed before, send everything again
            self._refused.clear()
            self._inflight = None
            self._cond.notify_all()
        log.info("board connected on %s: %s", self.url, info)
        return link

    def _serve(self, link: BoardLink) -> None:
        failures = 0
        last_exchange = time.monotonic()
        while not self._stop.is_set():
            self._wake.clear()
            job = self._next_job()
            if job is None:
                due = last_exchange + self.timing.heartbeat_s
                self._idle = True
                try:
                    frame = link.receive(due, wake=self._wake)
                finally:
                    self._idle = False
                if frame is not None:
                    self._unsolicited(frame)
                    continue
                if time.monotonic() < due:
                    continue  # woken: there is work, or a stop
                seq = self._next_seq()
                outcome = self._exchange(link, Ping(seq), seq, Pong)
            else:
                part, value, seq, frame = job
                outcome = self._exchange(link, frame, seq, Ack)
                self._settle(part, value, seq, outcome)
            last_exchange = time.monotonic()
            failures = 0 if outcome in (_Outcome.ACKED, _Outcome.RESET, _Outcome.REFUSED) else failures + 1
            if failures >= self.timing.max_failures:
                raise LinkLost(f"the board at {self.url} acknowledged none of the last {failures} frames")

    def _next_job(self) -> tuple[Part, Wanted, int, Frame] | None:
        with self._cond:
            for part in Part:
                value = self._desired.get(part)
                if value is None or self._confirmed.get(part) == value or self._refused.get(part) == value:
                    continue
                if self._inflight is not None and self._inflight[:2] == (part, value):
                    seq = self._inflight[2]
                    self._resends += 1
                else:
                    seq = self._next_seq()
                    self._inflight = (part, value, seq)
                return part, value, seq, _frame(value, seq)
        return None

    def _next_seq(self) -> int:
        self._seq = self._seq % MAX_SEQ + 1
        return self._seq

    def _exchange(self, link: BoardLink, frame: Frame, seq: int, expect: type[Ack] | type[Pong]) -> _Outcome:
        link.send(frame)
        with self._cond:
            self._frames_sent += 1
        deadline = time.monotonic() + self.timing.ack_timeout
        while (reply := link.receive(deadline)) is not None:
            if isinstance(reply, expect) and reply.seq == seq:
                return _Outcome.ACKED
            if isinstance(reply, Info):
                self._unsolicited(reply)
                return _Outcome.RESET
            if isinstance(reply, Nak) and reply.seq in (seq, None):
                with self._cond:
                    self._naks += 1
                if reply.seq == seq and reply.reason in REFUSALS:
                    self._note_error(f"the board at {self.url} refused {type(frame).__name__} seq {seq}: "
                                     f"{reply.reason.value} {reply.detail}".rstrip())
                    return _Outcome.REFUSED
                return _Outcome.NAKED
            # a late ACK or PONG for an earlier frame: nothing to do
        return _Outcome.TIMEOUT

    def _settle(self, part: Part, value: Wanted, seq: int, outcome: _Outcome) -> None:
        with self._cond:
            if outcome is _Outcome.ACKED:
                self._confirmed[part] = value
                self._last_acked = seq
                self._inflight = None
            elif outcome is _Outcome.REFUSED:
                self._refused[part] = value
                self._inflight = None
            self._cond.notify_all()

    def _unsolicited(self, frame: Frame) -> None:
        if isinstance(frame, Info):  # the board restarted: it shows nothing we sent
            log.info("board on %s restarted", self.url)
            with self._cond:
                self._info = frame.info
                self._confirmed.clear()
                self._refused.clear()
                self._inflight = None
                self._cond.notify_all()

    def _note_error(self, message: str) -> None:
        with self._cond:
            self._last_error = message
            self._cond.notify_all()


def _frame(value: Wanted, seq: int) -> Frame:
    """The frame that asks the board for a part's value (the value's type says which part)."""
    if isinstance(value, Effects):
        return SetEffects(seq, value)
    if isinstance(value, int):
        return SetBrightness(seq, value)
    return SetState(seq, value)

