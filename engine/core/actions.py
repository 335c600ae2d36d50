"""What can happen in a game: the players' actions and the chance events (cuts, deals, starter).

Chance events are actions too, so a game can be driven card by card from a real table or a
record, or have them drawn from a seeded shuffle.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.cards import Card, format_cards


@dataclass(frozen=True, slots=True)
class Cut:
    """Chance: a seat cuts a card for the deal."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} cuts {self.card}"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the cards dealt to every seat (and, with three players, one to the crib)."""

    hands: tuple[tuple[Card, ...], ...]
    deck_to_crib: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return "deal " + " | ".join(format_cards(h) for h in self.hands)


@dataclass(frozen=True, slots=True)
class Starter:
    """Chance: the card the dealer turns up."""

    card: Card

    def __str__(self) -> str:
        return f"starter {self.card}"


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} lays away {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card}"


@dataclass(frozen=True, slots=True)
class Go:
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} says go"


@dataclass(frozen=True, slots=True)
class Declare:
    """Muggins games only: the owner of a hand or crib says what it counts."""

    seat: int
    points: int

    def __str__(self) -> str:
        return f"seat {self.seat} declares {self.points}"


@dataclass(frozen=True, slots=True)
class Muggins:
    """Muggins games only: an opponent claims (or lets go) points a count missed."""

    seat: int
    claim: bool

    def __str__(self) -> str:
        return f"seat {self.seat} {'claims muggins' if self.claim else 'lets it go'}"


ChanceAction = Cut | Deal | Starter
PlayerAction = Discard | Play | Go | Declare | Muggins
Action = ChanceAction | PlayerAction
