"""The pegboard line protocol: framing with a CRC and every frame in both directions.

A line is `PAYLOAD*CRC\\n`: the payload is printable ASCII fields separated by spaces, the CRC is
CRC-16/CCITT-FALSE of the payload bytes as four hex digits. Pure functions and values, no I/O; the
contract for firmware authors is docs/board-protocol.md.

The wire itself (the constants, the CRC, a line's checksum and every field's rules, and the parser of the
frames a host sends) is the reference firmware's, firmware/pegboard/core.py, the one module that must also
run under MicroPython; this module gives its results as typed values and reads the board's own frames
with the same field rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from board_driver.model import MAX_TRACKS, BoardInfo, Effects, TrackState
from firmware.pegboard import core
from firmware.pegboard.core import MAX_HOLE
from firmware.pegboard.core import MAX_LINE as MAX_LINE  # the host's names for them, from the one source
from firmware.pegboard.core import MAX_SEQ as MAX_SEQ
from firmware.pegboard.core import PROTOCOL_VERSION as PROTOCOL_VERSION
from firmware.pegboard.core import crc16 as crc16

BAUDRATE = 115200

FIRMWARE_NAME = re.compile(r"[A-Za-z0-9._+-]{1,32}")
"""What a board may call its firmware in INFO (docs/board-protocol.md): one field of the line, so no blank."""
_T = TypeVar("_T")


class NakReason(Enum):
    """Why a board refused a line; the second field of a NAK."""

    CRC = core.CRC          # the checksum does not match (or is missing)
    LENGTH = core.LENGTH    # the line is longer than MAX_LINE
    FORMAT = core.FORMAT    # a known frame with fields that do not parse
    UNKNOWN = core.UNKNOWN  # a frame type this board does not know
    RANGE = core.RANGE      # fields parse but this board cannot show them (hole or track it lacks)


class FrameError(ValueError):
    """A line that is not a valid frame; carries what a NAK needs to say."""

    def __init__(self, reason: NakReason, detail: str, seq: int | None = None) -> None:
        super().__init__(f"{reason.value}: {detail}")
        self.reason = reason
        self.detail = detail
        self.seq = seq


# -- framing ---------------------------------------------------------------------------------------

def _checked(value: _T | core.Nak) -> _T:
    """The firmware core's result, or its refusal raised as a FrameError."""
    if isinstance(value, core.Nak):
        raise FrameError(NakReason(value.reason), value.detail, value.seq)
    return value


def frame_line(payload: str) -> bytes:
    """The bytes on the wire for one payload, checksum and newline included."""
    if "*" in payload or "\n" in payload or "\r" in payload:
        raise ValueError(f"payload {payload!r} may not contain '*', CR or LF")
    if not payload.isascii():
        raise ValueError(f"payload {payload!r} is not ASCII")
    line = core.frame_line(payload)
    if len(line) > MAX_LINE:
        raise ValueError(f"line of {len(line)} bytes is longer than the limit {MAX_LINE}: {payload!r}")
    return line


def unframe_line(line: bytes) -> str:
    """The payload of a received line (with or without its newline), checked against its CRC."""
    size = len(line.rstrip(b"\r\n")) + 1
    if size > MAX_LINE:
        raise FrameError(NakReason.LENGTH, f"line of {size} bytes, limit {MAX_LINE}")
    return _checked(core.unframe(line))


# -- frames ----------------------------------------------------------------------------------------
# Host to board: Hello, SetState, SetBrightness, SetEffects, Ping, Query, SetTest.
# Board to host: Info, Ack, NakFrame, Pong, Report.

@dataclass(frozen=True, slots=True)
class Hello:
    version: int = PROTOCOL_VERSION


@dataclass(frozen=True, slots=True)
class Info:
    info: BoardInfo


@dataclass(frozen=True, slots=True)
class SetState:
    seq: int
    tracks: tuple[TrackState, ...]


@dataclass(frozen=True, slots=True)
class SetBrightness:
    seq: int
    level: int


@dataclass(frozen=True, slots=True)
class SetEffects:
    seq: int
    effects: Effects


class Pattern(Enum):
    """What TEST shows: one LED white, one track in its colour, every LED white, or END (the picture again)."""

    LED = core.TEST_LED
    TRACK = core.TEST_TRACK
    WHITE = core.TEST_WHITE
    END = core.TEST_END


