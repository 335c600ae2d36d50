"""The pegboard protocol as a board speaks it: bytes in, answer lines out, and the state the LEDs show.

Plain Python that runs unchanged under CPython 3.11+ and MicroPython (no dataclasses, no typing or
binascii at run time, annotations only where MicroPython ignores them), so the firmware on the Pico
(firmware/main.py) and the tests on a PC run the very same code. docs/board-protocol.md is the
contract; a refused line is a value (a Nak with its reason code), never an exception.
"""

try:  # noqa: SIM105 - MicroPython has no contextlib
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated there
    pass

PROTOCOL_VERSION = 1
FIRMWARE = "pegboard-1.2"
"""1.1: REPORT ends with WANTED/BUDGET; a picture over budget is dimmed, never blanked; any Ctrl-C stops it.
1.2: TEST, the builder's test pattern (one LED, one track, or every LED white at the budget)."""
MAX_LINE = 128
"""Longest line either side sends or accepts, counting `*CRC`, a CR if any, and the LF."""
MAX_SEQ = 65535
MAX_TRACKS = 4
MAX_HOLE = 999
DEFAULT_COLOURS = (0xD55E00, 0x56B4E9, 0xF0E442, 0x0072B2)  # Okabe-Ito vermillion, sky blue, yellow, blue
DEFAULT_BRIGHTNESS = 128
STOP = 3
"""Ctrl-C (0x03): no valid line holds it, so the firmware takes it, wherever it comes, as the signal to stop
and hand the port back to MicroPython's REPL (what mpremote and Thonny send to get in)."""
HOST_QUIET_MS = 5000
"""No valid host frame for this long (or none since power-on): the link counts as down."""

# NAK reasons: the second field of a NAK line.
CRC = "CRC"
LENGTH = "LENGTH"
FORMAT = "FORMAT"
UNKNOWN = "UNKNOWN"
RANGE = "RANGE"

HOST_ARITY = {  # host frame type: (least, most) fields after the type
    "HELLO": (1, 1), "STATE": (2, 1 + MAX_TRACKS), "BRIGHT": (2, 2), "EFFECT": (3, 3),
    "PING": (1, 1), "QUERY": (0, 0), "TEST": (3, 3),
}
HOST_SEQ_FIRST = ("STATE", "BRIGHT", "EFFECT", "PING", "TEST")
"""Host frame types whose first field is the seq, read before the field count is checked."""
BOARD_ONLY = ("INFO", "ACK", "NAK", "PONG", "REPORT")
"""Frame types only a board sends: a board refuses them as UNKNOWN by their type, before their fields."""
TEST_LED = "LED"
TEST_TRACK = "TRACK"
TEST_WHITE = "WHITE"
TEST_END = "-"
TEST_PATTERNS = (TEST_LED, TEST_TRACK, TEST_WHITE, TEST_END)
"""TEST's patterns: one LED (by strip index) white, one track's LEDs (0-based) in its colour, every LED white
(all three at full level, dimmed only by the power budget), or `-`: back to the picture."""
MAX_LED = 65535
_HEX = "0123456789ABCDEFabcdef"
_HEX_BYTES = b"0123456789ABCDEFabcdef"
_DIGITS = "0123456789"


def _crc_table() -> tuple[int, ...]:
    """The CRC of every byte value, so the table CRC takes one step a byte instead of eight."""
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
        table.append(crc)
    return tuple(table)


_CRC_TABLE = _crc_table()

try:  # CPython's binascii has this very CRC in C; MicroPython's has not
    from binascii import crc_hqx as _crc_in_c
    _IN_C = True
except ImportError:
    _IN_C = False


def crc16_by_table(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) by hand, a table step a
    byte: what crc16 runs where binascii has no crc_hqx (MicroPython). The tests hold it to crc_hqx."""
    crc, table = 0xFFFF, _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[(crc >> 8) ^ byte]
    return crc


def crc16(data: bytes) -> int:
    """The protocol's checksum, CRC-16/CCITT-FALSE: the one CRC of the project (the host, the simulated
    board and the firmware all call this), in C where CPython has it, by table on the Pico."""
    return _crc_in_c(data, 0xFFFF) if _IN_C else crc16_by_table(data)


def frame_line(payload: str) -> bytes:
    """The bytes on the wire for one payload: `PAYLOAD*CRC\\n`."""
    data = payload.encode()
    return data + f"*{crc16(data):04X}\n".encode()


def track_field(front: int, back: int, colour: int, highlight: bool) -> str:
    """One track as STATE and REPORT carry it: `FRONT,BACK,RRGGBB,H`."""
    return f"{front},{back},{colour:06X},{1 if highlight else 0}"


def _printable(text: str) -> str:
    """`text` with anything but printable ASCII (and `*`) as `?`, so a NAK's detail stays a valid line."""
    out = ""
    for ch in text:
        out += ch if " " <= ch <= "~" and ch != "*" else "?"
    return out


