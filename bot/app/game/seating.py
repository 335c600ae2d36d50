"""Who sits where in a new game: the host in seat 0, then the invited members and computer seats in table
order; with four players, partners opposite (seats 0 and 2 against 1 and 3), by a cut or as listed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bot.storage.values import Seat, SeatKind
from engine.core.cards import DECK, Card


class Partners(Enum):
    """Four players: how partners are chosen."""

    CUT = "cut"
    """Each cuts a card; the two lowest play against the two highest (a tie between them cuts again)."""
    LISTED = "listed"
    """The host partners the second member or computer listed."""


@dataclass(frozen=True, slots=True)
class PartnerCut:
    """The cut for partners, to announce: each player's card, in the order they were listed (host first)."""

    names: tuple[str, ...]
    cards: tuple[Card, ...]


def computer_seat(difficulty: str, number: int = 0) -> Seat:
    """A computer seat; `number` tells several computers at one table apart (0: the only one)."""
    name = f"computer {number} ({difficulty})" if number else f"computer ({difficulty})"
    return Seat(SeatKind.COMPUTER, name, "", difficulty)


OPEN_NAME = "open seat"
"""An open seat's name when nobody declined it (a declined seat keeps the name of who declined)."""


def open_seat(declined: str = "") -> Seat:
    """An open seat; `declined`: the member who declined it, so the invitation can say so."""
    return Seat(SeatKind.OPEN, declined or OPEN_NAME)


def invited(user: str, name: str) -> Seat:
    return Seat(SeatKind.HUMAN, name, user, accepted=False)


def arrange(seats: Sequence[Seat], partners: Partners, seed: int) -> tuple[tuple[Seat, ...], PartnerCut | None]:
    """The seats in table order. With four and a cut, the cut decides who sits opposite the host (seat 2)."""
    if len(seats) != 4 or partners is Partners.LISTED:
        return tuple(seats), None
    cards = cut_for_partners(seed)
    low = sorted(range(4), key=lambda i: cards[i].rank)[:2]
    host_low = 0 in low
    partner = next(i for i in range(1, 4) if (i in low) == host_low)
    rest = [i for i in range(1, 4) if i != partner]
    order = (0, rest[0], partner, rest[1])
    return tuple(seats[i] for i in order), PartnerCut(tuple(s.name for s in seats), cards)


def cut_for_partners(seed: int) -> tuple[Card, ...]:
    """Four cards cut from the game's seed: a tie between the second and third lowest cuts again."""
    rng = random.Random(f"partners:{seed}")
    while True:
        cards = tuple(rng.sample(DECK, 4))
        ranks = sorted(c.rank for c in cards)
        if ranks[1] != ranks[2]:
            return cards


def number_computers(seats: Sequence[Seat]) -> tuple[Seat, ...]:
    """Name computer seats 'computer 1 (…)', 'computer 2 (…)' when a table has more than one."""
    computers = [i for i, s in enumerate(seats) if s.kind is SeatKind.COMPUTER]
    if len(computers) < 2:
        return tuple(seats)
    out = list(seats)
    for n, i in enumerate(computers, start=1):
        out[i] = computer_seat(seats[i].difficulty, n)
    return tuple(out)


def seat_computers(seats: Sequence[Seat], taken: Sequence[int], difficulty: str) -> tuple[Seat, ...]:
    """Computers take the seats `taken` in the middle of a game. Once a table has numbered computers they keep
    their numbers and the newcomers get the next ones, so a name never passes to another seat (numbering by
    seat order, as `number_computers` does, would rename 'computer 1' when a lower seat changes hands)."""
    out = list(seats)
    for i in taken:
        out[i] = computer_seat(difficulty)
    present = [i for i, s in enumerate(seats) if s.kind is SeatKind.COMPUTER]
    if len(present) < 2:  # a lone 'computer (x)' is numbered with the newcomers, in seat order
        return number_computers(out)
    for n, i in enumerate(sorted(taken), start=len(present) + 1):
        out[i] = computer_seat(difficulty, n)
    return tuple(out)


def waiting_seats(seats: Sequence[Seat]) -> list[int]:
    """Seats the game cannot start without: unanswered invitations and open seats."""
    return [i for i, s in enumerate(seats) if s.waiting]
