"""Every setting a server, a member or a game can have, declared once as data (beside the rules' options,
engine.core.rules.OPTIONS): its name, scope, kind, default, choices or bounds, and its catalog key.

From each declaration come the Discord option that sets it (bot/discord/settings.py), the command-line flag (a game
setting: `cribbage play`), the stored value (the storage keeps every setting as text in one key-value store a scope,
so a new setting needs no migration), its words in both languages (`setting.NAME.desc` and its choices' names) and
its fuzz cases. Adding a setting: a line in SETTINGS and its words in the two catalogs (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from bot.storage.values import GameMeta
from engine.core.errors import excerpt
from engine.core.typed import whole_number, yes_no
from engine.rating.rated import FARMING_LIMIT, FARMING_LIMITS


class Scope(Enum):
    SERVER = "server"
    """A Discord server's (changed by someone with Manage Server); keyed by the server's id."""
    MEMBER = "member"
    """A member's own, wherever they play; keyed by the member's id."""
    GAME = "game"
    """One game's, chosen when it starts; keyed by the game's id."""


class Kind(Enum):
    SWITCH = "switch"
    """On or off."""
    NUMBER = "number"
    """A whole number between bounds."""
    CHOICE = "choice"
    """One of a few words."""
    CHANNEL = "channel"
    """A channel of the server, by its id (empty: none)."""


class SettingProblem(Enum):
    UNKNOWN = "unknown"
    VALUE = "value"
    RANGE = "range"
    CHOICE = "choice"
    NEEDS = "needs"
    """Turning on a setting whose `needs` is not set."""
    NEEDED = "needed"
    """Clearing a setting another one that is on needs."""
    CHANNEL = "channel"


class SettingError(ValueError):
    """A setting's name or value that cannot be taken; `code` says which, `fields` the parts of the message."""

    def __init__(self, code: SettingProblem, message: str, **fields: str) -> None:
        super().__init__(message)
        self.code = code
        self.fields = fields


Value = bool | int | str

NUMBER_MOST = 10**9 - 1
"""The largest number a setting is read from (nine digits); a bound of its own says what it takes."""
CHANNEL_MOST = 2**64 - 1
"""A Discord id (a channel's) is an unsigned 64-bit number."""

