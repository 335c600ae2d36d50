"""The whole game as a state machine: cut, deal, lay away, starter, play, show, until a target is hit.

Every change goes through `apply`, which checks the action completely before it touches the
state, so an illegal action raises `IllegalAction` and changes nothing. Chance (cuts, deals,
the starter) arrives as actions as well: from a seeded shuffle when the game has a seed, or
from outside (a real table, a record) when it has none.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations

from engine.actions import Action, Cut, Deal, Declare, Discard, Go, Muggins, Play, Starter
from engine.cards import DECK, JACK, Card, CardError, check_distinct, format_cards
from engine.events import (
    CardPlayed,
    CutCard,
    DealerChosen,
    DealStarted,
    Event,
    GameWon,
    LaidAway,
    Pegged,
    PegMove,
    PegReason,
    SaidGo,
    SeriesReset,
    Shown,
    StarterTurned,
)
from engine.pegging import GO_ITEM, HEELS_ITEM, LAST_ITEM, MAX_COUNT, PegItem, PegKind, play_items
from engine.rules import Rules
from engine.scoring import MAX_HAND, Breakdown, ItemKind, score_hand


class GameError(ValueError):
    """Base of the errors a game raises."""


class IllegalAction(GameError):
    """An action the rules do not allow now; the game is unchanged."""


class Phase(Enum):
    CUT = "cut"
    DEAL = "deal"
    DISCARD = "discard"
    STARTER = "starter"
    PLAY = "play"
    SHOW = "show"
    MUGGINS = "muggins"
    OVER = "over"


CHANCE_PHASES = (Phase.CUT, Phase.DEAL, Phase.STARTER)


@dataclass(slots=True)
class DealLog:
    """Everything a record keeps of one deal, filled in as the deal goes."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...] = ()
    deck_to_crib: tuple[Card, ...] = ()
    discards: list[tuple[Card, ...] | None] = field(default_factory=list)
    starter: Card | None = None
    plays: list[tuple[int, Card | None, int]] = field(default_factory=list)
    """(seat, card, count after) for a card; (seat, None, count) for a go."""
    declarations: list[tuple[int, bool, int, bool | None]] = field(default_factory=list)
    """Muggins games: (seat, crib?, declared, claimed?)."""


@dataclass(frozen=True, slots=True)
class ShowStep:
    seat: int
    crib: bool


