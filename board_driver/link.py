"""One open connection to a board: write frames, read frames, the handshake, a request with retries.

Synchronous and single-threaded: the command line uses it directly, the driver's thread uses it for
each connection it makes. Garbled lines from the board are counted and skipped; the caller decides
what a missing answer means.
"""

from __future__ import annotations

import contextlib
import errno
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
    Nak,
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
        gone = getattr(exc, "errno", None) in (errno.ENOENT, errno.ENODEV, errno.ENXIO)
        if gone or "unplugged" in str(exc):
            why = "the simulated board is unplugged" if "unplugged" in str(exc) else "no such device"
            raise PortNotFound(f"no board at {url!r}: {why}") from None
        raise PortUnusable(f"cannot open {url!r}: {_reason(exc)}") from None


def _reason(exc: BaseException) -> str:
    text = str(exc)
    return text.split(": ", 1)[-1] if text.startswith("could not open port") else text


class BoardLink:
    """Frames over an open port."""

    def __init__(self, port: serial.SerialBase, url: str = "") -> None:
        self.port = port
        self.url = url or str(port.port)
        self.info: BoardInfo | None = None
        self.garbled = 0
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
        try:
            self.port.write(encode(frame))
        except (serial.SerialException, OSError) as exc:
            raise LinkLost(f"writing to {self.url} failed: {exc}") from None

    def receive(self, deadline: float, wake: threading.Event | None = None) -> Frame | None:
        """The next valid frame, or None at the deadline (or as soon as `wake` is set)."""
        while True:
            line = self._take_line()
            if line is not None:
                try:
                    return decode(line)
                except FrameError:
                    self.garbled += 1
                    continue
            if time.monotonic() >= deadline or (wake is not None and wake.is_set()):
                return None
            self._fill()

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
            raise LinkLost(f"reading from {self.url} failed: {exc}") from None
        self._buffer += data

    def discard_input(self) -> None:
        self._buffer.clear()
        try:
            self.port.reset_input_buffer()
        except (serial.SerialException, OSError) as exc:
            raise LinkLost(f"{self.url}: {exc}") from None

    # -- exchanges ---------------------------------------------------------------------------------

    def handshake(self, timeout: float = 1.0, resend_s: float = 0.25) -> BoardInfo:
        """HELLO until INFO comes back; the board's description. NoHandshake / VersionMismatch if not."""
        self.discard_input()
        garbled_before, answered = self.garbled, False
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
                if isinstance(frame, Nak):
                    break  # our HELLO arrived garbled: say it again now
        if answered:
            heard = "; it answered, but never with INFO"
        elif self.garbled > garbled_before:
            heard = "; it sent only lines with bad checksums"
        else:
            heard = ""
        raise NoHandshake(f"the board at {self.url} did not answer the handshake (HELLO) within {timeout:g} s"
                          f"{heard}: is it a cribbage pegboard running protocol {PROTOCOL_VERSION} at "
                          f"{BAUDRATE} baud?")

    def request(self, frame: Frame, seq: int, *, timeout: float = 0.25, attempts: int = 8) -> Ack:
        """Send a frame carrying `seq` until the board ACKs it; NotAcknowledged on a refusal or silence."""
        for _ in range(attempts):
            self.send(frame)
            deadline = time.monotonic() + timeout
            while (reply := self.receive(deadline)) is not None:
                if isinstance(reply, Ack) and reply.seq == seq:
                    return reply
                if isinstance(reply, Nak) and reply.seq == seq and reply.reason in REFUSALS:
                    raise NotAcknowledged(f"the board at {self.url} refused it: {reply.reason.value} "
                                          f"{reply.detail}".rstrip())
                if isinstance(reply, Nak):
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
                if isinstance(reply, Nak):
                    break
        raise NotAcknowledged(f"the board at {self.url} did not answer QUERY after {attempts} tries")
