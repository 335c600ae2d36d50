"""Standard streams that may be closed or may fail: a closed one fails on first use with a message that says so,
and a failing write (a full disk, a file-size limit) ends the command with one line instead of a traceback."""

from __future__ import annotations

import codecs
import errno
import io
import itertools
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from typing import Any, BinaryIO, NoReturn

from bot.cli.errors import UsageError

READ_LIMIT = 16 << 20
"""What a command reads whole from a file or standard input at most (16 MiB): an analysis or a list of numbers is
far less, and /dev/zero or an endless pipe is refused once past it instead of filling memory."""
LINE_LIMIT = 4 << 20
"""The longest line a line-by-line reader takes (4 MiB; a game record is a few KiB)."""


class ClosedStream(io.RawIOBase):
    """A standard stream the caller closed (`>&-`, `<&-`): every read or write fails naming the stream."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def _fail(self) -> NoReturn:
        raise OSError(errno.EBADF, f"standard {self.name} is closed")

    def readable(self) -> bool:
        return True

    def writable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        self._fail()

    def write(self, data: Any) -> int:
        self._fail()

    def fileno(self) -> int:
        self._fail()


def guard_closed() -> None:
    """Put a failing stream where the interpreter left None for a closed standard stream."""
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(ClosedStream("input"), encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = io.TextIOWrapper(ClosedStream("output"), encoding="utf-8", write_through=True)


def input_is_closed() -> bool:
    return isinstance(getattr(sys.stdin, "buffer", None), ClosedStream)


def output_problem(exc: OSError) -> str | None:
    """Why standard output failed when `exc` came from writing it (no file name, a write error), else None."""
    if exc.filename is not None or exc.errno not in {errno.ENOSPC, errno.EFBIG, errno.EIO, errno.EBADF,
                                                     errno.EDQUOT, errno.EROFS}:
        return None
    if exc.errno == errno.EBADF:
        return str(exc.strerror) if "closed" in str(exc.strerror) else "standard output is closed"
    return f"cannot write standard output: {exc.strerror}"


def probe_output() -> None:
    """Raise now the OSError standard output would give at its first write, before any work is done: closed
    (`>&-`), or a device that takes nothing (`> /dev/full` fails even an empty write). A stream held in memory has
    no descriptor to try and is left to fail, if it does, when written."""
    if isinstance(getattr(sys.stdout, "buffer", None), ClosedStream):
        raise OSError(errno.EBADF, "standard output is closed")
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):
        return
    os.write(fd, b"")


def flush_output() -> None:
    """Flush standard output now, so a failure is seen inside the command rather than at the interpreter's exit."""
    sys.stdout.flush()


def silence_output() -> None:
    """After standard output failed: drop what is still buffered so the interpreter's exit does not fail again
    (the process's own descriptor 1 is pointed at /dev/null only when sys.stdout is the process's own stream)."""
    if sys.stdout is sys.__stdout__:
        with suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.close(devnull)
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def read_capped(read: Callable[[int], bytes | str], what: str, limit: int = READ_LIMIT) -> bytes:
    """All a stream's `read` gives (bytes, or text encoded back) up to `limit`; OSError(EFBIG) naming `what`
    past it (UsageError), so /dev/zero or an endless pipe is refused after `limit` bytes, not read into memory."""
    chunks: list[bytes] = []
    size = 0
    while True:
        data = read(1 << 16)
        if not data:
            return b"".join(chunks)
        chunk = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else bytes(data)
        size += len(chunk)
        if size > limit:
            raise UsageError(f"{what} is more than {limit >> 20} MiB: too large to be meant")
        chunks.append(chunk)


def capped_lines(readline: Callable[[int], bytes | str], what: str, limit: int = LINE_LIMIT) -> Iterator[bytes]:
    """The lines a binary `readline` gives, each at most `limit` bytes; a longer one (no newline within `limit`:
    /dev/zero, a binary file) stops the reading with a UsageError naming `what` and the line's number."""
    for n in itertools.count(1):
        read = readline(limit + 1)
        line = read.encode("utf-8", "surrogateescape") if isinstance(read, str) else read
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            raise UsageError(f"{what}: line {n} is longer than {limit >> 20} MiB: not a line of text; stopped there")
        yield line


def open_for_reading(path: str) -> BinaryIO:
    """A named file opened for reading without waiting: a FIFO with no writer opens at once (and reads as empty)
    instead of hanging the command before it has said a word."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    try:
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


BOM = b"\xef\xbb\xbf"
"""The UTF-8 byte-order mark Windows editors start a text file with."""


def without_bom(blocks: Iterable[tuple[int, list[bytes]]]) -> Iterator[tuple[int, list[bytes]]]:
    """Blocks of input lines (the number of the first, the lines) with a byte-order mark taken off line 1: it starts
    the file, not its first line's text."""
    for first, lines in blocks:
        if first == 1 and lines:
            lines[0] = lines[0].removeprefix(BOM)
        yield first, lines


ASCII_FALLBACK = "cribbage-ascii"
"""The error handler standard output and error get when their encoding has no card symbols (LC_ALL=C without UTF-8
mode): ♥ is written H, … is written ..., anything else without an ASCII stand-in as its backslash escape."""
STAND_INS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "…": "...", "→": "->", "←": "<-", "↑": "^", "↓": "v",
             "·": ".", "×": "x", "–": "-", "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "•": "*", "✓": "ok",
             "≈": "~", "±": "+/-", "≥": ">=", "≤": "<=", "\u00a0": " ", "\ufe0f": ""}


def _stand_in(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    text = exc.object[exc.start:exc.end]
    return "".join(STAND_INS.get(c) or c.encode("ascii", "backslashreplace").decode("ascii") for c in text), exc.end


codecs.register_error(ASCII_FALLBACK, _stand_in)


def legible_output(stream: object) -> None:
    """Make a text stream write whatever it is given: where its encoding lacks the card symbols, through the ASCII
    stand-ins; else a character it cannot encode (a lone surrogate from an undecodable name) as its escape."""
    if not isinstance(stream, io.TextIOWrapper):
        return
    try:
        "♥…".encode(stream.encoding)
    except (UnicodeEncodeError, LookupError):
        handler = ASCII_FALLBACK
    else:
        if stream.errors != "strict":
            return
        handler = "backslashreplace"
    with suppress(ValueError, OSError):
        stream.reconfigure(errors=handler)
