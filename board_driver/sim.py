"""A pegboard in Python for tests and for people without hardware: the reference firmware's own core on
a simulated cable.

`SimBoard` is the board: the firmware's `Board` (firmware/pegboard/core.py: the frame parser, the answers
and the state the LEDs show, the same code the Pico runs) behind a lock, with what a test wants to watch
(the state as a BoardState, its history, counts of the frames heard and the NAKs sent) and what a cable
does (unplug, replug, reboot). `SimWire` is one open connection to it: it cuts the host's bytes into lines
by the firmware's rules, applies the board's faults both ways and keeps delayed lines in order, as a
serial line does. The `sim://` pyserial scheme (board_driver.urlhandler.protocol_sim) and the
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
    Effects,
    TrackState,
    default_track,
)
from board_driver.protocol import FIRMWARE_NAME, HOST_FRAME_TYPES, PROTOCOL_VERSION
from board_driver.typed import decimal_number, whole_number, yes_no
from firmware.pegboard import core

HOST_QUIET_S = core.HOST_QUIET_MS / 1000
"""A board that hears no valid frame for this long shows the link as lost (its pegs stay lit)."""


def blank_state(tracks: int) -> BoardState:
    """What a board shows at power-on: every peg at the start, default colours."""
    return BoardState(tuple(default_track(i) for i in range(tracks)), DEFAULT_BRIGHTNESS, NO_EFFECTS)


def _ms(now: float) -> int:
    """The firmware's clock (whole milliseconds) for a time in seconds."""
    return round(now * 1000)


class SimBoard:
    """The simulated board: the firmware core answering lines, watched and cabled for tests.

    A test board with a quirk of its own subclasses the firmware's Board and names it in `CORE`."""

    CORE: type[core.Board] = core.Board

    def __init__(self, tracks: int = 2, holes: int = GAME_HOLE, firmware: str = "sim-1.0",
                 faults: FaultPlan = NO_FAULTS, mute: bool = False, leds: int | None = None) -> None:
        if not 1 <= tracks <= MAX_TRACKS:
            raise ValueError(f"tracks {tracks!r} is not 1-{MAX_TRACKS}")
        if not 1 <= holes <= core.MAX_HOLE:
            raise ValueError(f"holes {holes!r} is not 1-{core.MAX_HOLE}")
        if not isinstance(firmware, str) or FIRMWARE_NAME.fullmatch(firmware) is None:  # it goes out in INFO
            raise ValueError(f"firmware {firmware!r} is not 1-32 of {FIRMWARE_CHARACTERS}")
        self.lock = threading.Condition()
        self.info = BoardInfo(PROTOCOL_VERSION, firmware, tracks, holes, tracks * holes + 1 if leds is None else leds)
        self.core = self.CORE(tracks, holes, self.info.leds, firmware)
        self.injector = FaultInjector(faults)
        self.mute = mute
        self.plugged = True
        self.epoch = 0
        self.boots = 0
        self.received: Counter[str] = Counter()
        """Host frames that parsed, by their type's name in board_driver.protocol (`SetState`, `Ping`, ...)."""
        self.naks: Counter[str] = Counter()
        """NAKs sent, by reason (`CRC`, `RANGE`, ...)."""
        self._wires: list[SimWire] = []
        self.wakes_at: float | None = None
        """While it boots after reboot(boot_s=...): when it starts hearing again."""
        self._announce = True
        self._boot()

    def _boot(self) -> None:
        self.core.boot()
        self._changes = self.core.changes
        self.state = self._shown()
        self.history: list[BoardState] = [self.state]
        self.boots += 1

    def _shown(self) -> BoardState:
        """What the core shows, as the host's values."""
        c = self.core
        return BoardState(tuple(TrackState(t.front, t.back, t.colour, t.highlight) for t in c.tracks), c.brightness,
                          Effects(c.winner, c.skunk))

    @property
    def last_seq(self) -> int:
        """The seq of the last frame applied (0: none since power-on)."""
        return self.core.seq

    @property
    def faults(self) -> FaultPlan:
        return self.injector.plan

    # -- the protocol: the firmware's ----------------------------------------------------------------

    def handle_line(self, line: bytes, now: float) -> list[bytes]:
        """The lines the board answers one received line with (no faults here: the wire adds them)."""
        with self.lock:
            if self.mute:
                return []
            frame = core.parse(line)
            if not isinstance(frame, core.Nak):
                self.received[HOST_FRAME_TYPES[frame.kind].__name__] += 1
            answer = self._count(self.core.respond(frame, _ms(now)))
            if self.core.changes != self._changes:
                self._changes = self.core.changes
                self.state = self._shown()
                self.history.append(self.state)
            self.lock.notify_all()
            return [answer]

    def handle_overlong(self) -> list[bytes]:
        """The answer to a line over MAX_LINE bytes (the wire sees it, as the firmware's reader does)."""
        with self.lock:
            return [] if self.mute else [self._count(core.too_long())]

    def _count(self, answer: bytes | core.Nak) -> bytes:
        if isinstance(answer, core.Nak):
            self.naks[answer.reason] += 1
        return core.framed(answer)

    def host_quiet(self, now: float | None = None) -> bool:
        """True before the first valid frame and after HOST_QUIET_S without one."""
        return self.core.host_quiet(_ms(time.monotonic() if now is None else now))

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
                self.wakes_at = None
                self._boot()
            self.plugged = True
            self.lock.notify_all()

    def reboot(self, now: float | None = None, announce: bool = True, boot_s: float = 0.0) -> None:
        """A reset without unplugging (watchdog, brown-out): state lost, INFO sent on every connection.
        `announce=False` is a board whose boot INFO is lost (sent before the host listened, or dropped):
        only asking it (QUERY) shows that it forgot. `boot_s`: deaf that long first (what it was hearing is
        lost), as a board reset by the opening of its port is."""
        now = time.monotonic() if now is None else now
        with self.lock:
            self._announce = announce
            if boot_s > 0:
                self.wakes_at = now + boot_s
                for wire in self._wires:
                    wire.forget_input()
            else:
                self._start(now)
            self.lock.notify_all()

    def _start(self, now: float) -> None:
        self.wakes_at = None
        self._boot()
        if self._announce:
            for wire in self._wires:
                wire.send_to_host(self.core.info_line(), now)

    def awake(self, now: float) -> bool:
        """False while it boots; a boot due by `now` ends here (its INFO sent)."""
        with self.lock:
            if self.wakes_at is None:
                return True
            if now < self.wakes_at:
                return False
            self._start(now)
            self.lock.notify_all()
            return True

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
        self._reader = core.LineReader()
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
        """Bytes from the host. Complete lines go through the faults to the board's inbox; a line over
        MAX_LINE bytes is answered at its newline, as the firmware's reader does."""
        with self.board.lock:
            data = self.board.injector.corrupt(data)
            for line in self._reader.feed(data) if self.board.awake(now) else ():
                if line is None:
                    for answer in self.board.handle_overlong():
                        self.send_to_host(answer, now)
                    continue
                for delay, copy in self.board.injector.apply(line):
                    self._in_due = max(self._in_due, now + delay)
                    self._inbox.append((self._in_due, copy))
            self.pump(now)

    def send_to_host(self, line: bytes, now: float) -> None:
        late = self.board.injector.plan.reply_delay_s
        for delay, copy in self.board.injector.apply(line):
            self._out_due = max(self._out_due, now + delay + late)
            self._outbox.append((self._out_due, self.board.injector.corrupt(copy)))

    def pump(self, now: float) -> None:
        """Let the board handle every line that has arrived by now, and release due answers."""
        board = self.board
        with board.lock:
            board.awake(now)
            while self._inbox and self._inbox[0][0] <= now:
                for answer in board.handle_line(self._inbox.popleft()[1], now):
                    self.send_to_host(answer, now)
            while self._outbox and self._outbox[0][0] <= now:
                self.readable += self._outbox.popleft()[1]

    def forget_input(self) -> None:
        """Lose what the board was hearing (it is resetting): half a line, and lines not yet handled."""
        self._reader = core.LineReader()
        self._inbox.clear()

    def next_due(self) -> float | None:
        dues = [q[0][0] for q in (self._inbox, self._outbox) if q]
        if self.board.wakes_at is not None:
            dues.append(self.board.wakes_at)
        return min(dues) if dues else None