def _quoted(text: str) -> str:
    return "'" + _printable(text) + "'"


class Track:
    """One track's pegs, colour (0xRRGGBB, 0 for a dark track) and highlight, as STATE names them."""

    __slots__ = ("front", "back", "colour", "highlight")

    def __init__(self, front: int, back: int, colour: int, highlight: bool = False) -> None:
        self.front = front
        self.back = back
        self.colour = colour
        self.highlight = highlight

    def field(self) -> str:
        return track_field(self.front, self.back, self.colour, self.highlight)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Track) and self.field() == other.field()

    def __hash__(self) -> int:
        return hash(self.field())

    def __repr__(self) -> str:
        return "Track(" + self.field() + ")"


class Nak:
    """A refused line: the seq it names (None: `-`), the reason code and a detail for people."""

    __slots__ = ("seq", "reason", "detail")

    def __init__(self, seq: int | None, reason: str, detail: str) -> None:
        self.seq = seq
        self.reason = reason
        self.detail = detail

    def payload(self) -> str:
        """`NAK SEQ REASON DETAIL`, the detail's white space folded to single spaces and anything else that
        is not printable ASCII (or is `*`) shown as `?`, cut to fit one line."""
        text = f"NAK {dash(self.seq)} {self.reason}"
        detail = _printable(" ".join(self.detail.split()))
        if detail:
            text += " " + detail
        return text[:MAX_LINE - 6]

    def __repr__(self) -> str:
        return "Nak(" + self.payload() + ")"


class Frame:
    """A host frame that parsed: its type and the fields that type has (the others stay None)."""

    __slots__ = ("kind", "seq", "version", "tracks", "level", "winner", "skunk", "test")

    def __init__(self, kind: str, seq: int | None = None) -> None:
        self.kind = kind
        self.seq = seq
        self.version: int | None = None
        self.tracks: list[Track] = []
        self.level = 0
        self.winner: int | None = None
        self.skunk: int | None = None
        self.test: tuple[str, int | None] | None = None
        """TEST's (pattern, LED or track), None for `TEST seq - -`."""


# -- reading a line -------------------------------------------------------------------------------

def unframe(line: bytes) -> str | Nak:
    """The payload of one received line (trailing CR and LF removed), or the NAK it earns.

    The CRC is whatever follows the LAST `*`; a `*` before it is part of the payload (which then
    fails as UNKNOWN or FORMAT)."""
    end = len(line)
    while end and line[end - 1] in (10, 13):
        end -= 1
    line = line[:end]
    star = line.rfind(b"*")
    if star < 0:
        return Nak(None, CRC, "no '*CRC' at the end of the line")
    data, shown = line[:star], line[star + 1:]
    if len(shown) != 4 or shown.strip(_HEX_BYTES):  # the checks below are builtins: quick on the Pico too
        text = "".join(chr(b) if b < 128 else "?" for b in shown)
        return Nak(None, CRC, "checksum " + _quoted(text) + " is not 4 hex digits")
    text = shown.decode()
    expected = crc16(data)
    if int(text, 16) != expected:
        return Nak(None, CRC, f"checksum {text} does not match {expected:04X}")
    if data and max(data) >= 128:
        return Nak(None, FORMAT, "payload is not ASCII")
    if data and (min(data) < 32 or data.find(b"\x7f") >= 0):
        return Nak(None, FORMAT, "payload has control characters")
    return data.decode()


def parse(line: bytes) -> Frame | Nak:
    """The host frame on one received line, or the NAK it earns: the checksum, then the fields."""
    payload = unframe(line)
    return payload if isinstance(payload, Nak) else decode(payload)


def number(text: str, what: str, lo: int, hi: int, seq: int | None) -> int | Nak:
    """A decimal field of at most five digits within the protocol's own limits lo-hi (else FORMAT)."""
    if not text or len(text) > 5 or text.strip(_DIGITS):
        return Nak(seq, FORMAT, what + " " + _quoted(text) + " is not a number")
    value = int(text)
    if not lo <= value <= hi:
        return Nak(seq, FORMAT, f"{what} {value} is not {lo}-{hi}")
    return value


def optional_number(text: str, what: str, lo: int, hi: int, seq: int) -> int | Nak | None:
    """A number field that may be `-` (None)."""
    return None if text == "-" else number(text, what, lo, hi, seq)


