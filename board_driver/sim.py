"""A pegboard in Python: the same protocol as firmware, for tests and for people without hardware.

`SimBoard` is the board (its state and its answers to lines). `SimWire` is one open connection to it:
it cuts the host's bytes into lines, applies the board's faults both ways and keeps delayed lines in
order, as a serial line does. The `sim://` pyserial scheme (board_driver.urlhandler.protocol_sim) and the
pseudo-terminal server (board_driver.ptysim) both sit on a SimWire. Named boards live in a registry so a
test can hold the board the driver reopens after an unplug.
"""

from __future__ import annotations

import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from typing import Any, TypedDict
from urllib.parse import parse_qs, urlsplit

from board_driver.faults import NO_FAULTS, FaultInjector, FaultPlan
from board_driver.model import (
    DEFAULT_BRIGHTNESS,
    GAME_HOLE,
    MAX_TRACKS,
    NO_EFFECTS,
    BoardInfo,
    BoardState,
    Track,
    default_track,
)
from board_driver.protocol import (
    MAX_LINE,
    PROTOCOL_VERSION,
    Ack,
    Frame,
    FrameError,
    Hello,
    Info,
    Nak,
    NakReason,
    Ping,
    Pong,
    Query,
    Report,
    SetBrightness,
    SetEffects,
    SetState,
    decode_payload,
    encode,
    unframe_line,
)

BOARD_ONLY = ("INFO", "ACK", "NAK", "PONG", "REPORT")
"""Frame types only a board sends: a board refuses them as UNKNOWN by their type, before their fields."""

HOST_QUIET_S = 5.0
"""A board that hears no valid frame for this long shows the link as lost (its pegs stay lit)."""

DARK = 0x000000


def blank_state(tracks: int) -> BoardState:
    """What a board shows at power-on: every peg at the start, default colours."""
    return BoardState(tuple(default_track(i) for i in range(tracks)), DEFAULT_BRIGHTNESS, NO_EFFECTS)


