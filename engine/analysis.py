"""The discard analyzer: every way to lay away cards, valued exactly over starters and crib cards."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to lay away: the kept hand's value over every starter, the crib's, and the net."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_ev: float
    hand_min: int
    hand_max: int
    crib_ev: float
    net: float