def parse_track(text: str, n: int, seq: int) -> Track | Nak:
    """One `FRONT,BACK,RRGGBB,H` field: FORMAT for a field that does not parse, RANGE for a back peg
    that is not behind its front peg (both 0 is the start)."""
    parts = text.split(",")
    if len(parts) != 4:
        return Nak(seq, FORMAT, f"track {n} {_quoted(text)} is not FRONT,BACK,RRGGBB,H")
    front = number(parts[0], f"track {n} front", 0, MAX_HOLE, seq)
    if isinstance(front, Nak):
        return front
    back = number(parts[1], f"track {n} back", 0, MAX_HOLE, seq)
    if isinstance(back, Nak):
        return back
    colour = parts[2]
    if len(colour) != 6 or colour.strip(_HEX):
        return Nak(seq, FORMAT, f"track {n} colour {_quoted(colour)} is not RRGGBB")
    if parts[3] not in ("0", "1"):
        return Nak(seq, FORMAT, f"track {n} highlight {_quoted(parts[3])} is not 0 or 1")
    if back >= front and (front, back) != (0, 0):
        return Nak(seq, RANGE, f"track {n}: back peg {back} must be behind the front peg {front} "
                   "(both 0 only at the start)")
    return Track(front, back, int(colour, 16), parts[3] == "1")


def _fill(frame: Frame, fields: list[str]) -> Frame | Nak:
    """The fields of a host frame whose arity is right, parsed from left to right."""
    seq = frame.seq
    kind = frame.kind
    if kind == "HELLO":
        version = number(fields[0], "version", 0, MAX_HOLE, None)
        if isinstance(version, Nak):
            return version
        frame.version = version
    elif kind == "STATE" and seq is not None:
        for n in range(1, len(fields)):
            track = parse_track(fields[n], n, seq)
            if isinstance(track, Nak):
                return track
            frame.tracks.append(track)
    elif kind == "BRIGHT" and seq is not None:
        level = number(fields[1], "brightness", 0, 255, seq)
        if isinstance(level, Nak):
            return level
        frame.level = level
    elif kind == "EFFECT" and seq is not None:
        winner = optional_number(fields[1], "winner track", 0, MAX_TRACKS - 1, seq)
        if isinstance(winner, Nak):
            return winner
        skunk = optional_number(fields[2], "skunk hole", 1, MAX_HOLE, seq)
        if isinstance(skunk, Nak):
            return skunk
        frame.winner, frame.skunk = winner, skunk
    elif kind == "TEST" and seq is not None:
        test = parse_test(fields[1], fields[2], seq)
        if isinstance(test, Nak):
            return test
        frame.test = test
    return frame


def parse_test(pattern: str, which: str, seq: int) -> tuple[str, int | None] | Nak | None:
    """TEST's two fields: (LED, index), (TRACK, 0-based track), (WHITE, None), or None for `- -`."""
    if pattern not in TEST_PATTERNS:
        return Nak(seq, FORMAT, "test pattern " + _quoted(pattern[:16]) + " is not LED, TRACK, WHITE or -")
    if pattern in (TEST_WHITE, TEST_END):
        if which != "-":
            return Nak(seq, FORMAT, f"test pattern {pattern} takes '-', not " + _quoted(which[:16]))
        return None if pattern == TEST_END else (pattern, None)
    most = MAX_LED if pattern == TEST_LED else MAX_TRACKS - 1
    index = number(which, "test " + pattern.lower(), 0, most, seq)
    return index if isinstance(index, Nak) else (pattern, index)


def split_payload(payload: str, arity: dict[str, tuple[int, int]],
                  seq_first: tuple[str, ...]) -> tuple[str, int | None, list[str]] | Nak:
    """A payload's type, seq (None when its type has none) and fields after the type, or the NAK its type,
    seq or number of fields earns. `arity` maps each known type to its (least, most) fields; the types in
    `seq_first` have the seq first. The host reads the board's frames with it too."""
    fields = payload.split()
    if not fields:
        return Nak(None, FORMAT, "empty payload")
    kind = fields.pop(0)
    if kind not in arity:
        return Nak(None, UNKNOWN, "frame type " + _quoted(kind[:16]) + " is not known")
    seq = None
    if kind in seq_first and fields:
        value = number(fields[0], "seq", 0, MAX_SEQ, None)
        if isinstance(value, Nak):
            return value
        seq = value
    least, most = arity[kind]
    if not least <= len(fields) <= most:
        expected = str(least) if least == most else f"{least}-{most}"
        return Nak(seq, FORMAT, f"{kind} has {len(fields)} fields, expected {expected}")
    return kind, seq, fields


