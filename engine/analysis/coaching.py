"""Coaching numbers: pace against par, the end-of-deal position zones, and attack or defence.

Par comes from the table's own deal counts when a table is at hand (what the reference strategy
scores per deal as dealer and as pone), else the players' rule of thumb: 16 as dealer and 10 as pone,
26 for two deals. Attack or defence is read off the table: whichever of "four more for me" and "four
fewer for them" moves my chance more.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.analysis.winprob import Unavailable, WinTable

RULE_OF_THUMB = (16.0, 10.0)
DEALER_ZONES = ((76, 86), (102, 112))
"""Where a dealer wants to end a deal in the 121 game (the pone wants to avoid them)."""
SWING = 4


class Stance(Enum):
    ATTACK = "attack"
    DEFENCE = "defence"


@dataclass(frozen=True, slots=True)
class Par:
    dealer: float
    pone: float
    source: str

    @property
    def two_deals(self) -> float:
        return self.dealer + self.pone


def par(table: WinTable | Unavailable | None = None) -> Par:
    """Points per deal as dealer and as pone."""
    counts = table.counts if isinstance(table, WinTable) else None
    if not isinstance(table, WinTable) or counts is None or counts.deals == 0:
        return Par(*RULE_OF_THUMB, source="rule of thumb")
    n = counts.deals
    peg_d = sum(pd * c for pd, row in enumerate(counts.peg) for c in row) / n
    peg_p = sum(pp * c for row in counts.peg for pp, c in enumerate(row)) / n
    hand_p = sum(hp * c for hp, row in enumerate(counts.show) for c in row) / n
    show_d = sum(sd * c for row in counts.show for sd, c in enumerate(row)) / n
    strategy = table.provenance.get("strategy")
    return Par(peg_d + show_d, peg_p + hand_p, source=f"{n:,} deals of the {strategy} strategy")


@dataclass(frozen=True, slots=True)
class Pace:
    score: int
    par: float
    ahead: float
    """Points ahead of par (negative: behind)."""


def pace(score: int, deals_dealt: int, deals_as_pone: int, p: Par | None = None) -> Pace:
    """A score after some deals against what par would have scored in the same deals."""
    if deals_dealt < 0 or deals_as_pone < 0:
        raise ValueError(f"deal counts cannot be negative: {deals_dealt}, {deals_as_pone}")
    p = p or Par(*RULE_OF_THUMB, source="rule of thumb")
    expected = p.dealer * deals_dealt + p.pone * deals_as_pone
    return Pace(score, expected, score - expected)


def in_dealer_zone(score: int, target: int = 121) -> bool:
    """Whether a score at the end of a deal is where a dealer wants to be (121 game only)."""
    if target != 121:
        return False
    return any(lo <= score <= hi for lo, hi in DEALER_ZONES)


def stance(me: int, them: int, i_deal: bool, target: int, table: WinTable | Unavailable) -> Stance | Unavailable:
    """Attack when my own points are worth more than denying theirs, else defence."""
    if isinstance(table, Unavailable):
        return table
    now = table.p_win(me, them, i_deal, target)
    gain = table.p_win(min(me + SWING, target - 1), them, i_deal, target) - now
    save = now - table.p_win(me, min(them + SWING, target - 1), i_deal, target)
    return Stance.ATTACK if gain > save else Stance.DEFENCE


@dataclass(frozen=True, slots=True)
class Coaching:
    p_win: float | Unavailable
    stance: Stance | Unavailable
    pace: Pace
    par: Par
    zone: bool


def coach(me: int, them: int, i_deal: bool, deals_dealt: int, deals_as_pone: int, target: int,
          table: WinTable | Unavailable) -> Coaching:
    """Everything the board shows one player before a deal."""
    p = par(table)
    if isinstance(table, WinTable):
        try:
            chance: float | Unavailable = table.p_win(me, them, i_deal, target)
        except Exception as exc:  # a table without this target
            chance = Unavailable(str(exc))
    else:
        chance = table
    st = stance(me, them, i_deal, target, table) if not isinstance(chance, Unavailable) else chance
    return Coaching(chance, st, pace(me, deals_dealt, deals_as_pone, p), p, in_dealer_zone(me, target))
