"""The driver: a background thread that owns the port and keeps the board showing the desired state.

Callers (the bot's event loop, the table mode) only say what the board should show; every call returns
at once. The thread sends full-state frames with sequence numbers and waits for each ACK, resends on
a timeout or a NAK, sends a heartbeat when idle and asks the board what it shows now and then, and when
the device goes away it reconnects with exponential backoff and sends the whole state again: the board
needs no memory of the past. At the end of a game `finish()` waits until the board has acknowledged the
final picture (reconnecting as needed) and says, in words a player understands, whether it did.

The link is judged by what the board says, not by which frame it answers: any valid line proves it is
there (a NAK too), and an ACK or PONG that comes late still counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from board_driver.errors import BoardError, LinkLost, PortNotFound, PortUnusable, VersionMismatch
from board_driver.link import REFUSALS, BoardLink
from board_driver.model import (
    NO_EFFECTS,
    BoardInfo,
    Effects,
    PegError,
    TrackState,
    fit_effects,
    fit_tracks,
    shown_tracks,
)
from board_driver.protocol import (
    BAUDRATE,
    MAX_SEQ,
    Ack,
    Frame,
    Info,
    NakFrame,
    Ping,
    Pong,
    Query,
    Report,
    SetBrightness,
    SetEffects,
    SetState,
    report_problem,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Timing:
    """How patient the driver is. Defaults suit a real USB board; tests shrink them."""

    ack_timeout: float = 0.25
    """How long to wait for an answer before resending, on a link that answers at once."""
    ack_timeout_max: float = 1.0
    """The longest wait for an answer, on a link seen to answer late (the wait follows the answers)."""
    handshake_timeout: float = 1.0
    heartbeat_s: float = 1.0
    query_s: float = 3.0
    """An idle host asks the board what it shows (QUERY) this often, to catch a board that restarted
    without saying so and lost its brightness or effects."""
    max_failures: int = 10
    """With ack_timeout, how long a silence loses the link (see silence_s)."""
    silence_s: float | None = None
    """The link is lost when the board has sent no valid line for this long while the host kept asking
    (None: max_failures × ack_timeout, 2.5 s by default)."""
    backoff_min: float = 0.1
    backoff_max: float = 1.0
    """Trying a port that is not there costs nothing, so a replugged board is found within a second."""
    finish_backoff: float = 0.1
    """While finishing, a board that is away is looked for this often (a replugged board is found at once)."""
    finish_patience_s: float = 30.0
    """How long finish() goes on past its timeout while the board keeps answering (a NAK, or a line that
    arrived damaged, proves it is there: the line is noisy, and each try may be the one that gets through)."""
    read_slice: float = 0.05
    stall_s: float = 0.02
    """Silence after a frame, or half a line without its end, for this long: a noisy line lost a line end
    (see BoardLink.answer). Far longer than a USB board's answer takes, far shorter than ack_timeout."""

    @property
    def lost_after(self) -> float:
        return self.silence_s if self.silence_s is not None else self.max_failures * self.ack_timeout


class FramePart(Enum):
    """What the host asks of a board, each sent and acknowledged on its own, in this order."""

    PEGS = "pegs"
    EFFECTS = "effects"
    BRIGHTNESS = "brightness"


PART_WORDS = {FramePart.PEGS: "the scores", FramePart.EFFECTS: "the winner and skunk line",
              FramePart.BRIGHTNESS: "the brightness"}
"""What each part is called in a message to a player."""

Wanted = tuple[TrackState, ...] | Effects | int
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
    fitted: str | None = None
    """What the host changed to fit this board (a peg past its last hole, a skunk line it lacks), or None."""
    restarts: int = 0
    """Times the board was seen to restart (it said INFO unprompted, or its REPORT had forgotten)."""


class FinishCode(Enum):
    """How the end of a game reached the board."""

    SHOWN = "shown"
    """The board acknowledged the whole final picture."""
    REFUSED = "refused"
    """The board cannot show part of it (too few tracks, or its firmware refused the frame)."""
    UNPLUGGED = "unplugged"
    """No device at the port while waiting."""
    NO_ANSWER = "no-answer"
    """Something is there but it did not acknowledge in time."""
    UNUSABLE = "unusable"
    """The port cannot be opened, or the board speaks another protocol: waiting cannot help."""