def decode(payload: str) -> Frame | Nak:
    """The host frame a checked payload holds, or the NAK it earns (UNKNOWN, FORMAT or a track's RANGE).

    Order: the type (a type only boards send is UNKNOWN whatever follows), the seq, the number of
    fields, then each field from left to right; the first problem found is the answer."""
    first = payload.split(None, 1)
    if first and first[0] in BOARD_ONLY:
        return Nak(None, UNKNOWN, first[0] + " is sent by boards, not to them")
    split = split_payload(payload, HOST_ARITY, HOST_SEQ_FIRST)
    if isinstance(split, Nak):
        return split
    kind, seq, fields = split
    return _fill(Frame(kind, seq), fields)


def take_input(ready: Any, read1: Any, wait_ms: int, most: int) -> tuple[bytes, bool]:
    """What the host has sent, at most `most` bytes, waiting up to wait_ms for the first (ready(ms) is true
    when a byte can be read, read1() reads one), and whether a Ctrl-C came. Reading stops at the Ctrl-C,
    so the bytes after it (mpremote's Ctrl-A, say) stay unread for the REPL."""
    data = bytearray()
    while len(data) < most and ready(0 if data else wait_ms):
        byte = read1()
        if not byte:
            break
        if byte[0] == STOP:
            return bytes(data), True
        data += byte
    return bytes(data), False


class LineReader:
    """Cuts the host's bytes into lines. A line longer than MAX_LINE bytes (its CR and LF counted) is
    given as None, once, when its LF arrives; empty lines (nothing but CR) are skipped."""

    def __init__(self) -> None:
        self.partial = bytearray()
        self.overlong = False

    def feed(self, data: bytes) -> list[bytes | None]:
        out: list[bytes | None] = []
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                self.partial.extend(data[start:])
                if len(self.partial) > MAX_LINE:
                    self.overlong = True
                    self.partial = bytearray()
                return out
            if self.overlong or len(self.partial) + end + 1 - start > MAX_LINE:
                out.append(None)
            else:
                line = bytes(self.partial) + data[start:end + 1]
                if line.strip(b"\r\n"):
                    out.append(line)
            self.partial = bytearray()
            self.overlong = False
            start = end + 1

    def idle(self) -> bool:
        """True between lines (nothing but CRs held): where the firmware lets Ctrl-C stop it."""
        return not self.overlong and not bytes(self.partial).strip(b"\r")


