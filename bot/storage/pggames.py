"""Games in PostgreSQL: their rows, ordered action logs and self-counting declarations, as in SQLite
(bot/storage/games.py, whose row reading this shares)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import suppress
from typing import Any

from bot.game_meta import Declaration, GameMeta, GameSummary, Seat, SeatChange, Status, StoredGame
from bot.storage.codec import decode_action
from bot.storage.games import GAME_COLUMNS, LIVE, _action_rows, _changes_json, _meta, _seats_json
from bot.storage.pgbase import PostgresDatabase
from bot.storage.pgother import add_summary
from bot.storage.protocols import Seating, StaleWrite, StorageError
from bot.storage.summaries import DECIDED_VALUES
from engine.core.actions import PlayerAction


class PostgresGames(PostgresDatabase):
    """The GameStore part of the PostgreSQL storage."""

    def create(self, meta: GameMeta, actions: Sequence[PlayerAction] = ()) -> None:
        try:
            with self._transaction() as conn:
                conn.execute(
                    "INSERT INTO games (id, rules, seats, seed, status, place, message, winner, created, updated,"
                    " guild, self_count, lang, changes) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s,"
                    " %s)",
                    (meta.id, json.dumps(meta.rules.to_json()), _seats_json(meta.seats), meta.seed,
                     meta.status.value, meta.place, meta.message, meta.winner, meta.created, meta.updated,
                     meta.guild, ",".join(str(s) for s in meta.self_count), meta.lang, _changes_json(meta.changes)))
                if actions:
                    with conn.cursor() as cur:
                        cur.executemany("INSERT INTO actions (game, seq, action) VALUES (%s, %s, %s)",
                                        _action_rows(meta.id, 0, actions))
        except self._psycopg.IntegrityError:
            raise StorageError(f"game {meta.id} already exists") from None

    def append(self, game_id: str, first: int, actions: Sequence[PlayerAction], *, now: float,
               status: Status | None = None, winner: int | None = None, summary: GameSummary | None = None,
               seating: Seating | None = None, rev: int | None = None) -> None:
        """The count is checked first (a stale `first` is refused at once); two writers that both counted the
        same number meet at the primary key (game, seq): the second waits for the first to commit, and is
        refused then, as a StaleWrite."""
        try:
            with self._transaction() as conn:
                _claim(conn, game_id, rev)
                (have,) = conn.execute("SELECT count(*) FROM actions WHERE game = %s", (game_id,)).fetchone()
                if have != first:
                    raise StaleWrite(f"game {game_id}: action {first} appended, but {have} are logged")
                with conn.cursor() as cur:
                    cur.executemany("INSERT INTO actions (game, seq, action) VALUES (%s, %s, %s)",
                                    _action_rows(game_id, first, actions))
                sets, args = "updated = %s, reminded = false", list[object]([now])
                if status is not None:
                    sets += ", status = %s, winner = %s"
                    args += [status.value, winner]
                if seating is not None:
                    sets += ", seats = %s, changes = %s"
                    args += [_seats_json(seating[0]), _changes_json(seating[1])]
                conn.execute(f"UPDATE games SET {sets} WHERE id = %s", (*args, game_id))
                if summary is not None:
                    add_summary(conn, summary)
        except self._psycopg.errors.UniqueViolation:
            raise StaleWrite(f"game {game_id}: action {first} appended, but another writer logged it first") from None

    def load(self, game_id: str) -> StoredGame | None:
        """The game and its log; StorageError naming the game when its row or log cannot be read."""
        rows = self._read(f"SELECT {GAME_COLUMNS} FROM games WHERE id = %s", (game_id,))
        if not rows:
            return None
        texts = [t for (t,) in self._read("SELECT action FROM actions WHERE game = %s ORDER BY seq", (game_id,))]
        try:
            actions = tuple(decode_action(t) for t in texts)
        except StorageError as exc:
            raise StorageError(f"game {game_id}: {exc}") from None
        return StoredGame(_meta(rows[0]), actions)

    def set_status(self, game_id: str, status: Status, *, now: float, winner: int | None = None,
                   summary: GameSummary | None = None, rev: int | None = None) -> None:
        with self._transaction() as conn:
            _claim(conn, game_id, rev)
            conn.execute("UPDATE games SET status = %s, winner = %s, updated = %s WHERE id = %s",
                         (status.value, winner, now, game_id))
            if summary is not None:
                add_summary(conn, summary)

    def set_seats(self, game_id: str, seats: Sequence[Seat], changes: Sequence[SeatChange], *, now: float,
                  rev: int | None = None) -> None:
        self._update(game_id, rev, "seats = %s, changes = %s, updated = %s",
                     (_seats_json(seats), _changes_json(changes), now))

    def set_message(self, game_id: str, place: str, message: str, *, rev: int | None = None) -> None:
        self._update(game_id, rev, "place = %s, message = %s", (place, message))

    def set_reminded(self, game_id: str, reminded: bool, *, rev: int | None = None) -> None:
        self._update(game_id, rev, "reminded = %s", (reminded,))

    def _update(self, game_id: str, rev: int | None, sets: str, args: Sequence[Any]) -> None:
        with self._transaction() as conn:
            _claim(conn, game_id, rev)
            conn.execute(f"UPDATE games SET {sets} WHERE id = %s", (*args, game_id))

    def revision(self, game_id: str) -> int | None:
        rows = self._read("SELECT rev FROM games WHERE id = %s", (game_id,))
        return int(rows[0][0]) if rows else None

    def live_games(self) -> list[GameMeta]:
        return self._select("status = ANY(%s)", (list(LIVE),))

    def find(self, place: str) -> list[GameMeta]:
        return self._select("place = %s AND status = ANY(%s)", (place, list(LIVE)))

    def games_here(self, place: str) -> list[GameMeta]:
        return self._select("place = %s", (place,))

    def finished_games(self, guild: str) -> list[GameMeta]:
        return self._select("guild = %s AND status = ANY(%s) AND winner IS NOT NULL", (guild, list(DECIDED_VALUES)))

    def every_game(self) -> list[GameMeta]:
        return self._select("true", ())

    def _select(self, where: str, args: Sequence[Any]) -> list[GameMeta]:
        """The games matching `where` whose rows can be read (an unreadable one is left out, as in SQLite),
        oldest first, ties in the order of their ids' bytes as SQLite sorts them."""
        rows = self._read(f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY created, id COLLATE \"C\"", args)
        found = []
        for row in rows:
            with suppress(StorageError):
                found.append(_meta(row))
        return found

    def add_declaration(self, declaration: Declaration, *, user: str, tally: dict[str, int] | None,
                        now: float, rev: int | None = None) -> bool:
        d = declaration
        with self._transaction() as conn:
            _claim(conn, d.game, rev)
            fresh = conn.execute(
                "INSERT INTO declarations (game, deal, seat, crib, declared, total) VALUES (%s, %s, %s, %s, %s, %s)"
                " ON CONFLICT DO NOTHING", (d.game, d.deal, d.seat, d.crib, d.declared, d.total)).rowcount == 1
            if fresh and d.declared is not None and tally is not None:
                drill = f"game:{d.game}:{d.deal}:{'crib' if d.crib else 'hand'}"
                conn.execute('INSERT INTO drills ("user", drill, declared, total) VALUES (%s, %s, %s, %s)'
                             " ON CONFLICT DO NOTHING", (user, drill, d.declared, d.total))
                conn.execute('INSERT INTO tallies ("user", tally) VALUES (%s, %s)'
                             ' ON CONFLICT ("user") DO UPDATE SET tally = excluded.tally', (user, json.dumps(tally)))
            if fresh:
                conn.execute("UPDATE games SET updated = %s, reminded = false WHERE id = %s", (now, d.game))
        return bool(fresh)

    def declarations(self, game_id: str) -> list[Declaration]:
        rows = self._read("SELECT deal, seat, crib, declared, total FROM declarations WHERE game = %s"
                          " ORDER BY deal, seat, crib", (game_id,))
        return [Declaration(game_id, int(deal), int(seat), bool(crib), None if declared is None else int(declared),
                            int(total)) for deal, seat, crib, declared, total in rows]

    def action_count(self, game_id: str) -> int:
        (n,) = self._read("SELECT count(*) FROM actions WHERE game = %s", (game_id,))[0]
        return int(n)


def _claim(conn: Any, game_id: str, rev: int | None) -> None:
    """Add one to the game's revision, first thing in a write (which also locks its row until the commit);
    with `rev`, only if the row is still at it: a writer that waited for another's commit then finds the
    row changed and is refused (StaleWrite), as in SQLite."""
    if rev is None:
        conn.execute("UPDATE games SET rev = rev + 1 WHERE id = %s", (game_id,))
    elif conn.execute("UPDATE games SET rev = rev + 1 WHERE id = %s AND rev = %s", (game_id, rev)).rowcount != 1:
        raise StaleWrite(f"game {game_id}: written at revision {rev}, but the game has changed since")
