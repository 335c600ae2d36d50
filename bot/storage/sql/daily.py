"""The daily hand in SQL (DailyStore): each server's post of a day's problem, and its members' answers (one a
member, changeable while the post is open; an answer to a closed post, or to a day never posted there, is not
taken, checked in the same statement that writes it, so an answer racing the close never lands after it)."""

from __future__ import annotations

from bot.storage.sql.connection import SqlDatabase
from bot.storage.values import DailyPost

NEW_POST = "INSERT INTO daily_posts (guild, day, channel) VALUES (?, ?, ?) ON CONFLICT (guild, day) DO NOTHING"
POST_COLUMNS = "guild, day, channel, message, closed"
ANSWER = ("INSERT INTO daily_answers (guild, day, member, discard, at) SELECT ?, ?, ?, ?, ? WHERE EXISTS"
          " (SELECT 1 FROM daily_posts WHERE guild = ? AND day = ? AND closed = ?)"
          " ON CONFLICT (guild, day, member) DO UPDATE SET discard = excluded.discard, at = excluded.at")


def _post(row: tuple[object, ...]) -> DailyPost:
    guild, day, channel, message, closed = row
    return DailyPost(str(guild), str(day), str(channel), str(message), bool(closed))


class SqlDaily(SqlDatabase):
    """The DailyStore part of an SQL storage."""

    def add_daily_post(self, guild: str, day: str, channel: str) -> DailyPost:
        with self._transaction() as cur:
            cur.execute(NEW_POST, (guild, day, channel))
            row = cur.execute(f"SELECT {POST_COLUMNS} FROM daily_posts WHERE guild = ? AND day = ?",
                              (guild, day)).fetchone()
        return _post(tuple(row))

    def set_daily_message(self, guild: str, day: str, message: str) -> None:
        with self._transaction() as cur:
            cur.execute("UPDATE daily_posts SET message = ? WHERE guild = ? AND day = ?", (message, guild, day))

    def close_daily_post(self, guild: str, day: str) -> bool:
        with self._transaction() as cur:
            closed = cur.execute("UPDATE daily_posts SET closed = ? WHERE guild = ? AND day = ? AND closed = ?",
                                 (True, guild, day, False)).rowcount == 1
        return bool(closed)

    def daily_post(self, guild: str, day: str) -> DailyPost | None:
        rows = self._read(f"SELECT {POST_COLUMNS} FROM daily_posts WHERE guild = ? AND day = ?", (guild, day))
        return _post(tuple(rows[0])) if rows else None

    def open_daily_posts(self, before: str) -> list[DailyPost]:
        rows = self._read(f"SELECT {POST_COLUMNS} FROM daily_posts WHERE closed = ? AND day < ? ORDER BY day, guild",
                          (False, before))
        return [_post(tuple(r)) for r in rows]

    def answer_daily(self, guild: str, day: str, member: str, discard: str, *, at: float) -> bool:
        with self._transaction() as cur:
            taken = cur.execute(ANSWER, (guild, day, member, discard, at, guild, day, False)).rowcount == 1
        return bool(taken)

    def daily_answers(self, guild: str, day: str) -> dict[str, str]:
        rows = self._read("SELECT member, discard FROM daily_answers WHERE guild = ? AND day = ?", (guild, day))
        return {str(m): str(d) for m, d in rows}

    def daily_answer_count(self, guild: str, day: str) -> int:
        rows = self._read("SELECT COUNT(*) FROM daily_answers WHERE guild = ? AND day = ?", (guild, day))
        return int(rows[0][0])

    def member_daily_answers(self, guild: str, member: str) -> dict[str, str]:
        rows = self._read("SELECT day, discard FROM daily_answers WHERE guild = ? AND member = ?", (guild, member))
        return {str(d): str(a) for d, a in rows}
