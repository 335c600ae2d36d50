"""One open connection to a board: write frames, read frames, the handshake, a request with retries.

Synchronous and single-threaded: the command line uses it directly, the driver's thread uses it for
each connection it makes. Garbled lines from the board are counted and skipped; the caller decides
what a missing answer means.
"""

from __future__ import annotations

import contextlib
import errno
import re
import threading
import time

import serial

from board_driver.errors import (
    LinkLost,
    NoHandshake,
    NotAcknowledged,
    PortNotFound,
    PortUnusable,
    VersionMismatch,
)
from board_driver.model import BoardInfo
from board_driver.protocol import (
    BAUDRATE,
    MAX_LINE,
    PROTOCOL_VERSION,
    Ack,
    Frame,
    FrameError,
    Hello,
    Info,
    NakFrame,
    NakReason,
    Query,
    Report,
    decode,
    encode,
)
from board_driver.urlhandler import register_sim_scheme

register_sim_scheme()

REFUSALS = (NakReason.RANGE, NakReason.UNKNOWN, NakReason.FORMAT)
"""NAK reasons that sending the same frame again cannot cure (CRC and LENGTH can be)."""

READ_SLICE_S = 0.05
"""Longest single blocking read, so a link without cancel_read still notices a wake-up soon."""


def open_port(url: str, *, baudrate: int = BAUDRATE, read_slice: float = READ_SLICE_S) -> serial.SerialBase:
    """The pyserial port for a device path or URL, with errors that say what to do."""
    try:
        return serial.serial_for_url(url, baudrate=baudrate, timeout=read_slice, write_timeout=1.0)
    except ValueError as exc:  # pyserial: unknown URL scheme or bad settings
        raise PortUnusable(f"cannot open {url!r}: {exc}") from None
    except (serial.SerialException, OSError) as exc:
        sim_unplugged = str(exc).endswith("the simulated board is unplugged")
        if sim_unplugged or getattr(exc, "errno", None) in (errno.ENOENT, errno.ENODEV, errno.ENXIO):
            why = "the simulated board is unplugged" if sim_unplugged else "no such device"
            raise PortNotFound(f"no board at {url!r}: {why}") from None
        raise PortUnusable(f"cannot open {url!r}: {_reason(exc)}") from None


def _reason(exc: BaseException) -> str:
    text = str(exc)
    return text.split(": ", 1)[-1] if text.startswith("could not open port") else text


def _why(exc: BaseException) -> str:
    """pyserial's words for a vanished device, shorter."""
    text = str(exc)
    if "returned no data" in text:
        return "the device closed"
    return text


_FRAMED = re.compile(rb"[\x20-\x7e]*\*[0-9A-Fa-f]{4}")
"""A line shaped like a frame: printable payload, `*` and four hex digits."""


