"""Statistics kept as running totals in SQLite: each decided game adds its summary once, in the transaction
that decides it, so statistics and the leaderboard read a few rows, never the history."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

from bot.game_meta import DECIDED, SUMMARY_COUNTS, GameSummary, GuildTotals, PlayerLine
from bot.storage.database import SqliteDatabase

DECIDED_VALUES = tuple(s.value for s in DECIDED)
_COLUMNS = ", ".join(SUMMARY_COUNTS)
_ADD = ", ".join(f"{c} = player_totals.{c} + excluded.{c}" for c in SUMMARY_COUNTS)


def add_summary_rows(execute: Callable[[str, Sequence[Any]], Any], mark: str, summary: GameSummary) -> bool:
    """Add a decided game's summary within the caller's transaction, in either SQL dialect (`execute` is its
    cursor's or connection's, `mark` its placeholder); False when it was counted before."""
    def run(sql: str, args: Sequence[Any]) -> Any:
        return execute(sql.replace("?", mark), args)

    if run("INSERT INTO summarized (game, guild, deals) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
           (summary.game, summary.guild, summary.deals)).rowcount != 1:
        return False
    keys = {p.key for p in summary.players}  # two computers of one strength are one line
    new = sum(run("SELECT 1 FROM player_totals WHERE guild = ? AND player = ?", (summary.guild, key))
              .fetchone() is None for key in keys)
    run("INSERT INTO guild_totals (guild, games, deals, players) VALUES (?, 1, ?, ?) ON CONFLICT (guild) DO UPDATE"
        " SET games = guild_totals.games + 1, deals = guild_totals.deals + excluded.deals,"
        " players = guild_totals.players + excluded.players", (summary.guild, summary.deals, new))
    marks = ", ".join("?" * len(SUMMARY_COUNTS))
    for p in summary.players:
        run(f"INSERT INTO player_totals (guild, player, name, {_COLUMNS}) VALUES (?, ?, ?, {marks}) "
            f"ON CONFLICT (guild, player) DO UPDATE SET name = excluded.name, {_ADD}",
            (summary.guild, p.key, p.name, *p.counts))
    return True


def add_summary(cur: sqlite3.Cursor, summary: GameSummary) -> bool:
    """Add a decided game's summary within the caller's SQLite transaction; False when it was counted before."""
    return add_summary_rows(cur.execute, "?", summary)


class SqliteSummaries(SqliteDatabase):
    """The SummaryStore part of the SQLite storage."""

    def add_summary(self, summary: GameSummary) -> bool:
        with self._transaction() as cur:
            return add_summary(cur, summary)

    def unsummarized(self) -> list[str]:
        """Decided games whose summary is missing (a database from before summaries): what to backfill."""
        marks = ",".join("?" * len(DECIDED_VALUES))
        rows = self._read(f"SELECT id FROM games WHERE status IN ({marks}) AND winner IS NOT NULL AND id NOT IN "
                          "(SELECT game FROM summarized) ORDER BY created, id", DECIDED_VALUES)
        return [g for (g,) in rows]

    def summarized(self, game_ids: list[str]) -> set[str]:
        found: set[str] = set()
        for start in range(0, len(game_ids), 500):
            part = game_ids[start:start + 500]
            rows = self._read(f"SELECT game FROM summarized WHERE game IN ({','.join('?' * len(part))})", part)
            found.update(g for (g,) in rows)
        return found

    def player_totals(self, guild: str, player: str) -> PlayerLine | None:
        rows = self._read(f"SELECT player, name, {_COLUMNS} FROM player_totals WHERE guild = ? AND player = ?",
                          (guild, player))
        return _line(rows[0]) if rows else None

    def guild_totals(self, guild: str) -> GuildTotals:
        rows = self._read("SELECT games, deals, players FROM guild_totals WHERE guild = ?", (guild,))
        return GuildTotals(*(int(n) for n in rows[0])) if rows else GuildTotals(0, 0, 0)

    def top_players(self, guild: str, min_games: int, limit: int) -> list[PlayerLine]:
        """Members (not the computer) with at least `min_games`, by wins, then win rate, then fewer games."""
        rows = self._read(f"SELECT player, name, {_COLUMNS} FROM player_totals WHERE guild = ? AND games >= ? "
                          "AND player NOT LIKE 'computer:%' ORDER BY wins DESC, CAST(wins AS REAL) / games DESC, "
                          "games, player LIMIT ?", (guild, min_games, limit))
        return [_line(r) for r in rows]


def _line(row: tuple[object, ...]) -> PlayerLine:
    key, name, *counts = row
    return PlayerLine(str(key), str(name), tuple(c if isinstance(c, int) else int(str(c)) for c in counts))
