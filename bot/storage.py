"""Where games live between commands: each game's rules, seats and seed, and its ordered action log.

A game's state is never stored; it is rebuilt by replaying the log through the engine, so what
is on disk is exactly what players saw accepted. `GameStore`, `TableStore` and `PracticeStore` are
what each part of the application needs; `SqliteStorage` is the embedded default holding all three
(one file, WAL mode, nothing to install). A PostgreSQL backend would implement the same protocols.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from bot.model import Declaration, GameMeta, Seat, Status, StoredGame, StoredTable
from engine.actions import Declare, Discard, Go, Muggins, Play, PlayerAction
from engine.cards import CardError, parse_card
from engine.rules import Rules


class StorageError(RuntimeError):
    """The database refused a write or holds something unreadable; the message names the game."""


class StaleWrite(StorageError):
    """An append whose first sequence number is not the next one: the action is already logged."""


class GameStore(Protocol):
    """Games: their metadata, ordered action logs and self-counting declarations. Every method commits
    before it returns."""

    def create(self, meta: GameMeta) -> None: ...

    def append(self, game_id: str, first: int, actions: Sequence[PlayerAction], *, now: float,
               status: Status | None = None, winner: int | None = None) -> None:
        """Log `actions` as numbers first, first+1, ...; raises StaleWrite if `first` is not next."""
        ...

    def load(self, game_id: str) -> StoredGame | None: ...

    def set_status(self, game_id: str, status: Status, *, now: float, winner: int | None = None) -> None: ...

    def set_message(self, game_id: str, place: str, message: str) -> None: ...

    def set_reminded(self, game_id: str, reminded: bool) -> None: ...

    def live_games(self) -> list[GameMeta]: ...

    def find(self, place: str) -> list[GameMeta]:
        """The live games at a place, oldest first."""
        ...

    def games_here(self, place: str) -> list[GameMeta]:
        """Every game at a place, whatever its status, oldest first."""
        ...

    def finished_games(self, guild: str) -> list[GameMeta]:
        """The server's games that were decided (a winner), oldest first: what statistics count."""
        ...

    def add_declaration(self, declaration: Declaration, *, user: str, tally: dict[str, int] | None,
                        now: float) -> bool:
        """Record a self-counting player's declared count at a show (None: not declared in time) and,
        when declared, the member's new tally, in one transaction; the game's inactivity clock restarts.
        False (nothing written) when that show step was already settled."""
        ...

    def declarations(self, game_id: str) -> list[Declaration]: ...


class TableStore(Protocol):
    """Table-mode sessions (a real table's score keeping)."""

    def save_table(self, table: StoredTable) -> None:
        """Create or replace a table session (its whole JSON action log)."""
        ...

    def load_table(self, table_id: str) -> StoredTable | None: ...

    def table_at(self, place: str, live_only: bool = True) -> StoredTable | None:
        """The live table session at a place (a channel), if any; or the newest one at all."""
        ...


class PracticeStore(Protocol):
    """Counting practice: answered drills and each member's tally."""

    def add_practice(self, user: str, drill: str, declared: int, total: int, tally: dict[str, int]) -> bool:
        """Record one answered drill and the member's new tally; False (nothing written) when that member
        already answered that drill, so the same drill never counts twice."""
        ...

    def tally(self, user: str) -> dict[str, int] | None: ...

    def tallies(self, users: Sequence[str]) -> dict[str, dict[str, int]]: ...


class Storage(GameStore, TableStore, PracticeStore, Protocol):
    """One database holding all three (SQLite here); the application hands each part only its store."""

    def close(self) -> None: ...


# ---------------------------------------------------------------------- action codec

def encode_action(action: PlayerAction) -> str:
    """One player action as compact JSON text (cards in their canonical text form)."""
    match action:
        case Discard(seat, cards):
            data: dict[str, Any] = {"t": "lay", "seat": seat, "cards": [c.text for c in cards]}
        case Play(seat, card):
            data = {"t": "play", "seat": seat, "card": card.text}
        case Go(seat):
            data = {"t": "go", "seat": seat}
        case Declare(seat, points):
            data = {"t": "declare", "seat": seat, "points": points}
        case Muggins(seat, claim):
            data = {"t": "muggins", "seat": seat, "claim": claim}
        case _:
            raise StorageError(f"not a player action: {action!r}")
    return json.dumps(data, separators=(",", ":"))


