"""Games in SQLite: the shared GameStore reading past damage, and the check of the whole file: SQLite's own
check and every game whose row or log cannot be read (a text that is not UTF-8, a damaged page) or whose log
is not the one its row counts, so a damaged game is named and the others play on."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from bot.storage.codec.actions import decode_action
from bot.storage.codec.game_rows import LIVE, game_meta
from bot.storage.errors import AFTER, Damage, DamagedGame, DatabaseFault, StorageError
from bot.storage.health import Health
from bot.storage.sql.game_store import SqlGames, check_log
from bot.storage.sqlite.connection import SqliteDatabase
from bot.storage.sqlite.files import explain, page_check
from bot.storage.sqlite.schema import readable_columns
from bot.storage.values import StoredGame

FOUND_BY_SCAN = "SELECT count(*) FROM games NOT INDEXED WHERE id = ?"
"""Whether a game's row is in the table, read without the index of ids."""


class SqliteGames(SqliteDatabase, SqlGames):
    """The shared GameStore, reading past SQLite's damage, and the check of the whole file."""

    def __init__(self, path: str | Path, *, synchronous: str = "FULL", readonly: bool = False) -> None:
        super().__init__(path, synchronous=synchronous, readonly=readonly)
        if readonly:  # nothing is added to a file opened to read: the columns it lacks read as their defaults
            self.game_columns = readable_columns(self._db)

    def _game_rows(self, where: str, args: Sequence[Any]) -> list[Any]:
        try:
            return super()._game_rows(where, args)
        except DatabaseFault:  # a text that is not UTF-8, or a damaged page, fails the whole query: row by row
            rows = []
            for rowid in self._rowids(where, args):
                with suppress(DatabaseFault):
                    rows += self._read(f"SELECT {self.game_columns} FROM games WHERE rowid = ? AND ({where})",
                                       (rowid, *args))
            return rows

    def _rowids(self, where: str, args: Sequence[Any]) -> list[int]:
        """The rows matching `where`, oldest first; when a damaged page of the table stops that scan, every row
        the index of ids lists (the caller reads each alone, and `where` again). DatabaseFault when neither
        reads."""
        try:
            return [r for (r,) in self._read(f"SELECT rowid FROM games WHERE {where} ORDER BY created, rowid", args)]
        except DatabaseFault:
            return [r for (r,) in self._read("SELECT rowid FROM games INDEXED BY sqlite_autoindex_games_1")]

    def load(self, game_id: str) -> StoredGame | None:
        """The shared load; a game its id does not find is looked for again without the index (a scan, only
        then): found so, its index is damaged, and it is refused rather than said to be gone."""
        stored = super().load(game_id)
        if stored is None and self._read(FOUND_BY_SCAN, (game_id,))[0][0]:
            raise DamagedGame(Damage.INDEX, f"game {game_id} is damaged: its row is found by a scan but not by its "
                              f"id (the index of the games' ids is damaged); {AFTER}", game=game_id)
        return stored

    def health(self, every: bool = False) -> Health:
        """What is wrong with the database: SQLite's check of its pages, and the games that cannot be loaded
        (their rows; the logs of the live games, or of `every` game). With `every` (`cribbage db check`) the
        pages are checked whole, the indexes' order and contents too (PRAGMA integrity_check); when a door
        opens the database, their structure only (quick_check, which is linear in the file's size)."""
        if self.path == ":memory:":
            return Health()
        with self._lock:
            problems = page_check(self._db, whole=every, limit=10 if every else 3)
            self._db.text_factory = bytes  # read the raw bytes, so one bad text names its game
            try:
                damaged, failure = damaged_games(self._db, every, self.game_columns, self.moves)
            finally:
                self._db.text_factory = str
        return Health(problems + failure, damaged)


def damaged_games(db: sqlite3.Connection, every: bool, columns: str, moves: str = "moves"
                  ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the games that cannot be loaded, what stopped the scan) over a connection returning raw bytes. One
    query reads everything; when SQLite fails half-way (a damaged page), each game is read alone instead,
    so the damage is pinned on the games it touches."""
    damaged: dict[str, None] = {}
    try:
        rows = db.execute(f"SELECT rowid, {columns}, {moves} FROM games").fetchall()
    except sqlite3.Error:
        rows = []
        try:
            rowids = db.execute("SELECT rowid FROM games").fetchall()
        except sqlite3.Error as exc:
            return (), (f"the games cannot be listed: {explain(exc)}",)
        ids = _ids(db)
        for (rowid,) in rowids:
            try:
                rows += db.execute(f"SELECT rowid, {columns}, {moves} FROM games WHERE rowid = ?",
                                   (rowid,)).fetchall()
            except sqlite3.Error:
                damaged[ids.get(rowid) or f"at row {rowid}"] = None
    logs = []
    for rowid, *row, kept in rows:
        name = _text(row[0]) or f"at row {rowid} (its id unreadable)"
        if not _row_reads(name, row):
            damaged[name] = None
        elif every or _text(row[4]) in LIVE:
            logs.append((name, row, kept))
    for name in _damaged_logs(db, logs):
        damaged[name] = None
    return tuple(damaged), ()


def _ids(db: sqlite3.Connection) -> dict[int, str]:
    """Each row's game id as the index of ids holds it (read without the table: a row that does not read whole
    is still named by its game)."""
    try:
        rows = db.execute("SELECT rowid, id FROM games INDEXED BY sqlite_autoindex_games_1").fetchall()
    except sqlite3.Error:
        return {}
    return {rowid: name for rowid, gid in rows if (name := _text(gid))}


def _row_reads(name: str, row: Sequence[Any]) -> bool:
    texts = [_text(v) if isinstance(v, bytes) else v for v in row]
    if any(t is None for t, v in zip(texts, row, strict=True) if isinstance(v, bytes)):
        return False
    try:
        game_meta(texts)
    except StorageError:
        return False
    return True


FOUND_BY_ID = "SELECT count(*) FROM games WHERE id = CAST(? AS TEXT)"
FOUND_AT_PLACE = ("SELECT count(*) FROM games INDEXED BY games_place WHERE place = CAST(? AS TEXT) AND "
                  "status = CAST(? AS TEXT) AND id = CAST(? AS TEXT)")


def _damaged_logs(db: sqlite3.Connection, games: list[tuple[str, Sequence[Any], object]]) -> list[str]:
    """The games (name, raw row, the moves it counts) that the indexes do not find (by id, by place), or
    whose action log SQLite cannot read, is not the one the row counts, or does not decode."""
    found = []
    by_place = bool(db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'games_place'"
                               ).fetchone()[0])  # a file from before the index, opened only to read, lacks it
    for name, row, kept in games:
        gid, status, place = row[0], row[4], row[5]
        try:
            if db.execute(FOUND_BY_ID, (gid,)).fetchone()[0] != 1 or \
                    (by_place and db.execute(FOUND_AT_PLACE, (place, status, gid)).fetchone()[0] != 1):
                raise StorageError(f"game {name} is not found by its index")
            log = db.execute("SELECT seq, action FROM actions WHERE game = CAST(? AS TEXT) ORDER BY seq",
                             (gid,)).fetchall()
            check_log(name, kept, [seq for seq, _ in log])
            for _, text in log:
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
