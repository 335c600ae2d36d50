"""Seasons in SQL (SeasonStore): each server's ended seasons (number, span, final table as JSON, the post's
message), a row numbered 0 that marks when its seasons began, and the rating changes a season's table is made
from (the `rating_changes` the ratings store writes)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.sql.connection import SqlDatabase, marks
from bot.storage.values import SeasonRow
from engine.rating.glicko2 import Rating
from engine.rating.season import LastGame

BEGUN = ("INSERT INTO seasons (guild, number, starts, ends, message, standings) VALUES (?, 0, ?, ?, '', '[]')"
         " ON CONFLICT (guild, number) DO NOTHING")
COLUMNS = "guild, number, starts, ends, message, standings"
LAST_GAMES = (
    "SELECT c.member, c.rating, c.deviation, c.volatility, c.at, n.games FROM rating_changes AS c JOIN"
    " (SELECT member, max(at) AS last, count(*) AS games FROM rating_changes WHERE guild = ? AND at >= ? AND at < ?"
    " GROUP BY member) AS n ON c.member = n.member AND c.at = n.last WHERE c.guild = ?")


def season_row(row: Sequence[object]) -> SeasonRow:
    guild, number, starts, ends, message, standings = row
    return SeasonRow(str(guild), int(str(number)), float(str(starts)), float(str(ends)), str(message),
                     str(standings))


class SqlSeasons(SqlDatabase):
    """The SeasonStore part of an SQL storage."""

    def begin_seasons(self, guild: str, now: float) -> None:
        with self._transaction() as cur:
            cur.execute(BEGUN, (guild, now, now))

    def latest_seasons(self, guilds: Sequence[str]) -> dict[str, SeasonRow]:
        if not guilds:
            return {}
        rows = self._read(f"SELECT {COLUMNS} FROM seasons AS s WHERE guild IN ({marks(len(guilds))}) AND number ="
                          " (SELECT max(number) FROM seasons AS n WHERE n.guild = s.guild)", tuple(guilds))
        return {str(r[0]): season_row(r) for r in rows}

    def season(self, guild: str, number: int) -> SeasonRow | None:
        rows = self._read(f"SELECT {COLUMNS} FROM seasons WHERE guild = ? AND number = ?", (guild, number))
        return season_row(rows[0]) if rows else None

    def add_season(self, guild: str, starts: float, ends: float, standings: str) -> SeasonRow:
        with self._transaction() as cur:
            have = cur.execute(f"SELECT {COLUMNS} FROM seasons WHERE guild = ? AND ends = ? AND number > 0",
                               (guild, ends)).fetchone()
            if have is not None:
                return season_row(have)
            (last,) = cur.execute("SELECT coalesce(max(number), 0) FROM seasons WHERE guild = ?",
                                  (guild,)).fetchone()
            row = (guild, int(last) + 1, starts, ends, "", standings)
            cur.execute(f"INSERT INTO seasons ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)", row)
        return season_row(row)

    def set_season_message(self, guild: str, number: int, message: str) -> None:
        with self._transaction() as cur:
            cur.execute("UPDATE seasons SET message = ? WHERE guild = ? AND number = ?", (message, guild, number))

    def season_games(self, guild: str, starts: float, ends: float) -> list[LastGame]:
        rows = self._read(LAST_GAMES, (guild, starts, ends, guild))
        last: dict[str, LastGame] = {}
        for member, rating, deviation, volatility, at, games in rows:  # two changes at one moment: either is last
            last[str(member)] = LastGame(str(member), Rating(float(rating), float(deviation), float(volatility)),
                                         float(at), int(games))
        return [last[m] for m in sorted(last)]

    def member_names(self, guild: str, keys: Sequence[str]) -> dict[str, str]:
        if not keys:
            return {}
        rows = self._read(f"SELECT player, name FROM player_totals WHERE guild = ? AND player IN"
                          f" ({marks(len(keys))})", (guild, *keys))
        return {str(k): str(n) for k, n in rows}