@dataclass(frozen=True, slots=True)
class SetTest:
    """The builder's test pattern instead of the picture; `index` is the LED (strip order) or the track
    (0-based), None for WHITE and END."""

    seq: int
    pattern: Pattern
    index: int | None = None


@dataclass(frozen=True, slots=True)
class Ping:
    seq: int


@dataclass(frozen=True, slots=True)
class Pong:
    seq: int


@dataclass(frozen=True, slots=True)
class Query:
    pass


@dataclass(frozen=True, slots=True)
class Report:
    """The board's own account of what it shows; `seq` is the last frame it applied (0: none yet)."""

    seq: int
    brightness: int
    effects: Effects
    tracks: tuple[TrackState, ...]
    power: tuple[int, int] | None = None
    """(wanted, budget) in mA: what the picture would draw at its brightest, and the budget it is dimmed to
    fit when the first is more; None from a board that does not say (its last field is optional)."""


@dataclass(frozen=True, slots=True)
class Ack:
    seq: int


@dataclass(frozen=True, slots=True)
class NakFrame:
    seq: int | None
    reason: NakReason
    detail: str = ""


Frame = (Hello | Info | SetState | SetBrightness | SetEffects | Ping | Pong | Query | Report | Ack | NakFrame
         | SetTest)
HOST_FRAME_TYPES: dict[str, type[object]] = {
    "HELLO": Hello, "STATE": SetState, "BRIGHT": SetBrightness, "EFFECT": SetEffects, "PING": Ping, "QUERY": Query,
    "TEST": SetTest}
"""Each host frame's type on the wire, and its value here."""


# -- encoding --------------------------------------------------------------------------------------

def track_field(t: TrackState) -> str:
    return core.track_field(t.front, t.back, t.colour, t.highlight)


def payload_of(frame: Frame) -> str:
    match frame:
        case Hello(version):
            return f"HELLO {version}"
        case Info(i):
            return f"INFO {i.version} {i.firmware} {i.tracks} {i.holes} {i.leds}"
        case SetState(seq, tracks):
            return " ".join([f"STATE {seq}", *map(track_field, tracks)])
        case SetBrightness(seq, level):
            return f"BRIGHT {seq} {level}"
        case SetEffects(seq, fx):
            return f"EFFECT {seq} {core.dash(fx.winner)} {core.dash(fx.skunk)}"
        case Ping(seq):
            return f"PING {seq}"
        case SetTest(seq, pattern, index):
            return f"TEST {seq} {pattern.value} {core.dash(index)}"
        case Pong(seq):
            return f"PONG {seq}"
        case Query():
            return "QUERY"
        case Report(seq, level, fx, tracks, power):
            fields = [f"REPORT {seq} {level} {core.dash(fx.winner)} {core.dash(fx.skunk)}", *map(track_field, tracks)]
            return " ".join(fields if power is None else [*fields, f"{power[0]}/{power[1]}"])
        case Ack(seq):
            return f"ACK {seq}"
        case NakFrame(seq, reason, detail):
            return core.Nak(seq, reason.value, detail).payload()
    raise TypeError(f"not a frame: {frame!r}")


def encode(frame: Frame) -> bytes:
    """One frame as the line to write."""
    return frame_line(payload_of(frame))


# -- decoding --------------------------------------------------------------------------------------
# The frames a host sends are the firmware core's to read (core.decode); the board's frames are read here
# with the core's field rules, so every field has one parser.

_BOARD_ARITY = {"INFO": (5, 5), "PONG": (1, 1), "REPORT": (5, 5 + MAX_TRACKS), "ACK": (1, 1), "NAK": (2, 99)}
"""The frames a board sends: type to its (least, most) fields after the type."""
_BOARD_SEQ_FIRST = ("PONG", "ACK")


def _int(text: str, what: str, lo: int, hi: int, seq: int | None = None) -> int:
    return _checked(core.number(text, what, lo, hi, seq))


def _track(text: str, n: int, seq: int) -> TrackState:
    t = _checked(core.parse_track(text, n, seq))
    return TrackState(t.front, t.back, t.colour, t.highlight)


def _effects(winner: str, skunk: str, seq: int) -> Effects:
    return Effects(_checked(core.optional_number(winner, "winner track", 0, MAX_TRACKS - 1, seq)),
                   _checked(core.optional_number(skunk, "skunk hole", 1, MAX_HOLE, seq)))


