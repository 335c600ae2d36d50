"""Files named on the command line, checked before the work: an output file (a folder, a missing folder, no
permission or a device that takes nothing such as /dev/full is refused at once, not after minutes of work) and a
database file (an empty name, a symlink loop, a folder)."""

from __future__ import annotations

import argparse
import errno
import os
from collections.abc import Callable
from pathlib import Path

from bot.cli.errors import UsageError
from bot.cli.files import replaced_whole
from engine.core.errors import excerpt

SHOWN = 200
"""How much of a path a message quotes: a whole ordinary path, not a pasted megabyte."""


def check_output(path: str, option: str) -> None:
    """UsageError naming `option` and `path` when nothing could be written there ('-' is standard output)."""
    if path == "-":
        return
    shown = excerpt(path, SHOWN)
    target = Path(path)
    try:
        if target.is_dir():
            raise UsageError(f"cannot write {option} {shown}: it is a folder; name a file")
        if not target.exists():
            folder = target.parent
            if not folder.is_dir():
                raise UsageError(f"cannot write {option} {shown}: there is no folder {excerpt(str(folder), SHOWN)}")
            if not os.access(folder, os.W_OK | os.X_OK):
                raise UsageError(f"cannot write {option} {shown}: no permission to write in "
                                 f"{excerpt(str(folder), SHOWN)}")
            return
        if replaced_whole(path) and not os.access(target.parent, os.W_OK | os.X_OK):
            raise UsageError(f"cannot write {option} {shown}: no permission to write in "
                             f"{excerpt(str(target.parent), SHOWN)}, where it is made anew and put in place")
        fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)  # no truncation: the file is kept as is
        try:
            os.write(fd, b"")  # /dev/full fails even this
        finally:
            os.close(fd)
    except OSError as exc:
        raise UsageError(f"cannot write {option} {shown}: {exc.strerror or exc}") from None
    except ValueError:  # a NUL in the name
        raise UsageError(f"{option} {shown} is not a file name") from None


PATH_LIMIT = 4096
"""The longest path Linux takes (PATH_MAX)."""


def database_problem(path: str) -> str | None:
    """Why `path` cannot be a database file (None when it can be, or can be made): said before anything opens it."""
    if not path.strip() or "\0" in path:
        return f"{excerpt(path, SHOWN)} names no file"
    if len(path) > PATH_LIMIT:
        return f"a path of {len(path):,} characters: more than {PATH_LIMIT:,} is not one"
    try:
        path = home_expanded(path)
    except ValueError as exc:
        return str(exc)
    try:
        if Path(path).is_dir():
            return f"{excerpt(path, SHOWN)} is a folder: name a file"
        os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        why = "a symbolic link that leads round in a loop" if exc.errno == errno.ELOOP else exc.strerror
        return f"{excerpt(path, SHOWN)}: {why}"
    return None


def refusing(problem: Callable[[str], str | None]) -> Callable[[str], str]:
    """An argparse type that takes a text as it is unless `problem` names what is wrong with it."""
    def read(text: str) -> str:
        found = problem(text)
        if found is not None:
            raise argparse.ArgumentTypeError(found)
        return text
    return read


def home_expanded(path: str) -> str:
    """`path` with a leading `~` or `~user` made that home folder, as the config's paths are (a shell leaves it as
    typed when quoted, or when there is no such user); ValueError when there is no such user, so no folder named
    '~nosuchuser' is ever made in the current one."""
    if not path.startswith("~"):
        return path
    try:
        return str(Path(path).expanduser())
    except RuntimeError:
        user = path[1:].split("/", 1)[0]
        raise ValueError(f"{excerpt(path, SHOWN)}: there is no user {excerpt(user, SHOWN)} whose home folder "
                         f"~{user[:SHOWN]} would name") from None


def database_file(text: str) -> str:
    """An argparse type for a database file: the path (its `~` expanded), or the reason it cannot be one."""
    found = database_problem(text)
    if found is not None:
        raise argparse.ArgumentTypeError(found)
    return home_expanded(text)
"""An argparse type for --db: a path that could be a database file (see database_problem)."""
