"""A member's move as a typed value, and the one reading of a panel's control as a move.

Doors that draw controls (Discord's buttons and selects; the autopilot that stands in for a person)
turn a pressed control back into a move here, once; the terminal builds moves from typed text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.app.ids import BadComponentId, ComponentId, Verb
from engine.actions import Declare, Discard, Go, Muggins, Play, PlayerAction
from engine.cards import Card, CardError, parse_card


@dataclass(frozen=True, slots=True)
class LayAway:
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayCard:
    card: Card


@dataclass(frozen=True, slots=True)
class SayGo:
    pass


@dataclass(frozen=True, slots=True)
class DeclareCount:
    """A muggins game: the member's own count of the hand or crib being shown."""

    points: int


@dataclass(frozen=True, slots=True)
class ClaimMuggins:
    claim: bool


Move = LayAway | PlayCard | SayGo | DeclareCount | ClaimMuggins


def action_maker(move: Move) -> Callable[[int], PlayerAction]:
    """The engine action for `move` once the member's seat is known."""
    match move:
        case LayAway(cards):
            return lambda seat: Discard(seat, cards)
        case PlayCard(card):
            return lambda seat: Play(seat, card)
        case SayGo():
            return Go
        case DeclareCount(points):
            return lambda seat: Declare(seat, points)
        case ClaimMuggins(claim):
            return lambda seat: Muggins(seat, claim)


MOVE_VERBS = (Verb.LAY, Verb.PLAY, Verb.GO, Verb.MUGGINS)


def move_of(cid: ComponentId, values: Sequence[str] = ()) -> Move:
    """The move a pressed game control stands for; BadComponentId names what does not read."""
    try:
        if cid.verb is Verb.LAY:
            return LayAway(tuple(parse_card(v) for v in values))
        if cid.verb is Verb.PLAY:
            return PlayCard(parse_card(cid.arg))
    except CardError as exc:
        raise BadComponentId(f"not a card in {cid.encode()!r}: {exc}") from None
    if cid.verb is Verb.GO:
        return SayGo()
    if cid.verb is Verb.MUGGINS and cid.arg in ("yes", "no"):
        return ClaimMuggins(cid.arg == "yes")
    raise BadComponentId(f"{cid.encode()!r} is not a move")
