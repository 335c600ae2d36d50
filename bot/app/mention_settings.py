"""Turn mentions' settings: a server may turn them off (someone with Manage Server), and so may each member for
themselves. Who is awaited is the game's (LiveGame.awaited); whether they are told is decided here."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Lang, t
from bot.storage import SettingsStore


class MentionSettings:
    """Reads and changes the settings kept in the store; every answer is a line in the member's language."""

    def __init__(self, store: SettingsStore) -> None:
        self.store = store

    def wanted(self, guild: str, users: Sequence[str]) -> tuple[str, ...]:
        """Those of `users` to mention: none where the server turned mentions off, nor who turned theirs off."""
        if not users or (guild and not self.store.guild_mentions(guild)):
            return ()
        off = self.store.members_without_mentions(list(users))
        return tuple(u for u in users if u not in off)

    def set(self, on: bool, guild: str, user: str, lang: Lang) -> str:
        """A server's setting when `guild` is given (the door checked the permission), else `user`'s own."""
        return self.set_server(guild, on, lang) if guild else self.set_member(user, on, lang)

    def set_server(self, guild: str, on: bool, lang: Lang) -> str:
        self.store.set_guild_mentions(guild, on)
        return t("mentions.server_on" if on else "mentions.server_off", lang)

    def set_member(self, user: str, on: bool, lang: Lang) -> str:
        self.store.set_member_mentions(user, on)
        return t("mentions.member_on" if on else "mentions.member_off", lang)