class SimBoard:
    """The simulated board: applies host frames to its state and says what it would answer."""

    def __init__(self, tracks: int = 2, holes: int = GAME_HOLE, firmware: str = "sim-1.0",
                 faults: FaultPlan = NO_FAULTS, mute: bool = False) -> None:
        if not 1 <= tracks <= MAX_TRACKS:
            raise ValueError(f"tracks {tracks!r} is not 1-{MAX_TRACKS}")
        if not 1 <= holes <= 999:
            raise ValueError(f"holes {holes!r} is not 1-999")
        self.lock = threading.Condition()
        self.info = BoardInfo(PROTOCOL_VERSION, firmware, tracks, holes, tracks * holes + 1)
        self.injector = FaultInjector(faults)
        self.mute = mute
        self.plugged = True
        self.epoch = 0
        self.boots = 0
        self.received: Counter[str] = Counter()
        self.naks: Counter[str] = Counter()
        self._wires: list[SimWire] = []
        self._boot()

    def _boot(self) -> None:
        self.state = blank_state(self.info.tracks)
        self.last_seq = 0
        self.history: list[BoardState] = [self.state]
        self.last_heard: float | None = None
        self.boots += 1

    @property
    def faults(self) -> FaultPlan:
        return self.injector.plan

    # -- the protocol ------------------------------------------------------------------------------

    def handle_line(self, line: bytes, now: float) -> list[Frame]:
        """The frames the board answers one received line with (no faults here: the wire adds them)."""
        with self.lock:
            if self.mute:
                return []
            try:
                payload = unframe_line(line)
                kind = payload.split(maxsplit=1)[0] if payload.strip() else ""
                if kind in BOARD_ONLY:  # refused by its type alone, whatever its fields say
                    self.naks[NakReason.UNKNOWN.value] += 1
                    return [Nak(None, NakReason.UNKNOWN, f"{kind} is sent by boards, not to them")]
                frame = decode_payload(payload)
            except FrameError as exc:
                self.naks[exc.reason.value] += 1
                if exc.reason is NakReason.RANGE:  # a host frame that parsed: the host is there
                    self.last_heard = now
                return [Nak(exc.seq, exc.reason, exc.detail)]
            self.last_heard = now
            self.received[type(frame).__name__] += 1
            reply = self._answer(frame)
            if isinstance(reply, Nak):
                self.naks[reply.reason.value] += 1
            return [reply]

    def _answer(self, frame: Frame) -> Frame:
        match frame:
            case Hello():
                return Info(self.info)
            case Ping(seq):
                return Pong(seq)
            case Query():
                s = self.state
                return Report(self.last_seq, s.brightness, s.effects, s.tracks)
            case SetState(seq, tracks):
                problem = self._check_tracks(tracks)
                if problem:
                    return Nak(seq, NakReason.RANGE, problem)
                dark = tuple(Track(0, 0, DARK) for _ in range(self.info.tracks - len(tracks)))
                self._apply(seq, BoardState(tracks + dark, self.state.brightness, self.state.effects))
                return Ack(seq)
            case SetBrightness(seq, level):
                self._apply(seq, BoardState(self.state.tracks, level, self.state.effects))
                return Ack(seq)
            case SetEffects(seq, fx):
                if fx.winner is not None and fx.winner >= self.info.tracks:
                    return Nak(seq, NakReason.RANGE, f"winner track {fx.winner} but tracks are 0-"
                                                     f"{self.info.tracks - 1}")
                if fx.skunk is not None and fx.skunk > self.info.holes:
                    return Nak(seq, NakReason.RANGE, f"skunk hole {fx.skunk} is past hole {self.info.holes}")
                self._apply(seq, BoardState(self.state.tracks, self.state.brightness, fx))
                return Ack(seq)
        raise AssertionError(frame)  # pragma: no cover - HOST_FRAMES are all matched

    def _check_tracks(self, tracks: tuple[Track, ...]) -> str | None:
        if len(tracks) > self.info.tracks:
            return f"{len(tracks)} tracks but this board has {self.info.tracks}"
        for n, t in enumerate(tracks, 1):
            if t.front > self.info.holes:
                return f"track {n} front peg {t.front} is past hole {self.info.holes}"
        return None

    def _apply(self, seq: int, state: BoardState) -> None:
        self.last_seq = seq
        if state != self.state:
            self.state = state
            self.history.append(state)
        self.lock.notify_all()

    def host_quiet(self, now: float | None = None) -> bool:
        """True before the first valid frame and after HOST_QUIET_S without one."""
        now = time.monotonic() if now is None else now
        return self.last_heard is None or now - self.last_heard > HOST_QUIET_S

    # -- the cable ---------------------------------------------------------------------------------

    def connect(self) -> SimWire:
        with self.lock:
            if not self.plugged:
                raise ConnectionError("the simulated board is unplugged")
            wire = SimWire(self)
            self._wires.append(wire)
            return wire

    def disconnect(self, wire: SimWire) -> None:
        with self.lock:
            if wire in self._wires:
                self._wires.remove(wire)
            self.lock.notify_all()

    def unplug(self) -> None:
        """Pull the USB cable: open connections fail from now on, and opening fails until replug."""
        with self.lock:
            self.plugged = False
            self.epoch += 1
            self._wires.clear()
            self.lock.notify_all()

    def replug(self, power_cycle: bool = True) -> None:
        """Plug it back in; a USB board loses power when unplugged, so by default it boots blank."""
        with self.lock:
            if power_cycle:
                self._boot()
            self.plugged = True
            self.lock.notify_all()

    def reboot(self, now: float | None = None, announce: bool = True) -> None:
        """A reset without unplugging (watchdog, brown-out): state lost, INFO sent on every connection.
        `announce=False` is a board whose boot INFO is lost (sent before the host listened, or dropped):
        only asking it (QUERY) shows that it forgot."""
        now = time.monotonic() if now is None else now
        with self.lock:
            self._boot()
            if announce:
                for wire in self._wires:
                    wire.send_to_host(encode(Info(self.info)), now)
            self.lock.notify_all()

    def set_faults(self, plan: FaultPlan) -> None:
        """Change what the cable does from now on (a test makes a link noisy or slow mid-game)."""
        with self.lock:
            self.injector = FaultInjector(plan)
            self.lock.notify_all()

    def wait_for(self, predicate: Callable[[SimBoard], bool], timeout: float) -> bool:
        """Wait until predicate(board) holds (checked whenever the board changes); False on timeout."""
        with self.lock:
            return self.lock.wait_for(lambda: predicate(self), timeout)


class SimWire:
    """One connection to a SimBoard: line assembly, faults both ways, delays kept in order."""

    def __init__(self, board: SimBoard) -> None:
        self.board = board
        self.epoch = board.epoch
        self._partial = bytearray()
        self._overlong = False
        self._inbox: deque[tuple[float, bytes]] = deque()
        self._outbox: deque[tuple[float, bytes]] = deque()
        self.readable = bytearray()
        self._in_due = 0.0
        self._out_due = 0.0

    @property
    def alive(self) -> bool:
        b = self.board
        return b.plugged and b.epoch == self.epoch and self in b._wires

    def write(self, data: bytes, now: float) -> None:
        """Bytes from the host. Complete lines go through the faults to the board's inbox."""
        with self.board.lock:
            for piece in _lines_and_rest(data):
                if piece.endswith(b"\n"):
                    line = bytes(self._partial) + piece
                    self._partial.clear()
                    if self._overlong or len(line) > MAX_LINE:
                        self._overlong = False
                        self.board.naks[NakReason.LENGTH.value] += 1
                        self.send_to_host(encode(Nak(None, NakReason.LENGTH, f"line over {MAX_LINE} bytes")),
                                          now)
                        continue
                    for delay, copy in self.board.injector.apply(line):
                        self._in_due = max(self._in_due, now + delay)
                        self._inbox.append((self._in_due, copy))
                else:
                    self._partial += piece
                    if len(self._partial) > MAX_LINE:
                        self._overlong = True
                        self._partial.clear()
            self.pump(now)

    def send_to_host(self, line: bytes, now: float) -> None:
        late = self.board.injector.plan.reply_delay_s
        for delay, copy in self.board.injector.apply(line):
            self._out_due = max(self._out_due, now + delay + late)
            self._outbox.append((self._out_due, copy))

    def pump(self, now: float) -> None:
        """Let the board handle every line that has arrived by now, and release due answers."""
        board = self.board
        with board.lock:
            while self._inbox and self._inbox[0][0] <= now:
                _, line = self._inbox.popleft()
                if line.strip(b"\r\n"):
                    for reply in board.handle_line(line, now):
                        self.send_to_host(encode(reply), now)
            while self._outbox and self._outbox[0][0] <= now:
                self.readable += self._outbox.popleft()[1]

    def next_due(self) -> float | None:
        dues = [q[0][0] for q in (self._inbox, self._outbox) if q]
        return min(dues) if dues else None


