"""The options a game is played under: player count, target, muggins (and what an over-declared count
costs), skunk reporting."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.core.errors import CodedError, excerpt


class RulesProblem(Enum):
    """Why options do not make a game; the comment lists the error's `fields`."""

    PLAYERS = "players"  # players, allowed
    TARGET = "target"  # target, allowed
    NOT_AN_OBJECT = "not_an_object"  # rules (what was stored instead)
    OVERCOUNT = "overcount"  # overcount, allowed


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


TARGETS = (121, 61)
PLAYER_COUNTS = (2, 3, 4)


@dataclass(frozen=True, slots=True)
class Rules:
    players: int = 2
    target: int = 121
    muggins: bool = False
    skunk: bool = False
    overcount: Overcount = Overcount.CORRECT

    def __post_init__(self) -> None:
        if self.players not in PLAYER_COUNTS:
            raise RulesError(RulesProblem.PLAYERS, f"players must be 2, 3 or 4, not {excerpt(self.players)}",
                             players=self.players, allowed=PLAYER_COUNTS)
        if self.target not in TARGETS:
            raise RulesError(RulesProblem.TARGET, f"target must be 121 or 61, not {excerpt(self.target)}",
                             target=self.target, allowed=TARGETS)
        if not isinstance(self.overcount, Overcount):
            raise _overcount_error(self.overcount)

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

    def to_json(self) -> dict[str, object]:
        return {"players": self.players, "target": self.target, "muggins": self.muggins,
                "skunk": self.skunk, "overcount": self.overcount.value}

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Rules stored by `to_json` (or typed by hand: numbers may come as numerals). A key left out takes
        its default, so rules stored before an option existed keep their meaning."""
        if not isinstance(data, dict):
            raise RulesError(RulesProblem.NOT_AN_OBJECT, f"rules must be an object, not {excerpt(data)}", rules=data)
        return cls(
            players=_whole(data.get("players", 2)),
            target=_whole(data.get("target", 121)),
            muggins=stored_flag(data.get("muggins", False), "muggins"),
            skunk=stored_flag(data.get("skunk", False), "skunk"),
            overcount=_overcount(data.get("overcount", Overcount.CORRECT.value)),
        )


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


def _overcount(value: object) -> Overcount:
    """The stored name of an `Overcount`; a RulesError naming the allowed ones for anything else."""
    for option in Overcount:
        if value == option.value:
            return option
    raise _overcount_error(value)


def _overcount_error(value: object) -> RulesError:
    allowed = tuple(o.value for o in Overcount)
    return RulesError(RulesProblem.OVERCOUNT, f"overcount must be one of {', '.join(allowed)}, not {excerpt(value)}",
                      overcount=value, allowed=allowed)
