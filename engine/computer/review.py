"""The review of one seat's play in one finished deal: its discard and its pegging, with what each cost.

The discard is judged as the analyzer judges six cards before the starter (the points it cost
against the best net), and, when a win-probability table is at hand, by the chance of winning the
game from the scores before the deal. A chance is never estimated without the table: the review
then carries the table's `Unavailable` reason.

Pegging is judged card by card with hindsight about the opponent's cards but not about the future:
each card the seat could have laid is worth the points it scored at once minus the best reply the
opponent actually held. Plays where another card was worth at least `min_cost` more are listed.
The go and last-card points are left out: they depend on the rest of the series, not on one card.

In games of three or four, only the discard is reviewed (`review_group_deal`): the one card laid away against
the best of the five, valued as the group analyzer values them from the seat's own five cards (what the member
could see when laying away), the crib counted for or against the seat by who owns it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.analysis.discards import DiscardOption, analyze
from engine.analysis.winprob import TableError, Unavailable, WinTable, shipped_table
from engine.computer.group.discards import GroupOption, group_options, side_crib_weight
from engine.computer.winplay import option_chances
from engine.core.cards import Card, parse_card
from engine.core.errors import excerpt
from engine.core.game import DealLog, Game
from engine.core.pegging import MAX_COUNT, lay_points

DEFAULT_SAMPLES = 400
MIN_COST = 2


class ReviewError(ValueError):
    """A deal that cannot be reviewed: not dealt, not finished, not two-player, or no such seat."""


@dataclass(frozen=True, slots=True)
class DealFacts:
    """What a review needs of one deal, from a game's log or from a record."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    """The six cards dealt to each seat."""
    discards: tuple[tuple[Card, ...], ...]
    plays: tuple[tuple[int, Card | None, int], ...]
    """(seat, card or None for a go, count after) in order."""

    @classmethod
    def from_log(cls, log: DealLog) -> DealFacts:
        if len(log.hands) != 2:
            raise ReviewError(f"the deal review is for two-player games, this deal has {len(log.hands) or 'no'} hands")
        if any(d is None for d in log.discards):
            raise ReviewError("the deal was not reviewed: not every seat has laid away yet")
        return cls(log.dealer, tuple(log.hands), tuple(tuple(d or ()) for d in log.discards), tuple(log.plays))

    @classmethod
    def from_record(cls, deal: Mapping[str, Any]) -> DealFacts:
        """One entry of a record's `deals` list (engine.core.record.to_record)."""
        try:
            hands = tuple(tuple(parse_card(c) for c in h) for h in deal["hands"])
            discards_raw = deal.get("discards") or []
            if len(discards_raw) != len(hands) or any(d is None for d in discards_raw):
                raise ReviewError("the deal was not reviewed: not every seat has laid away yet")
            discards = tuple(tuple(parse_card(c) for c in d) for d in discards_raw)
            plays = tuple((int(p["seat"]), None if p.get("go") else parse_card(p["card"]), int(p.get("count", -1)))
                          for p in deal.get("plays", []))
            dealer = int(deal["dealer"])
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, ReviewError):
                raise
            raise ReviewError(f"not a deal of a game record: {exc!r}") from None
        if len(hands) != 2:
            raise ReviewError(f"the deal review is for two-player games, this deal has {len(hands)} hands")
        return cls(dealer, hands, discards, plays)

    def kept(self, seat: int) -> tuple[Card, ...]:
        return tuple(c for c in self.hands[seat] if c not in self.discards[seat])


@dataclass(frozen=True, slots=True)
class WinCost:
    """The discard judged by the chance of winning the game, on the same sampled deals for every option."""

    chosen_p: float
    best: DiscardOption
    best_p: float
    se: float
    """Standard error of one option's chance (differences between options are sharper)."""
    samples: int

    @property
    def cost(self) -> float:
        return self.best_p - self.chosen_p


@dataclass(frozen=True, slots=True)
class DiscardReview:
    cards: tuple[Card, ...]
    dealer: bool
    chosen: DiscardOption
    best: DiscardOption
    rank: int
    """1 for the analyzer's best, up to 15."""
    win: WinCost | Unavailable

    @property
    def points_cost(self) -> float:
        """Expected points the discard gave up against the analyzer's best (0 when it was the best)."""
        return self.best.net - self.chosen.net


@dataclass(frozen=True, slots=True)
class PlayChoice:
    card: Card
    points: int
    """Points the card scored (or would have scored) at once."""
    reply: int
    """The opponent's best reply with the cards they actually held."""

    @property
    def net(self) -> int:
        return self.points - self.reply


@dataclass(frozen=True, slots=True)
class PeggingSlip:
    """A card laid when another was clearly better."""

    play_index: int
    """Index into the deal's plays."""
    count: int
    """The count before the card."""
    played: PlayChoice
    better: PlayChoice

    @property
    def cost(self) -> int:
        return self.better.net - self.played.net