@dataclass(frozen=True, slots=True)
class FinishResult:
    """Whether the board shows the final picture, and if not why, in one line for a player."""

    synced: bool
    code: FinishCode
    message: str
    elapsed: float
    """Seconds finish() (or stop()) took."""
    detail: str | None = None
    """The technical reason (the driver's last error), for a log."""
    tries: int = 0
    """Frames sent while finishing (resends included)."""
    naks: int = 0
    """Of their answers, NAKs (CRC or LENGTH: the frame arrived damaged)."""
    damaged: int = 0
    """Answers that arrived damaged themselves."""
    timeouts: int = 0
    """Tries that got no answer at all in time."""


class _Outcome(Enum):
    ACKED = "acked"
    TIMEOUT = "timeout"
    NAKED = "naked"
    """Answered with a NAK, or with a damaged line: the board is there; try again at once."""
    REFUSED = "refused"
    RESET = "reset"


@dataclass(frozen=True, slots=True)
class _Sent:
    part: FramePart | None
    """None for a PING."""
    value: Wanted | None
    first_at: float
    times: int


@dataclass(slots=True)
class _Seen:
    """What the board's answers were since the driver started; finish() reports the difference."""

    tries: int = 0
    naks: int = 0
    damaged: int = 0
    timeouts: int = 0
    answered_at: float = float("-inf")
    """When the board last sent any line, valid or damaged."""

    def since(self, before: _Seen) -> _Seen:
        return _Seen(self.tries - before.tries, self.naks - before.naks, self.damaged - before.damaged,
                     self.timeouts - before.timeouts, self.answered_at)


@dataclass(frozen=True, slots=True)
class _Job:
    part: FramePart
    value: Wanted
    seq: int
    frame: Frame


class _Book:
    """What the board should show, what it has acknowledged, and what each seq asked for (the caller holds
    the driver's lock). An ACK settles a part when it names the seq that part was last sent with, however
    late it comes."""

    KEEP = 64

    def __init__(self) -> None:
        self.desired: dict[FramePart, Wanted] = {FramePart.EFFECTS: NO_EFFECTS}
        self.confirmed: dict[FramePart, Wanted] = {}
        self.refused: dict[FramePart, tuple[Wanted, str]] = {}
        self.inflight: dict[FramePart, tuple[Wanted, int]] = {}
        self.sent: dict[int, _Sent] = {}
        self.seq = 0
        self.last_acked: int | None = None
        self.resends = 0

    def next_seq(self) -> int:
        self.seq = self.seq % MAX_SEQ + 1
        return self.seq

    def wanted(self) -> tuple[FramePart, Wanted] | None:
        """The first part whose desired value the board has neither acknowledged nor refused. A part with
        a frame still unanswered is wanted even if an older value equal to the desired one was
        acknowledged: the board may show the unanswered one."""
        for part in FramePart:
            value = self.desired.get(part)
            refused = self.refused.get(part)
            if value is None or (refused is not None and refused[0] == value):
                continue
            if self.confirmed.get(part) == value and part not in self.inflight:
                continue
            return part, value
        return None

    def seq_for(self, part: FramePart, value: Wanted) -> int:
        """The seq to send `value` with: the same one again for a resend, a new one for a new value."""
        held = self.inflight.get(part)
        if held is not None and held[0] == value:
            self.resends += 1
            return held[1]
        seq = self.next_seq()
        self.inflight[part] = (value, seq)
        return seq

    def note_sent(self, seq: int, part: FramePart | None, value: Wanted | None, now: float) -> None:
        old = self.sent.get(seq)
        if old is not None and old.part == part and old.value == value:
            self.sent[seq] = _Sent(part, value, old.first_at, old.times + 1)
            return
        self.sent[seq] = _Sent(part, value, now, 1)
        while len(self.sent) > self.KEEP:
            del self.sent[next(iter(self.sent))]

    def ack(self, seq: int) -> bool:
        """Settle the part last sent with `seq`; False for a seq no part is waiting on."""
        entry = self.sent.get(seq)
        if entry is None or entry.part is None:
            return False
        self.last_acked = seq
        held = self.inflight.get(entry.part)
        if held is None or held[1] != seq:
            return False  # a late answer to a value since replaced: the newer one is on its way
        del self.inflight[entry.part]
        self.confirmed[entry.part] = held[0]
        return True

    def refuse(self, part: FramePart, value: Wanted, why: str) -> None:
        self.refused[part] = (value, why)
        self.inflight.pop(part, None)

    def forget(self) -> None:
        """The board shows nothing we sent (a new connection, a restart): everything goes again."""
        self.confirmed.clear()
        self.refused.clear()
        self.inflight.clear()

    def pending(self) -> list[FramePart]:
        """The parts the board may not show as desired, in FramePart order."""
        return [p for p in FramePart if p in self.desired
                and (self.confirmed.get(p) != self.desired[p] or p in self.inflight)]

    def refusals(self) -> list[tuple[FramePart, str]]:
        """The desired values the board (or its size) refused: waiting will not show them."""
        return [(p, why) for p, (value, why) in self.refused.items() if self.desired.get(p) == value]

    def synced(self) -> bool:
        return not self.pending()


