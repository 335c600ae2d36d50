"""An output file named on the command line, checked before the work that fills it: a folder, a missing folder, no
permission or a device that takes nothing (/dev/full) is refused at once, not after minutes of work."""

from __future__ import annotations

import os
from pathlib import Path

from bot.cli.errors import UsageError
from engine.core.errors import excerpt


def check_output(path: str, option: str) -> None:
    """UsageError naming `option` and `path` when nothing could be written there ('-' is standard output)."""
    if path == "-":
        return
    shown = excerpt(path)
    target = Path(path)
    try:
        if target.is_dir():
            raise UsageError(f"{option} {shown} is a folder: name a file")
        if not target.exists():
            folder = target.parent
            if not folder.is_dir():
                raise UsageError(f"{option} {shown}: there is no folder {excerpt(str(folder))}")
            if not os.access(folder, os.W_OK | os.X_OK):
                raise UsageError(f"{option} {shown}: cannot write in {excerpt(str(folder))}: permission denied")
            return
        fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)  # no truncation: the file is kept as is
        try:
            os.write(fd, b"")  # /dev/full fails even this
        finally:
            os.close(fd)
    except OSError as exc:
        raise UsageError(f"{option} {shown}: cannot write there: {exc.strerror or exc}") from None
    except ValueError:  # a NUL in the name
        raise UsageError(f"{option} {shown} is not a file name") from None
