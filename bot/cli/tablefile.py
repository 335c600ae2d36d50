"""Reading a win-probability table file someone names: only a small regular file (a device or a FIFO
would be read, or waited on, for ever), and every failure said in one line."""

from __future__ import annotations

from pathlib import Path

from bot.cli.errors import UsageError
from bot.config import ConfigError, read_small_file
from engine.analysis.winprob import TableError, Unavailable, WinTable, load_table, shipped_table
from engine.core.errors import clip

TABLE_FILE_LIMIT = 64 << 20
"""A win-probability table file is well under 64 MiB (the shipped one is 48 KiB)."""


def table_bytes(path: str) -> bytes:
    """The file's bytes; UsageError ('cannot read FILE: why') when it is not a small regular file."""
    try:
        data, _ = read_small_file(Path(path), TABLE_FILE_LIMIT, "--table")
    except ConfigError as exc:  # missing, a device or FIFO, a directory, too large to be a table
        reason = str(exc).removeprefix(f"--table {Path(path)}").lstrip(": ")
        raise UsageError(f"cannot read {clip(path, 300)}: {reason}") from None
    return data


def table_or_unavailable(path: str | None) -> WinTable | Unavailable:
    """The table a command was given (the shipped one when none was), or why there is none."""
    if path is None:
        return shipped_table()
    try:
        return load_table(table_bytes(path))
    except UsageError as exc:
        return Unavailable(str(exc))
    except TableError as exc:
        return Unavailable(str(exc))


def named_table(path: str) -> WinTable:
    """The table file a person named, or UsageError: a table that was asked for and cannot be used is bad input
    (exit status 2), whether or not the command would have needed it."""
    try:
        return load_table(table_bytes(path))
    except TableError as exc:
        raise UsageError(f"--table {clip(path, 300)}: {exc}") from None
