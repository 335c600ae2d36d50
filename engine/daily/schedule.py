"""What each day of the week asks for, so a week climbs in difficulty as a crossword's does and the weekend's
problems give the scores.

Monday and Tuesday easy, Wednesday and Thursday medium, Friday hard: points decide (the exact net). Saturday and
Sunday give both scores late in the game, and the chance to win decides; on Sunday the table must disagree with
the points (the discard that scores most on average is not the one that wins most), whatever its level.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from engine.daily.problem import Level


@dataclass(frozen=True, slots=True)
class Demand:
    scores: bool
    level: Level | None
    """None: any level."""
    table_decides: bool = False

    def met(self, level: Level, table_decides: bool) -> bool:
        return (self.level is None or level is self.level) and (table_decides or not self.table_decides)


WEEK = (
    Demand(False, Level.EASY),
    Demand(False, Level.EASY),
    Demand(False, Level.MEDIUM),
    Demand(False, Level.MEDIUM),
    Demand(False, Level.HARD),
    Demand(True, None),
    Demand(True, None, table_decides=True),
)
"""Monday first, as date.weekday() counts."""


def demand_for(day: date) -> Demand:
    return WEEK[day.weekday()]
