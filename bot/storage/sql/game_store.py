"""Games in SQL: their rows, ordered action logs and self-counting declarations (GameStore)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import suppress
from typing import Any

from bot.storage.codec.actions import decode_action
from bot.storage.codec.game_rows import (
    GAME_COLUMNS,
    LIVE,
    NEW_GAME_COLUMNS,
    action_rows,
    changes_json,
    game_meta,
    new_game_row,
    seats_json,
)
from bot.storage.codec.totals import DECIDED_VALUES
from bot.storage.errors import StaleWrite, StorageError, log_mismatch
from bot.storage.interfaces import Seating
from bot.storage.rating_values import RatedGame
from bot.storage.sql.connection import Cursor, SqlDatabase, marks
from bot.storage.sql.practice import NEW_DRILL, NEW_TALLY
from bot.storage.sql.ratings import rate
from bot.storage.sql.totals import add_summary
from bot.storage.values import Declaration, GameMeta, GameSummary, Seat, SeatChange, Status, StoredGame
from engine.core.actions import PlayerAction
from engine.rating.rated import Change

NEW_GAME = f"INSERT INTO games ({NEW_GAME_COLUMNS}) VALUES ({marks(NEW_GAME_COLUMNS.count(',') + 1)})"
NEW_ACTION = "INSERT INTO actions (game, seq, action) VALUES (?, ?, ?)"
LOGGED = "SELECT count(*) FROM actions WHERE game = ?"
KEPT = "SELECT moves FROM games WHERE id = ?"
"""How many actions the game's row says its log holds."""
LOG = "SELECT seq, action FROM actions WHERE game = ? ORDER BY seq"
NEW_DECLARATION = ("INSERT INTO declarations (game, deal, seat, crib, declared, total) VALUES (?, ?, ?, ?, ?, ?)"
                   " ON CONFLICT DO NOTHING")