def decode_action(text: str) -> PlayerAction:
    try:
        data = json.loads(text)
        seat = int(data["seat"])
        kind = data["t"]
        if kind == "lay":
            return Discard(seat, tuple(parse_card(c) for c in data["cards"]))
        if kind == "play":
            return Play(seat, parse_card(data["card"]))
        if kind == "go":
            return Go(seat)
        if kind == "declare":
            return Declare(seat, int(data["points"]))
        if kind == "muggins":
            return Muggins(seat, bool(data["claim"]))
    except (KeyError, TypeError, ValueError, CardError) as exc:
        raise StorageError(f"unreadable action {text!r}: {exc}") from None
    raise StorageError(f"unknown action kind in {text!r}")


# ---------------------------------------------------------------------- SQLite

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    rules    TEXT NOT NULL,
    seats    TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    status   TEXT NOT NULL,
    place    TEXT NOT NULL,
    message  TEXT NOT NULL DEFAULT '',
    winner   INTEGER,
    created  REAL NOT NULL,
    updated  REAL NOT NULL,
    reminded INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_place ON games (place, status);
CREATE TABLE IF NOT EXISTS actions (
    game   TEXT NOT NULL REFERENCES games (id),
    seq    INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tables (
    id       TEXT PRIMARY KEY,
    place    TEXT NOT NULL,
    guild    TEXT NOT NULL DEFAULT '',
    session  TEXT NOT NULL,
    live     INTEGER NOT NULL,
    created  REAL NOT NULL,
    updated  REAL NOT NULL,
    message  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS tables_place ON tables (place, live);
CREATE TABLE IF NOT EXISTS drills (
    user     TEXT NOT NULL,
    drill    TEXT NOT NULL,
    declared INTEGER NOT NULL,
    total    INTEGER NOT NULL,
    PRIMARY KEY (user, drill)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS declarations (
    game     TEXT NOT NULL REFERENCES games (id),
    deal     INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    crib     INTEGER NOT NULL,
    declared INTEGER,
    total    INTEGER NOT NULL,
    PRIMARY KEY (game, deal, seat, crib)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tallies (
    user  TEXT PRIMARY KEY,
    tally TEXT NOT NULL
);
"""

MIGRATIONS: tuple[tuple[str, str], ...] = (
    ("guild", "ALTER TABLE games ADD COLUMN guild TEXT NOT NULL DEFAULT ''"),
    ("self_count", "ALTER TABLE games ADD COLUMN self_count TEXT NOT NULL DEFAULT ''"),
    ("lang", "ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT 'en'"),
)
"""Columns added to `games` since the first schema: (column, statement). A database made before one is
brought up to date when it is opened; its rows keep their data and get the column's default."""
GAME_COLUMNS = ("id, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, "
                "self_count, lang")
DECIDED = tuple(s.value for s in (Status.OVER, Status.RESIGNED, Status.TIMED_OUT))

_LIVE = tuple(s.value for s in Status if s.live)


class SqliteStorage:
    """The embedded store. One connection, used by one thread at a time (a lock guards it), so the
    controller may call it from its worker threads.

    `synchronous` is SQLite's setting: FULL (the default) makes each commit survive a power cut,
    NORMAL survives a killed process (kill -9 included) but not a power cut, and is faster.
    """

    def __init__(self, path: str | Path, *, synchronous: str = "FULL") -> None:
        if synchronous.upper() not in ("FULL", "NORMAL", "OFF", "EXTRA"):
            raise StorageError(f"synchronous must be FULL, NORMAL, EXTRA or OFF, not {synchronous!r}")
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        have = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        for column, statement in MIGRATIONS:
            if column not in have:
                self._db.execute(statement)

    def _write(self, sql_and_args: Sequence[tuple[str, Sequence[Any]]]) -> list[sqlite3.Cursor]:
        """Run statements in one transaction: all of them are committed, or none."""
        with self._lock:
            cur = self._db.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                results = [cur.execute(sql, args) for sql, args in sql_and_args]
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            return results

    def create(self, meta: GameMeta) -> None:
        try:
            self._write([(
                "INSERT INTO games (id, rules, seats, seed, status, place, message, winner, created, updated,"
                " guild, self_count, lang) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (meta.id, json.dumps(meta.rules.to_json()), json.dumps([s.to_json() for s in meta.seats]),
                 meta.seed, meta.status.value, meta.place, meta.message, meta.winner, meta.created,
                 meta.updated, meta.guild, ",".join(str(s) for s in meta.self_count), meta.lang))])
        except sqlite3.IntegrityError:
            raise StorageError(f"game {meta.id} already exists") from None

    def append(self, game_id: str, first: int, actions: Sequence[PlayerAction], *, now: float,
               status: Status | None = None, winner: int | None = None) -> None:
        with self._lock:
            cur = self._db.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                (have,) = cur.execute("SELECT count(*) FROM actions WHERE game = ?", (game_id,)).fetchone()
                if have != first:
                    raise StaleWrite(f"game {game_id}: action {first} appended, but {have} are logged")
                cur.executemany("INSERT INTO actions (game, seq, action) VALUES (?, ?, ?)",
                                [(game_id, first + i, encode_action(a)) for i, a in enumerate(actions)])
                sets, args = "updated = ?, reminded = 0", list[object]([now])
                if status is not None:
                    sets += ", status = ?, winner = ?"
                    args += [status.value, winner]
                cur.execute(f"UPDATE games SET {sets} WHERE id = ?", (*args, game_id))
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            texts = [t for (t,) in self._db.execute(
                "SELECT action FROM actions WHERE game = ? ORDER BY seq", (game_id,))]
        return StoredGame(self._meta(row), tuple(decode_action(t) for t in texts))

    def set_status(self, game_id: str, status: Status, *, now: float, winner: int | None = None) -> None:
        self._write([("UPDATE games SET status = ?, winner = ?, updated = ? WHERE id = ?",
                      (status.value, winner, now, game_id))])

    def set_message(self, game_id: str, place: str, message: str) -> None:
        self._write([("UPDATE games SET place = ?, message = ? WHERE id = ?", (place, message, game_id))])

    def set_reminded(self, game_id: str, reminded: bool) -> None:
        self._write([("UPDATE games SET reminded = ? WHERE id = ?", (int(reminded), game_id))])

    def live_games(self) -> list[GameMeta]:
        return self._select(f"status IN ({','.join('?' * len(_LIVE))})", _LIVE)

    def find(self, place: str) -> list[GameMeta]:
        return self._select(f"place = ? AND status IN ({','.join('?' * len(_LIVE))})", (place, *_LIVE))

    def _select(self, where: str, args: Sequence[Any]) -> list[GameMeta]:
        with self._lock:
            sql = f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY created, id"
            rows = self._db.execute(sql, args).fetchall()
        return [self._meta(r) for r in rows]

    def games_here(self, place: str) -> list[GameMeta]:
        return self._select("place = ?", (place,))

    def finished_games(self, guild: str) -> list[GameMeta]:
        marks = ",".join("?" * len(DECIDED))
        return self._select(f"guild = ? AND status IN ({marks}) AND winner IS NOT NULL", (guild, *DECIDED))

    # -- table sessions, practice

    def save_table(self, table: StoredTable) -> None:
        self._write([(
            "INSERT OR REPLACE INTO tables (id, place, guild, session, live, created, updated, message)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (table.id, table.place, table.guild, json.dumps(table.session, separators=(",", ":")),
             int(table.live), table.created, table.updated, table.message))])

    def load_table(self, table_id: str) -> StoredTable | None:
        return self._table("id = ?", (table_id,))

    def table_at(self, place: str, live_only: bool = True) -> StoredTable | None:
        return self._table("place = ? AND live = 1" if live_only else "place = ?", (place,))

    def _table(self, where: str, args: Sequence[Any]) -> StoredTable | None:
        with self._lock:
            row = self._db.execute("SELECT id, place, guild, session, live, created, updated, message FROM tables"
                                   f" WHERE {where} ORDER BY created DESC LIMIT 1", args).fetchone()
        if row is None:
            return None
        tid, place, guild, session, live, created, updated, message = row
        try:
            data = json.loads(session)
        except ValueError as exc:
            raise StorageError(f"table {tid}: unreadable session: {exc}") from None
        return StoredTable(tid, place, guild, data, bool(live), float(created), float(updated), message)

    def add_practice(self, user: str, drill: str, declared: int, total: int, tally: dict[str, int]) -> bool:
        with self._lock:
            cur = self._db.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                cur.execute("INSERT OR IGNORE INTO drills (user, drill, declared, total) VALUES (?, ?, ?, ?)",
                            (user, drill, declared, total))
                fresh = cur.rowcount == 1
                if fresh:
                    cur.execute("INSERT OR REPLACE INTO tallies (user, tally) VALUES (?, ?)",
                                (user, json.dumps(tally)))
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
        return fresh

    def add_declaration(self, declaration: Declaration, *, user: str, tally: dict[str, int] | None,
                        now: float) -> bool:
        d = declaration
        with self._lock:
            cur = self._db.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                cur.execute("INSERT OR IGNORE INTO declarations (game, deal, seat, crib, declared, total)"
                            " VALUES (?, ?, ?, ?, ?, ?)", (d.game, d.deal, d.seat, int(d.crib), d.declared, d.total))
                fresh = cur.rowcount == 1
                if fresh and d.declared is not None and tally is not None:
                    drill = f"game:{d.game}:{d.deal}:{'crib' if d.crib else 'hand'}"
                    cur.execute("INSERT OR IGNORE INTO drills (user, drill, declared, total) VALUES (?, ?, ?, ?)",
                                (user, drill, d.declared, d.total))
                    cur.execute("INSERT OR REPLACE INTO tallies (user, tally) VALUES (?, ?)",
                                (user, json.dumps(tally)))
                if fresh:
                    cur.execute("UPDATE games SET updated = ?, reminded = 0 WHERE id = ?", (now, d.game))
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
        return fresh

    def declarations(self, game_id: str) -> list[Declaration]:
        with self._lock:
            rows = self._db.execute("SELECT deal, seat, crib, declared, total FROM declarations WHERE game = ?"
                                    " ORDER BY deal, seat, crib", (game_id,)).fetchall()
        return [Declaration(game_id, int(deal), int(seat), bool(crib), None if declared is None else int(declared),
                            int(total)) for deal, seat, crib, declared, total in rows]

    def tally(self, user: str) -> dict[str, int] | None:
        return self.tallies([user]).get(user)

    def tallies(self, users: Sequence[str]) -> dict[str, dict[str, int]]:
        if not users:
            return {}
        with self._lock:
            rows = self._db.execute(f"SELECT user, tally FROM tallies WHERE user IN ({','.join('?' * len(users))})",
                                    tuple(users)).fetchall()
        return {u: json.loads(t) for u, t in rows}

    def action_count(self, game_id: str) -> int:
        with self._lock:
            (n,) = self._db.execute("SELECT count(*) FROM actions WHERE game = ?", (game_id,)).fetchone()
        return int(n)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @staticmethod
    def _meta(row: Sequence[Any]) -> GameMeta:
        gid, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, counts, lang = row
        try:
            return GameMeta(
                id=gid, rules=Rules.from_json(json.loads(rules)),
                seats=tuple(Seat.from_json(s) for s in json.loads(seats)), seed=int(seed),
                status=Status(status), place=place, created=float(created), updated=float(updated),
                winner=winner, message=message, reminded=bool(reminded), guild=guild,
                self_count=tuple(int(x) for x in counts.split(",") if x), lang=lang or "en")
        except (KeyError, TypeError, ValueError) as exc:
            raise StorageError(f"game {gid}: unreadable row: {exc}") from None
