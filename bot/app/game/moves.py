"""A member's move as a typed value, and the one reading of a panel's control as a move.

Doors that draw controls (Discord's buttons and selects; the autopilot that stands in for a person)
turn a pressed control back into a move here, once; the terminal builds moves from typed text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.app.shown.ids import BadComponentId, ComponentId, Verb
from engine.core.actions import Declare, Discard, Go, Muggins, Play, PlayerAction
from engine.core.cards import Card, CardError, parse_card
from engine.core.errors import excerpt


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


class BadMove(ValueError):
    """A typed move whose values are not what it takes (cards that are not Cards, a version that is not a
    whole number): a door's mistake or a forged request, refused before it reaches the game."""


def check_version(version: object) -> None:
    """BadMove unless `version` (the panel's moment of the game) is a whole number."""
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadMove(f"a version is a whole number, not {excerpt(version)}")


def checked(move: object, version: object) -> Move:
    """`move` itself when its values have the types it takes and `version` is a whole number; else BadMove."""
    check_version(version)
    match move:
        case LayAway(cards) if isinstance(cards, tuple) and all(isinstance(c, Card) for c in cards):
            return move
        case PlayCard(card) if isinstance(card, Card):
            return move
        case DeclareCount(points) if isinstance(points, int) and not isinstance(points, bool):
            return move
        case ClaimMuggins(claim) if isinstance(claim, bool):
            return move
        case SayGo():
            return move
    raise BadMove(f"not a move: {excerpt(move)}")


def move_of(cid: ComponentId, values: Sequence[str] = ()) -> Move:
    """The move a pressed game control stands for; BadComponentId names what does not read (values that
    are not texts among them: only Discord's strings are read)."""
    if not isinstance(cid, ComponentId):
        raise BadComponentId(f"not a control: {excerpt(cid)}")
    if isinstance(values, str) or not isinstance(values, Sequence) or not all(isinstance(v, str) for v in values):
        raise BadComponentId(f"the values of {cid.encode()!r} are not card texts: {excerpt(values)}")
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
