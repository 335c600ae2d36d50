"""The database file itself: made whole before anyone sees it (readable by its owner only), never an empty
or foreign file taken for a new database, checked when it opens, copied with SQLite's online backup, and
SQLite's failures said in words (the disk is full, the file is read-only or damaged)."""

from __future__ import annotations

import errno
import os
import secrets
import sqlite3
import stat
import tempfile
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from bot.storage.errors import StorageError
from bot.storage.health import RECOVER
from engine.core.errors import excerpt

HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""

_CAUSES = (
    ("database or disk is full", "the disk (or the database's size limit) is full"),
    ("readonly database", "the database is read-only: check the permissions of the file and its folder"),
    ("disk image is malformed", "the database file is damaged"),
    ("file is not a database", "the file is not an SQLite database"),
    ("unable to open database file", "the file cannot be opened: check that its folder exists and its permissions"),
    ("database is locked", "another program holds the database locked"),
    ("disk I/O error", "the disk failed to read or write"),
)


def explain(exc: sqlite3.Error) -> str:
    """SQLite's error with the cause in words in front of it, for a person who must act on it. A write that
    fails while this process has a file-size limit (`ulimit -f`: the write fails with EFBIG, which SQLite
    reports as an I/O error) names that limit."""
    text = str(exc)
    limit = size_limit()
    if limit is not None and ("disk I/O error" in text or "database or disk is full" in text):
        return f"a file reached the file-size limit set for this process (ulimit -f: {limit:,} bytes) ({text})"
    if getattr(exc, "sqlite_errorname", "") == "SQLITE_IOERR_SHMSIZE":  # the -shm file beside it could not grow
        return f"the disk is full ({text})"
    for words, cause in _CAUSES:
        if words in text:
            return f"{cause} ({text})"
    return text


def size_limit() -> int | None:
    """The largest file this process may write (RLIMIT_FSIZE, set by `ulimit -f`), None when unlimited."""
    try:
        import resource
    except ImportError:  # not on this system
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_FSIZE)
    return None if soft == resource.RLIM_INFINITY else int(soft)


def prepare(path: Path, make: Callable[[sqlite3.Connection], None]) -> None:
    """Make sure `path` holds an SQLite database before SQLite opens it. A missing file is made complete
    (`make` sets it up) under another name, readable by its owner only, and linked into place, so no
    process ever finds it empty. An existing file must be an SQLite database: an empty file (a truncated
    database) or any other file is refused with what was found, never reused as a new database."""
    try:
        info = path.stat()
    except FileNotFoundError:
        _create(path, make)
        return
    except OSError as exc:
        raise StorageError(f"cannot open the database {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise StorageError(f"cannot open the database {path}: it is not a regular file")
    if info.st_size == 0:
        raise StorageError(f"the database {path} is an empty file (0 bytes), not a database: if it held games, "
                           f"they are gone from it; {RECOVER}; or move the empty file away to start a new database")
    try:
        with open(path, "rb") as stream:
            head = stream.read(len(HEADER))
    except OSError as exc:
        raise StorageError(f"cannot read the database {path}: {exc.strerror or exc}") from None
    if head != HEADER:
        raise StorageError(f"{path} is not an SQLite database (it starts {excerpt(head, 24)}): it is not used; "
                           f"{RECOVER}, or name another file")


def reading_uri(path: Path) -> str:
    """How to open an existing database only to read it (a check, a backup), as an SQLite URI. Where this process
    may write the file and its folder: as any opener does (so SQLite's -wal and -shm files, which a reader of a
    WAL-mode file makes, are removed again when the last connection closes). Else read-only (`mode=ro`); and on
    read-only media, where those files cannot be made and nothing can change the file, as an immutable file."""
    uri = path.resolve().as_uri()
    if on_readonly_media(path):
        return f"{uri}?immutable=1"
    if os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK):
        return uri
    return f"{uri}?mode=ro"


def on_readonly_media(path: Path) -> bool:
    """Whether `path` is on a file system mounted read-only."""
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs on this system
        return False


def _create(path: Path, make: Callable[[sqlite3.Connection], None]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)  # mode 0600
    except OSError as exc:
        raise StorageError(f"cannot create the database {path}: {exc.strerror or exc}") from None
    os.close(fd)
    try:
        _made_whole(name, make)
        _link(Path(name), path)
    except sqlite3.Error as exc:
        raise StorageError(f"cannot create the database {path}: {explain(exc)}") from None
    except OSError as exc:
        raise StorageError(f"cannot create the database {path}: {exc.strerror or exc}") from None
    finally:
        for leftover in (name, name + "-wal", name + "-shm", name + "-journal"):
            with suppress(OSError):  # not there; the failure above, if any, is the one to say
                os.unlink(leftover)