class _Watch:
    """Is the board there, and how long does it take to answer? Any valid line proves it is there. The
    wait for an answer follows the round trips of frames sent once (a PONG, an ACK before any resend):
    never shorter than ack_timeout, and not lengthened by a timeout alone, since on a noisy line a
    timeout means a lost line, not a slow board."""

    def __init__(self, timing: Timing, now: float) -> None:
        self.timing = timing
        self.rto = timing.ack_timeout
        self.srtt: float | None = None
        self.last_heard = now
        self.unanswered = 0
        self.garbled_at_heard = 0


    def heard(self, now: float, garbled: int) -> None:
        self.last_heard = now
        self.unanswered = 0
        self.garbled_at_heard = garbled

    def asked(self) -> None:
        self.unanswered += 1

    def sample(self, rtt: float) -> None:
        """A round trip of a frame sent once: unambiguous, so the wait can follow it."""
        self.srtt = rtt if self.srtt is None else 0.875 * self.srtt + 0.125 * rtt
        self.rto = min(self.timing.ack_timeout_max, max(self.timing.ack_timeout, 2 * self.srtt))

    def lost(self, now: float) -> bool:
        return self.unanswered >= 3 and now - self.last_heard >= self.timing.lost_after

    def silence(self, url: str, garbled: int, now: float) -> str:
        """Why the link counts as lost, in one line."""
        quiet = now - self.last_heard
        heard = f"only {garbled} garbled line{'s' * (garbled != 1)}" if garbled else "nothing"
        return f"the board at {url} has sent {heard} for {quiet:.1f} s ({self.unanswered} frames unanswered)"


