"""Settings in SQL: one row a value set, by scope ('server', 'member', 'game'), owner (the server's, member's or
game's id) and name; what a value means is bot/settings.py's (the storage keeps text). No row: the default."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.sql.connection import SqlDatabase, marks

SET = ("INSERT INTO settings (scope, owner, name, value) VALUES (?, ?, ?, ?) ON CONFLICT (scope, owner, name)"
       " DO UPDATE SET value = excluded.value")
RESET = "DELETE FROM settings WHERE scope = ? AND owner = ? AND name = ?"


class SqlSettings(SqlDatabase):
    """The SettingsStore part of an SQL storage."""

    def set_setting(self, scope: str, owner: str, name: str, value: str | None) -> None:
        with self._transaction() as cur:
            if value is None:
                cur.execute(RESET, (scope, owner, name))
            else:
                cur.execute(SET, (scope, owner, name, value))

    def settings_of(self, scope: str, owner: str) -> dict[str, str]:
        rows = self._read("SELECT name, value FROM settings WHERE scope = ? AND owner = ?", (scope, owner))
        return {str(name): str(value) for name, value in rows}

    def setting_values(self, scope: str, name: str, owners: Sequence[str]) -> dict[str, str]:
        if not owners:
            return {}
        rows = self._read(f"SELECT owner, value FROM settings WHERE scope = ? AND name = ? AND owner IN"
                          f" ({marks(len(owners))})", (scope, name, *owners))
        return {str(owner): str(value) for owner, value in rows}

    def owners_with(self, scope: str, name: str) -> dict[str, str]:
        rows = self._read("SELECT owner, value FROM settings WHERE scope = ? AND name = ?", (scope, name))
        return {str(owner): str(value) for owner, value in rows}
