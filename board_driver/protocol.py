"""The pegboard line protocol: framing with a CRC and every frame in both directions.

A line is `PAYLOAD*CRC\\n`: the payload is printable ASCII fields separated by spaces, the CRC is
CRC-16/CCITT-FALSE of the payload bytes as four hex digits. Pure functions and values, no I/O; the
contract for firmware authors is docs/board-protocol.md.
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass
from enum import Enum

from board_driver.model import MAX_TRACKS, BoardInfo, Effects, PegError, Track

PROTOCOL_VERSION = 1
MAX_LINE = 128
"""Longest line either side sends or accepts, counting `*CRC` and the newline."""
MAX_SEQ = 65535
BAUDRATE = 115200

_FIRMWARE = re.compile(r"[A-Za-z0-9._+-]{1,32}")
_HEX = re.compile(r"[0-9A-Fa-f]{4}")
_COLOUR = re.compile(r"[0-9A-Fa-f]{6}")


class NakReason(Enum):
    """Why a board refused a line; the second field of a NAK."""

    CRC = "CRC"          # the checksum does not match (or is missing)
    LENGTH = "LENGTH"    # the line is longer than MAX_LINE
    FORMAT = "FORMAT"    # a known frame with fields that do not parse
    UNKNOWN = "UNKNOWN"  # a frame type this board does not know
    RANGE = "RANGE"      # fields parse but this board cannot show them (hole or track it lacks)


class FrameError(ValueError):
    """A line that is not a valid frame; carries what a NAK needs to say."""

    def __init__(self, reason: NakReason, detail: str, seq: int | None = None) -> None:
        super().__init__(f"{reason.value}: {detail}")
        self.reason = reason
        self.detail = detail
        self.seq = seq


# -- framing ---------------------------------------------------------------------------------------

def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final xor."""
    return binascii.crc_hqx(data, 0xFFFF)


def frame_line(payload: str) -> bytes:
    """The bytes on the wire for one payload, checksum and newline included."""
    if "*" in payload or "\n" in payload or "\r" in payload:
        raise ValueError(f"payload {payload!r} may not contain '*', CR or LF")
    data = payload.encode("ascii")
    line = b"%s*%04X\n" % (data, crc16(data))
    if len(line) > MAX_LINE:
        raise ValueError(f"line of {len(line)} bytes is longer than the limit {MAX_LINE}: {payload!r}")
    return line


def unframe_line(line: bytes) -> str:
    """The payload of a received line (with or without its newline), checked against its CRC."""
    line = line.rstrip(b"\r\n")
    if len(line) + 1 > MAX_LINE:
        raise FrameError(NakReason.LENGTH, f"line of {len(line) + 1} bytes, limit {MAX_LINE}")
    data, star, crc_text = line.rpartition(b"*")
    if not star:
        raise FrameError(NakReason.CRC, "no '*CRC' at the end of the line")
    crc_shown = "".join(chr(b) if 32 <= b < 127 else "?" for b in crc_text)  # a NAK detail is printable ASCII
    if not _HEX.fullmatch(crc_shown):
        raise FrameError(NakReason.CRC, f"checksum {crc_shown!r} is not 4 hex digits")
    expected = crc16(data)
    if int(crc_text, 16) != expected:
        raise FrameError(NakReason.CRC, f"checksum {crc_text.decode()} does not match {expected:04X}")
    try:
        payload = data.decode("ascii")
    except UnicodeDecodeError:
        raise FrameError(NakReason.FORMAT, "payload is not ASCII") from None
    if not payload.isprintable():
        raise FrameError(NakReason.FORMAT, "payload has control characters")
    return payload


# -- frames ----------------------------------------------------------------------------------------
# Host to board: Hello, SetState, SetBrightness, SetEffects, Ping, Query.
# Board to host: Info, Ack, Nak, Pong, Report.

@dataclass(frozen=True, slots=True)
class Hello:
    version: int = PROTOCOL_VERSION


@dataclass(frozen=True, slots=True)
class Info:
    info: BoardInfo


@dataclass(frozen=True, slots=True)
class SetState:
    seq: int
    tracks: tuple[Track, ...]


@dataclass(frozen=True, slots=True)
class SetBrightness:
    seq: int
    level: int


@dataclass(frozen=True, slots=True)
class SetEffects:
    seq: int
    effects: Effects


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
    tracks: tuple[Track, ...]


@dataclass(frozen=True, slots=True)
class Ack:
    seq: int


@dataclass(frozen=True, slots=True)
class Nak:
    seq: int | None
    reason: NakReason
    detail: str = ""


Frame = Hello | Info | SetState | SetBrightness | SetEffects | Ping | Pong | Query | Report | Ack | Nak
HOST_FRAMES = (Hello, SetState, SetBrightness, SetEffects, Ping, Query)


# -- encoding --------------------------------------------------------------------------------------

def track_field(t: Track) -> str:
    return f"{t.front},{t.back},{t.colour:06X},{int(t.highlight)}"


def _opt(value: int | None) -> str:
    return "-" if value is None else str(value)


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
            return f"EFFECT {seq} {_opt(fx.winner)} {_opt(fx.skunk)}"
        case Ping(seq):
            return f"PING {seq}"
        case Pong(seq):
            return f"PONG {seq}"
        case Query():
            return "QUERY"
        case Report(seq, level, fx, tracks):
            return " ".join([f"REPORT {seq} {level} {_opt(fx.winner)} {_opt(fx.skunk)}",
                             *map(track_field, tracks)])
        case Ack(seq):
            return f"ACK {seq}"
        case Nak(seq, reason, detail):
            text = f"NAK {_opt(seq)} {reason.value}"
            detail = " ".join(detail.replace("*", "?").split())
            if detail:
                text += " " + detail
            return text[:MAX_LINE - 6]
    raise TypeError(f"not a frame: {frame!r}")