@dataclass(frozen=True, slots=True)
class DealReview:
    deal: int
    seat: int
    dealer: bool
    scores_before: tuple[int, int] | None
    """(the seat's, the opponent's) before the deal, when known."""
    discard: DiscardReview
    slips: tuple[PeggingSlip, ...]

    @property
    def pegging_cost(self) -> int:
        return sum(s.cost for s in self.slips)


def review_deal(facts: DealFacts, seat: int, *, deal: int = 0, scores_before: tuple[int, int] | None = None,
                target: int = 121, table: WinTable | Unavailable | None = None, samples: int = DEFAULT_SAMPLES,
                seed: int = 0, min_cost: int = MIN_COST) -> DealReview:
    """Review `seat`'s discard and pegging in one deal. `table` None means the shipped table."""
    if seat not in (0, 1):
        raise ReviewError(f"no seat {excerpt(seat)} in a two-player game")
    discard = review_discard(facts, seat, scores_before=scores_before, target=target, table=table,
                             samples=samples, seed=seed)
    slips = pegging_slips(facts, seat, min_cost=min_cost)
    return DealReview(deal, seat, facts.dealer == seat, scores_before, discard, slips)


def review_game_deal(game: Game, deal: int, seat: int, **options: Any) -> DealReview:
    """Review a deal of a game in memory; the scores before it come from the game's peg moves."""
    if not 0 <= deal < len(game.deals):
        raise ReviewError(f"no deal {deal}: the game has {len(game.deals)}")
    if game.rules.players != 2:
        raise ReviewError(f"the deal review is for two-player games, not {game.rules.players}-player")
    start = tuple(game.start_scores) if game.start_scores is not None else (0, 0)
    fronts = _scores_before([(m.deal, m.seat, m.front) for m in game.pegs], deal, start)
    options.setdefault("target", game.rules.target)
    return review_deal(DealFacts.from_log(game.deals[deal]), seat, deal=deal,
                       scores_before=(fronts[seat], fronts[1 - seat]), **options)


def review_record_deal(record: Mapping[str, Any], deal: int, seat: int, **options: Any) -> DealReview:
    """Review a deal of a game record (engine.core.record.to_record); scores before it from its `pegs`."""
    rules = record.get("rules") or {}
    if int(rules.get("players", 2)) != 2:
        raise ReviewError(f"the deal review is for two-player games, not {rules.get('players')}-player")
    deals = record.get("deals") or []
    if not 0 <= deal < len(deals):
        raise ReviewError(f"no deal {deal}: the record has {len(deals)}")
    try:
        start_info = record.get("start")
        start = tuple(int(s) for s in start_info["scores"]) if start_info else (0, 0)
        pegs = [(int(p["deal"]), int(p["seat"]), int(p["front"])) for p in record.get("pegs", [])]
    except (KeyError, TypeError, ValueError) as exc:
        raise ReviewError(f"the record's start or peg moves are unreadable: {exc!r}") from None
    fronts = _scores_before(pegs, deal, start)
    options.setdefault("target", int(rules.get("target", 121)))
    return review_deal(DealFacts.from_record(deals[deal]), seat, deal=deal,
                       scores_before=(fronts[seat], fronts[1 - seat]), **options)


GROUP_RIVAL = 0.5
"""Three players: what a crib point of one opponent costs the seat (the other opponent loses by it too); the
computer players weigh it the same."""


@dataclass(frozen=True, slots=True)
class GroupDiscardReview:
    """One seat's lay-away in a deal of three or four: the card laid away against the best of the five."""

    deal: int
    seat: int
    dealer: int
    cards: tuple[Card, ...]
    """The five cards dealt to the seat."""
    crib_weight: float
    """What a point of this deal's crib was worth to the seat: 1 for its side's crib, less than 0 for another's."""
    chosen: GroupOption
    best: GroupOption
    rank: int
    """1 for the best, up to 5."""

    def worth(self, option: GroupOption) -> float:
        """The option's expected points for the seat: its kept hand, and the crib as it counts for the seat."""
        return option.hand_ev + self.crib_weight * option.crib_ev

    @property
    def points_cost(self) -> float:
        return self.worth(self.best) - self.worth(self.chosen)


