"""What one seat may know: the only view a computer player or a player-facing screen gets.

An observation is built from the game but holds none of it: no deck, no other hand, no
reference back to the state. Everything in it is either the seat's own or public.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.cards import DECK, Card
from engine.core.game import Game, Phase
from engine.core.rules import Rules


@dataclass(frozen=True, slots=True)
class PublicPlay:
    """A card laid in the play (or a go, with card None) and the count after it."""

    seat: int
    card: Card | None
    count: int


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    rules: Rules
    phase: Phase
    deal: int
    dealer: int
    hand: tuple[Card, ...]
    """The cards this seat holds now (before laying away: all dealt; in the play: still unplayed)."""
    kept: tuple[Card, ...]
    """The four (or four of five) this seat kept, once it has laid away."""
    discards: tuple[Card, ...]
    starter: Card | None
    plays: tuple[PublicPlay, ...]
    """Every card and go of this deal's play so far, in order."""
    series: tuple[Card, ...]
    """The cards since the count was last reset."""
    count: int
    said_go: tuple[int, ...]
    cards_held: tuple[int, ...]
    """How many cards each seat still holds (public: anyone can count them)."""
    scores: tuple[int, ...]
    backs: tuple[int, ...]
    """Front and back pegs per seat (partners show the same)."""
    crib: tuple[Card, ...]
    """The crib's cards, once it is turned over in the show (empty before)."""
    counting_crib: bool
    """In a muggins show, whether the count asked for now is the crib's (else a hand's)."""
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    """This seat's legal actions now (empty when it is not its turn)."""
    winner: int | None

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat has not seen: candidates for other hands, the crib and the starter."""
        seen = {*self.hand, *self.kept, *self.discards, *self.series, *self.crib}
        seen.update(p.card for p in self.plays if p.card is not None)
        if self.starter is not None:
            seen.add(self.starter)
        return tuple(c for c in DECK if c not in seen)


def observe(game: Game, seat: int) -> Observation:
    """The observation of `seat` in `game` now."""
    n = game.rules.players
    if not 0 <= seat < n:
        raise ValueError(f"no seat {seat} in a {n}-player game")
    log = game.deals[-1] if game.deals else None
    plays: tuple[PublicPlay, ...] = ()
    if log is not None:
        plays = tuple(PublicPlay(s, c, k) for s, c, k in log.plays)
    discards = game.discarded[seat] or () if game.deals else ()
    step = game.show_step()
    return Observation(
        seat=seat,
        rules=game.rules,
        phase=game.phase,
        deal=max(game.deal_number, 0),
        dealer=game.dealer,
        hand=tuple(game.hands[seat]),
        kept=game.kept[seat],
        discards=tuple(discards),
        starter=game.starter,
        plays=plays,
        series=tuple(c for _, c in game.series),
        count=game.count,
        said_go=tuple(sorted(game.said_go)),
        cards_held=tuple(len(h) for h in game.hands),
        scores=tuple(game.score(s) for s in range(n)),
        backs=tuple(game.back(s) for s in range(n)),
        crib=tuple(game.crib) if game.phase in (Phase.SHOW, Phase.MUGGINS) else (),
        counting_crib=step is not None and step.crib,
        to_act=game.to_act(),
        legal=tuple(game.legal_actions(seat)),
        winner=game.winner,
    )