def leave_interrupts_to_main_thread() -> None:
    """Block Ctrl-C in the calling thread, and so in the threads it starts. The kernel gives a process's
    signal to any thread not blocking it; one taken by a background thread leaves the main thread blocked
    in a read (of the terminal, say) that nothing interrupts."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


class BoardDriver:
    """Mirror a desired state onto the board at `url` from a background thread."""

    def __init__(self, url: str, *, timing: Timing | None = None, baudrate: int = BAUDRATE) -> None:
        self.url = url
        self.timing = timing or Timing()
        self.baudrate = baudrate
        self._cond = threading.Condition()
        self._book = _Book()
        self._stop = threading.Event()
        self._hurry = threading.Event()
        """Set by finish() (and stop()): cut a reconnect backoff short and keep later ones short."""
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._link: BoardLink | None = None
        self._idle = False  # the thread is in an idle read that only a wake-up cuts short
        self._connected = False
        self._info: BoardInfo | None = None
        self._hello_until = 0.0
        self._query_soon = False
        self._last_error: str | None = None
        self._away: FinishCode | None = None
        self._fitted: str | None = None
        self._connections = 0
        self._frames_sent = 0
        self._naks = 0
        self._seen = _Seen()
        self._restarts = 0

    # -- the caller's side: all return at once, except finish ------------------------------------

    def start(self) -> BoardDriver:
        if self._thread is not None and self._stop.is_set():
            self._thread.join()  # a stop still winding down: never two threads on one port
            self._thread = None
        if self._thread is None:
            self._stop.clear()
            self._hurry.clear()
            self._thread = threading.Thread(target=self._run, name=f"board {self.url}", daemon=True)
            self._thread.start()
        return self

    def finish(self, timeout: float = 3.0) -> FinishResult:
        """Wait (up to `timeout`) until the board has acknowledged the latest pegs, effects and brightness,
        resending and reconnecting as needed, then stop. Past `timeout` it goes on while the board keeps
        answering (NAKs, damaged lines), up to Timing.finish_patience_s in all. The result says whether it
        shows them and, if not, why and what the board's answers were. Blocks: from asyncio, run it in a
        worker thread."""
        start = time.monotonic()
        self.start()
        self._hurry.set()
        with self._cond:
            before = _Seen(self._seen.tries, self._seen.naks, self._seen.damaged, self._seen.timeouts)
            _wait_while_answered(self._cond, lambda: self._book.synced() and self._connected or self._hopeless(),
                                 lambda: self._seen.answered_at if self._connected else float("-inf"), start + timeout,
                                 start + max(timeout, self.timing.finish_patience_s), self.timing.lost_after)
            seen = self._seen.since(before)
        result = self._result(start, waited=True, seen=seen)
        self._halt(timeout=1.0)
        log.log(logging.INFO if result.synced else logging.WARNING, "board at %s: %s", self.url, result.message)
        return result

    def stop(self, timeout: float = 2.0) -> FinishResult:
        """Stop at once. Nothing is dropped silently: the result (and a warning in the log) says what the
        board had not acknowledged. Use finish() to wait for it first."""
        start = time.monotonic()
        result = self._result(start, waited=False)
        started = self._thread is not None and not self._stop.is_set()
        self._halt(timeout)
        if started and not result.synced:
            log.warning("board at %s stopped before it was in step: %s", self.url, result.message)
        return result

    def _halt(self, timeout: float) -> None:
        self._stop.set()
        self._hurry.set()
        self._poke()
        if self._thread is not None:
            self._thread.join(timeout)
            if not self._thread.is_alive():
                self._thread = None

    def __enter__(self) -> BoardDriver:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def set_pegs(self, tracks: Sequence[TrackState]) -> None:
        """Show these tracks (front/back pegs, colour, highlight), track 1 first."""
        tracks = tuple(tracks)
        if not tracks or not all(isinstance(t, TrackState) for t in tracks):
            raise TypeError(f"set_pegs wants one or more TrackState values, got {tracks!r}")
        self._want(FramePart.PEGS, tracks)

    def set_effects(self, effects: Effects) -> None:
        self._want(FramePart.EFFECTS, effects)

    def set_brightness(self, level: int) -> None:
        if not isinstance(level, int) or not 0 <= level <= 255:
            raise ValueError(f"brightness {level!r} is not 0-255")
        self._want(FramePart.BRIGHTNESS, level)

    def status(self) -> DriverStatus:
        with self._cond:
            return DriverStatus(self.url, self._connected, self._synced(), self._info, self._book.last_acked,
                                self._last_error, self._connections, self._frames_sent, self._book.resends,
                                self._naks, self._fitted, self._restarts)

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

    def _want(self, part: FramePart, value: Wanted) -> None:
        with self._cond:
            self._book.desired[part] = value
        self._poke()

    def _poke(self) -> None:
        """Wake the thread out of an idle read (a read awaiting an ACK ends soon by itself)."""
        self._wake.set()
        link = self._link
        if link is not None and self._idle:
            with contextlib.suppress(Exception):
                link.port.cancel_read()

    def _synced(self) -> bool:
        return self._connected and self._book.synced()

    def _hopeless(self) -> bool:
        """Waiting cannot help: a part is refused, or the port is unusable."""
        return bool(self._book.refusals()) or self._away is FinishCode.UNUSABLE

    # -- the result of a finish -------------------------------------------------------------------

    def _result(self, start: float, waited: bool, seen: _Seen | None = None) -> FinishResult:
        with self._cond:
            return _verdict(self._book, self._connected, self._away, self._last_error, time.monotonic() - start,
                            waited, seen or _Seen())

    # -- the thread: connecting --------------------------------------------------------------------

    def _run(self) -> None:
        leave_interrupts_to_main_thread()
        backoff = self.timing.backoff_min
        while not self._stop.is_set():
            try:
                link = self._connect()
            except BoardError as exc:
                self._note_away(exc)
                self._rest(backoff)
                backoff = min(backoff * 2, self.timing.backoff_max)
                continue
            backoff = self.timing.backoff_min
            try:
                self._serve(link)
            except BoardError as exc:
                self._note_away(exc)
                log.info("board link lost: %s", exc)
            finally:
                with self._cond:
                    self._connected = False
                    self._link = None
                    self._cond.notify_all()
                link.close()

    def _rest(self, seconds: float) -> None:
        """The backoff between attempts: cut short, and kept short, once the caller is finishing."""
        if self._hurry.is_set():
            self._stop.wait(min(seconds, self.timing.finish_backoff))
        else:
            self._hurry.wait(seconds)

    def _note_away(self, exc: BoardError) -> None:
        with self._cond:
            self._last_error = str(exc)
            if isinstance(exc, PortNotFound):
                self._away = FinishCode.UNPLUGGED
            elif isinstance(exc, PortUnusable | VersionMismatch):
                self._away = FinishCode.UNUSABLE
            else:
                self._away = FinishCode.NO_ANSWER
            self._cond.notify_all()

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
            self._away = None
            self._connections += 1
            self._book.forget()  # whatever it showed before, send everything again
            # answers to our other HELLOs may still be on their way: they are not restarts
            self._hello_until = (link.last_hello_at or time.monotonic()) + 4 * self.timing.ack_timeout_max
            self._cond.notify_all()
        log.info("board connected on %s: %s", self.url, info)
        return link

    # -- the thread: serving one connection -------------------------------------------------------

    def _serve(self, link: BoardLink) -> None:
        watch = _Watch(self.timing, time.monotonic())
        next_query = time.monotonic() + self.timing.query_s
        last_exchange = time.monotonic()
        while not self._stop.is_set():
            self._wake.clear()
            job = self._next_job()
            if job is not None:
                self._exchange(link, watch, job.frame, job.seq, job.part, job.value)
            else:
                gap = self.timing.heartbeat_s if watch.unanswered == 0 else watch.rto
                if not self._idle_until(link, watch, last_exchange + gap):
                    continue  # woken (work, or a stop), or something came in
                if self._query_soon or time.monotonic() >= next_query:
                    self._query_soon = False
                    next_query = time.monotonic() + self.timing.query_s
                    self._exchange(link, watch, Query(), None, None, None)
                else:
                    seq = self._next_seq()
                    self._exchange(link, watch, Ping(seq), seq, None, None)
            last_exchange = time.monotonic()
            if watch.lost(last_exchange):
                raise LinkLost(watch.silence(self.url, link.garbled - watch.garbled_at_heard, last_exchange))

    def _idle_until(self, link: BoardLink, watch: _Watch, due: float) -> bool:
        """Read what the board says until `due`; True when it came with nothing else to do."""
        self._idle = True
        try:
            frame = link.receive(due, wake=self._wake)
        finally:
            self._idle = False
        if frame is not None:
            self._on_frame(link, watch, frame, None)
            return False
        return time.monotonic() >= due

    def _next_job(self) -> _Job | None:
        with self._cond:
            while (want := self._book.wanted()) is not None:
                part, value = want
                try:
                    shown = self._fit(value)
                except PegError as exc:
                    self._book.refuse(part, value, str(exc))
                    self._last_error = f"the board at {self.url} cannot show {PART_WORDS[part]}: {exc}"
                    self._cond.notify_all()
                    continue
                seq = self._book.seq_for(part, value)
                return _Job(part, value, seq, _frame(shown, seq))
        return None

    def _fit(self, value: Wanted) -> Wanted:
        """The value as this board can show it (see _fitted)."""
        shown, note = _fitted(value, self._info)
        if note is not None and note != self._fitted:
            log.info("board at %s: %s", self.url, note)
            self._fitted = note
        return shown

    def _next_seq(self) -> int:
        with self._cond:
            return self._book.next_seq()

    def _exchange(self, link: BoardLink, watch: _Watch, frame: Frame, seq: int | None, part: FramePart | None,
                  value: Wanted | None) -> _Outcome:
        """Send a frame and wait for its answer: the outcome. A damaged answer ends the wait at once."""
        link.send(frame)
        now = time.monotonic()
        watch.asked()
        with self._cond:
            self._frames_sent += 1
            self._seen.tries += 1
            if seq is not None:
                self._book.note_sent(seq, part, value, now)
        deadline, garbled = now + watch.rto, link.garbled
        while (reply := link.answer(deadline, self.timing.stall_s)) is not None:
            outcome = self._on_frame(link, watch, reply, (frame, seq))
            if outcome is not None:
                return outcome
        with self._cond:
            if link.garbled == garbled:
                self._seen.timeouts += 1
                return _Outcome.TIMEOUT
            self._seen.damaged += 1  # an answer, damaged on its way: the board is there, try again at once
            self._seen.answered_at = time.monotonic()
            self._cond.notify_all()
        watch.heard(time.monotonic(), link.garbled)
        return _Outcome.NAKED

    # -- what the board says ----------------------------------------------------------------------

    def _on_frame(self, link: BoardLink, watch: _Watch, frame: Frame,
                  awaiting: tuple[Frame, int | None] | None) -> _Outcome | None:
        """Take any valid line from the board; the outcome when it answers `awaiting` (frame, seq)."""
        now = time.monotonic()
        watch.heard(now, link.garbled)
        with self._cond:
            self._seen.answered_at = now
        asked, seq = awaiting if awaiting is not None else (None, None)
        match frame:
            case Ack(acked):
                self._on_answer(watch, acked, now)
                with self._cond:
                    self._book.ack(acked)
                    self._cond.notify_all()
                return _Outcome.ACKED if acked == seq and not isinstance(asked, Ping) else None
            case Pong(ponged):
                self._on_answer(watch, ponged, now)
                return _Outcome.ACKED if isinstance(asked, Ping) and ponged == seq else None
            case Report():
                self._on_report(frame)
                return _Outcome.ACKED if isinstance(asked, Query) else None
            case Info(info):
                return _Outcome.RESET if self._on_info(info, now) else None
            case NakFrame():
                return self._on_nak(watch, frame, asked, seq)
        return None  # a host frame echoed back: not the board's to send, nothing to do

    def _on_answer(self, watch: _Watch, seq: int, now: float) -> None:
        with self._cond:
            sent = self._book.sent.get(seq)
        if sent is not None and sent.times == 1:
            watch.sample(now - sent.first_at)

    def _on_nak(self, watch: _Watch, nak: NakFrame, asked: Frame | None, seq: int | None) -> _Outcome | None:
        """A NAK proves the board is there: resend (CRC, LENGTH) or record a refusal, never reconnect."""
        if asked is None or nak.seq not in (seq, None):
            return None
        with self._cond:
            self._naks += 1
            sent = self._book.sent.get(seq) if seq is not None else None
            if nak.seq is not None and nak.reason in REFUSALS and sent is not None and sent.part is not None:
                why = f"{nak.reason.value} {nak.detail}".rstrip()
                assert sent.value is not None  # a part's frame always carries its value
                self._book.refuse(sent.part, sent.value, why)
                self._last_error = f"the board at {self.url} refused {type(asked).__name__} seq {seq}: {why}"
                self._cond.notify_all()
                return _Outcome.REFUSED
            self._seen.naks += 1
            self._cond.notify_all()
        return _Outcome.NAKED

    def _on_info(self, info: BoardInfo, now: float) -> bool:
        """True when this INFO means the board restarted. An INFO that answers one of our HELLOs late, from
        the same board, is not a restart: it only makes the host ask the board what it shows."""
        with self._cond:
            if info == self._info and now <= self._hello_until:
                self._query_soon = True
                return False
            log.info("board on %s restarted (it said INFO unprompted): sending the whole picture again", self.url)
            self._info = info
            self._restarts += 1
            self._book.forget()
            self._cond.notify_all()
            return True

    def _on_report(self, report: Report) -> None:
        """Compare what the board says it shows with what it acknowledged; if it forgot (a restart whose
        INFO was lost), send the whole picture again."""
        with self._cond:
            info = self._info
            if info is None:
                return
            problem = report_problem(report, info)
            if problem is not None:
                self._last_error = f"the board at {self.url} contradicts itself: {problem}"
                return
            if self._book.inflight or report.seq not in (0, self._book.last_acked or 0):
                return  # a picture being changed, or one from before the latest frame: nothing to compare
            differs = _differences(self._book.confirmed, report, info)
            if differs:
                log.warning("the board at %s shows %s, not what it acknowledged (restarted without saying so?): "
                            "sending the whole picture again", self.url, differs)
                self._restarts += 1
                self._book.forget()
                self._cond.notify_all()



def _fitted(value: Wanted, info: BoardInfo | None) -> tuple[Wanted, str | None]:
    """The value as this board can show it, and a note when it had to change (model.fit_tracks, fit_effects)."""
    if info is None or isinstance(value, int):
        return value, None
    return fit_effects(value, info) if isinstance(value, Effects) else fit_tracks(value, info)


def _wait_while_answered(cond: threading.Condition, done: Callable[[], bool], answered_at: Callable[[], float],
                         until: float, last: float, gap: float) -> None:
    """Wait (holding `cond`) until done() or `until`; past it, on while the board has answered since the
    wait began and within the last `gap` seconds (a NAK, a damaged line: it is there), up to `last`."""
    began = time.monotonic()
    while not cond.wait_for(done, max(0.0, until - time.monotonic())):
        now, heard = time.monotonic(), answered_at()
        if now >= last or heard < began or now - heard > gap:
            return
        until = min(last, heard + gap)


def _verdict(book: _Book, connected: bool, away: FinishCode | None, last_error: str | None,
             elapsed: float, waited: bool, seen: _Seen) -> FinishResult:
    """Whether the board shows what was desired, and if not why, in one line for a player (`waited`: the
    caller gave the board time, so a connected board that is not in step has stopped answering)."""
    pending = book.pending()
    counts = (seen.tries, seen.naks, seen.damaged, seen.timeouts)
    if connected and not pending:
        return FinishResult(True, FinishCode.SHOWN, "the board shows the final picture", elapsed, None, *counts)
    what = " and ".join(PART_WORDS[p] for p in pending) or "anything"
    refusals = book.refusals()
    if refusals:
        part, why = refusals[0]
        code, message = FinishCode.REFUSED, f"the board cannot show {PART_WORDS[part]}: {why}"
    elif connected and not waited:
        code, message = FinishCode.NO_ANSWER, f"the board had not yet acknowledged {what} when the host stopped"
    elif connected and seen.naks + seen.damaged:
        code, message = FinishCode.NO_ANSWER, (
            f"the board answered, but its lines kept arriving damaged, so it may not show {what}: in "
            f"{elapsed:.1f} s {seen.tries} tries got {seen.naks} NAKs, {seen.damaged} damaged answers and "
            f"{seen.timeouts} timeouts (is its cable loose or too long?)")
    elif connected:
        code, message = FinishCode.NO_ANSWER, f"the board stopped answering, so it may not show {what} " \
                                              "(is its cable loose?)"
    elif away is FinishCode.UNPLUGGED:
        code, message = FinishCode.UNPLUGGED, f"the board is unplugged, so it does not show {what}"
    elif away is FinishCode.UNUSABLE:
        code, message = FinishCode.UNUSABLE, f"the board could not be used, so it does not show {what}: {last_error}"
    else:
        code, message = FinishCode.NO_ANSWER, f"the board does not answer, so it may not show {what} " \
                                              "(is it switched on?)"
    return FinishResult(False, code, message, elapsed, last_error, *counts)


def _differences(confirmed: dict[FramePart, Wanted], report: Report, info: BoardInfo) -> str | None:
    """How the board's REPORT differs from what it acknowledged (None when it does not)."""
    found = []
    pegs = confirmed.get(FramePart.PEGS)
    if isinstance(pegs, tuple) and report.tracks != shown_tracks(fit_tracks(pegs, info)[0], info):
        found.append("other pegs")
    effects = confirmed.get(FramePart.EFFECTS)
    if isinstance(effects, Effects) and report.effects != fit_effects(effects, info)[0]:
        found.append("other effects")
    level = confirmed.get(FramePart.BRIGHTNESS)
    if isinstance(level, int) and report.brightness != level:
        found.append(f"brightness {report.brightness}, not {level}")
    return ", ".join(found) or None


def _frame(value: Wanted, seq: int) -> Frame:
    """The frame that asks the board for a part's value (the value's type says which part)."""
    if isinstance(value, Effects):
        return SetEffects(seq, value)
    if isinstance(value, int):
        return SetBrightness(seq, value)
    return SetState(seq, value)
