"""A running game's record as one seat (or a spectator) may see it: what the table has shown them, no more.

Before a game ends, nobody may learn from a record a card another seat still holds, who laid away which card
to the crib, the crib before its show, the deck's card to a three-player crib, the deck order or the seed
(every later deal follows from it). A finished game's record is whole for everyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.cards import Card
from engine.core.events import DealStarted, Pegged, Shown
from engine.core.game import DealLog, Game
from engine.core.record import peg_json, to_record

SPECTATOR = None
"""The viewer who holds no seat."""


def record_for(game: Game, seats: Sequence[str] | None, viewer: int | None, seen: int | None = None) -> dict[str, Any]:
    """The record `viewer` (a seat, or SPECTATOR) may read; `seen` is how many of the game's events the table has
    shown (a self-counted show still being counted is not shown yet), all of them when None.

    A finished game gives the whole record. A running one keeps the public parts (the rules, seats, cut, starters,
    plays and the pegs shown), and of the cards only those this viewer has seen: their own, every card laid in the
    play, and hands and cribs once laid down in the show (to be counted, or counted). Cards not seen are left out
    of `hands`; `discards` are given for the viewer's own seat only (null for the others), `deck_to_crib` is
    empty, and a shown crib is listed under `crib`. The key `view` says whose view it is."""
    record = to_record(game, seats)
    if game.over:
        return record
    seen = len(game.events) if seen is None else seen
    shown = _shown(game, seen)
    step = game.show_step()  # a muggins show: the hand or crib being counted lies face up on the table
    if step is not None:
        shown.setdefault(game.deal_number, set()).add((step.seat, step.crib))
    dealt = [log for log in game.deals if log.hands]
    record.pop("seed", None)
    for index, (log, deal) in enumerate(zip(dealt, record["deals"], strict=True)):
        _redact_deal(deal, log, viewer, shown.get(index, set()), game.rules.players)
    record["pegs"] = [peg_json(e.move) for e in game.events[:seen] if isinstance(e, Pegged)]
    record["view"] = {"seat": viewer, "redacted": True}
    return record


def shows_by_deal(game: Game) -> dict[int, list[int]]:
    """The indices of the Shown events of each deal (deals are marked by DealStarted)."""
    out: dict[int, list[int]] = {}
    deal = 0
    for i, e in enumerate(game.events):
        if isinstance(e, DealStarted):
            deal = e.deal
        elif isinstance(e, Shown):
            out.setdefault(deal, []).append(i)
    return out


def _shown(game: Game, seen: int) -> dict[int, set[tuple[int, bool]]]:
    """Per deal, the (seat, crib) counts the table has shown among the first `seen` events."""
    out: dict[int, set[tuple[int, bool]]] = {}
    for deal, indices in shows_by_deal(game).items():
        for i in indices:
            event = game.events[i]
            if i < seen and isinstance(event, Shown):
                out.setdefault(deal, set()).add((event.seat, event.crib))
    return out


def _redact_deal(deal: dict[str, Any], log: DealLog, viewer: int | None, shown: set[tuple[int, bool]],
                 players: int) -> None:
    played = {c for _, c, _ in log.plays if c is not None}
    hands: list[list[str]] = []
    for seat, hand in enumerate(log.hands):
        laid = log.discards[seat] or ()
        if seat == viewer:
            hands.append([str(c) for c in hand])
            continue
        known = set(played)
        if (seat, False) in shown:
            known.update(c for c in hand if c not in laid)
        hands.append([str(c) for c in hand if c in known])
    deal["hands"] = hands
    deal["discards"] = [deal["discards"][s] if s == viewer else None for s in range(players)]
    deal["deck_to_crib"] = []
    if (log.dealer, True) in shown:
        deal["crib"] = [str(c) for c in _crib(log)]


def _crib(log: DealLog) -> list[Card]:
    """The crib as its show lays it down: in card order, so it does not say who laid away which card."""
    cards = [c for laid in log.discards if laid for c in laid] + list(log.deck_to_crib)
    return sorted(cards, key=lambda c: (c.rank, c.suit.value))