def encode(frame: Frame) -> bytes:
    """One frame as the line to write."""
    return frame_line(payload_of(frame))


# -- decoding --------------------------------------------------------------------------------------

def _int(text: str, what: str, lo: int, hi: int, seq: int | None = None) -> int:
    if not text.isdigit() or len(text) > 5:
        raise FrameError(NakReason.FORMAT, f"{what} {text!r} is not a number", seq)
    value = int(text)
    if not lo <= value <= hi:
        raise FrameError(NakReason.FORMAT, f"{what} {value} is not {lo}-{hi}", seq)
    return value


def _opt_int(text: str, what: str, lo: int, hi: int, seq: int) -> int | None:
    return None if text == "-" else _int(text, what, lo, hi, seq)


def _track(text: str, n: int, seq: int) -> Track:
    parts = text.split(",")
    if len(parts) != 4:
        raise FrameError(NakReason.FORMAT, f"track {n} {text!r} is not FRONT,BACK,RRGGBB,H", seq)
    front = _int(parts[0], f"track {n} front", 0, 999, seq)
    back = _int(parts[1], f"track {n} back", 0, 999, seq)
    if not _COLOUR.fullmatch(parts[2]):
        raise FrameError(NakReason.FORMAT, f"track {n} colour {parts[2]!r} is not RRGGBB", seq)
    if parts[3] not in ("0", "1"):
        raise FrameError(NakReason.FORMAT, f"track {n} highlight {parts[3]!r} is not 0 or 1", seq)
    try:
        return Track(front, back, int(parts[2], 16), parts[3] == "1")
    except PegError as exc:
        raise FrameError(NakReason.RANGE, f"track {n}: {exc}", seq) from None


def _tracks(fields: list[str], seq: int) -> tuple[Track, ...]:
    if not 1 <= len(fields) <= MAX_TRACKS:
        raise FrameError(NakReason.FORMAT, f"{len(fields)} tracks, expected 1-{MAX_TRACKS}", seq)
    return tuple(_track(text, n, seq) for n, text in enumerate(fields, 1))


def _effects(winner: str, skunk: str, seq: int) -> Effects:
    return Effects(_opt_int(winner, "winner track", 0, MAX_TRACKS - 1, seq),
                   _opt_int(skunk, "skunk hole", 1, 999, seq))


_ARITY = {  # frame type: (least, most) fields after the type
    "HELLO": (1, 1), "INFO": (5, 5), "STATE": (2, 1 + MAX_TRACKS), "BRIGHT": (2, 2), "EFFECT": (3, 3),
    "PING": (1, 1), "PONG": (1, 1), "QUERY": (0, 0), "REPORT": (5, 4 + MAX_TRACKS), "ACK": (1, 1),
    "NAK": (2, 99),
}


def decode_payload(payload: str) -> Frame:
    """The frame a checked payload holds; FrameError says why not (UNKNOWN, FORMAT or RANGE)."""
    if not payload.strip():
        raise FrameError(NakReason.FORMAT, "empty payload")
    kind, *fields = payload.split()
    if kind not in _ARITY:
        raise FrameError(NakReason.UNKNOWN, f"frame type {kind[:16]!r} is not known")
    seq = None
    if kind in ("STATE", "BRIGHT", "EFFECT", "PING", "PONG", "ACK") and fields:
        seq = _int(fields[0], "seq", 0, MAX_SEQ)
    least, most = _ARITY[kind]
    if not least <= len(fields) <= most:
        expected = str(least) if least == most else f"{least}-{most}"
        raise FrameError(NakReason.FORMAT, f"{kind} has {len(fields)} fields, expected {expected}", seq)
    match kind:
        case "HELLO":
            return Hello(_int(fields[0], "version", 0, 999))
        case "INFO":
            if not _FIRMWARE.fullmatch(fields[1]):
                raise FrameError(NakReason.FORMAT,
                                 f"firmware {fields[1]!r} is not 1-32 of A-Z a-z 0-9 . _ + -")
            return Info(BoardInfo(_int(fields[0], "version", 0, 999), fields[1],
                                  _int(fields[2], "tracks", 1, MAX_TRACKS), _int(fields[3], "holes", 1, 999),
                                  _int(fields[4], "leds", 0, 99999)))
        case "STATE":
            assert seq is not None
            return SetState(seq, _tracks(fields[1:], seq))
        case "BRIGHT":
            assert seq is not None
            return SetBrightness(seq, _int(fields[1], "brightness", 0, 255, seq))
        case "EFFECT":
            assert seq is not None
            return SetEffects(seq, _effects(fields[1], fields[2], seq))
        case "PING":
            assert seq is not None
            return Ping(seq)
        case "PONG":
            assert seq is not None
            return Pong(seq)
        case "QUERY":
            return Query()
        case "REPORT":
            rseq = _int(fields[0], "seq", 0, MAX_SEQ)
            return Report(rseq, _int(fields[1], "brightness", 0, 255), _effects(fields[2], fields[3], rseq),
                          _tracks(fields[4:], rseq))
        case "ACK":
            assert seq is not None
            return Ack(seq)
        case "NAK":
            nseq = None if fields[0] == "-" else _int(fields[0], "seq", 0, MAX_SEQ)
            try:
                reason = NakReason(fields[1])
            except ValueError:
                raise FrameError(NakReason.FORMAT, f"NAK reason {fields[1]!r} is not known") from None
            return Nak(nseq, reason, " ".join(fields[2:]))
    raise AssertionError(kind)  # pragma: no cover - every key of _ARITY is matched


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