ON_OFF = {"on": True, "off": False}
"""A door's own words for a switch; the rest (true/false, yes/no, 1/0, from a flag or the store) are
engine.core.typed.yes_no's."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting, as data for every door and the storage."""

    name: str
    scope: Scope
    kind: Kind
    default: Value
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    needs: str = ""
    """A setting of the same scope that must be set (not its default) before this one is turned on."""

    @property
    def key(self) -> str:
        """Its words in the catalog: `KEY.desc`, and `KEY.choice.WORD` for each choice's name."""
        return f"setting.{self.scope.value}.{self.name}"

    def read(self, raw: object) -> Value:
        """A value typed, chosen or stored, as the setting holds it; SettingError naming what is wrong."""
        if self.kind is Kind.SWITCH:
            if isinstance(raw, bool):
                return raw
            word = raw.strip().lower() if isinstance(raw, str) else ""
            switch = ON_OFF.get(word, yes_no(word))
            if switch is None:
                raise SettingError(SettingProblem.VALUE, f"{self.name} is on or off, not {excerpt(raw)}",
                                   name=self.name, value=excerpt(raw))
            return switch
        if self.kind is Kind.NUMBER:
            return self._number(raw)
        text = raw.strip() if isinstance(raw, str) else None
        if self.kind is Kind.CHANNEL:
            if text is None or not (text == "" or whole_number(text, 0, CHANNEL_MOST) is not None):
                raise SettingError(SettingProblem.CHANNEL, f"{self.name} is a text channel, not {excerpt(raw)}",
                                   name=self.name, value=excerpt(raw))
            return text
        if text is None or text.lower() not in self.choices:
            raise SettingError(SettingProblem.CHOICE, f"{self.name} is one of {', '.join(self.choices)}, not "
                               f"{excerpt(raw)}", name=self.name, value=excerpt(raw), choices=", ".join(self.choices))
        return text.lower()

    def _number(self, raw: object) -> int:
        read = whole_number(raw.strip(), -NUMBER_MOST, NUMBER_MOST) if isinstance(raw, str) else None
        if isinstance(raw, int) and not isinstance(raw, bool):
            number = raw
        elif read is not None:
            number = read
        else:
            raise SettingError(SettingProblem.VALUE, f"{self.name} is a whole number, not {excerpt(raw)}",
                               name=self.name, value=excerpt(raw))
        if not self.low <= number <= self.high:
            raise SettingError(SettingProblem.RANGE, f"{self.name} is from {self.low} to {self.high}, not {number}",
                               name=self.name, value=str(number), low=str(self.low), high=str(self.high))
        return number

    def stored(self, value: Value) -> str:
        """The value as the storage keeps it (text)."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def loaded(self, text: str | None) -> Value:
        """A stored value (None: never set) as the setting holds it; a stored value this code cannot read (a
        newer program's, or damage) counts as the default, never as an error at a player."""
        if text is None:
            return self.default
        try:
            return self.read(text)
        except SettingError:
            return self.default


SETTINGS: tuple[Setting, ...] = (
    Setting("mentions", Scope.SERVER, Kind.SWITCH, True),
    Setting("rated", Scope.SERVER, Kind.SWITCH, True),
    Setting("farming", Scope.SERVER, Kind.NUMBER, FARMING_LIMIT, low=FARMING_LIMITS[0], high=FARMING_LIMITS[1]),
    Setting("language", Scope.SERVER, Kind.CHOICE, "en", choices=("en", "zh")),
    Setting("seasons", Scope.SERVER, Kind.CHOICE, "off", choices=("off", "monthly", "quarterly")),
    Setting("season_channel", Scope.SERVER, Kind.CHANNEL, ""),
    Setting("season_top", Scope.SERVER, Kind.NUMBER, 3, low=1, high=10),
    Setting("daily_channel", Scope.SERVER, Kind.CHANNEL, ""),
    Setting("daily", Scope.SERVER, Kind.SWITCH, False, needs="daily_channel"),
    Setting("mentions", Scope.MEMBER, Kind.SWITCH, True),
    Setting("auto_go", Scope.GAME, Kind.SWITCH, True),
    Setting("rated", Scope.GAME, Kind.SWITCH, True),
)
"""Every setting, by scope in the order the doors show them (and a command that sets several applies them: a
setting another needs comes before it, so `daily_channel:#x daily:on` in one command is taken)."""


def settings_of(scope: Scope) -> tuple[Setting, ...]:
    return tuple(s for s in SETTINGS if s.scope is scope)


def setting(scope: Scope, name: str) -> Setting:
    """The setting called `name` in `scope`; SettingError naming the ones there are."""
    for s in SETTINGS:
        if s.scope is scope and s.name == name:
            return s
    names = ", ".join(s.name for s in settings_of(scope))
    raise SettingError(SettingProblem.UNKNOWN, f"no {scope.value} setting {excerpt(name)}; there are: {names}",
                       name=excerpt(name), names=names)


def of_game(meta: GameMeta, name: str) -> Value:
    """One of a game's settings, as it was started with (its default when it was not set)."""
    return setting(Scope.GAME, name).loaded(meta.setting(name))


def kept_for_game(given: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    """A new game's settings as its row keeps them: each given value read by its declaration (SettingError for a
    name or value that is none), only those that differ from the default."""
    kept = []
    for name, raw in given.items():
        s = setting(Scope.GAME, name)
        value = s.read(raw)
        if value != s.default:
            kept.append((name, s.stored(value)))
    return tuple(sorted(kept))