def _host_frame(frame: core.Frame) -> Frame:
    """The typed value of a host frame the firmware core has read."""
    seq = frame.seq or 0  # None only for HELLO and QUERY, which have no seq
    match frame.kind:
        case "HELLO":
            return Hello(frame.version or 0)
        case "STATE":
            return SetState(seq, tuple(TrackState(t.front, t.back, t.colour, t.highlight) for t in frame.tracks))
        case "BRIGHT":
            return SetBrightness(seq, frame.level)
        case "EFFECT":
            return SetEffects(seq, Effects(frame.winner, frame.skunk))
        case "PING":
            return Ping(seq)
        case "TEST":
            test = frame.test
            return SetTest(seq, Pattern.END) if test is None else SetTest(seq, Pattern(test[0]), test[1])
    return Query()


def _board_frame(kind: str, seq: int | None, fields: list[str]) -> Frame:
    """A board's frame from its type, seq (PONG and ACK) and fields, each field read by the core's rules."""
    match kind:
        case "INFO":
            if not FIRMWARE_NAME.fullmatch(fields[1]):
                raise FrameError(NakReason.FORMAT,
                                 f"firmware {fields[1]!r} is not 1-32 of A-Z a-z 0-9 . _ + -")
            return Info(BoardInfo(_int(fields[0], "version", 0, MAX_HOLE), fields[1],
                                  _int(fields[2], "tracks", 1, MAX_TRACKS), _int(fields[3], "holes", 1, MAX_HOLE),
                                  _int(fields[4], "leds", 0, 99999)))
        case "REPORT":
            rseq = _int(fields[0], "seq", 0, MAX_SEQ)
            power = _power(fields.pop(), rseq) if "/" in fields[-1] else None
            if len(fields) > 4 + MAX_TRACKS:
                raise FrameError(NakReason.FORMAT, f"REPORT has {len(fields) - 4} tracks, at most {MAX_TRACKS}", rseq)
            return Report(rseq, _int(fields[1], "brightness", 0, 255), _effects(fields[2], fields[3], rseq),
                          tuple(_track(text, n, rseq) for n, text in enumerate(fields[4:], 1)), power)
        case "NAK":
            nseq = None if fields[0] == "-" else _int(fields[0], "seq", 0, MAX_SEQ)
            try:
                reason = NakReason(fields[1])
            except ValueError:
                raise FrameError(NakReason.FORMAT, f"NAK reason {fields[1]!r} is not known") from None
            return NakFrame(nseq, reason, " ".join(fields[2:]))
    return Pong(seq or 0) if kind == "PONG" else Ack(seq or 0)


def _power(field: str, seq: int) -> tuple[int, int]:
    """REPORT's optional last field, `WANTED/BUDGET` in mA."""
    wanted, _, budget = field.partition("/")
    return _int(wanted, "wanted mA", 0, 99999, seq), _int(budget, "budget mA", 0, 99999, seq)


def decode_payload(payload: str) -> Frame:
    """The frame a checked payload holds; FrameError says why not (UNKNOWN, FORMAT or RANGE)."""
    first = payload.split(None, 1)
    if first and first[0] in _BOARD_ARITY:
        return _board_frame(*_checked(core.split_payload(payload, _BOARD_ARITY, _BOARD_SEQ_FIRST)))
    return _host_frame(_checked(core.decode(payload)))


def decode(line: bytes) -> Frame:
    """The frame on one received line; FrameError (with the NAK reason) when it is not one."""
    return decode_payload(unframe_line(line))


def report_problem(report: Report, info: BoardInfo) -> str | None:
    """Why a REPORT cannot be true of the board that sent this INFO (None when it can be): a board that
    contradicts itself is not to be believed about what it shows. Tracks are counted from 1."""
    if len(report.tracks) != info.tracks:
        return f"it reports {len(report.tracks)} tracks but said it has {info.tracks}"
    for n, t in enumerate(report.tracks, 1):
        if t.front > info.holes:
            return f"it reports track {n} front peg {t.front} but said it has {info.holes} holes"
    fx = report.effects
    if fx.winner is not None and fx.winner >= info.tracks:
        return f"it reports track {fx.winner + 1} flashing as the winner but said it has {info.tracks} tracks"
    if fx.skunk is not None and fx.skunk > info.holes:
        return f"it reports a skunk line at hole {fx.skunk} but said it has {info.holes} holes"
    return None