class Game:
    """A cribbage game under `rules`. With a `seed`, chance is drawn from a seeded shuffle."""

    def __init__(self, rules: Rules | None = None, seed: int | None = None) -> None:
        self.rules = rules or Rules()
        self.seed = seed
        self._rng = random.Random(seed) if seed is not None else None
        n = self.rules.players
        self.phase = Phase.CUT
        self.cuts: list[tuple[int, Card]] = []
        self._cut_round: dict[int, Card] = {}
        self._cutters: list[int] = list(range(n))
        self.dealer: int = -1
        self.deals: list[DealLog] = []
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.kept: list[tuple[Card, ...]] = [() for _ in range(n)]
        self.discarded: list[tuple[Card, ...] | None] = [None] * n
        self.crib: list[Card] = []
        self.starter: Card | None = None
        self.count = 0
        self.series: list[tuple[int, Card]] = []
        self.said_go: set[int] = set()
        self.turn: int | None = None
        self.last_player: int | None = None
        self.scores: list[int] = [0] * self.rules.teams
        self.backs: list[int] = [0] * self.rules.teams
        self.pegs: list[PegMove] = []
        self.winner: int | None = None
        self._show_queue: list[ShowStep] = []
        self._pending_claim: tuple[int, int] | None = None  # (claimant, points)
        self.events: list[Event] = []
        self.version = 0
        self.start_scores: tuple[int, ...] | None = None
        if self._rng is not None:
            self._run_chance()

    @classmethod
    def at_position(cls, rules: Rules, scores: Sequence[int], dealer: int,
                    seed: int | None = None) -> Game:
        """A game that starts at given scores with a given dealer (no cut): for practice,
        analysis and tests. `scores` has one entry per team (per seat but with four players)."""
        game = cls(rules)
        if len(scores) != rules.teams:
            raise GameError(f"{rules.teams} scores needed, got {len(scores)}")
        if any(not 0 <= s < rules.target for s in scores):
            raise GameError(f"scores must be from 0 to {rules.target - 1}: {list(scores)}")
        if not 0 <= dealer < rules.players:
            raise GameError(f"no seat {dealer} to deal in a {rules.players}-player game")
        game.scores = list(scores)
        game.backs = list(scores)
        game.start_scores = tuple(scores)
        game.dealer = dealer
        game.events.append(DealerChosen(dealer))
        game._start_deal()
        if seed is not None:
            game.seed = seed
            game._rng = random.Random(seed)
            game._run_chance()
        return game

    # ------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def deal_number(self) -> int:
        return len(self.deals) - 1

    @property
    def pone(self) -> int:
        return (self.dealer + 1) % self.rules.players

    def score(self, seat: int) -> int:
        return self.scores[self.rules.team_of(seat)]

    def back(self, seat: int) -> int:
        return self.backs[self.rules.team_of(seat)]

    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (several at once while laying away)."""
        if self.phase is Phase.DISCARD:
            return tuple(s for s in range(self.rules.players) if self.discarded[s] is None)
        if self.phase is Phase.PLAY and self.turn is not None:
            return (self.turn,)
        if self.phase is Phase.SHOW:
            return (self._show_queue[0].seat,)
        if self.phase is Phase.MUGGINS and self._pending_claim is not None:
            return (self._pending_claim[0],)
        return ()

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal player action now, for one seat or for all that may act."""
        seats = self.to_act() if seat is None else (seat,) if seat in self.to_act() else ()
        actions: list[Action] = []
        for s in seats:
            if self.phase is Phase.DISCARD:
                k = self.rules.discard_each
                actions.extend(Discard(s, combo) for combo in combinations(self.hands[s], k))
            elif self.phase is Phase.PLAY:
                room = MAX_COUNT - self.count
                plays = [Play(s, c) for c in self.hands[s] if c.value <= room]
                actions.extend(plays if plays else [Go(s)])
            elif self.phase is Phase.SHOW:
                actions.extend(Declare(s, p) for p in range(MAX_HAND + 1))
            elif self.phase is Phase.MUGGINS:
                actions.extend([Muggins(s, True), Muggins(s, False)])
        return actions

    def playable(self, seat: int) -> list[Card]:
        room = MAX_COUNT - self.count
        return [c for c in self.hands[seat] if c.value <= room]

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        """Check and apply one action; returns the events it caused."""
        if self.phase is Phase.OVER:
            raise IllegalAction(f"the game is over; {action} is not allowed")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(f"not an action: {action!r}")
        start = len(self.events)
        handler(self, action)
        self.version += 1
        if self._rng is not None:
            self._run_chance()
        return self.events[start:]

    def _run_chance(self) -> None:
        assert self._rng is not None
        while self.phase in CHANCE_PHASES:
            if self.phase is Phase.CUT:
                cards = self._rng.sample(DECK, len(self._cutters))
                for seat, card in zip(list(self._cutters), cards, strict=True):
                    self._apply_cut(Cut(seat, card))
            elif self.phase is Phase.DEAL:
                deck = list(DECK)
                self._rng.shuffle(deck)
                self._deck = deck
                self._apply_deal(self._deal_from(deck))
            else:
                used = set(self._all_dealt())
                rest = [c for c in self._deck if c not in used]
                self._apply_starter(Starter(self._rng.choice(rest)))

    def _deal_from(self, deck: list[Card]) -> Deal:
        n, each = self.rules.players, self.rules.cards_each
        hands: list[list[Card]] = [[] for _ in range(n)]
        pos = 0
        for _ in range(each):
            for k in range(1, n + 1):  # one at a time, starting left of the dealer
                hands[(self.dealer + k) % n].append(deck[pos])
                pos += 1
        extra = tuple(deck[pos:pos + self.rules.deck_to_crib])
        return Deal(tuple(tuple(h) for h in hands), extra)

    def _all_dealt(self) -> list[Card]:
        log = self.deals[-1]
        return [c for h in log.hands for c in h] + list(log.deck_to_crib)

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            raise IllegalAction(f"no seat {seat!r} in a {self.rules.players}-player game")

    def _expect(self, phase: Phase, action: Action) -> None:
        if self.phase is not phase:
            raise IllegalAction(f"{action} is not allowed now: the game is in the {self.phase.value} phase")

    # cut ---------------------------------------------------------------------

    def _apply_cut(self, action: Cut) -> None:
        self._expect(Phase.CUT, action)
        seat, card = action.seat, action.card
        self._check_seat(seat)
        if seat not in self._cutters:
            raise IllegalAction(f"seat {seat} does not cut now (cutting: {self._cutters})")
        if seat in self._cut_round:
            raise IllegalAction(f"seat {seat} has already cut {self._cut_round[seat]}")
        if card in self._cut_round.values():
            raise IllegalAction(f"{card} was already cut in this round")
        self._cut_round[seat] = card
        self.cuts.append((seat, card))
        self.events.append(CutCard(seat, card))
        if len(self._cut_round) < len(self._cutters):
            return
        low = min(c.rank for c in self._cut_round.values())
        lowest = [s for s, c in self._cut_round.items() if c.rank == low]
        self._cut_round = {}
        if len(lowest) > 1:
            self._cutters = sorted(lowest)
            return
        self.dealer = lowest[0]
        self.events.append(DealerChosen(self.dealer))
        self._start_deal()

    def _start_deal(self) -> None:
        n = self.rules.players
        self.deals.append(DealLog(self.dealer, discards=[None] * n))
        self.phase = Phase.DEAL
        self.hands = [[] for _ in range(n)]
        self.kept = [() for _ in range(n)]
        self.discarded = [None] * n
        self.crib = []
        self.starter = None
        self.count = 0
        self.series = []
        self.said_go = set()
        self.turn = None
        self.last_player = None
        self.events.append(DealStarted(self.deal_number, self.dealer))

    # deal --------------------------------------------------------------------

    def _apply_deal(self, action: Deal) -> None:
        self._expect(Phase.DEAL, action)
        n, each = self.rules.players, self.rules.cards_each
        if len(action.hands) != n:
            raise IllegalAction(f"a deal needs {n} hands, got {len(action.hands)}")
        for seat, hand in enumerate(action.hands):
            if len(hand) != each:
                raise IllegalAction(f"seat {seat} must be dealt {each} cards, got {len(hand)}")
        if len(action.deck_to_crib) != self.rules.deck_to_crib:
            raise IllegalAction(
                f"the deck gives {self.rules.deck_to_crib} card(s) to the crib, "
                f"got {len(action.deck_to_crib)}")
        try:
            check_distinct([c for h in action.hands for c in h] + list(action.deck_to_crib))
        except CardError as exc:
            raise IllegalAction(f"bad deal: {exc}") from None
        log = self.deals[-1]
        log.hands = tuple(tuple(h) for h in action.hands)
        log.deck_to_crib = tuple(action.deck_to_crib)
        self.hands = [list(h) for h in action.hands]
        self.crib = list(action.deck_to_crib)
        self.phase = Phase.DISCARD

    def _apply_discard(self, action: Discard) -> None:
        self._expect(Phase.DISCARD, action)
        seat = action.seat
        self._check_seat(seat)
        if self.discarded[seat] is not None:
            done = format_cards(self.discarded[seat] or ())
            raise IllegalAction(f"seat {seat} has already laid away {done}")
        k = self.rules.discard_each
        cards = tuple(action.cards)
        if len(cards) != k:
            raise IllegalAction(f"lay away exactly {k} card{'s' if k > 1 else ''}, not {len(cards)}")
        if len(set(cards)) != len(cards):
            raise IllegalAction(f"cannot lay away the same card twice: {format_cards(cards)}")
        for c in cards:
            if c not in self.hands[seat]:
                raise IllegalAction(f"seat {seat} does not hold {c}")
        self.discarded[seat] = cards
        self.deals[-1].discards[seat] = cards
        self.hands[seat] = [c for c in self.hands[seat] if c not in cards]
        self.kept[seat] = tuple(self.hands[seat])
        self.crib.extend(cards)
        self.events.append(LaidAway(seat, len(cards)))
        if all(d is not None for d in self.discarded):
            self.phase = Phase.STARTER

    def _apply_starter(self, action: Starter) -> None:
        self._expect(Phase.STARTER, action)
        card = action.card
        if card in self._all_dealt():
            raise IllegalAction(f"the starter {card} was dealt to a hand or the crib")
        self.starter = card
        self.deals[-1].starter = card
        self.events.append(StarterTurned(card))
        self.phase = Phase.PLAY
        self.turn = self.pone
        if card.rank == JACK:
            self._peg(self.dealer, PegReason.HEELS, (HEELS_ITEM,))

    # play --------------------------------------------------------------------

    def _apply_play(self, action: Play) -> None:
        self._expect(Phase.PLAY, action)
        seat, card = action.seat, action.card
        self._check_seat(seat)
        if seat != self.turn:
            raise IllegalAction(f"it is seat {self.turn}'s turn to play, not seat {seat}'s")
        if card not in self.hands[seat]:
            raise IllegalAction(f"seat {seat} does not hold {card}")
        if self.count + card.value > MAX_COUNT:
            raise IllegalAction(f"{card} would take the count from {self.count} past 31")
        items = play_items([c.rank for _, c in self.series], self.count, card)
        self.hands[seat].remove(card)
        self.series.append((seat, card))
        self.count += card.value
        self.last_player = seat
        self.deals[-1].plays.append((seat, card, self.count))
        self.events.append(CardPlayed(seat, card, self.count))
        if items and self._peg(seat, PegReason.PLAY, items):
            return
        if self.count == MAX_COUNT:
            self._end_series(scored_go=False)
            return
        nxt = self._next_player(seat)
        if nxt is not None:
            self.turn = nxt
        else:
            self._end_series(scored_go=True)

    def _apply_go(self, action: Go) -> None:
        self._expect(Phase.PLAY, action)
        seat = action.seat
        self._check_seat(seat)
        if seat != self.turn:
            raise IllegalAction(f"it is seat {self.turn}'s turn, not seat {seat}'s")
        if self.playable(seat):
            playable = format_cards(self.playable(seat))
            raise IllegalAction(f"seat {seat} cannot say go while able to play ({playable})")
        self.said_go.add(seat)
        self.deals[-1].plays.append((seat, None, self.count))
        self.events.append(SaidGo(seat))
        nxt = self._next_player(seat)
        if nxt is not None:
            self.turn = nxt
        else:
            self._end_series(scored_go=True)

    def _next_player(self, seat: int) -> int | None:
        n = self.rules.players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.hands[s] and s not in self.said_go:
                return s
        return None

    def _end_series(self, scored_go: bool) -> None:
        last = self.last_player
        assert last is not None
        cards_left = any(self.hands)
        if scored_go:
            item, reason = (GO_ITEM, PegReason.GO) if cards_left else (LAST_ITEM, PegReason.LAST)
            if self._peg(last, reason, (item,)):
                return
        self.count = 0
        self.series = []
        self.said_go = set()
        if not cards_left:
            self.turn = None
            self.events.append(SeriesReset(None))
            self._start_show()
            return
        n = self.rules.players
        self.turn = next(s for s in ((last + k) % n for k in range(1, n + 1)) if self.hands[s])
        self.events.append(SeriesReset(self.turn))

    # show --------------------------------------------------------------------

    def _start_show(self) -> None:
        n = self.rules.players
        order = [ShowStep((self.dealer + k) % n, False) for k in range(1, n + 1)]
        self._show_queue = order + [ShowStep(self.dealer, True)]
        self.phase = Phase.SHOW
        if not self.rules.muggins:
            while self._show_queue and not self.over:
                self._count_step(self._show_queue.pop(0), declared=None)
            if not self.over:
                self._next_deal()

    def show_step(self) -> ShowStep | None:
        """In a muggins show: whose hand or crib is being counted now."""
        return self._show_queue[0] if self.phase is Phase.SHOW and self._show_queue else None

    def show_breakdown(self, step: ShowStep) -> Breakdown:
        assert self.starter is not None
        cards = self.crib if step.crib else self.kept[step.seat]
        return score_hand(cards, self.starter, crib=step.crib)

    def _count_step(self, step: ShowStep, declared: int | None) -> bool:
        """Peg a hand or crib; True if that ended the game."""
        breakdown = self.show_breakdown(step)
        self.events.append(Shown(step.seat, step.crib, breakdown, declared))
        points = breakdown.total if declared is None else min(declared, breakdown.total)
        if points == 0:
            return False
        reason = PegReason.CRIB if step.crib else PegReason.HAND
        items = tuple(_peg_item(i.kind, i.points, i.call) for i in breakdown.items)
        return self._peg(step.seat, reason, items, points)

    def _apply_declare(self, action: Declare) -> None:
        self._expect(Phase.SHOW, action)
        step = self._show_queue[0]
        if action.seat != step.seat:
            raise IllegalAction(f"seat {step.seat} counts now, not seat {action.seat}")
        if not isinstance(action.points, int) or not 0 <= action.points <= 29:
            raise IllegalAction(f"a count is a whole number from 0 to 29, not {action.points!r}")
        self._show_queue.pop(0)
        true_total = self.show_breakdown(step).total
        log = self.deals[-1]
        log.declarations.append((step.seat, step.crib, action.points, None))
        if self._count_step(step, action.points):
            return
        if action.points < true_total:
            claimant = self._opponent_after(step.seat)
            self._pending_claim = (claimant, true_total - action.points)
            self.phase = Phase.MUGGINS
            return
        self._after_show_step()

    def _apply_muggins(self, action: Muggins) -> None:
        self._expect(Phase.MUGGINS, action)
        assert self._pending_claim is not None
        claimant, points = self._pending_claim
        if action.seat != claimant:
            raise IllegalAction(f"seat {claimant} may claim muggins now, not seat {action.seat}")
        self._pending_claim = None
        log = self.deals[-1]
        seat, crib, declared, _ = log.declarations[-1]
        log.declarations[-1] = (seat, crib, declared, action.claim)
        self.phase = Phase.SHOW
        if action.claim:
            item = PegItem(PegKind.MUGGINS, points, f"muggins: {points} missed")
            if self._peg(claimant, PegReason.MUGGINS, (item,)):
                return
        self._after_show_step()

    def _after_show_step(self) -> None:
        if not self._show_queue:
            self._next_deal()

    def _opponent_after(self, seat: int) -> int:
        n = self.rules.players
        team = self.rules.team_of(seat)
        return next(s for s in ((seat + k) % n for k in range(1, n)) if self.rules.team_of(s) != team)

    def _next_deal(self) -> None:
        self.dealer = (self.dealer + 1) % self.rules.players
        self._start_deal()

    # pegs --------------------------------------------------------------------

    def _peg(self, seat: int, reason: PegReason, items: Sequence[PegItem],
             points: int | None = None) -> bool:
        """Move the seat's pegs; True if that won the game (which then stops at once).

        `points` differs from the items' sum only for a muggins under-count: the items are the
        true count, the move what the owner declared.
        """
        if points is None:
            points = sum(i.points for i in items)
        team = self.rules.team_of(seat)
        self.backs[team] = self.scores[team]
        self.scores[team] += points
        move = PegMove(self.deal_number, seat, points, reason, tuple(items),
                       self.scores[team], self.backs[team])
        self.pegs.append(move)
        self.events.append(Pegged(move))
        if self.scores[team] >= self.rules.target:
            self.winner = seat
            self.phase = Phase.OVER
            self.turn = None
            final = tuple(self.score(s) for s in range(self.rules.players))
            self.events.append(GameWon(seat, final, self.skunk()))
            return True
        return False

    def skunk(self) -> str | None:
        """'skunk' or 'double skunk' for a finished game whose rules report skunks, else None."""
        if self.winner is None or not self.rules.skunk:
            return None
        win_team = self.rules.team_of(self.winner)
        loser = max(s for t, s in enumerate(self.scores) if t != win_team)
        double = self.rules.double_skunk_line
        if double is not None and loser < double:
            return "double skunk"
        if loser < self.rules.skunk_line:
            return "skunk"
        return None


def _peg_item(kind: ItemKind, points: int, call: str) -> PegItem:
    return PegItem(PegKind(kind.value), points, call)


_HANDLERS = {
    Cut: Game._apply_cut,
    Deal: Game._apply_deal,
    Starter: Game._apply_starter,
    Discard: Game._apply_discard,
    Play: Game._apply_play,
    Go: Game._apply_go,
    Declare: Game._apply_declare,
    Muggins: Game._apply_muggins,
}
