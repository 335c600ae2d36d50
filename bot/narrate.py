"""Game events as the lines a table hears: who played what, the count, and every call."""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import (
    CardPlayed,
    CutCard,
    DealerChosen,
    DealStarted,
    Event,
    GameWon,
    LaidAway,
    Pegged,
    PegReason,
    SaidGo,
    SeriesReset,
    Shown,
    StarterTurned,
)


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One line for a public event, or None for events a table does not announce."""
    match event:
        case CutCard(seat, card):
            return f"{names[seat]} cuts {card.pretty()}"
        case DealerChosen(seat):
            return f"{names[seat]} cut low and deals first"
        case DealStarted(deal, dealer):
            return f"— deal {deal + 1}: {names[dealer]} deals —"
        case LaidAway(seat, count):
            return f"{names[seat]} lays away {count} card{'s' if count > 1 else ''}"
        case StarterTurned(card):
            return f"starter: {card.pretty()}"
        case CardPlayed(seat, card, count):
            return f"{names[seat]} plays {card.pretty()}: {count}"
        case SaidGo(seat):
            return f"{names[seat]}: go"
        case SeriesReset(leader):
            return "count goes back to 0" + (f"; {names[leader]} leads" if leader is not None else "")
        case Shown(seat, crib, breakdown, declared):
            whose = f"{names[seat]}'s {'crib' if crib else 'hand'}"
            cards = " ".join(c.pretty() for c in breakdown.hand)
            said = f" (declared {declared})" if declared is not None else ""
            return (f"{whose}: {cards} + {breakdown.starter.pretty()} — {breakdown.call}"
                    f" = {breakdown.total}{said}")
        case Pegged(move):
            if move.reason in (PegReason.HAND, PegReason.CRIB):
                return f"  {names[move.seat]} pegs {move.points} → {move.front}"
            return f"  {names[move.seat]}: {move.call} → {move.front}"
        case GameWon(winner, final, skunk):
            scores = " to ".join(str(s) for s in final)
            tail = f" ({skunk})" if skunk else ""
            return f"{names[winner]} wins, {scores}{tail}"
    return None