# -- named boards and sim:// URLs ------------------------------------------------------------------

_registry: dict[str, SimBoard] = {}
_registry_lock = threading.Lock()

URL_HELP = ("sim://[NAME][?tracks=1-4&holes=N&drop=P&garble=P&duplicate=P&delay=P&delay_s=S&corrupt=P"
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


FIRMWARE_CHARACTERS = "A-Z a-z 0-9 . _ + -"
_RATES = ("drop", "garble", "duplicate", "delay", "delay_s", "reply_delay_s", "corrupt")
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
        if key == "firmware":
            if FIRMWARE_NAME.fullmatch(value) is None:  # a blank or a newline would break the INFO line
                raise ValueError(f"option firmware={value!r} in {url!r} is not 1-32 of {FIRMWARE_CHARACTERS}")
            options["firmware"] = value
        elif key == "mute":
            mute = yes_no(value)
            if mute is None:
                raise ValueError(f"option mute={value!r} in {url!r} is not true, false, yes, no, 1 or 0")
            options["mute"] = mute
        else:
            number = _number(key, value)
            if number is None:
                raise ValueError(f"option {key}={value!r} in {url!r} is not a number")
            if key == "seed":
                seed = int(number)
            elif key == "tracks":
                options["tracks"] = int(number)
            elif key == "holes":
                options["holes"] = int(number)
            else:
                rates[key] = number
    if rates or seed is not None:
        options["faults"] = _fault_plan(rates, seed)
    return name, options


def _number(key: str, text: str) -> float | None:
    """An option's number in ASCII digits: a whole one for the counts and the seed (which may be negative here;
    its range is the caller's to say), a plain decimal for the rates; None for anything else ('٣', '1_0', 'nan')."""
    if key == "seed":
        digits = text.removeprefix("-")
        return int(text) if 0 < len(digits) <= 600 and digits.isascii() and digits.isdigit() else None
    if key in ("tracks", "holes"):
        return whole_number(text, 0, 10**9)
    return decimal_number(text, 0.0, 10.0**12)


def _fault_plan(rates: dict[str, float], seed: int | None) -> FaultPlan:
    """A FaultPlan with the rates a URL names, the others as in NO_FAULTS."""
    base = NO_FAULTS
    return FaultPlan(drop=rates.get("drop", base.drop), garble=rates.get("garble", base.garble),
                     duplicate=rates.get("duplicate", base.duplicate), delay=rates.get("delay", base.delay),
                     delay_s=rates.get("delay_s", base.delay_s), seed=seed,
                     reply_delay_s=rates.get("reply_delay_s", base.reply_delay_s),
                     corrupt=rates.get("corrupt", base.corrupt))


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
