"""Games in SQLite: their rows, ordered action logs and self-counting declarations."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from bot.model import Declaration, GameMeta, Seat, SeatChange, Status, StoredGame
from bot.storage.codec import decode_action, encode_action
from bot.storage.database import SqliteDatabase
from bot.storage.protocols import StaleWrite, StorageError
from engine.actions import PlayerAction
from engine.rules import Rules

GAME_COLUMNS = ("id, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, "
                "self_count, lang, changes")
DECIDED = tuple(s.value for s in (Status.OVER, Status.RESIGNED, Status.TIMED_OUT))

LIVE = tuple(s.value for s in Status if s.live)


class SqliteGames(SqliteDatabase):
    """The GameStore part of the SQLite storage."""

    def create(self, meta: GameMeta) -> None:
        try:
            self._write([(
                "INSERT INTO games (id, rules, seats, seed, status, place, message, winner, created, updated,"
                " guild, self_count, lang, changes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (meta.id, json.dumps(meta.rules.to_json()), _seats_json(meta.seats), meta.seed, meta.status.value,
                 meta.place, meta.message, meta.winner, meta.created, meta.updated, meta.guild,
                 ",".join(str(s) for s in meta.self_count), meta.lang, _changes_json(meta.changes)))])
        except sqlite3.IntegrityError:
            raise StorageError(f"game {meta.id} already exists") from None

    def append(self, game_id: str, first: int, actions: Sequence[PlayerAction], *, now: float,
               status: Status | None = None, winner: int | None = None) -> None:
        with self._transaction() as cur:
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

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            texts = [t for (t,) in self._db.execute(
                "SELECT action FROM actions WHERE game = ? ORDER BY seq", (game_id,))]
        return StoredGame(_meta(row), tuple(decode_action(t) for t in texts))

    def set_status(self, game_id: str, status: Status, *, now: float, winner: int | None = None) -> None:
        self._write([("UPDATE games SET status = ?, winner = ?, updated = ? WHERE id = ?",
                      (status.value, winner, now, game_id))])

    def set_seats(self, game_id: str, seats: Sequence[Seat], changes: Sequence[SeatChange], *, now: float) -> None:
        self._write([("UPDATE games SET seats = ?, changes = ?, updated = ? WHERE id = ?",
                      (_seats_json(seats), _changes_json(changes), now, game_id))])

    def set_message(self, game_id: str, place: str, message: str) -> None:
        self._write([("UPDATE games SET place = ?, message = ? WHERE id = ?", (place, message, game_id))])

    def set_reminded(self, game_id: str, reminded: bool) -> None:
        self._write([("UPDATE games SET reminded = ? WHERE id = ?", (int(reminded), game_id))])

    def live_games(self) -> list[GameMeta]:
        return self._select(f"status IN ({','.join('?' * len(LIVE))})", LIVE)

    def find(self, place: str) -> list[GameMeta]:
        return self._select(f"place = ? AND status IN ({','.join('?' * len(LIVE))})", (place, *LIVE))

    def games_here(self, place: str) -> list[GameMeta]:
        return self._select("place = ?", (place,))

    def finished_games(self, guild: str) -> list[GameMeta]:
        marks = ",".join("?" * len(DECIDED))
        return self._select(f"guild = ? AND status IN ({marks}) AND winner IS NOT NULL", (guild, *DECIDED))

    def _select(self, where: str, args: Sequence[Any]) -> list[GameMeta]:
        rows = self._read(f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY created, id", args)
        return [_meta(r) for r in rows]

    def add_declaration(self, declaration: Declaration, *, user: str, tally: dict[str, int] | None,
                        now: float) -> bool:
        d = declaration
        with self._transaction() as cur:
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


def _seats_json(seats: Sequence[Seat]) -> str:
    return json.dumps([s.to_json() for s in seats])


def _changes_json(changes: Sequence[SeatChange]) -> str:
    return json.dumps([c.to_json() for c in changes]) if changes else ""


def _meta(row: Sequence[Any]) -> GameMeta:
    (gid, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, counts, lang,
     changes) = row
    try:
        return GameMeta(
            id=gid, rules=Rules.from_json(json.loads(rules)),
            seats=tuple(Seat.from_json(s) for s in json.loads(seats)), seed=int(seed),
            status=Status(status), place=place, created=float(created), updated=float(updated),
            winner=winner, message=message, reminded=bool(reminded), guild=guild,
            self_count=tuple(int(x) for x in counts.split(",") if x), lang=lang or "en",
            changes=tuple(SeatChange.from_json(c) for c in json.loads(changes)) if changes else ())
    except (KeyError, TypeError, ValueError) as exc:
        raise StorageError(f"game {gid}: unreadable row: {exc}") from None
