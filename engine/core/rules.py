"""The options a game is played under: player count, target, muggins (and what an over-declared count
costs), skunk reporting.

Each option is declared once, as data (`option`, listed in `OPTIONS`), the way OpenSpiel declares a game's
parameters: the doors build their flags and commands from it, and storage and records read and write it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields, replace
from enum import Enum
from typing import Any, TypeVar

from engine.core.errors import CodedError, excerpt


class RulesProblem(Enum):
    """Why options do not make a game; the comment lists the error's `fields`."""

    PLAYERS = "players"  # players, allowed
    TARGET = "target"  # target, allowed
    NOT_AN_OBJECT = "not_an_object"  # rules (what was stored instead)
    OVERCOUNT = "overcount"  # overcount, allowed
    OPTION = "option"  # the option's name (its value), allowed; or option, allowed for a name that is none


class RulesError(CodedError[RulesProblem]):
    """Options that do not make a game: `code` says which option, `fields` hold its value."""


class Overcount(Enum):
    """A muggins game: what happens when the owner declares more than a hand or crib counts.

    Tables differ, so the choice is explicit. CORRECT (the default, the engine's behaviour before the
    choice existed): the count is put right and the owner pegs the true total, at no cost. PENALTY (the
    old club and tournament custom): the owner still pegs only the true total, and the points claimed
    beyond it go to the declarer's opponents, pegged at once to the next opponent on the declarer's left.
    Without muggins every count is the engine's own, so this option changes nothing.
    """

    CORRECT = "correct"
    PENALTY = "penalty"


T = TypeVar("T")
TARGETS = (121, 61)
PLAYER_COUNTS = (2, 3, 4)
OPTION = "rule option"
"""The metadata key that marks a `Rules` field as an option a door offers (see `option`)."""


def option(default: T, choices: tuple[T, ...] = (), problem: RulesProblem = RulesProblem.OPTION) -> T:
    """Declares a `Rules` field as a game option: its default, its choices (a bool's and an enum's are
    implied; any other option must name them) and the code of its refusal. The doors, the stored game and
    the record read it from here."""
    return field(default=default, metadata={OPTION: (choices, problem)})


