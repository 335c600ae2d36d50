"""One player action as the compact JSON text a game's log keeps (cards in their canonical text form)."""

from __future__ import annotations

import json
from typing import Any

from bot.storage.errors import StorageError
from engine.core.actions import Declare, Discard, Go, Muggins, Play, PlayerAction
from engine.core.cards import CardError, parse_card
from engine.core.errors import clip, excerpt


def encode_action(action: PlayerAction) -> str:
    """One player action as compact JSON text (cards in their canonical text form)."""
    match action:
        case Discard(seat, cards):
            data: dict[str, Any] = {"t": "lay", "seat": seat, "cards": [c.text for c in cards]}
        case Play(seat, card):
            data = {"t": "play", "seat": seat, "card": card.text}
        case Go(seat):
            data = {"t": "go", "seat": seat}
        case Declare(seat, points):
            data = {"t": "declare", "seat": seat, "points": points}
        case Muggins(seat, claim):
            data = {"t": "muggins", "seat": seat, "claim": claim}
        case _:
            raise StorageError(f"not a player action: {action!r}")
    return json.dumps(data, separators=(",", ":"))


def decode_action(text: str) -> PlayerAction:
    """The action a log row holds; StorageError quoting the text when it does not read as one."""
    try:
        data = json.loads(text)
        seat = int(data["seat"])
        kind = data["t"]
        if kind == "lay":
            return Discard(seat, tuple(parse_card(c) for c in data["cards"]))
        if kind == "play":
            return Play(seat, parse_card(data["card"]))
        if kind == "go":
            return Go(seat)
        if kind == "declare":
            return Declare(seat, int(data["points"]))
        if kind == "muggins":
            return Muggins(seat, bool(data["claim"]))
    except (KeyError, TypeError, ValueError, CardError, OverflowError, RecursionError) as exc:
        raise StorageError(f"unreadable action {excerpt(text)}: {clip(str(exc), 120)}") from None
    raise StorageError(f"unknown action kind in {excerpt(text)}")