def _lines_and_rest(data: bytes) -> list[bytes]:
    """`a\\nb\\nc` -> [b'a\\n', b'b\\n', b'c']: complete lines keep their newline."""
    parts = data.split(b"\n")
    out = [p + b"\n" for p in parts[:-1]]
    if parts[-1]:
        out.append(parts[-1])
    return out


# -- named boards and sim:// URLs ------------------------------------------------------------------

_registry: dict[str, SimBoard] = {}
_registry_lock = threading.Lock()

URL_HELP = ("sim://[NAME][?tracks=1-4&holes=N&drop=P&garble=P&duplicate=P&delay=P&delay_s=S"
            "&reply_delay_s=S&seed=N&firmware=TEXT&mute=1]")


def create_board(name: str, **options: Any) -> SimBoard:
    """A new board under `name` (replacing any old one), for `sim://name`."""
    board = SimBoard(**options)
    with _registry_lock:
        _registry[name] = board
    return board


def get_board(name: str) -> SimBoard | None:
    with _registry_lock:
        return _registry.get(name)


def remove_board(name: str) -> None:
    with _registry_lock:
        _registry.pop(name, None)


class SimOptions(TypedDict, total=False):
    """SimBoard's keyword arguments, as the query of a sim:// URL gives them."""

    tracks: int
    holes: int
    firmware: str
    mute: bool
    faults: FaultPlan


_RATES = ("drop", "garble", "duplicate", "delay", "delay_s", "reply_delay_s")
"""The FaultPlan fields a sim:// URL sets as numbers (its `seed` is a whole number)."""


def parse_sim_url(url: str) -> tuple[str, SimOptions]:
    """The board name and SimBoard options of a sim:// URL; ValueError names the bad part."""
    parts = urlsplit(url)
    if parts.scheme.lower() != "sim":
        raise ValueError(f"{url!r} does not start with sim://")
    name = (parts.netloc + parts.path).strip("/")
    options: SimOptions = {}
    rates: dict[str, float] = {}
    seed: int | None = None
    for key, values in parse_qs(parts.query, keep_blank_values=True).items():
        value = values[-1]
        if key not in ("tracks", "holes", "firmware", "mute", "seed", *_RATES):
            raise ValueError(f"unknown option {key!r} in {url!r}; the form is {URL_HELP}")
        try:
            if key == "tracks":
                options["tracks"] = int(value)
            elif key == "holes":
                options["holes"] = int(value)
            elif key == "firmware":
                options["firmware"] = value
            elif key == "mute":
                options["mute"] = value not in ("", "0", "false", "no")
            elif key == "seed":
                seed = int(value)
            else:
                rates[key] = float(value)
        except ValueError:
            raise ValueError(f"option {key}={value!r} in {url!r} is not a number") from None
    if rates or seed is not None:
        options["faults"] = _fault_plan(rates, seed)
    return name, options


def _fault_plan(rates: dict[str, float], seed: int | None) -> FaultPlan:
    """A FaultPlan with the rates a URL names, the others as in NO_FAULTS."""
    base = NO_FAULTS
    return FaultPlan(drop=rates.get("drop", base.drop), garble=rates.get("garble", base.garble),
                     duplicate=rates.get("duplicate", base.duplicate), delay=rates.get("delay", base.delay),
                     delay_s=rates.get("delay_s", base.delay_s), seed=seed,
                     reply_delay_s=rates.get("reply_delay_s", base.reply_delay_s))


def board_for_url(url: str) -> SimBoard:
    """The board a sim:// URL names: a registered one, a new registered one, or (no name) a fresh one."""
    name, options = parse_sim_url(url)
    if not name:
        return SimBoard(**options)
    with _registry_lock:
        board = _registry.get(name)
        if board is None:
            board = _registry[name] = SimBoard(**options)
        return board
