"""Games in SQLite: the shared GameStore reading past damage, and the check of the whole file: SQLite's quick
check and every game whose row or log cannot be read (a text that is not UTF-8, a damaged page), so a damaged
game is named and the others play on."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from bot.storage.codec.actions import decode_action
from bot.storage.codec.games import LIVE, game_meta
from bot.storage.errors import DatabaseFault, StorageError
from bot.storage.health import Health
from bot.storage.sql.games import SqlGames
from bot.storage.sqlite.connection import SqliteDatabase
from bot.storage.sqlite.files import explain, quick_check
from bot.storage.sqlite.schema import readable_columns


class SqliteGames(SqliteDatabase, SqlGames):
    """The shared GameStore, reading past SQLite's damage, and the check of the whole file."""

    def __init__(self, path: str | Path, *, synchronous: str = "FULL", readonly: bool = False) -> None:
        super().__init__(path, synchronous=synchronous, readonly=readonly)
        if readonly:  # nothing is added to a file opened to read: the columns it lacks read as their defaults
            self.game_columns = readable_columns(self._db)

    def _game_rows(self, where: str, args: Sequence[Any]) -> list[Any]:
        try:
            return super()._game_rows(where, args)
        except DatabaseFault:  # a text that is not UTF-8 fails the whole query: read row by row instead
            rows = []
            for (rowid,) in self._read(f"SELECT rowid FROM games WHERE {where} ORDER BY created, rowid", args):
                with suppress(DatabaseFault):
                    rows += self._read(f"SELECT {self.game_columns} FROM games WHERE rowid = ?", (rowid,))
            return rows

    def health(self, every: bool = False) -> Health:
        """What is wrong with the database: PRAGMA quick_check's findings, and the games that cannot be
        loaded (their rows; the logs of the live games, or of `every` game)."""
        if self.path == ":memory:":
            return Health()
        with self._lock:
            problems = quick_check(self._db)
            self._db.text_factory = bytes  # read the raw bytes, so one bad text names its game
            try:
                damaged, failure = damaged_games(self._db, every, self.game_columns)
            finally:
                self._db.text_factory = str
        return Health(problems + failure, damaged)


def damaged_games(db: sqlite3.Connection, every: bool, columns: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the games that cannot be loaded, what stopped the scan) over a connection returning raw bytes. One
    query reads everything; when SQLite fails half-way (a damaged page), each game is read alone instead,
    so the damage is pinned on the games it touches."""
    damaged: dict[str, None] = {}
    try:
        rows = db.execute(f"SELECT rowid, {columns} FROM games").fetchall()
    except sqlite3.Error:
        rows = []
        try:
            rowids = db.execute("SELECT rowid FROM games").fetchall()
        except sqlite3.Error as exc:
            return (), (f"the games cannot be listed: {explain(exc)}",)
        for (rowid,) in rowids:
            try:
                rows += db.execute(f"SELECT rowid, {columns} FROM games WHERE rowid = ?", (rowid,)).fetchall()
            except sqlite3.Error:
                damaged[f"at row {rowid}"] = None
    logs = []
    for rowid, *row in rows:
        name = _text(row[0]) or f"at row {rowid} (its id unreadable)"
        if not _row_reads(name, row):
            damaged[name] = None
        elif every or _text(row[4]) in LIVE:
            logs.append((name, row[0]))
    for name in _damaged_logs(db, logs):
        damaged[name] = None
    return tuple(damaged), ()


def _row_reads(name: str, row: Sequence[Any]) -> bool:
    texts = [_text(v) if isinstance(v, bytes) else v for v in row]
    if any(t is None for t, v in zip(texts, row, strict=True) if isinstance(v, bytes)):
        return False
    try:
        game_meta(texts)
    except StorageError:
        return False
    return True


def _damaged_logs(db: sqlite3.Connection, games: list[tuple[str, object]]) -> list[str]:
    """The games (name, raw id) whose action log SQLite cannot read or whose actions do not decode."""
    found = []
    for name, gid in games:
        try:
            texts = db.execute("SELECT action FROM actions WHERE game = CAST(? AS TEXT) ORDER BY seq",
                               (gid,)).fetchall()
            for (text,) in texts:
                decode_action(_text(text) or "")
        except (sqlite3.Error, StorageError):
            found.append(name)
    return found


def _text(value: object) -> str | None:
    """A raw text column as str; None when its bytes are not UTF-8."""
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return value if isinstance(value, str) else None
