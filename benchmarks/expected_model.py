"""Reading the opponents as exactly `expected`, run by hand through benchmarks/group_deals.py (`model=expected`) and
benchmarks/group_read_models.py: a bound, not a player. No real seat knows its opponents' rule; a seat that did would
guess their hands from the exact chance of each, given every throw and lay (the deal's cards dealt at random, the
throw and each lay `expected`'s choice), and no reading of the lays can do better against `expected`.

A guess of an opponent's hand is kept only if, holding it and one more unseen card, `expected` would have laid away
that card (`hand_ev_discard`: the kept four's average over every starter, the crib card's rough worth for or against
the seat as it deals or not) and laid each card it laid (`one_ply`: points now less the next seat's expected best
reply from the cards unseen by it then), ties either way.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from engine.computer.expert import seat_spots
from engine.computer.group.pegging import Guesser
from engine.computer.strategies import CRIB_CARD_VALUE
from engine.core.cards import Card
from engine.core.observation import Observation
from engine.core.pegging import MAX_COUNT, best_reply_worth, lay_points
from engine.core.scoring import RANK_WEIGHT, rank_key, rank_points

TIE = 1e-9
STARTERS = 47
"""The cards a seat has not seen when it lays away: the deck less its five."""


def pips(rank: int) -> int:
    return min(rank, 10)


def throw_values(five: Sequence[Card], dealer: bool) -> list[float]:
    """`expected`'s value of laying away each of `five` (as `hand_ev_discard` counts it, from rank keys)."""
    ranks = Counter(c.rank for c in five)
    suits = Counter(c.suit for c in five)
    out = []
    for card in five:
        keep = [c for c in five if c is not card]
        key = rank_key([c.rank for c in keep])
        total = float(sum((4 - ranks[r]) * rank_points(key + RANK_WEIGHT[r]) for r in range(1, 14) if ranks[r] < 4))
        if all(c.suit is keep[0].suit for c in keep):
            total += 4 * STARTERS + 13 - suits[keep[0].suit]
        total += sum(13 - suits[c.suit] for c in keep if c.rank == 11)
        crib = CRIB_CARD_VALUE[card.rank]
        out.append(total / STARTERS + (crib if dealer else -crib))
    return out


def expected_throws(five: Sequence[Card], dealer: bool) -> list[Card]:
    """The cards `expected` may lay away from `five` (more than one on a tie)."""
    values = throw_values(five, dealer)
    best = max(values)
    return [c for c, v in zip(five, values, strict=True) if v >= best - TIE]


def lay_value(series: Sequence[int], count: int, rank: int, facing: int, unseen: Counter[int]) -> float:
    """`one_ply` of laying `rank`, from the rank counts of the cards the seat has not seen."""
    after = count + pips(rank)
    mine = lay_points(series, count, rank) + 0.01 * pips(rank)
    n = sum(unseen.values())
    if after == MAX_COUNT or facing == 0 or n == 0:
        return mine
    h = min(facing, n)
    total = comb(n, h)
    return mine - best_reply_worth([*series, rank], after, lambda q: 1 - comb(n - unseen[q], h) / total)


@dataclass(frozen=True, slots=True)
class Lay:
    """One lay as the laying seat saw it: the series and count before it, its rank, the cards the next seat held,
    and the ranks it had seen laid by others before it (the starter too)."""

    series: list[int]
    count: int
    rank: int
    facing: int
    seen: list[int]


def seat_lays(obs: Observation) -> list[list[Lay]]:
    """Every card each seat has laid this deal (`seat_spots`), with the ranks it had seen then."""
    spots = seat_spots(obs)
    laid = [(p.seat, p.card.rank) for p in obs.plays if p.card is not None]
    starter = [] if obs.starter is None else [obs.starter.rank]
    lays: list[list[Lay]] = [[] for _ in spots]
    for i, (seat, _) in enumerate(laid):
        spot = spots[seat][len(lays[seat])]
        seen = [r for s, r in laid[:i] if s != seat] + starter
        lays[seat].append(Lay(spot.series, spot.before, spot.laid, spot.facing, seen))
    return lays


def lays_as_expected(lays: Sequence[Lay], five: Sequence[Card], keep: Sequence[Card]) -> bool:
    """Whether `expected`, dealt `five` and holding `keep` besides the cards it laid, would have laid each of them."""
    dealt = Counter(c.rank for c in five)
    laid = [lay.rank for lay in lays]
    for i, lay in enumerate(lays):
        holding = [c.rank for c in keep] + laid[i:]
        options = {r for r in holding if lay.count + pips(r) <= MAX_COUNT}
        if len(options) < 2:
            continue
        unseen = Counter({r: 4 for r in range(1, 14)})
        unseen.subtract(dealt)
        unseen.subtract(lay.seen)
        values = {r: lay_value(lay.series, lay.count, r, lay.facing, unseen) for r in options}
        if values[lay.rank] < max(values.values()) - TIE:
            return False
    return True


class ExpectedReading(Guesser):
    """The group expert's guesses with every opponent read as exactly `expected` (the partner as the expert reads
    it), up to `tries` draws a seat before a plain guess stands."""

    def __init__(self, obs: Observation, read: bool, play_model: float, careful_reading: bool, tries: int,
                 knowing_reading: bool = False, model_tries: int = 48) -> None:
        super().__init__(obs, read, play_model, careful_reading, tries, knowing_reading)
        self.lays = seat_lays(obs)
        self.model_tries = model_tries

    def draw(self, pool: list[Card], seat: int, rng: random.Random) -> list[Card] | None:
        obs = self.obs
        if obs.rules.team_of(seat) == obs.rules.team_of(obs.seat):
            return super().draw(pool, seat, rng)
        need, floor, played = obs.cards_held[seat], self.floors[seat], self.played[seat]
        if len(pool) < need + 1:
            return None
        for _ in range(self.model_tries):
            drawn = rng.sample(pool, need + 1)
            five = [*played, *drawn]
            thrown = [c for c in expected_throws(five, seat == obs.dealer) if any(c is d for d in drawn)]
            if not thrown:
                continue
            keep = [c for c in drawn if c is not thrown[0]]
            if all(c.value > floor for c in keep) and lays_as_expected(self.lays[seat], five, keep):
                return keep
        return None