@dataclass(frozen=True, slots=True)
class Rules:
    players: int = 2
    """Not an option: the seats decide it."""
    target: int = option(121, TARGETS, RulesProblem.TARGET)
    muggins: bool = option(False)
    skunk: bool = option(False)
    overcount: Overcount = option(Overcount.CORRECT, problem=RulesProblem.OVERCOUNT)

    def __post_init__(self) -> None:
        if self.players not in PLAYER_COUNTS:
            raise RulesError(RulesProblem.PLAYERS, f"players must be 2, 3 or 4, not {excerpt(self.players)}",
                             players=self.players, allowed=PLAYER_COUNTS)
        for declared in OPTIONS:
            declared.check(getattr(self, declared.name))

    @property
    def cards_each(self) -> int:
        return 6 if self.players == 2 else 5

    @property
    def discard_each(self) -> int:
        return 2 if self.players == 2 else 1

    @property
    def deck_to_crib(self) -> int:
        return 1 if self.players == 3 else 0

    @property
    def teams(self) -> int:
        return 2 if self.players == 4 else self.players

    def team_of(self, seat: int) -> int:
        """Partners sit opposite in the four-player game and share one score."""
        return seat % 2 if self.players == 4 else seat

    @property
    def skunk_line(self) -> int:
        """A loser below this is skunked: 91 in the 121 game, 31 in the 61 game."""
        return 91 if self.target == 121 else 31

    @property
    def double_skunk_line(self) -> int | None:
        return 61 if self.target == 121 else None

    def with_options(self, given: Mapping[str, object]) -> Rules:
        """These rules with the options a door was given, each as typed, stored or chosen (an enum's
        value); a name that is no option is refused like a bad value, so a typo is never lost."""
        unknown = sorted(set(given) - {o.name for o in OPTIONS})
        if unknown:
            raise RulesError(RulesProblem.OPTION, f"no rule option is called {excerpt(unknown[0])}",
                             option=unknown[0], allowed=tuple(o.name for o in OPTIONS))
        values: dict[str, Any] = {o.name: o.read(given[o.name]) for o in OPTIONS if o.name in given}
        return replace(self, **values)

    def to_json(self) -> dict[str, object]:
        return {"players": self.players, **{o.name: o.stored(getattr(self, o.name)) for o in OPTIONS}}

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Rules stored by `to_json` (or typed by hand: numbers may come as numerals). A key left out takes
        its default, so rules stored before an option existed keep their meaning."""
        if not isinstance(data, dict):
            raise RulesError(RulesProblem.NOT_AN_OBJECT, f"rules must be an object, not {excerpt(data)}", rules=data)
        return cls(players=_whole(data.get("players", 2))).with_options(
            {o.name: data[o.name] for o in OPTIONS if o.name in data})


@dataclass(frozen=True)
class RuleOption:
    """One option of `Rules`, as data for the doors: its name (the field's, a flag's, a Discord option's),
    default and choices. Its words are in the message catalog under `key`."""

    name: str
    default: object
    choices: tuple[object, ...]
    problem: RulesProblem

    @property
    def kind(self) -> type:
        return type(self.default)

    @property
    def key(self) -> str:
        return f"option.{self.name}"

    def stored(self, value: object) -> object:
        """The value as JSON holds it (an enum by its value)."""
        return value.value if isinstance(value, Enum) else value

    def word(self, value: object) -> str:
        """The value as one word, the way JSON writes it: true, 61, penalty."""
        stored = self.stored(value)
        return ("true" if stored else "false") if isinstance(stored, bool) else str(stored)

    def read(self, raw: object) -> object:
        """A value as stored, typed or chosen: a bool by its truth, a number from a numeral (TypeError for
        what is neither), an enum member or its value (a RulesError naming the choices for anything else)."""
        if self.kind is bool:
            return stored_flag(raw, self.name)
        if issubclass(self.kind, Enum):
            for choice in self.choices:
                if raw is choice or self.stored(choice) == raw:
                    return choice
            raise self.refusal(raw)
        return _whole(raw) if self.kind is int else raw

    def check(self, value: object) -> None:
        if value not in self.choices:
            raise self.refusal(value)

    def refusal(self, value: object) -> RulesError:
        return RulesError(self.problem, f"{self.name} must be {self.allowed_text()}, not {excerpt(value)}",
                          **{self.name: value}, allowed=tuple(self.stored(c) for c in self.choices))

    def allowed_text(self) -> str:
        """'121 or 61', or 'one of correct, penalty' for an enum's names."""
        words = [self.word(c) for c in self.choices]
        if issubclass(self.kind, Enum):
            return f"one of {', '.join(words)}"
        return " or ".join((", ".join(words[:-1]), words[-1])) if len(words) > 1 else "".join(words)


def _declared(spec: Field[object]) -> RuleOption:
    choices, problem = spec.metadata[OPTION]
    default = spec.default
    implied = (False, True) if isinstance(default, bool) else tuple(type(default)) if isinstance(default, Enum) else ()
    return RuleOption(spec.name, default, tuple(choices) or implied, problem)


OPTIONS: tuple[RuleOption, ...] = tuple(_declared(f) for f in fields(Rules) if OPTION in f.metadata)
"""Every option a game can be started with, in declaration order."""


STANDARD = Rules()
"""The standard rules: two players, every option at its default."""


def rule_option(name: str) -> RuleOption:
    """The declared option called `name`; a KeyError for a name that is none."""
    return {o.name: o for o in OPTIONS}[name]


def _whole(value: object) -> int:
    """A stored whole number, or one written as a numeral of ASCII digits or as a float with nothing after the point
    (61.0); TypeError for anything else: 61.5 is not cut to 61, nor '١٢' read as 12, nor true as 1."""
    whole_float = isinstance(value, float) and value.is_integer()
    numeral = isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6
    if isinstance(value, int | float | str) and not isinstance(value, bool) and (
            isinstance(value, int) or whole_float or numeral):
        return int(value)
    raise TypeError(f"a whole number is needed, not {type(value).__name__} {excerpt(value)}")


def stored_flag(value: object, name: str) -> bool:
    """A stored true or false: the text "false" is not taken as true, nor 0 or 1 as an answer."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be true or false, not {type(value).__name__} {excerpt(value)}")
    return value
