"""The whole game as a state machine: cut, deal, lay away, starter, play, show, until a target is hit.

Every change goes through `apply`, which checks the action completely before it touches the
state, so an illegal action raises `IllegalAction` and changes nothing. Chance (cuts, deals,
the starter) arrives as actions as well: from a seeded shuffle when the game has a seed, or
from outside (a real table, a record) when it has none.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations
from typing import Any

from engine.core.actions import Action, Cut, Deal, Declare, Discard, Go, Muggins, Play, Starter
from engine.core.cards import DECK, JACK, Card
from engine.core.events import (
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
from engine.core.legality import GameError as GameError
from engine.core.legality import Illegal as Illegal
from engine.core.legality import IllegalAction as IllegalAction
from engine.core.legality import (
    check_claimant,
    check_counter,
    check_cut,
    check_deal,
    check_declared,
    check_discard,
    check_go,
    check_held,
    check_lay,
    check_seat,
    check_starter,
    check_turn,
)
from engine.core.muggins import MugginsDeclaration, MugginsWindow, claimants_of
from engine.core.muggins import opponent_after as opponent_after
from engine.core.pegging import GO_ITEM, HEELS_ITEM, LAST_ITEM, MAX_COUNT, PegItem, PegKind, play_items
from engine.core.rules import Overcount, Rules
from engine.core.scoring import MAX_HAND, Breakdown, ItemKind, score_hand


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
    declarations: list[MugginsDeclaration] = field(default_factory=list)
    """Muggins games: every count declared in the show, with the answers to it."""

    def dealt(self) -> list[Card]:
        """Every card dealt: the hands, and the deck's card to a three-player crib."""
        return [c for h in self.hands for c in h] + list(self.deck_to_crib)


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
        self._clear_deal()
        self.scores: list[int] = [0] * self.rules.teams
        self.backs: list[int] = [0] * self.rules.teams
        self.pegs: list[PegMove] = []
        self.winner: int | None = None
        self._show_queue: list[ShowStep] = []
        self._window: MugginsWindow | None = None
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
        check_position(rules, scores, dealer)
        game = cls(rules)
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
        return self.claimants()

    def claimants(self) -> tuple[int, ...]:
        """Who may still claim (or pass on) a missed count, in turn order from the declarer's left; else ()."""
        return self._window.waiting if self.phase is Phase.MUGGINS and self._window is not None else ()

    @property
    def muggins_window(self) -> MugginsWindow | None:
        """The open claim (whose count, how many points missed, who may still claim), else None."""
        return self._window if self.phase is Phase.MUGGINS else None

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal player action now, for one seat or for all that may act."""
        seats = self.to_act() if seat is None else (seat,) if seat in self.to_act() else ()
        actions: list[Action] = []
        for s in seats:
            if self.phase is Phase.DISCARD:
                k = self.rules.discard_each
                actions.extend(Discard(s, combo) for combo in combinations(self.hands[s], k))
            elif self.phase is Phase.PLAY:
                plays = [Play(s, c) for c in self.playable(s)]
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
            raise IllegalAction(Illegal.GAME_OVER, f"the game is over; {action} is not allowed", action=action)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(Illegal.NOT_AN_ACTION, f"not an action: {action!r}", action=action)
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
                self._apply_deal(deal_from(deck, self.dealer, self.rules))
            else:
                used = set(self.deals[-1].dealt())
                rest = [c for c in self._deck if c not in used]
                self._apply_starter(Starter(self._rng.choice(rest)))

    def _expect(self, phase: Phase, action: Action) -> None:
        if self.phase is not phase:
            raise IllegalAction(Illegal.WRONG_PHASE, f"{action} is not allowed now: the game is in the "
                                f"{self.phase.value} phase", action=action, phase=self.phase, expected=phase)

    # cut ---------------------------------------------------------------------

    def _apply_cut(self, action: Cut) -> None:
        self._expect(Phase.CUT, action)
        seat, card = action.seat, action.card
        check_seat(seat, self.rules.players)
        check_cut(seat, card, self._cutters, self._cut_round)
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
        self.deals.append(DealLog(self.dealer, discards=[None] * self.rules.players))
        self.phase = Phase.DEAL
        self._clear_deal()
        self.events.append(DealStarted(self.deal_number, self.dealer))

    def _clear_deal(self) -> None:
        """Nothing dealt, laid away, turned or played: how the game starts, and every deal."""
        n = self.rules.players
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

    # deal --------------------------------------------------------------------

    def _apply_deal(self, action: Deal) -> None:
        self._expect(Phase.DEAL, action)
        check_deal(action, self.rules.players, self.rules.cards_each, self.rules.deck_to_crib)
        log = self.deals[-1]
        log.hands = tuple(tuple(h) for h in action.hands)
        log.deck_to_crib = tuple(action.deck_to_crib)
        self.hands = [list(h) for h in action.hands]
        self.crib = list(action.deck_to_crib)
        self.phase = Phase.DISCARD

    def _apply_discard(self, action: Discard) -> None:
        self._expect(Phase.DISCARD, action)
        seat, cards = action.seat, tuple(action.cards)
        check_seat(seat, self.rules.players)
        check_discard(seat, cards, self.hands[seat], self.discarded[seat], self.rules.discard_each)
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
        check_starter(card, self.deals[-1].dealt())
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
        check_seat(seat, self.rules.players)
        check_turn(seat, self.turn, "turn to play")
        check_held(seat, card, self.hands[seat])
        check_lay(card, self.count)
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
        nxt = next_to_play(self.hands, self.said_go, seat)
        if nxt is not None:
            self.turn = nxt
        else:
            self._end_series(scored_go=True)

    def _apply_go(self, action: Go) -> None:
        self._expect(Phase.PLAY, action)
        seat = action.seat
        check_seat(seat, self.rules.players)
        check_turn(seat, self.turn)
        check_go(seat, self.playable(seat))
        self.said_go.add(seat)
        self.deals[-1].plays.append((seat, None, self.count))
        self.events.append(SaidGo(seat))
        nxt = next_to_play(self.hands, self.said_go, seat)
        if nxt is not None:
            self.turn = nxt
        else:
            self._end_series(scored_go=True)

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
        check_counter(action.seat, step.seat)
        check_declared(action.points)
        self._show_queue.pop(0)
        true_total = self.show_breakdown(step).total
        self.deals[-1].declarations.append(MugginsDeclaration(step.seat, step.crib, action.points))
        if self._count_step(step, action.points):
            return
        if action.points < true_total:
            self._window = MugginsWindow(step.seat, true_total - action.points, claimants_of(self.rules, step.seat))
            self.phase = Phase.MUGGINS
            return
        over = action.points - true_total
        if over and self.rules.overcount is Overcount.PENALTY:
            item = PegItem(PegKind.MUGGINS, over, f"muggins: {over} over-claimed")
            if self._peg(opponent_after(self.rules, step.seat), PegReason.MUGGINS, (item,)):
                return
        self._after_show_step()

    def _apply_muggins(self, action: Muggins) -> None:
        """The first claim takes the missed points; a pass leaves them to the seats still to answer."""
        self._expect(Phase.MUGGINS, action)
        window, seat = self._window, action.seat
        assert window is not None
        check_seat(seat, self.rules.players)
        check_claimant(seat, window.declarer, window.waiting,
                       self.rules.team_of(seat) == self.rules.team_of(window.declarer))
        self._window = None if action.claim else window.without(seat)
        said = self.deals[-1].declarations
        said[-1] = said[-1].claimed_by(seat) if action.claim else said[-1].passed(seat, closed=self._window is None)
        if self._window is not None:
            return
        self.phase = Phase.SHOW
        if action.claim:
            item = PegItem(PegKind.MUGGINS, window.points, f"muggins: {window.points} missed")
            if self._peg(seat, PegReason.MUGGINS, (item,)):
                return
        self._after_show_step()

    def _after_show_step(self) -> None:
        if not self._show_queue:
            self._next_deal()

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
        return skunk_of(self.rules, self.scores, self.rules.team_of(self.winner))


def next_to_play(hands: Sequence[Sequence[Card]], said_go: Collection[int], seat: int) -> int | None:
    """The next seat after `seat` that still holds cards and has not said go, or None."""
    n = len(hands)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if hands[s] and s not in said_go:
            return s
    return None


def check_position(rules: Rules, scores: Sequence[int], dealer: int) -> None:
    """A GameError unless a game under `rules` can start at `scores` with `dealer` dealing."""
    if len(scores) != rules.teams:
        raise GameError(f"{rules.teams} scores needed, got {len(scores)}")
    if any(not 0 <= s < rules.target for s in scores):
        raise GameError(f"scores must be from 0 to {rules.target - 1}: {list(scores)}")
    if not 0 <= dealer < rules.players:
        raise GameError(f"no seat {dealer} to deal in a {rules.players}-player game")


def skunk_of(rules: Rules, scores: Sequence[int], winning_team: int) -> str | None:
    """How badly the best-placed loser lost: 'double skunk', 'skunk' or None."""
    loser = max(s for t, s in enumerate(scores) if t != winning_team)
    double = rules.double_skunk_line
    if double is not None and loser < double:
        return "double skunk"
    if loser < rules.skunk_line:
        return "skunk"
    return None


def deal_from(deck: Sequence[Card], dealer: int, rules: Rules) -> Deal:
    """The deal a shuffled deck gives: one card at a time, starting left of the dealer."""
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    pos = 0
    for _ in range(rules.cards_each):
        for k in range(1, n + 1):
            hands[(dealer + k) % n].append(deck[pos])
            pos += 1
    return Deal(tuple(tuple(h) for h in hands), tuple(deck[pos:pos + rules.deck_to_crib]))


def _peg_item(kind: ItemKind, points: int, call: str) -> PegItem:
    return PegItem(PegKind(kind.value), points, call)


_HANDLERS: dict[type, Callable[[Game, Any], None]] = {  # Any: each handler takes the action type it is filed under
    Cut: Game._apply_cut,
    Deal: Game._apply_deal,
    Starter: Game._apply_starter,
    Discard: Game._apply_discard,
    Play: Game._apply_play,
    Go: Game._apply_go,
    Declare: Game._apply_declare,
    Muggins: Game._apply_muggins,
}
