"""The settings as the application reads and changes them: each value from the storage's key-value store, read
by its declaration (bot/settings.py: its kind and default), and every change said in the member's language."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Lang, as_lang, has, t
from bot.settings import Kind, Scope, Setting, SettingError, SettingProblem, Value, setting, settings_of
from bot.storage import SettingsStore


def said(value: Value, kind: Kind | None = None) -> str:
    """A value as a person reads it: on or off for a switch, a channel as Discord shows a mention of it, else the
    value."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if kind is Kind.CHANNEL and value != "":
        return f"<#{value}>"
    return str(value) if value != "" else "-"


class SettingsBook:
    """Reads and changes the settings kept in the store."""

    def __init__(self, store: SettingsStore) -> None:
        self.store = store

    def value(self, scope: Scope, owner: str, name: str) -> Value:
        s = setting(scope, name)
        return s.loaded(self.store.settings_of(scope.value, owner).get(name)) if owner else s.default

    def values(self, scope: Scope, owner: str) -> dict[str, Value]:
        """Every setting of `scope` for `owner`, the default where none is set."""
        kept = self.store.settings_of(scope.value, owner) if owner else {}
        return {s.name: s.loaded(kept.get(s.name)) for s in settings_of(scope)}

    def server_lang(self, guild: str) -> Lang:
        """The language of the bot's own posts in a server (its `language` setting)."""
        return as_lang(self.value(Scope.SERVER, guild, "language"))

    def set_by(self, scope: Scope, name: str) -> dict[str, Value]:
        """Every owner that set `name` to something other than its default, and the value (a feature that is off
        by default finds the servers that turned it on)."""
        s = setting(scope, name)
        values = {owner: s.loaded(text) for owner, text in self.store.owners_with(scope.value, name).items()}
        return {owner: value for owner, value in values.items() if value != s.default}

    def change(self, scope: Scope, owner: str, name: str, raw: object, lang: Lang) -> tuple[bool, str]:
        """Set one value (as typed, chosen or given); whether it was taken, and the line that says so or why not.
        A refused value changes nothing."""
        try:
            s = setting(scope, name)
            value = s.read(raw)
            self.check_needs(scope, owner, s, value)
        except SettingError as exc:
            return False, t(f"settings.problem.{exc.code.value}", lang, **exc.fields)
        self.store.set_setting(scope.value, owner, name, None if value == s.default else s.stored(value))
        key = f"{s.key}.said.{s.stored(value)}"
        if has(key):
            return True, t(key, lang)
        return True, t("settings.changed", lang, name=s.name, value=said(value, s.kind))

    def check_needs(self, scope: Scope, owner: str, s: Setting, value: Value) -> None:
        """SettingError when `value` would turn `s` on without what it needs, or clear what one that is on needs."""
        if s.needs and value and value != s.default and self.value(scope, owner, s.needs) == setting(
                scope, s.needs).default:
            raise SettingError(SettingProblem.NEEDS, f"{s.name} needs {s.needs}", name=s.name, needs=s.needs)
        if value == s.default:
            for other in settings_of(scope):
                if other.needs == s.name and self.value(scope, owner, other.name) != other.default:
                    raise SettingError(SettingProblem.NEEDED, f"{other.name} needs {s.name}", name=s.name,
                                       by=other.name)

    def shown(self, scope: Scope, owner: str, lang: Lang) -> str:
        """Every setting of `scope` for `owner` with its value, a line each."""
        lines = [t(f"settings.heading.{scope.value}", lang)]
        for name, value in self.values(scope, owner).items():
            s = setting(scope, name)
            lines.append(t("settings.line", lang, name=name, value=said(value, s.kind), what=t(f"{s.key}.desc", lang)))
        return "\n".join(lines)

    def wanted(self, guild: str, users: Sequence[str]) -> tuple[str, ...]:
        """Those of `users` to mention: none where the server turned mentions off, nor who turned theirs off."""
        if not users or (guild and not self.value(Scope.SERVER, guild, "mentions")):
            return ()
        member = setting(Scope.MEMBER, "mentions")
        kept = self.store.setting_values(Scope.MEMBER.value, "mentions", list(users))
        return tuple(u for u in users if member.loaded(kept.get(u)))
