"""Claims in SQL (ClaimStore): a named piece of timed work (a season's end, a day's post) that several bot
processes may all find due, done by one. A claim is held until its lease runs out; a holder that stops before
finishing (a crash, a restart at that very moment) leaves it to be taken again once the lease is over, and a
finished claim is never taken again."""

from __future__ import annotations

from bot.storage.sql.connection import SqlDatabase

TAKE = ("INSERT INTO claims (name, holder, until, done) VALUES (?, ?, ?, ?) ON CONFLICT (name) DO UPDATE"
        " SET holder = excluded.holder, until = excluded.until"
        " WHERE claims.done = ? AND (claims.until <= ? OR claims.holder = excluded.holder)")
HOLDER = "SELECT holder, done FROM claims WHERE name = ?"
FINISH = "UPDATE claims SET done = ? WHERE name = ? AND holder = ?"


class SqlClaims(SqlDatabase):
    """The ClaimStore part of an SQL storage."""

    def claim(self, name: str, holder: str, *, now: float, lease: float) -> bool:
        with self._transaction() as cur:
            cur.execute(TAKE, (name, holder, now + lease, False, False, now))
            row = cur.execute(HOLDER, (name,)).fetchone()
        return row is not None and str(row[0]) == holder and not row[1]

    def finish(self, name: str, holder: str) -> bool:
        with self._transaction() as cur:
            done = cur.execute(FINISH, (True, name, holder)).rowcount == 1
        return bool(done)

    def finished(self, name: str) -> bool:
        rows = self._read("SELECT done FROM claims WHERE name = ?", (name,))
        return bool(rows and rows[0][0])