class SqlGames(SqlDatabase):
    """The GameStore part of an SQL storage."""

    game_columns = GAME_COLUMNS
    """What a game's row is read as (a file opened only to read, from before some columns, says what it lacks)."""

    def create(self, meta: GameMeta, actions: Sequence[PlayerAction] = ()) -> None:
        try:
            with self._transaction() as cur:
                cur.execute(NEW_GAME, new_game_row(meta, len(actions)))
                if actions:
                    cur.executemany(NEW_ACTION, action_rows(meta.id, 0, actions))
        except self._refused:
            raise StorageError(f"game {meta.id} already exists") from None

    def append(self, game_id: str, first: int, actions: Sequence[PlayerAction], *, now: float,
               status: Status | None = None, winner: int | None = None, summary: GameSummary | None = None,
               seating: Seating | None = None, rev: int | None = None,
               rated: RatedGame | None = None) -> tuple[Change, ...]:
        """With `rev`, one UPDATE claims the row at that revision and count of moves and sets its columns
        (StaleWrite when another writer moved it on; at it, the log is the one its load read and checked against
        the row's count, so it is not counted again). Without, the count is checked first (a stale `first` is
        refused at once). Two writers that both counted the same number (where the database lets them) meet at
        the primary key (game, seq): the second is refused when the first commits, as a StaleWrite. A log whose
        rows are not the number its row keeps (damage hides some of them) is refused as a DamagedGame: nothing
        is written under a history it cannot see. Returns what `rated` did to the ratings."""
        changes: tuple[Change, ...] = ()
        sets, args = "updated = ?, reminded = ?, moves = ?", list[object]([now, False, first + len(actions)])
        if status is not None:
            sets += ", status = ?, winner = ?"
            args += [status.value, winner]
        if seating is not None:
            sets += ", seats = ?, changes = ?"
            args += [seats_json(seating[0]), changes_json(seating[1])]
        try:
            with self._transaction() as cur:
                if rev is None:
                    claim(cur, game_id, None)
                    self._counted(cur, game_id, first)
                    cur.execute(f"UPDATE games SET {sets} WHERE id = ?", (*args, game_id))
                elif cur.execute(f"UPDATE games SET rev = rev + 1, {sets} WHERE id = ? AND rev = ? AND moves = ?",
                                 (*args, game_id, rev, first)).rowcount != 1:
                    claim(cur, game_id, rev)  # StaleWrite when another writer moved the game on
                    self._counted(cur, game_id, first)
                    raise StaleWrite(f"game {game_id}: written at revision {rev}, but the game has changed since")
                cur.executemany(NEW_ACTION, action_rows(game_id, first, actions))
                if summary is not None:
                    add_summary(cur, summary)
                if rated is not None:
                    changes = rate(cur, rated)
        except self._refused as exc:
            if not self._duplicate(exc):
                raise
            raise StaleWrite(f"game {game_id}: action {first} appended, but another writer logged it first") from None
        return changes

    @staticmethod
    def _counted(cur: Any, game_id: str, first: int) -> None:
        """DamagedGame when the log's rows are not the number the row keeps; StaleWrite when they are not
        `first`."""
        (have,) = cur.execute(LOGGED, (game_id,)).fetchone()
        kept = cur.execute(KEPT, (game_id,)).fetchone()
        if kept is not None and kept[0] != have:
            raise log_mismatch(game_id, int(kept[0]), int(have))
        if have != first:
            raise StaleWrite(f"game {game_id}: action {first} appended, but {have} are logged")

    def load(self, game_id: str) -> StoredGame | None:
        """The game and its log, read together (one snapshot); StorageError naming the game when its row or
        log cannot be read, DamagedGame when the log read is not the one the row counts (numbered 0, 1, ...
        up to its `moves`): a lookup past a damaged index finds part of a log, and a game is never resumed
        from there."""
        rows, log = self._reads(((f"SELECT {self.game_columns}, {self.moves} FROM games WHERE id = ?", (game_id,)),
                                 (LOG, (game_id,))), f"game {game_id}")
        if not rows:
            return None
        *row, kept = rows[0]
        check_log(game_id, kept, [seq for seq, _ in log])
        try:
            actions = tuple(decode_action(t) for _, t in log)
        except StorageError as exc:
            raise StorageError(f"game {game_id}: {exc}") from None
        return StoredGame(game_meta(row), actions)

    def set_status(self, game_id: str, status: Status, *, now: float, winner: int | None = None,
                   summary: GameSummary | None = None, rev: int | None = None,
                   rated: RatedGame | None = None) -> tuple[Change, ...]:
        with self._transaction() as cur:
            claim(cur, game_id, rev)
            cur.execute("UPDATE games SET status = ?, winner = ?, updated = ? WHERE id = ?",
                        (status.value, winner, now, game_id))
            if summary is not None:
                add_summary(cur, summary)
            return rate(cur, rated) if rated is not None else ()

    def set_seats(self, game_id: str, seats: Sequence[Seat], changes: Sequence[SeatChange], *, now: float,
                  rev: int | None = None) -> None:
        self._update(game_id, rev, "seats = ?, changes = ?, updated = ?", (seats_json(seats), changes_json(changes),
                                                                          now))

    def set_message(self, game_id: str, place: str, message: str, *, rev: int | None = None) -> None:
        self._update(game_id, rev, "place = ?, message = ?", (place, message))

    def set_reminded(self, game_id: str, reminded: bool, *, rev: int | None = None) -> None:
        self._update(game_id, rev, "reminded = ?", (reminded,))

    def _update(self, game_id: str, rev: int | None, sets: str, args: Sequence[Any]) -> None:
        with self._transaction() as cur:
            claim(cur, game_id, rev)
            cur.execute(f"UPDATE games SET {sets} WHERE id = ?", (*args, game_id))

    def revision(self, game_id: str) -> int | None:
        rows = self._read("SELECT rev FROM games WHERE id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    def live_games(self) -> list[GameMeta]:
        return self._select(f"status IN ({marks(len(LIVE))})", LIVE)

    def find(self, place: str) -> list[GameMeta]:
        return self._select(f"place = ? AND status IN ({marks(len(LIVE))})", (place, *LIVE))

    def games_here(self, place: str) -> list[GameMeta]:
        return self._select("place = ?", (place,))

    def finished_games(self, guild: str) -> list[GameMeta]:
        decided = marks(len(DECIDED_VALUES))
        return self._select(f"guild = ? AND status IN ({decided}) AND winner IS NOT NULL", (guild, *DECIDED_VALUES))

    def every_game(self) -> list[GameMeta]:
        """Every game that can be read, whatever its status, oldest first (a check goes through them)."""
        return self._select("1 = 1", ())

    def _select(self, where: str, args: Sequence[Any]) -> list[GameMeta]:
        """The games matching `where` that can be read: a damaged one is left out (the check when the
        database opened, and `cribbage db check`, name it), so the others still play."""
        found = []
        for row in self._game_rows(where, args):
            with suppress(StorageError):
                found.append(game_meta(row))
        return found

    def _game_rows(self, where: str, args: Sequence[Any]) -> list[Any]:
        """The GAME_COLUMNS rows matching `where`, oldest first, ties in the order of their ids' bytes."""
        return self._read(f"SELECT {self.game_columns} FROM games WHERE {where} ORDER BY created, id{self.BYTE_ORDER}",
                          args)

    def add_declaration(self, declaration: Declaration, *, user: str, tally: dict[str, int] | None,
                        now: float, rev: int | None = None) -> bool:
        d = declaration
        with self._transaction() as cur:
            claim(cur, d.game, rev)
            fresh = cur.execute(NEW_DECLARATION, (d.game, d.deal, d.seat, d.crib, d.declared, d.total)).rowcount == 1
            if fresh and d.declared is not None and tally is not None:
                drill = f"game:{d.game}:{d.deal}:{'crib' if d.crib else 'hand'}"
                cur.execute(NEW_DRILL, (user, drill, d.declared, d.total))
                cur.execute(NEW_TALLY, (user, json.dumps(tally)))
            if fresh:
                cur.execute("UPDATE games SET updated = ?, reminded = ? WHERE id = ?", (now, False, d.game))
        return bool(fresh)

    def declarations(self, game_id: str) -> list[Declaration]:
        rows = self._read("SELECT deal, seat, crib, declared, total FROM declarations WHERE game = ?"
                          " ORDER BY deal, seat, crib", (game_id,))
        return [Declaration(game_id, int(deal), int(seat), bool(crib), None if declared is None else int(declared),
                            int(total)) for deal, seat, crib, declared, total in rows]

    def action_count(self, game_id: str) -> int:
        (n,) = self._read(LOGGED, (game_id,))[0]
        return int(n)


def check_log(game_id: str, kept: object, seqs: Sequence[object]) -> None:
    """DamagedGame unless the log's numbers read are 0, 1, ... up to the `kept` moves its row counts (-1 when
    that count itself does not read). The number said read is every row found when there are more or fewer,
    else the unbroken run from 0."""
    count = kept if isinstance(kept, int) and not isinstance(kept, bool) else -1
    if count >= 0 and seqs == list(range(count)):
        return
    read = len(seqs)
    if read == count:
        read = next(n for n, seq in enumerate(seqs) if seq != n)
    raise log_mismatch(game_id, count, read)


def claim(cur: Cursor, game_id: str, rev: int | None) -> None:
    """Add one to the game's revision, first thing in a write (which also holds its row, where the database
    locks rows, until the commit); with `rev`, only if the row is still at it: StaleWrite otherwise
    (another process, or another command, wrote since that read)."""
    if rev is None:
        cur.execute("UPDATE games SET rev = rev + 1 WHERE id = ?", (game_id,))
    elif cur.execute("UPDATE games SET rev = rev + 1 WHERE id = ? AND rev = ?", (game_id, rev)).rowcount != 1:
        raise StaleWrite(f"game {game_id}: written at revision {rev}, but the game has changed since")
