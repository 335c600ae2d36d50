"""Output files written whole or not at all.

A file is written to a hidden temporary file in its own folder, synced, and renamed over the name it is meant to
have: a full disk, a file-size limit or a stop half-way leaves the file as it was (or absent), never cut. Lines
(records) go out one whole line at a time: a write that fails half-way through a line takes that part back, so
every earlier line stays whole and no cut line is left behind.
"""

from __future__ import annotations

import errno
import fcntl
import os
import secrets
import stat
import sys
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass

from bot.cli.stopping import deferred_stops
from engine.core.errors import excerpt

SHOWN = 200
"""How much of a path a message quotes."""


class WriteFailed(Exception):
    """An output file that could not be written (a failure on the way: exit status 1). The message names the file,
    the reason, and that nothing of it was written."""

    def __init__(self, path: str | os.PathLike[str], exc: OSError, *, kept: str | None = None) -> None:
        shown = "standard output" if path == "-" else excerpt(os.fspath(path), SHOWN)
        why = exc.strerror or str(exc)
        then = kept if kept is not None else _what_is_left(os.fspath(path))
        super().__init__(f"cannot write {shown}: {why}" + (f"; {then}" if then else ""))
        self.errno = exc.errno
        self.reason = why
        self.path = os.fspath(path)


def _what_is_left(path: str) -> str:
    try:
        there = os.path.lexists(path)
    except (OSError, ValueError):
        there = False
    return "it is as it was" if there else "nothing was written"


def failed(command: str, exc: WriteFailed) -> int:
    """Say `exc` in one line for `cribbage COMMAND` and give the exit status of a failure on the way."""
    print(f"cribbage {command}: {exc}", file=sys.stderr)
    return 1


# ---------------------------------------------------------------------------- whole files


@dataclass(frozen=True, slots=True)
class _Staged:
    target: str
    temporary: str | None
    """None: the target is not a regular file (a device such as /dev/null) and was written in place."""


