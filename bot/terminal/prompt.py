"""One typed line at a prompt, read within bounds: never more than LINE_LIMIT characters of it kept (a pasted
50 MB line is skipped in small pieces and refused), Ctrl-C seen at once at a terminal, and a terminal that hung
up told apart from the end of input.
"""

from __future__ import annotations

import errno
import os
import select
import stat
from typing import TextIO

LINE_LIMIT = 4 << 20
"""The longest line a prompt takes (4 MiB, as every reader of lines): a move is a few characters."""
SKIP_PIECE = 1 << 16
"""The rest of a longer line is read and dropped this much at a time."""
NAP_SECONDS = 0.2
"""How long a wait for a typed line sleeps before it looks for a Ctrl-C that came in just before it."""


class LineTooLong(ValueError):
    """A typed line longer than the prompt's limit: it was read to its end and dropped."""


class HungUp(Exception):
    """The terminal went away (its other side closed: a window shut, an ssh link dropped)."""


def read_line(stream: TextIO, limit: int = LINE_LIMIT) -> str:
    """One line from `stream` ('' at the end of input); LineTooLong for a line of more than `limit` characters,
    HungUp when the terminal is gone. At a terminal the line is waited for in short naps: Python runs its Ctrl-C
    handler between bytecodes, and a read already blocked wakes only when the signal interrupts that very call, so
    a Ctrl-C that lands just before the read (on a busy machine), or in another thread, would wait for Enter. A
    terminal gives one line a read, so no typed line can sit unseen in the stream's buffer meanwhile."""
    _wait_at_terminal(stream)
    try:
        line = stream.readline(limit + 1)
        if len(line) > limit and not line.endswith("\n"):
            while (rest := stream.readline(SKIP_PIECE)) and not rest.endswith("\n"):
                pass
            raise LineTooLong(f"a line of more than {limit >> 20} MiB is not a move")
    except OSError as exc:
        if exc.errno == errno.EIO:  # what a terminal's reader may get once the terminal is gone
            raise HungUp("the terminal hung up") from None
        raise
    if not line and _hung_up(stream):  # else the end of input: Ctrl-D, or a pipe or file read to its end
        raise HungUp("the terminal hung up")
    return line


def _hung_up(stream: TextIO) -> bool:
    """Whether `stream` is a terminal whose other side closed: Linux reads that as the end of input, not EIO, and
    the terminal no longer answers isatty(); a device (not a pipe, whose end also hangs up) that polls as hung up."""
    try:
        fd = stream.fileno()
        if not stat.S_ISCHR(os.fstat(fd).st_mode):
            return False
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        return any(events & select.POLLHUP for _, events in poller.poll(0))
    except (AttributeError, OSError, ValueError):
        return False


def _wait_at_terminal(stream: TextIO) -> None:
    try:
        fd = stream.fileno() if stream.isatty() else None
    except (AttributeError, OSError, ValueError):  # a StringIO, a closed stream
        fd = None
    while fd is not None:
        try:
            ready, _, _ = select.select([fd], [], [], NAP_SECONDS)
        except OSError:  # a console select cannot wait on (Windows)
            return
        if ready:
            return
