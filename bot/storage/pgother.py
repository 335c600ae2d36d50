"""Table sessions, counting practice and the statistics' running totals in PostgreSQL, as in SQLite
(bot/storage/tables.py, practice.py and summaries.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.game_meta import GameSummary, GuildTotals, PlayerLine, StoredTable
from bot.storage.codec import TABLE_COLUMNS, stored_table
from bot.storage.pgbase import PostgresDatabase
from bot.storage.protocols import StaleWrite
from bot.storage.summaries import _COLUMNS, DECIDED_VALUES, _line, add_summary_rows


def add_summary(conn: Any, summary: GameSummary) -> bool:
    """Add a decided game's summary within the caller's transaction; False when it was counted before."""
    return add_summary_rows(conn.execute, "%s", summary)


class PostgresTables(PostgresDatabase):
    """The TableStore part of the PostgreSQL storage."""

    def save_table(self, table: StoredTable) -> None:
        session = json.dumps(table.session, separators=(",", ":"))
        try:
            with self._transaction() as conn:
                if table.rev == 0:
                    conn.execute("INSERT INTO tables (id, place, guild, session, live, created, updated, message, rev)"
                                 " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, 1)",
                                 (table.id, table.place, table.guild, session, table.live, table.created,
                                  table.updated, table.message))
                elif conn.execute("UPDATE tables SET place = %s, guild = %s, session = %s, live = %s, created = %s,"
                                  " updated = %s, message = %s, rev = rev + 1 WHERE id = %s AND rev = %s",
                                  (table.place, table.guild, session, table.live, table.created, table.updated,
                                   table.message, table.id, table.rev)).rowcount != 1:
                    raise StaleWrite(f"table {table.id}: written at revision {table.rev}, but it has changed since")
        except self._psycopg.IntegrityError:
            raise StaleWrite(f"table {table.id}: a live table is already kept at {table.place}") from None

    def load_table(self, table_id: str) -> StoredTable | None:
        return self._table("id = %s", (table_id,))

    def table_at(self, place: str, live_only: bool = True) -> StoredTable | None:
        return self._table("place = %s AND live" if live_only else "place = %s", (place,))

    def _table(self, where: str, args: Sequence[Any]) -> StoredTable | None:
        rows = self._read(f"SELECT {TABLE_COLUMNS} FROM tables WHERE {where} ORDER BY created DESC LIMIT 1", args)
        return stored_table(rows[0]) if rows else None


class PostgresPractice(PostgresDatabase):
    """The PracticeStore part of the PostgreSQL storage."""

    def add_practice(self, user: str, drill: str, declared: int, total: int, tally: dict[str, int]) -> bool:
        with self._transaction() as conn:
            fresh = conn.execute('INSERT INTO drills ("user", drill, declared, total) VALUES (%s, %s, %s, %s)'
                                 " ON CONFLICT DO NOTHING", (user, drill, declared, total)).rowcount == 1
            if fresh:
                conn.execute('INSERT INTO tallies ("user", tally) VALUES (%s, %s)'
                             ' ON CONFLICT ("user") DO UPDATE SET tally = excluded.tally', (user, json.dumps(tally)))
        return bool(fresh)

    def tally(self, user: str) -> dict[str, int] | None:
        return self.tallies([user]).get(user)

    def tallies(self, users: Sequence[str]) -> dict[str, dict[str, int]]:
        if not users:
            return {}
        rows = self._read('SELECT "user", tally FROM tallies WHERE "user" = ANY(%s)', (list(users),))
        return {u: json.loads(t) for u, t in rows}


class PostgresSummaries(PostgresDatabase):
    """The SummaryStore part of the PostgreSQL storage."""

    def add_summary(self, summary: GameSummary) -> bool:
        with self._transaction() as conn:
            return add_summary(conn, summary)

    def unsummarized(self) -> list[str]:
        rows = self._read("SELECT id FROM games WHERE status = ANY(%s) AND winner IS NOT NULL AND id NOT IN "
                          '(SELECT game FROM summarized) ORDER BY created, id COLLATE "C"', (list(DECIDED_VALUES),))
        return [g for (g,) in rows]

    def summarized(self, game_ids: list[str]) -> set[str]:
        rows = self._read("SELECT game FROM summarized WHERE game = ANY(%s)", (list(game_ids),))
        return {g for (g,) in rows}

    def player_totals(self, guild: str, player: str) -> PlayerLine | None:
        rows = self._read(f"SELECT player, name, {_COLUMNS} FROM player_totals WHERE guild = %s AND player = %s",
                          (guild, player))
        return _line(rows[0]) if rows else None

    def guild_totals(self, guild: str) -> GuildTotals:
        rows = self._read("SELECT games, deals, players FROM guild_totals WHERE guild = %s", (guild,))
        return GuildTotals(*(int(n) for n in rows[0])) if rows else GuildTotals(0, 0, 0)

    def top_players(self, guild: str, min_games: int, limit: int) -> list[PlayerLine]:
        """Members (not the computer) with at least `min_games`, by wins, then win rate, then fewer games."""
        rows = self._read(f"SELECT player, name, {_COLUMNS} FROM player_totals WHERE guild = %s AND games >= %s "
                          "AND player NOT LIKE 'computer:%%' ORDER BY wins DESC, wins::double precision / games DESC,"
                          ' games, player COLLATE "C" LIMIT %s', (guild, min_games, limit))
        return [_line(r) for r in rows]
