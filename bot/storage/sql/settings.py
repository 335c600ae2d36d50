"""Turn mentions in SQL: a server's setting and each member's own (SettingsStore); no row means on."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.sql.connection import SqlDatabase, marks

SET_GUILD = ("INSERT INTO guild_settings (guild, mentions) VALUES (?, ?) ON CONFLICT (guild) DO UPDATE"
             " SET mentions = excluded.mentions")
SET_MEMBER = ('INSERT INTO member_settings ("user", mentions) VALUES (?, ?) ON CONFLICT ("user") DO UPDATE'
              " SET mentions = excluded.mentions")


class SqlSettings(SqlDatabase):
    """The SettingsStore part of an SQL storage."""

    def set_guild_mentions(self, guild: str, on: bool) -> None:
        with self._transaction() as cur:
            cur.execute(SET_GUILD, (guild, on))

    def set_member_mentions(self, user: str, on: bool) -> None:
        with self._transaction() as cur:
            cur.execute(SET_MEMBER, (user, on))

    def guild_mentions(self, guild: str) -> bool:
        rows = self._read("SELECT mentions FROM guild_settings WHERE guild = ?", (guild,))
        return bool(rows[0][0]) if rows else True

    def members_without_mentions(self, users: Sequence[str]) -> set[str]:
        if not users:
            return set()
        rows = self._read(f'SELECT "user" FROM member_settings WHERE "user" IN ({marks(len(users))})'
                          " AND NOT mentions", tuple(users))
        return {str(u) for (u,) in rows}
