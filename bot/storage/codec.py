"""One player action as the compact JSON text a game's log keeps (cards in their canonical text form)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.game_meta import StoredTable
from bot.storage.protocols import StorageError
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


TABLE_COLUMNS = "id, place, guild, session, live, created, updated, message, rev"
"""A table session's row, in the order `stored_table` reads it (the same in every backend)."""


def stored_table(row: Sequence[Any]) -> StoredTable:
    """A table session from its row; StorageError when its JSON does not read."""
    tid, place, guild, session, live, created, updated, message, rev = row
    try:
        data = json.loads(session)
    except ValueError as exc:
        raise StorageError(f"table {tid}: unreadable session: {exc}") from None
    return StoredTable(tid, place, guild, data, bool(live), float(created), float(updated), message, int(rev))