def review_group_deal(game: Game, deal: int, seat: int) -> GroupDiscardReview:
    """Review a seat's lay-away in a finished deal of a three- or four-player game in memory."""
    if not 0 <= deal < len(game.deals):
        raise ReviewError(f"no deal {deal}: the game has {len(game.deals)}")
    if game.rules.players == 2 or not 0 <= seat < game.rules.players:
        raise ReviewError(f"no seat {excerpt(seat)} of a group game with {game.rules.players} players")
    log = game.deals[deal]
    thrown = log.discards[seat] if seat < len(log.discards) else None
    if not thrown or len(log.hands) <= seat:
        raise ReviewError("the deal was not reviewed: not every seat has laid away yet")
    weight = side_crib_weight(game.rules, log.dealer, seat, GROUP_RIVAL)
    options = group_options(log.hands[seat])
    ranked = sorted(options, key=lambda o: -(o.hand_ev + weight * o.crib_ev))
    rank, chosen = next((i, o) for i, o in enumerate(ranked, 1) if o.discard == thrown[0])
    return GroupDiscardReview(deal, seat, log.dealer, tuple(log.hands[seat]), weight, chosen, ranked[0], rank)


def _scores_before(pegs: Sequence[tuple[int, int, int]], deal: int, start: tuple[int, ...]) -> list[int]:
    fronts = list(start)
    for d, seat, front in pegs:
        if d >= deal:
            break
        fronts[seat] = front
    return fronts


def review_discard(facts: DealFacts, seat: int, *, scores_before: tuple[int, int] | None = None,
                   target: int = 121, table: WinTable | Unavailable | None = None,
                   samples: int = DEFAULT_SAMPLES, seed: int = 0) -> DiscardReview:
    """The seat's discard against the analyzer's best, in points and (with a table) in chance of winning."""
    cards = facts.hands[seat]
    dealer = facts.dealer == seat
    analysis = analyze(cards, dealer)
    thrown = set(facts.discards[seat])
    rank, chosen = next((i, o) for i, o in enumerate(analysis.options, 1) if set(o.discard) == thrown)
    return DiscardReview(cards, dealer, chosen, analysis.best, rank,
                         _win_cost(analysis.options, chosen, cards, dealer, scores_before, target, table,
                                   samples, seed))


def _win_cost(options: Sequence[DiscardOption], chosen: DiscardOption, cards: Sequence[Card], dealer: bool,
              scores: tuple[int, int] | None, target: int, table: WinTable | Unavailable | None,
              samples: int, seed: int) -> WinCost | Unavailable:
    table = shipped_table() if table is None else table
    if isinstance(table, Unavailable):
        return table
    if scores is None:
        return Unavailable("the scores before the deal are not known")
    try:
        chances = option_chances(cards, dealer, scores[0], scores[1], target, table, samples=samples, seed=seed,
                                 options=options)
    except (TableError, ValueError) as exc:
        return Unavailable(str(exc))
    mine = next(c for c in chances if c.option == chosen)
    return WinCost(mine.p_win, chances[0].option, chances[0].p_win, mine.se, mine.samples)


def pegging_slips(facts: DealFacts, seat: int, *, min_cost: int = MIN_COST) -> tuple[PeggingSlip, ...]:
    """The seat's card plays where another card it held was worth at least `min_cost` more."""
    held = [list(facts.kept(0)), list(facts.kept(1))]
    other = 1 - seat
    series: list[int] = []
    count = 0
    said_go: set[int] = set()
    slips: list[PeggingSlip] = []
    for i, (who, card, after) in enumerate(facts.plays):
        if card is None:
            said_go.add(who)
            continue
        # a new series began before this card: the recorded count says so, or (without it) the
        # player had said go in this series or the card would pass 31
        restarted = after == card.value if after >= 0 else who in said_go or count + card.value > MAX_COUNT
        if count and restarted:
            series, count, said_go = [], 0, set()
        if who == seat:
            opponent = [] if other in said_go else held[other]
            choices = {c: _choice(series, count, c, opponent) for c in held[seat] if count + c.value <= MAX_COUNT}
            if card not in choices:
                raise ReviewError(f"play {i}: seat {seat} lays {card}, which it did not hold or could not lay")
            best = max(choices.values(), key=lambda ch: (ch.net, ch.points))
            if best.net - choices[card].net >= min_cost:
                slips.append(PeggingSlip(i, count, choices[card], best))
        if card not in held[who]:
            raise ReviewError(f"play {i}: seat {who} lays {card}, which it did not hold")
        held[who].remove(card)
        series.append(card.rank)
        count += card.value
        if count == MAX_COUNT:
            series, count, said_go = [], 0, set()
    return tuple(slips)


def _choice(series: Sequence[int], count: int, card: Card, opponent: Sequence[Card]) -> PlayChoice:
    points = lay_points(series, count, card.rank)
    after = count + card.value
    if after == MAX_COUNT:
        return PlayChoice(card, points, 0)
    ranks = [*series, card.rank]
    replies = [lay_points(ranks, after, o.rank) for o in opponent if after + o.value <= MAX_COUNT]
    return PlayChoice(card, points, max(replies, default=0))
