"""The options a game is played under: player count, target, muggins, skunk reporting."""

from __future__ import annotations

from dataclasses import dataclass


class RulesError(ValueError):
    """Options that do not make a game."""


TARGETS = (121, 61)
PLAYER_COUNTS = (2, 3, 4)


@dataclass(frozen=True, slots=True)
class Rules:
    players: int = 2
    target: int = 121
    muggins: bool = False
    skunk: bool = False

    def __post_init__(self) -> None:
        if self.players not in PLAYER_COUNTS:
            raise RulesError(f"players must be 2, 3 or 4, not {self.players!r}")
        if self.target not in TARGETS:
            raise RulesError(f"target must be 121 or 61, not {self.target!r}")

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
                "skunk": self.skunk}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Rules:
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object, not {data!r}")
        return cls(
            players=int(data.get("players", 2)),  # type: ignore[arg-type]
            target=int(data.get("target", 121)),  # type: ignore[arg-type]
            muggins=bool(data.get("muggins", False)),
            skunk=bool(data.get("skunk", False)),
        )
