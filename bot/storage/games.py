"""Games in SQLite: their rows, ordered action logs and self-counting declarations."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from contextlib import suppress
from typing import Any

from bot.game_meta import Declaration, GameMeta, GameSummary, Seat, SeatChange, Status, StoredGame
from bot.storage.codec import decode_action, encode_action
from bot.storage.database import SqliteDatabase
from bot.storage.files import Health, explain, quick_check
from bot.storage.protocols import DatabaseFault, Seating, StaleWrite, StorageError
from bot.storage.summaries import DECIDED_VALUES, add_summary
from engine.core.actions import PlayerAction
from engine.core.errors import clip
from engine.core.rules import Rules

GAME_COLUMNS = ("id, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, "
                "self_count, lang, changes, rev")

LIVE = tuple(s.value for s in Status if s.live)


class SqliteGames(SqliteDatabase):
    """The GameStore part of the SQLite storage."""

    def create(self, meta: GameMeta, actions: Sequence[PlayerAction] = ()) -> None:
        try:
            self._write([(
                "INSERT INTO games (id, rules, seats, seed, status, place, message, winner, created, updated,"
                " guild, self_count, lang, changes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (meta.id, json.dumps(meta.rules.to_json()), _seats_json(meta.seats), meta.seed, meta.status.value,
                 meta.place, meta.message, meta.winner, meta.created, meta.updated, meta.guild,
                 ",".join(str(s) for s in meta.self_count), meta.lang, _changes_json(meta.changes))),
                *(("INSERT INTO actions (game, seq, action) VALUES (?, ?, ?)", row)
                  for row in _action_rows(meta.id, 0, actions))])
        except sqlite3.IntegrityError:
            raise StorageError(f"game {meta.id} already exists") from None

    def append(self, game_id: str, first: int, actions: Sequence[PlayerAction], *, now: float,
               status: Status | None = None, winner: int | None = None, summary: GameSummary | None = None,
               seating: Seating | None = None, rev: int | None = None) -> None:
        with self._transaction() as cur:
            _claim(cur, game_id, rev)
            if summary is not None:
                add_summary(cur, summary)
            (have,) = cur.execute("SELECT count(*) FROM actions WHERE game = ?", (game_id,)).fetchone()
            if have != first:
                raise StaleWrite(f"game {game_id}: action {first} appended, but {have} are logged")
            cur.executemany("INSERT INTO actions (game, seq, action) VALUES (?, ?, ?)",
                            _action_rows(game_id, first, actions))
            sets, args = "updated = ?, reminded = 0", list[object]([now])
            if status is not None:
                sets += ", status = ?, winner = ?"
                args += [status.value, winner]
            if seating is not None:
                sets += ", seats = ?, changes = ?"
                args += [_seats_json(seating[0]), _changes_json(seating[1])]
            cur.execute(f"UPDATE games SET {sets} WHERE id = ?", (*args, game_id))

    def load(self, game_id: str) -> StoredGame | None:
        """The game and its log; StorageError naming the game when its row or log cannot be read."""
        with self._lock:
            try:
                row = self._db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
                if row is None:
                    return None
                texts = [t for (t,) in self._db.execute(
                    "SELECT action FROM actions WHERE game = ? ORDER BY seq", (game_id,))]
            except sqlite3.Error as exc:
                raise DatabaseFault(f"game {game_id} cannot be read from {self.path}: {explain(exc)}") from exc
        try:
            actions = tuple(decode_action(t) for t in texts)
        except StorageError as exc:
            raise StorageError(f"game {game_id}: {exc}") from None
        return StoredGame(_meta(row), actions)

    def set_status(self, game_id: str, status: Status, *, now: float, winner: int | None = None,
                   summary: GameSummary | None = None, rev: int | None = None) -> None:
        with self._transaction() as cur:
            _claim(cur, game_id, rev)
            cur.execute("UPDATE games SET status = ?, winner = ?, updated = ? WHERE id = ?",
                        (status.value, winner, now, game_id))
            if summary is not None:
                add_summary(cur, summary)

    def set_seats(self, game_id: str, seats: Sequence[Seat], changes: Sequence[SeatChange], *, now: float,
                  rev: int | None = None) -> None:
        self._update(game_id, rev, "seats = ?, changes = ?, updated = ?",
                     (_seats_json(seats), _changes_json(changes), now))

    def set_message(self, game_id: str, place: str, message: str, *, rev: int | None = None) -> None:
        self._update(game_id, rev, "place = ?, message = ?", (place, message))

    def set_reminded(self, game_id: str, reminded: bool, *, rev: int | None = None) -> None:
        self._update(game_id, rev, "reminded = ?", (int(reminded),))

    def _update(self, game_id: str, rev: int | None, sets: str, args: Sequence[Any]) -> None:
        with self._transaction() as cur:
            _claim(cur, game_id, rev)
            cur.execute(f"UPDATE games SET {sets} WHERE id = ?", (*args, game_id))

    def revision(self, game_id: str) -> int | None:
        rows = self._read("SELECT rev FROM games WHERE id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    def live_games(self) -> list[GameMeta]:
        return self._select(f"status IN ({','.join('?' * len(LIVE))})", LIVE)

    def find(self, place: str) -> list[GameMeta]:
        return self._select(f"place = ? AND status IN ({','.join('?' * len(LIVE))})", (place, *LIVE))

    def games_here(self, place: str) -> list[GameMeta]:
        return self._select("place = ?", (place,))

    def finished_games(self, guild: str) -> list[GameMeta]:
        marks = ",".join("?" * len(DECIDED_VALUES))
        return self._select(f"guild = ? AND status IN ({marks}) AND winner IS NOT NULL", (guild, *DECIDED_VALUES))

    def _select(self, where: str, args: Sequence[Any]) -> list[GameMeta]:
        """The games matching `where` that can be read: a damaged one is left out (the check when the
        database opened, and `cribbage db check`, name it), so the others still play."""
        try:
            rows = self._read(f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY created, id", args)
        except DatabaseFault:  # a text that is not UTF-8 fails the whole query: read row by row instead
            rows = []
            for (rowid,) in self._read(f"SELECT rowid FROM games WHERE {where} ORDER BY created, rowid", args):
                with suppress(DatabaseFault):
                    rows += self._read(f"SELECT {GAME_COLUMNS} FROM games WHERE rowid = ?", (rowid,))
        found = []
        for row in rows:
            with suppress(StorageError):
                found.append(_meta(row))
        return found

    def every_game(self) -> list[GameMeta]:
        """Every game that can be read, whatever its status, oldest first (a check goes through them)."""
        return self._select("1 = 1", ())

    def health(self, every: bool = False) -> Health:
        """What is wrong with the database: PRAGMA quick_check's findings, and the games that cannot be
        loaded (their rows; the logs of the live games, or of `every` game)."""
        if self.path == ":memory:":
            return Health()
        with self._lock:
            problems = quick_check(self._db)
            self._db.text_factory = bytes  # read the raw bytes, so one bad text names its game
            try:
                damaged, failure = _damaged(self._db, every)
            finally:
                self._db.text_factory = str
        return Health(problems + failure, damaged)

    def add_declaration(self, declaration: Declaration, *, user: str, tally: dict[str, int] | None,
                        now: float, rev: int | None = None) -> bool:
        d = declaration
        with self._transaction() as cur:
            _claim(cur, d.game, rev)
            cur.execute("INSERT OR IGNORE INTO declarations (game, deal, seat, crib, declared, total)"
                        " VALUES (?, ?, ?, ?, ?, ?)", (d.game, d.deal, d.seat, int(d.crib), d.declared, d.total))
            fresh = cur.rowcount == 1
            if fresh and d.declared is not None and tally is not None:
                drill = f"game:{d.game}:{d.deal}:{'crib' if d.crib else 'hand'}"
                cur.execute("INSERT OR IGNORE INTO drills (user, drill, declared, total) VALUES (?, ?, ?, ?)",
                            (user, drill, d.declared, d.total))
                cur.execute("INSERT OR REPLACE INTO tallies (user, tally) VALUES (?, ?)", (user, json.dumps(tally)))
            if fresh:
                cur.execute("UPDATE games SET updated = ?, reminded = 0 WHERE id = ?", (now, d.game))
        return fresh

    def declarations(self, game_id: str) -> list[Declaration]:
        rows = self._read("SELECT deal, seat, crib, declared, total FROM declarations WHERE game = ?"
                          " ORDER BY deal, seat, crib", (game_id,))
        return [Declaration(game_id, int(deal), int(seat), bool(crib), None if declared is None else int(declared),
                            int(total)) for deal, seat, crib, declared, total in rows]

    def action_count(self, game_id: str) -> int:
        (n,) = self._read("SELECT count(*) FROM actions WHERE game = ?", (game_id,))[0]
        return int(n)


def _claim(cur: sqlite3.Cursor, game_id: str, rev: int | None) -> None:
    """Add one to the game's revision, first thing in a write; with `rev`, only if the row is still at it
    (StaleWrite otherwise: another process, or another command, wrote since that read)."""
    if rev is None:
        cur.execute("UPDATE games SET rev = rev + 1 WHERE id = ?", (game_id,))
    elif cur.execute("UPDATE games SET rev = rev + 1 WHERE id = ? AND rev = ?", (game_id, rev)).rowcount != 1:
        raise StaleWrite(f"game {game_id}: written at revision {rev}, but the game has changed since")


def _action_rows(game_id: str, first: int, actions: Sequence[PlayerAction]) -> list[tuple[str, int, str]]:
    """The log rows (game, seq, action) of `actions` numbered from `first`."""
    return [(game_id, first + i, encode_action(a)) for i, a in enumerate(actions)]


def _seats_json(seats: Sequence[Seat]) -> str:
    return json.dumps([s.to_json() for s in seats])


def _changes_json(changes: Sequence[SeatChange]) -> str:
    return json.dumps([c.to_json() for c in changes]) if changes else ""


def _meta(row: Sequence[Any]) -> GameMeta:
    (gid, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, counts, lang,
     changes, rev) = row
    try:
        return GameMeta(
            id=gid, rules=Rules.from_json(json.loads(rules)),
            seats=tuple(Seat.from_json(s) for s in json.loads(seats)), seed=int(seed),
            status=Status(status), place=place, created=float(created), updated=float(updated),
            winner=winner, message=message, reminded=bool(reminded), guild=guild,
            self_count=tuple(int(x) for x in counts.split(",") if x), lang=lang or "en",
            changes=tuple(SeatChange.from_json(c) for c in json.loads(changes)) if changes else (), rev=int(rev))
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError, RecursionError) as exc:
        raise StorageError(f"game {gid}: unreadable row: {clip(str(exc), 120)}") from None


def _damaged(db: sqlite3.Connection, every: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the games that cannot be loaded, what stopped the scan) over a connection returning raw bytes. One
    query reads everything; when SQLite fails half-way (a damaged page), each game is read alone instead,
    so the damage is pinned on the games it touches."""
    damaged: dict[str, None] = {}
    try:
        rows = db.execute(f"SELECT rowid, {GAME_COLUMNS} FROM games").fetchall()
    except sqlite3.Error:
        rows = []
        try:
            rowids = db.execute("SELECT rowid FROM games").fetchall()
        except sqlite3.Error as exc:
            return (), (f"the games cannot be listed: {explain(exc)}",)
        for (rowid,) in rowids:
            try:
                rows += db.execute(f"SELECT rowid, {GAME_COLUMNS} FROM games WHERE rowid = ?", (rowid,)).fetchall()
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
        _meta(texts)
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
