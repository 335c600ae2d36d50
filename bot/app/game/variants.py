"""What the rules' variants change at a game's table, decided in one place from its rules and seats: muggins (each
count declared, the others may claim what it missed), counting one's own hands, and partnerships (partners share a
score). The presenter, the invitations, the pictures and the doors ask a game's `Variants` rather than testing
the rules themselves."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.values import GameMeta, SeatKind
from engine.core.game import Phase
from engine.core.rules import Rules


@dataclass(frozen=True, slots=True)
class Variants:
    muggins: bool
    """Each hand and crib is declared at the show, and the others may claim what a count missed."""
    own_counters: tuple[int, ...]
    """The member seats that count their own hands (declared before the true count is shown)."""
    partnerships: bool
    """Partners opposite share a score and a pair of pegs (four players)."""

    @classmethod
    def of(cls, meta: GameMeta) -> Variants:
        rules = meta.rules
        counters = tuple(s for s in meta.self_count if s < len(meta.seats) and meta.seats[s].kind is SeatKind.HUMAN)
        return cls(rules.muggins, counters, teamed(rules))

    def asks_for_a_count(self, phase: Phase) -> bool:
        """Whether a seat's panel at this phase is the muggins declaration or claim."""
        return self.muggins and phase in (Phase.SHOW, Phase.MUGGINS)

    @property
    def table_head(self) -> str:
        """The catalog key of the table's first line, which says muggins is on when it is."""
        return "game.table_head_muggins" if self.muggins else "game.table_head"

    @property
    def invitation_note(self) -> str | None:
        """The catalog key of what an invitation adds about the variant, if anything."""
        return "game.invite_muggins" if self.muggins else None


def teamed(rules: Rules) -> bool:
    """Whether sides of two partners share a score (fewer sides than players)."""
    return rules.teams < rules.players
