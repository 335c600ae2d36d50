"""Muggins at the show, as values: who may claim a missed count, the open claim, and what became of each
declared count.

At a club table every opponent of the player who counted may call muggins, and the first to call takes
the missed points; kept apart from the state machine so each rule can be read (and tested) on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core.rules import Rules


def claimants_of(rules: Rules, seat: int) -> tuple[int, ...]:
    """Every seat that may claim muggins on `seat`'s count: the seats of the other teams (both other players
    with three, the other partnership with four), in turn order from `seat`'s left."""
    n = rules.players
    team = rules.team_of(seat)
    return tuple(s for s in ((seat + k) % n for k in range(1, n)) if rules.team_of(s) != team)


def opponent_after(rules: Rules, seat: int) -> int:
    """The first seat of another team to the left of `seat`: who takes an over-declaration's penalty."""
    return claimants_of(rules, seat)[0]


@dataclass(frozen=True, slots=True)
class MugginsWindow:
    """A count that missed points, open to claims: whose count it was, what it missed, who may still claim."""

    declarer: int
    points: int
    waiting: tuple[int, ...]
    """The eligible seats that have not passed yet, in turn order from the declarer's left (never empty)."""

    def without(self, seat: int) -> MugginsWindow | None:
        """The window after `seat` passed; None once every eligible seat has (the miss is lost)."""
        waiting = tuple(s for s in self.waiting if s != seat)
        return replace(self, waiting=waiting) if waiting else None


@dataclass(frozen=True, slots=True)
class MugginsDeclaration:
    """One count declared in a muggins show, and the answers to it (a record keeps all of this)."""

    seat: int
    crib: bool
    declared: int
    claimed: bool | None = None
    """True: a seat claimed the missed points; False: every eligible seat passed; None: nothing was missed,
    or the answers are still awaited."""
    claimant: int | None = None
    """The seat that claimed the missed points, else None."""
    passes: tuple[int, ...] = ()
    """The seats that passed, in the order they did (before the claim, if one came)."""

    def passed(self, seat: int, closed: bool) -> MugginsDeclaration:
        """`seat` passed; `closed` when it was the last that could claim."""
        return replace(self, passes=(*self.passes, seat), claimed=False if closed else None)

    def claimed_by(self, seat: int) -> MugginsDeclaration:
        return replace(self, claimed=True, claimant=seat)