def write_whole(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` as the whole of `path`, or leave `path` as it was; WriteFailed when it cannot be written."""
    write_all([(path, data)])


def write_all(files: Sequence[tuple[str | os.PathLike[str], bytes]]) -> None:
    """Write every file whole, or none of them: each is staged in its folder first, then all are renamed into
    place together (Ctrl-C waits for the renames), so a set (a template's SVG, PDF and pages) is never half new."""
    staged: list[_Staged] = []
    placed = 0
    try:
        for path, data in files:
            staged.append(_stage(os.fspath(path), data))
        with deferred_stops():
            for item in staged:
                _place(item)
                placed += 1
    except WriteFailed as exc:
        for item in staged:
            _remove(item.temporary)
        if len(files) == 1:
            raise
        kept = f"none of the {len(files)} files was written (those there before are kept)" if not placed else \
            f"{placed} of the {len(files)} files were written, the others are as they were"
        raise WriteFailed(exc.path, OSError(exc.errno, exc.reason), kept=kept) from None
    except BaseException:
        for item in staged:
            _remove(item.temporary)
        raise


def _place(item: _Staged) -> None:
    if item.temporary is None:
        return
    try:
        os.replace(item.temporary, item.target)
    except OSError as exc:
        raise WriteFailed(item.target, exc) from None
    _sync_folder(item.target)


def _target(path: str) -> tuple[str, os.stat_result | None]:
    """Where `path` is written: itself, or the file its symbolic link leads to (the link is kept); and what is there
    now (None: nothing). A device, a FIFO or a descriptor's name (/dev/stdout) is written in place: `_in_place`."""
    try:
        info: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as exc:
        raise WriteFailed(path, exc if isinstance(exc, OSError) else OSError(errno.EINVAL, "not a file name")) \
            from None
    if _in_place(path, info):
        return path, info
    return (os.path.realpath(path) if os.path.islink(path) else path), info


DESCRIPTOR_NAMES = ("/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/")
"""Names of an open descriptor (`-o /dev/stdout` into a file the shell opened): replacing what they lead to would
leave the descriptor on the old file, so they are written in place."""


def replaced_whole(path: str) -> bool:
    """Whether `path` is written by making it anew beside itself (a regular file, or nothing yet): its folder must
    then take a new file."""
    try:
        return not _in_place(path, os.stat(path))
    except FileNotFoundError:
        return not _in_place(path, None)
    except (OSError, ValueError):
        return False


def _in_place(path: str, info: os.stat_result | None) -> bool:
    if info is not None and not stat.S_ISREG(info.st_mode):
        return True
    return os.path.abspath(path).startswith(DESCRIPTOR_NAMES)


def _stage(path: str, data: bytes) -> _Staged:
    """`data` in a synced temporary file beside `path` (whose mode it takes when it exists); a device, a FIFO or a
    descriptor's name is written directly, as a rename would replace it."""
    target, info = _target(path)
    if _in_place(path, info):
        _write_in_place(path, target, data)
        return _Staged(target, None)
    temporary, fd = _temporary(path, target)
    try:
        if info is not None:
            with suppress(OSError):
                os.fchmod(fd, stat.S_IMODE(info.st_mode))
        write_bytes(fd, data)
        os.fsync(fd)
    except BaseException as exc:
        os.close(fd)
        _remove(temporary)
        if isinstance(exc, OSError):
            raise WriteFailed(path, exc) from None
        raise
    try:
        os.close(fd)
    except OSError as exc:
        _remove(temporary)
        raise WriteFailed(path, exc) from None
    return _Staged(target, temporary)


def _temporary(path: str, target: str) -> tuple[str, int]:
    """A new hidden file beside `target`, named after it (cut short: the name must stay within the file system's
    limit), made with the umask's permissions."""
    folder, name = os.path.split(target)
    for _ in range(100):
        temporary = os.path.join(folder, f".{name[:40]}.{secrets.token_hex(4)}.part")
        try:
            return temporary, os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        except FileExistsError:
            continue
        except OSError as exc:
            raise WriteFailed(path, exc) from None
    raise WriteFailed(path, OSError(errno.EEXIST, "no free temporary name beside it"))


def _write_in_place(path: str, target: str, data: bytes) -> None:
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as exc:
        raise WriteFailed(path, exc, kept="") from None
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            os.ftruncate(fd, 0)
        write_bytes(fd, data)
    except OSError as exc:
        raise WriteFailed(path, exc, kept="not all of it was written") from None
    finally:
        os.close(fd)


def _sync_folder(path: str) -> None:
    """Make the rename itself survive a crash; a folder that cannot be opened or synced is left as it is."""
    with suppress(OSError):
        fd = os.open(os.path.dirname(path) or ".", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _remove(path: str | None) -> None:
    if path is not None:
        with suppress(OSError):
            os.unlink(path)


# ---------------------------------------------------------------------------- whole lines


def write_bytes(fd: int, data: bytes) -> None:
    """All of `data` to `fd` (os.write may take only part of it)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def write_line(fd: int, data: bytes) -> None:
    """`data` (one or more whole lines) to `fd`, or none of it: when the write fails part-way in a regular file, the
    file is cut back to where the line began, so the lines before it stay whole and no cut line is left."""
    start = _line_start(fd)
    try:
        write_bytes(fd, data)
    except OSError:
        if start is not None:
            with suppress(OSError):
                os.ftruncate(fd, start)
                os.lseek(fd, start, os.SEEK_SET)
        raise


def _line_start(fd: int) -> int | None:
    """Where the next write to `fd` lands when it is a regular file (its end when opened to append), else None."""
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        if fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_APPEND:
            return info.st_size
        return os.lseek(fd, 0, os.SEEK_CUR)
    except OSError:
        return None


def stdout_descriptor() -> int | None:
    """Standard output's descriptor, flushed, when it is the process's own (written directly, a line at a time);
    None when standard output is held in memory (a test) and must be written as text."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):
        return None
    sys.stdout.flush()
    return fd


class LineFile:
    """Records written to a file (or standard output, '-') one whole line at a time. A file is staged beside its
    name and renamed into place by `keep`, or removed by `drop`, so the file named is only ever the old one or
    the whole new one."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lines = 0
        self._temporary: str | None = None
        self._target = path
        if path == "-":
            self._fd = stdout_descriptor()
            return
        self._target, info = _target(path)
        if _in_place(path, info):  # a device or a descriptor's name: written as it goes
            self._fd = self._open_in_place()
            return
        self._temporary, self._fd = _temporary(path, self._target)
        if info is not None:
            with suppress(OSError):
                os.fchmod(self._fd, stat.S_IMODE(info.st_mode))

    def _open_in_place(self) -> int:
        try:
            fd = os.open(self._target, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
            if stat.S_ISREG(os.fstat(fd).st_mode):
                os.ftruncate(fd, 0)
            return fd
        except OSError as exc:
            raise WriteFailed(self.path, exc, kept="") from None

    @property
    def staged(self) -> str | None:
        """The temporary file the lines go to until `keep` (None for standard output or a device)."""
        return self._temporary

    def write(self, line: str) -> None:
        """One record, its newline added; WriteFailed (nothing of it written) when it cannot be."""
        data = (line + "\n").encode("utf-8", "surrogateescape")
        try:
            if self._fd is None:
                sys.stdout.write(line + "\n")
            else:
                write_line(self._fd, data)
        except OSError as exc:
            raise WriteFailed(self.path, exc,
                              kept=f"the {self.lines} record(s) before it are whole" if self.path == "-" else None) \
                from None
        self.lines += 1

    def keep(self) -> None:
        """Put the lines written in place of the file (synced first); WriteFailed leaves the old file."""
        if self._fd is None or self._temporary is None:
            self._close()
            return
        try:
            with deferred_stops():  # a stop now waits: the file is put in place whole, or not at all
                os.fsync(self._fd)
                self._close()
                os.replace(self._temporary, self._target)
        except OSError as exc:
            self.drop()
            raise WriteFailed(self.path, exc) from None
        self._temporary = None
        _sync_folder(self._target)

    def drop(self) -> None:
        """Leave the file as it was: the lines written are thrown away."""
        self._close()
        _remove(self._temporary)
        self._temporary = None

    def _close(self) -> None:
        if self._fd is not None and self.path != "-":
            with suppress(OSError):
                os.close(self._fd)
        self._fd = None

    def __enter__(self) -> LineFile:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        """A stop (Ctrl-C, SIGTERM) keeps the whole records written so far, as a finished run keeps all of them; a
        failure (the disk filled) leaves the file as it was."""
        if kind is None or issubclass(kind, KeyboardInterrupt):
            try:
                self.keep()
            except WriteFailed:
                if kind is None:
                    raise
        else:
            self.drop()

