"""Standard input read line by line for the batch commands, whatever its bytes and however it arrives.

Input is read as bytes and each line decoded alone, so one bad byte spoils only its own line; and lines
are handed on as soon as the input pauses (piped by hand, a line is answered at once), in blocks of up
to `limit` lines while more is waiting (a file is read at full speed). Standard input left non-blocking by
whoever started the command is waited on, as a blocking one is (`patient_stdin` makes every reader do so).
"""

from __future__ import annotations

import fcntl
import io
import os
import select
import sys
from collections.abc import Iterator
from typing import IO, Any

from bot.cli.streams import ClosedStream

READ_SIZE = 1 << 16
MAX_LINE = 4 << 20
"""A line longer than this (4 MiB) is answered as too long, not kept in memory whole."""
SKIP_LIMIT = 64 << 20
"""A line still without a newline after this much (64 MiB: /dev/zero, a disk image) ends the reading: the lines
before it are answered, and it is answered as too long, in a fraction of a second instead of for ever."""


class BadLine(ValueError):
    """A line that is not UTF-8 text: the message names the first bad byte and where it is."""


def decode_line(raw: bytes | str) -> str:
    """One input line as text; BadLine when its bytes are not UTF-8 (or it is too long to be meant)."""
    if isinstance(raw, str):
        return raw
    if len(raw) > MAX_LINE:
        raise BadLine(f"a line of more than {MAX_LINE // 1024 // 1024} MiB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadLine(f"not UTF-8 text: byte {raw[exc.start]:#04x} at column {exc.start + 1}") from None


def line_blocks(stream: IO[bytes] | IO[str], limit: int) -> Iterator[tuple[int, list[bytes]]]:
    """(number of the block's first line, its lines without their newlines) for every line of `stream`,
    in order. A block ends when it holds `limit` lines or when nothing more is waiting to be read. A line
    longer than MAX_LINE keeps only its first MAX_LINE + 1 bytes (decode_line refuses it); one with no newline
    within SKIP_LIMIT more bytes is the last line read."""
    fd = _fileno(stream)
    first, lines, tail, skipped = 1, list[bytes](), bytearray(), 0
    while True:
        data = _read(stream, fd)
        if not data:
            break
        cut = data.rfind(b"\n")
        if cut < 0:
            skipped = skipped + len(data) if len(tail) > MAX_LINE else 0
            if len(tail) <= MAX_LINE:
                tail += data
            if skipped > SKIP_LIMIT:
                break
            continue
        skipped = 0
        lines.extend(line[: MAX_LINE + 1] for line in (bytes(tail) + data[: cut + 1]).split(b"\n")[:-1])
        tail = bytearray(data[cut + 1:])
        while len(lines) >= limit:
            yield first, lines[:limit]
            first, lines = first + limit, lines[limit:]
        if lines and not _waiting(stream, fd):
            yield first, lines
            first, lines = first + len(lines), []
    if tail:
        lines.append(bytes(tail[: MAX_LINE + 1]))
    if lines:
        yield first, lines


def _fileno(stream: IO[bytes] | IO[str]) -> int | None:
    """The descriptor to read without buffering (so `select` sees what is waiting), when there is one."""
    raw = getattr(stream, "buffer", stream)
    try:
        fd = raw.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    return fd if isinstance(fd, int) and fd >= 0 else None


def _read(stream: IO[bytes] | IO[str], fd: int | None) -> bytes:
    if fd is not None:
        while True:
            try:
                return os.read(fd, READ_SIZE)
            except BlockingIOError:  # a non-blocking descriptor with nothing yet: wait, as a blocking read does
                wait_readable(fd)
    data = getattr(stream, "buffer", stream).read(READ_SIZE)
    return data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)


def _waiting(stream: IO[bytes] | IO[str], fd: int | None) -> bool:
    """Whether more input can be read at once (a stream without a descriptor, held in memory, always can)."""
    if fd is None:
        return True
    try:
        ready, _, _ = select.select([fd], [], [], 0)
    except (OSError, ValueError):
        return False
    return bool(ready)


def wait_readable(fd: int) -> None:
    """Until `fd` has something to read (or its end): a signal's handler still runs, and may raise, meanwhile."""
    select.select([fd], [], [])


class WaitingReader(io.RawIOBase):
    """A non-blocking descriptor read as a blocking one: a read with nothing yet waits for input instead of
    failing with EAGAIN ("Resource temporarily unavailable") or returning nothing, which a reader takes for the end.
    The descriptor is left open and non-blocking (it is shared with whoever started the command)."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd

    def readable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def readinto(self, buffer: Any) -> int:
        while True:
            try:
                return os.readv(self._fd, [buffer])
            except BlockingIOError:
                wait_readable(self._fd)


def patient_stdin() -> None:
    """Standard input as every reader of it needs it. Opened for writing only (`0>file`), it reads as closed, so a
    reader says standard input is closed (not standard output, which the failing read's EBADF would suggest); left
    non-blocking by the program that started the command, it waits for input like a blocking one (`play` would
    quit at once, `replay -` find no records and `score --batch` fail with EAGAIN)."""
    stream = sys.stdin
    try:
        fd = stream.fileno()
        flags = fcntl.fcntl(fd, fcntl.F_GETFL)
    except (AttributeError, OSError, ValueError):  # closed already (ClosedStream), or held in memory
        return
    if flags & os.O_ACCMODE == os.O_WRONLY:
        sys.stdin = io.TextIOWrapper(ClosedStream("input"), encoding="utf-8")
    elif flags & os.O_NONBLOCK:
        sys.stdin = io.TextIOWrapper(io.BufferedReader(WaitingReader(fd)), encoding=stream.encoding,
                                     errors=stream.errors, newline="\n")