class BoardLink:
    """Frames over an open port."""

    def __init__(self, port: serial.SerialBase, url: str = "") -> None:
        self.port = port
        self.url = url or str(port.port)
        self.info: BoardInfo | None = None
        self.garbled = 0
        """Lines (or runs of bytes without a newline) that were not a valid frame."""
        self.bad_checksums = 0
        """Of those, lines shaped like a frame (`...*XXXX`) whose checksum was wrong: noise, not a stranger."""
        self.noise_sample: bytes | None = None
        """The first line that was not this protocol at all, for a message that says what was heard."""
        self.bytes_read = 0
        self.last_hello_at: float | None = None
        self._buffer = bytearray()

    @classmethod
    def open(cls, url: str, *, baudrate: int = BAUDRATE, read_slice: float = READ_SLICE_S) -> BoardLink:
        return cls(open_port(url, baudrate=baudrate, read_slice=read_slice), url)

    def close(self) -> None:
        with contextlib.suppress(serial.SerialException, OSError):
            self.port.close()

    def __enter__(self) -> BoardLink:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- frames ------------------------------------------------------------------------------------

    def send(self, frame: Frame) -> None:
        self._write(encode(frame))
        if isinstance(frame, Hello):
            self.last_hello_at = time.monotonic()

    def _write(self, data: bytes) -> None:
        try:
            self.port.write(data)
        except (serial.SerialException, OSError) as exc:
            raise LinkLost(f"the board at {self.url} went away (unplugged?): writing failed: {_why(exc)}") from None

    def receive(self, deadline: float, wake: threading.Event | None = None) -> Frame | None:
        """The next valid frame, or None at the deadline (or as soon as `wake` is set)."""
        while True:
            line = self._take_line()
            if line is not None:
                frame = self._decoded(line)
                if frame is not None:
                    return frame
                continue
            if time.monotonic() >= deadline or (wake is not None and wake.is_set()):
                return None
            self._fill()

    def answer(self, deadline: float, stall_s: float) -> Frame | None:
        """The answer to a frame just sent: the next valid frame, or None at the deadline or as soon as a line
        arrives damaged (`garbled` counts it). A noisy line loses line ends, so after `stall_s` of silence
        it sends a bare line end once (the board ignores an empty line, and answers a half line of ours
        that lost its own with a NAK at once), and bytes left `stall_s` without their line end count as a
        damaged line."""
        probe_at = time.monotonic() + stall_s
        while True:
            line = self._take_line()
            if line is not None:
                return self._decoded(line)
            now = time.monotonic()
            if now >= deadline:
                return None
            if now >= probe_at:
                if self._buffer:  # half a line that lost its end: the rest will not come
                    self._buffer.clear()
                    self.garbled += 1
                    return None
                self._write(b"\n")
                probe_at = deadline
            before = len(self._buffer)
            self._fill()
            if len(self._buffer) != before:
                probe_at = max(probe_at, time.monotonic() + stall_s) if self._buffer else probe_at

    def _decoded(self, line: bytes) -> Frame | None:
        """A whole line's frame; None when it arrived damaged (counted and logged)."""
        try:
            return decode(line)
        except FrameError as exc:
            self._note_garbled(line, exc)
            return None

    def _note_garbled(self, line: bytes, exc: FrameError) -> None:
        self.garbled += 1
        body = line.rstrip(b"\r\n")
        if exc.reason is NakReason.CRC and _FRAMED.fullmatch(body):
            self.bad_checksums += 1
        elif self.noise_sample is None and body:
            self.noise_sample = body[:40]

    def _take_line(self) -> bytes | None:
        end = self._buffer.find(b"\n")
        if end < 0:
            if len(self._buffer) > MAX_LINE:  # noise without a newline: drop it
                self._buffer.clear()
                self.garbled += 1
            return None
        line = bytes(self._buffer[:end + 1])
        del self._buffer[:end + 1]
        return line

    def _fill(self) -> None:
        try:
            data = self.port.read(1)
            if data:
                waiting = self.port.in_waiting
                if waiting:
                    data += self.port.read(waiting)
        except (serial.SerialException, OSError) as exc:
            where = " in the middle of a line" if self._buffer else ""
            raise LinkLost(f"the board at {self.url} went away{where} (unplugged?): {_why(exc)}") from None
        self.bytes_read += len(data)
        self._buffer += data

    def discard_input(self) -> None:
        self._buffer.clear()
        try:
            self.port.reset_input_buffer()
        except (serial.SerialException, OSError) as exc:
            raise LinkLost(f"the board at {self.url} went away (unplugged?): {_why(exc)}") from None

    # -- exchanges ---------------------------------------------------------------------------------

    def handshake(self, timeout: float = 1.0, resend_s: float = 0.25) -> BoardInfo:
        """HELLO until INFO comes back; the board's description. NoHandshake / VersionMismatch if not."""
        self.discard_input()
        before = (self.garbled, self.bad_checksums, self.bytes_read)
        answered = False
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.send(Hello(PROTOCOL_VERSION))
            deadline = min(end, time.monotonic() + resend_s)
            while (frame := self.receive(deadline)) is not None:
                answered = True
                if isinstance(frame, Info):
                    if frame.info.version != PROTOCOL_VERSION:
                        raise VersionMismatch(
                            f"the board at {self.url} speaks protocol {frame.info.version}; "
                            f"this host speaks {PROTOCOL_VERSION}")
                    self.info = frame.info
                    return frame.info
                if isinstance(frame, NakFrame):
                    break  # our HELLO arrived garbled: say it again now
        raise NoHandshake(f"the board at {self.url} did not answer the handshake (HELLO) within {timeout:g} s: "
                          + self._heard_since(before, answered))

    def _heard_since(self, before: tuple[int, int, int], answered: bool) -> str:
        """What came back instead of INFO, in words: nothing, noise, or a stranger's lines."""
        garbled, bad, read = (now - then for now, then in
                              zip((self.garbled, self.bad_checksums, self.bytes_read), before, strict=True))
        if answered:
            return "it answered in this protocol, but never with INFO (is its firmware up to date?)"
        if read == 0:
            return "nothing at all came back (is it plugged in, powered, and running the pegboard firmware?)"
        if garbled and bad == garbled:
            return (f"it sent {garbled} line{'s' * (garbled != 1)} with bad checksums "
                    "(a noisy cable, or the wrong baud rate?)")
        if garbled:
            sample = (self.noise_sample or b"").decode("ascii", "replace")
            return (f"it sent {garbled} line{'s' * (garbled != 1)} that are not the pegboard protocol, e.g. "
                    f"{sample!r} (is it a cribbage pegboard, at {BAUDRATE} baud?)")
        return f"it sent {read} bytes but never a whole line (the wrong baud rate?)"

    def request(self, frame: Frame, seq: int, *, timeout: float = 0.25, attempts: int = 8) -> Ack:
        """Send a frame carrying `seq` until the board ACKs it; NotAcknowledged on a refusal or silence."""
        for _ in range(attempts):
            self.send(frame)
            deadline = time.monotonic() + timeout
            while (reply := self.receive(deadline)) is not None:
                if isinstance(reply, Ack) and reply.seq == seq:
                    return reply
                unknown = isinstance(reply, NakFrame) and reply.reason is NakReason.UNKNOWN  # its type: no seq read
                if isinstance(reply, NakFrame) and (reply.seq == seq or unknown) and reply.reason in REFUSALS:
                    raise NotAcknowledged(f"the board at {self.url} refused it: {reply.reason.value} "
                                          f"{reply.detail}".rstrip(), reply.reason)
                if isinstance(reply, NakFrame):
                    break  # garbled on the way there: send again now
        raise NotAcknowledged(f"the board at {self.url} did not acknowledge seq {seq} after {attempts} tries")

    def query(self, *, timeout: float = 0.25, attempts: int = 8) -> Report:
        """The board's own report of what it shows."""
        for _ in range(attempts):
            self.send(Query())
            deadline = time.monotonic() + timeout
            while (reply := self.receive(deadline)) is not None:
                if isinstance(reply, Report):
                    return reply
                if isinstance(reply, NakFrame):
                    break
        raise NotAcknowledged(f"the board at {self.url} did not answer QUERY after {attempts} tries")