def _made_whole(name: str, make: Callable[[sqlite3.Connection], None]) -> None:
    """Make the new database in the file `name`, whole and on disk before anyone may see it. It is written with
    its journal in memory (nobody else has the file; a failure throws it away), so every page is in the file
    itself, not in a write-ahead log that a full disk could keep from being folded back into it; it enters WAL
    mode last, and is checked and flushed to disk. sqlite3.Error or OSError (the disk full) when it could not be."""
    db = sqlite3.connect(name, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=MEMORY")
        make(db)
        found = [row[0] for row in db.execute("PRAGMA quick_check")]
        if found != ["ok"]:
            raise sqlite3.DatabaseError(f"the new database does not check whole: {found[0]}")
        pages, size = db.execute("PRAGMA page_count").fetchone()[0], db.execute("PRAGMA page_size").fetchone()[0]
        if db.execute("PRAGMA journal_mode=WAL").fetchone()[0].lower() != "wal":
            raise sqlite3.OperationalError("the new database could not enter WAL mode")
    finally:
        db.close()
    if os.path.getsize(name) != pages * size:
        raise OSError(errno.ENOSPC, f"the new database is {os.path.getsize(name)} bytes, not {pages * size}")
    fd = os.open(name, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _link(made: Path, path: Path) -> None:
    """Put the new database in place unless another process was first (then theirs is the one)."""
    try:
        os.link(made, path)
    except FileExistsError:
        return
    except OSError:  # a file system without hard links
        if not path.exists():
            os.replace(made, path)


def page_check(db: sqlite3.Connection, *, whole: bool, limit: int = 10) -> tuple[str, ...]:
    """SQLite's own check of every page: its findings, one a line, at most `limit` (then how many more were
    left unsaid, up to 100). `whole` is PRAGMA integrity_check (also the order of every index's keys and that
    each index holds its table's rows: the damage a lookup trips over), else quick_check (the pages'
    structure only, linear in the file's size)."""
    pragma = "integrity_check" if whole else "quick_check"
    try:
        rows = db.execute(f"PRAGMA {pragma}({MORE})").fetchall()
    except sqlite3.DatabaseError as exc:
        return (explain(exc),)
    found = [line for (row,) in rows for line in str(row).splitlines() if line and not line.startswith("***")]
    if found == ["ok"]:
        return ()
    if len(found) > limit:
        more = "at least " if len(rows) >= MORE else ""
        found[limit:] = [f"and {more}{len(found) - limit} more finding(s) like these"]
    return tuple(found)


MORE = 100
"""The most findings SQLite is asked for: enough to count past what is shown, not so many that a badly
damaged file keeps the check going."""


def backup(source: sqlite3.Connection, target: Path) -> int:
    """Copy a database with SQLite's online backup (consistent while others write): the pages copied.
    The copy is made under another name, readable by its owner only, without a journal (it is nobody's
    database until it is whole), and renamed into place. A copy that fails or is stopped (Ctrl-C, SIGTERM: the
    copy goes in steps, between which a signal's exception arrives) leaves nothing behind."""
    if target.exists():
        raise StorageError(f"{target} exists: name a new file for the backup")
    name = str(target.parent / f".{target.name}.{secrets.token_hex(6)}.new")  # known before the file is made
    try:
        os.close(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        copy = sqlite3.connect(name)
        try:
            copy.execute("PRAGMA journal_mode=MEMORY")
            source.backup(copy, pages=STEP, progress=_step)
            (pages,) = copy.execute("PRAGMA page_count").fetchone()
        finally:
            copy.close()
        os.replace(name, target)
        return int(pages)
    except sqlite3.Error as exc:
        raise StorageError(f"cannot back up to {target}: {explain(exc)}") from None
    except OSError as exc:
        raise StorageError(f"cannot write {target}: {exc.strerror or exc}") from None
    finally:
        for leftover in (name, name + "-journal", name + "-wal", name + "-shm"):
            with suppress(OSError):  # none there (a read-only folder never had it): the failure above is the one
                os.unlink(leftover)


STEP = 1024
"""Pages a backup copies between two chances for a signal to stop it (4 MB at SQLite's usual page size)."""


def _step(status: int, remaining: int, total: int) -> None:
    """Called between the backup's steps: Python code, so a signal's handler (Ctrl-C, SIGTERM) runs here and
    its exception stops the copy."""