class Board:
    """What a board shows and how it answers: the protocol's state machine, without any hardware.

    `changes` counts changes of what the LEDs show, so the caller knows when to redraw."""

    def __init__(self, tracks: int = 2, holes: int = 121, leds: int = 0, firmware: str = FIRMWARE) -> None:
        self.tracks_n = tracks
        self.holes = holes
        self.leds = leds
        self.firmware = firmware
        self.reader = LineReader()
        self.changes = 0
        self.tracks: list[Track] = []
        self.power: Any = None
        """None, or a function of the board giving REPORT's last field: `WANTED/BUDGET` in mA, what its
        picture would draw at its brightest and the budget it is dimmed to fit (set by the drawing side)."""
        self.boot()

    def boot(self) -> None:
        """Power-on: pegs at the start in the default colours, brightness 128, no effects, seq 0."""
        self.tracks = [Track(0, 0, DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]) for i in range(self.tracks_n)]
        self.brightness = DEFAULT_BRIGHTNESS
        self.winner: int | None = None
        self.skunk: int | None = None
        self.seq = 0
        self.heard_ms: int | None = None
        self.test: tuple[str, int | None] | None = None
        """The test pattern shown instead of the picture (TEST), until `TEST seq - -`, a STATE or an EFFECT,
        or the host going quiet; None: the picture."""
        self.reader = LineReader()
        self.changes += 1

    def info_line(self) -> bytes:
        """INFO: the answer to every HELLO, and the line sent unprompted at boot."""
        return frame_line(f"INFO {PROTOCOL_VERSION} {self.firmware} {self.tracks_n} {self.holes} {self.leds}")

    def report_line(self) -> bytes:
        fields = ["REPORT", str(self.seq), str(self.brightness), dash(self.winner), dash(self.skunk)]
        fields += [t.field() for t in self.tracks]
        if self.power is not None:
            fields.append(self.power(self))
        return frame_line(" ".join(fields))

    def host_quiet(self, now_ms: int) -> bool:
        """True before the first valid frame and after HOST_QUIET_MS without one."""
        return self.heard_ms is None or now_ms - self.heard_ms > HOST_QUIET_MS

    def receive(self, data: bytes, now_ms: int) -> list[bytes]:
        """The answer lines to some bytes from the host (one per complete, non-empty line)."""
        out = []
        for line in self.reader.feed(data):
            out.append(framed(too_long() if line is None else self.respond(parse(line), now_ms)))
        return out

    def answer(self, line: bytes, now_ms: int) -> bytes:
        """The one line a board sends back for one complete line from the host."""
        return framed(self.respond(parse(line), now_ms))

    def respond(self, frame: Frame | Nak, now_ms: int) -> bytes | Nak:
        """The answer to one parsed line: its line, or the refusal as a Nak (framed by `framed`)."""
        if isinstance(frame, Nak):
            if frame.reason == RANGE:  # a back peg not behind its front: the frame parsed, the host is there
                self.heard_ms = now_ms
            return frame
        if self.test is not None and self.host_quiet(now_ms):  # a test left behind by a host that went away
            self._set_test(None)
        self.heard_ms = now_ms  # any host frame that parses, even one then refused for RANGE
        return self._apply(frame)

    def _apply(self, frame: Frame) -> bytes | Nak:
        kind, seq = frame.kind, frame.seq
        if kind == "HELLO":
            return self.info_line()
        if kind == "QUERY":
            return self.report_line()
        if seq is None:  # pragma: no cover - decode gives every other type its seq
            return Nak(None, FORMAT, "no seq")
        if kind == "PING":
            return frame_line(f"PONG {seq}")
        if kind == "STATE":
            problem = self._check_tracks(frame.tracks, seq)
            if problem is not None:
                return problem
            dark = [Track(0, 0, 0) for _ in range(self.tracks_n - len(frame.tracks))]
            self._set_test(None)
            self._show(frame.tracks + dark, self.brightness, self.winner, self.skunk)
        elif kind == "BRIGHT":
            self._show(self.tracks, frame.level, self.winner, self.skunk)
        elif kind == "EFFECT":
            problem = self._check_effects(frame.winner, frame.skunk, seq)
            if problem is not None:
                return problem
            self._set_test(None)
            self._show(self.tracks, self.brightness, frame.winner, frame.skunk)
        elif kind == "TEST":
            problem = self._check_test(frame.test, seq)
            if problem is not None:
                return problem
            self._set_test(frame.test)
        self.seq = seq
        return frame_line(f"ACK {seq}")

    def _check_tracks(self, tracks: list[Track], seq: int) -> Nak | None:
        if len(tracks) > self.tracks_n:
            return Nak(seq, RANGE, f"{len(tracks)} tracks but this board has {self.tracks_n}")
        for n, track in enumerate(tracks, 1):
            if track.front > self.holes:
                return Nak(seq, RANGE, f"track {n} front peg {track.front} is past hole {self.holes}")
        return None

    def _check_effects(self, winner: int | None, skunk: int | None, seq: int) -> Nak | None:
        if winner is not None and winner >= self.tracks_n:
            return Nak(seq, RANGE, f"winner track {winner} but tracks are 0-{self.tracks_n - 1}")
        if skunk is not None and skunk > self.holes:
            return Nak(seq, RANGE, f"skunk hole {skunk} is past hole {self.holes}")
        return None

    def _check_test(self, test: tuple[str, int | None] | None, seq: int) -> Nak | None:
        if test is None:
            return None
        pattern, index = test
        if index is None:
            return None
        if pattern == TEST_LED and index >= self.leds:
            return Nak(seq, RANGE, f"LED {index} but this board's LEDs are 0-{self.leds - 1}")
        if pattern == TEST_TRACK and index >= self.tracks_n:
            return Nak(seq, RANGE, f"track {index} but tracks are 0-{self.tracks_n - 1}")
        return None

    def _set_test(self, test: tuple[str, int | None] | None) -> None:
        if test != self.test:
            self.test = test
            self.changes += 1

    def _show(self, tracks: list[Track], brightness: int, winner: int | None, skunk: int | None) -> None:
        if (tracks, brightness, winner, skunk) != (self.tracks, self.brightness, self.winner, self.skunk):
            self.tracks, self.brightness, self.winner, self.skunk = tracks, brightness, winner, skunk
            self.changes += 1


def too_long() -> Nak:
    """The answer to a line over MAX_LINE bytes, given once when its LF arrives."""
    return Nak(None, LENGTH, f"line over {MAX_LINE} bytes")


def framed(answer: bytes | Nak) -> bytes:
    """An answer as the line to send: a Nak framed, a line as it is."""
    return frame_line(answer.payload()) if isinstance(answer, Nak) else answer


def dash(value: int | None) -> str:
    """An optional number as a field: `-` for None."""
    return "-" if value is None else str(value)
