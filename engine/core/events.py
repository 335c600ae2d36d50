"""What a game reports as it goes: every peg move with its reason and items, and the public events
that a table, a chat channel or a record needs."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.core.cards import Card
from engine.core.pegging import PegItem
from engine.core.scoring import Breakdown


class PegReason(Enum):
    HEELS = "heels"
    PLAY = "play"
    GO = "go"
    LAST = "last"
    HAND = "hand"
    CRIB = "crib"
    MUGGINS = "muggins"


@dataclass(frozen=True, slots=True)
class PegMove:
    """One move of a peg: the back peg jumps ahead of the front one."""

    deal: int
    seat: int
    points: int
    reason: PegReason
    items: tuple[PegItem, ...]
    front: int
    back: int

    @property
    def call(self) -> str:
        from engine.core.pegging import move_call

        return move_call(self.items)


@dataclass(frozen=True, slots=True)
class CutCard:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class DealerChosen:
    seat: int


@dataclass(frozen=True, slots=True)
class DealStarted:
    deal: int
    dealer: int


@dataclass(frozen=True, slots=True)
class LaidAway:
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class StarterTurned:
    card: Card


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card
    count: int


@dataclass(frozen=True, slots=True)
class SaidGo:
    seat: int


@dataclass(frozen=True, slots=True)
class SeriesReset:
    leader: int | None


@dataclass(frozen=True, slots=True)
class Shown:
    seat: int
    crib: bool
    breakdown: Breakdown
    declared: int | None = None


@dataclass(frozen=True, slots=True)
class Pegged:
    move: PegMove


@dataclass(frozen=True, slots=True)
class GameWon:
    winner: int
    final: tuple[int, ...]
    skunk: str | None


Event = (CutCard | DealerChosen | DealStarted | LaidAway | StarterTurned | CardPlayed | SaidGo
         | SeriesReset | Shown | Pegged | GameWon)
