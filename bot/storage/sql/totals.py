"""Statistics kept as running totals in SQL: each decided game adds its summary once, in the transaction that
decides it, so statistics and the leaderboard read a few rows, never the history (SummaryStore)."""

from __future__ import annotations

from bot.storage.codec.totals import DECIDED_VALUES, SUMMARY_COLUMNS, guild_totals, player_line
from bot.storage.sql.connection import Cursor, SqlDatabase, marks
from bot.storage.values import SUMMARY_COUNTS, GameSummary, GuildTotals, PlayerLine

_ADD = ", ".join(f"{c} = player_totals.{c} + excluded.{c}" for c in SUMMARY_COUNTS)
CHUNK = 500
"""Ids asked about in one IN list (SQLite limits a statement's placeholders)."""


def add_summary(cur: Cursor, summary: GameSummary) -> bool:
    """Add a decided game's summary within the caller's transaction; False when it was counted before."""
    if cur.execute("INSERT INTO summarized (game, guild, deals) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                   (summary.game, summary.guild, summary.deals)).rowcount != 1:
        return False
    keys = {p.key for p in summary.players}  # two computers of one strength are one line
    new = sum(cur.execute("SELECT 1 FROM player_totals WHERE guild = ? AND player = ?", (summary.guild, key))
              .fetchone() is None for key in keys)
    cur.execute("INSERT INTO guild_totals (guild, games, deals, players) VALUES (?, 1, ?, ?) ON CONFLICT (guild) DO"
                " UPDATE SET games = guild_totals.games + 1, deals = guild_totals.deals + excluded.deals,"
                " players = guild_totals.players + excluded.players", (summary.guild, summary.deals, new))
    for p in summary.players:
        cur.execute(f"INSERT INTO player_totals (guild, player, name, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, "
                    f"{marks(len(SUMMARY_COUNTS))}) ON CONFLICT (guild, player) DO UPDATE SET name = excluded.name, "
                    f"{_ADD}", (summary.guild, p.key, p.name, *p.counts))
    return True


class SqlSummaries(SqlDatabase):
    """The SummaryStore part of an SQL storage."""

    def add_summary(self, summary: GameSummary) -> bool:
        with self._transaction() as cur:
            return add_summary(cur, summary)

    def unsummarized(self) -> list[str]:
        """Decided games whose summary is missing (a database from before summaries): what to backfill."""
        rows = self._read(f"SELECT id FROM games WHERE status IN ({marks(len(DECIDED_VALUES))}) AND winner IS NOT NULL"
                          f" AND id NOT IN (SELECT game FROM summarized) ORDER BY created, id{self.BYTE_ORDER}",
                          DECIDED_VALUES)
        return [g for (g,) in rows]

    def summarized(self, game_ids: list[str]) -> set[str]:
        found: set[str] = set()
        for start in range(0, len(game_ids), CHUNK):
            part = game_ids[start:start + CHUNK]
            found.update(g for (g,) in self._read(f"SELECT game FROM summarized WHERE game IN ({marks(len(part))})",
                                                  part))
        return found

    def player_totals(self, guild: str, player: str) -> PlayerLine | None:
        rows = self._read(f"SELECT player, name, {SUMMARY_COLUMNS} FROM player_totals WHERE guild = ? AND player = ?",
                          (guild, player))
        return player_line(rows[0]) if rows else None

    def guild_totals(self, guild: str) -> GuildTotals:
        return guild_totals(self._read("SELECT games, deals, players FROM guild_totals WHERE guild = ?", (guild,)))

    def top_players(self, guild: str, min_games: int, limit: int) -> list[PlayerLine]:
        """Members (not the computer) with at least `min_games`, by wins, then win rate, then fewer games."""
        rows = self._read(f"SELECT player, name, {SUMMARY_COLUMNS} FROM player_totals WHERE guild = ? AND games >= ?"
                          " AND player NOT LIKE 'computer:%' ORDER BY wins DESC,"
                          f" CAST(wins AS DOUBLE PRECISION) / games DESC, games, player{self.BYTE_ORDER} LIMIT ?",
                          (guild, min_games, limit))
        return [player_line(r) for r in rows]
