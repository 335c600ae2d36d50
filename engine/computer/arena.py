"""Duplicate-pair matches between two computer strengths, and the figures they give.

Every pair plays one seeded deck sequence twice with the seats swapped, so both sides see the
same cards in the same seats and most of the luck of the deal cancels out. A match is a sum of
`ArenaTally` values, one per game, and tallies add exactly (integers only), so a match split
across processes gives the same totals as one played in a single process.
"""

from __future__ import annotations

import math
from dataclasses import Field, dataclass, field, fields, replace
from typing import Any, ClassVar, Self

from engine.computer.players import make_player
from engine.computer.selfplay import play_game
from engine.core.events import PegReason
from engine.core.game import Game
from engine.core.rules import Rules

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

PAIR_SEED_STRIDE = 2**32
"""Pair i of a match with seed S is dealt from seed S * stride + i, so matches with nearby seeds
do not share deck sequences (as `seed + i` would)."""

A, B = 0, 1
"""The two sides of a match: A is the first strength named, B the second."""

PEGGING_REASONS = (PegReason.PLAY, PegReason.GO, PegReason.LAST)


class _Additive:
    """Field-by-field addition for frozen dataclasses of numbers (and of other such dataclasses)."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # set by @dataclass on each subclass

    def __add__(self, other: Self) -> Self:
        if type(other) is not type(self):
            return NotImplemented
        return replace(self, **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)})


@dataclass(frozen=True, slots=True)
class RoleTally(_Additive):
    """Points one side scored in one role (dealer or pone) over `deals` complete deals."""

    deals: int = 0
    pegging: int = 0
    """Points for play, go and last card."""
    hand: int = 0
    crib: int = 0
    heels: int = 0

    @property
    def total(self) -> int:
        return self.pegging + self.hand + self.crib + self.heels

    def per_deal(self) -> dict[str, float]:
        """Average points a deal by kind (zeros when there were no deals)."""
        n = self.deals or 1
        return {"pegging": self.pegging / n, "hand": self.hand / n, "crib": self.crib / n,
                "heels": self.heels / n, "total": self.total / n}


@dataclass(frozen=True, slots=True)
class ArenaTally(_Additive):
    """Everything a match counts; sides are A (first strength) and B (second)."""

    games: int = 0
    a_wins: int = 0
    pairs_a_both: int = 0
    """Pairs whose two games A won: with the cards the same, A outplayed B on them."""
    pairs_split: int = 0
    pairs_b_both: int = 0
    deals_played: int = 0
    """Every deal started, including each game's last, unfinished one."""
    a_dealer: RoleTally = field(default_factory=RoleTally)
    a_pone: RoleTally = field(default_factory=RoleTally)
    b_dealer: RoleTally = field(default_factory=RoleTally)
    b_pone: RoleTally = field(default_factory=RoleTally)
    a_dealer_same: RoleTally = field(default_factory=RoleTally)
    """The same points, counted only in the deals both games of a pair completed: there each side held the same
    cards in the same role, so the two sides' figures compare like with like. Over every complete deal they do
    not: a game ends in a deal its winner scores well in, and that deal is left out, so the side that wins more
    loses more of its good deals from its averages (with the same discards, `hard` shows 0.03 a deal less than
    `expected` as dealer over complete deals)."""
    a_pone_same: RoleTally = field(default_factory=RoleTally)
    b_dealer_same: RoleTally = field(default_factory=RoleTally)
    b_pone_same: RoleTally = field(default_factory=RoleTally)
    a_skunks: int = 0
    """Games A won with B below the skunk line but not below the double-skunk line."""
    a_double_skunks: int = 0
    b_skunks: int = 0
    b_double_skunks: int = 0

    @property
    def complete_deals(self) -> int:
        """Deals whose show finished before the game ended: the ones the averages use."""
        return self.a_dealer.deals + self.b_dealer.deals

    def role(self, side: int, dealer: bool, same: bool = False) -> RoleTally:
        """One side's points in one role: over every complete deal, or (`same`) over the deals both games of a
        pair completed."""
        if side == A:
            if same:
                return self.a_dealer_same if dealer else self.a_pone_same
            return self.a_dealer if dealer else self.a_pone
        if side == B:
            if same:
                return self.b_dealer_same if dealer else self.b_pone_same
            return self.b_dealer if dealer else self.b_pone
        raise ValueError(f"side must be {A} (A) or {B} (B), not {side!r}")

    def win_rate(self) -> float:
        if self.games == 0:
            raise ValueError("no games played, so no win rate")
        return self.a_wins / self.games

    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.a_wins, self.games)


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval: unlike p ± z·se it stays inside [0, 1] and is sound near 0 and 1,
    where a strong player's win rate against a weak one lies."""
    if trials <= 0:
        raise ValueError(f"an interval needs at least one trial, not {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be from 0 to {trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    lo = 0.0 if successes == 0 else max(0.0, centre - half)  # exact bounds, free of rounding
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return lo, hi


def pair_seed(match_seed: int, index: int) -> int:
    """The chance seed of pair `index` in the match with `match_seed`."""
    return match_seed * PAIR_SEED_STRIDE + index


def player_seed(game_seed: int, game: int, seat: int) -> int:
    """A distinct decision seed for each seat of each of a pair's two games (game is 0 or 1)."""
    return game_seed * 8 + game * 2 + seat


def play_pair(a: str, b: str, rules: Rules, seed: int) -> tuple[Game, Game]:
    """Both games of one duplicate pair on chance seed `seed`: A in seat 0 and B in seat 1 in the
    first game, B in seat 0 and A in seat 1 in the second. Raises `UnknownStrength`."""
    if rules.players != 2:
        raise ValueError(f"the arena plays two-player games, not {rules.players}-player ones")
    first = play_game(rules, [make_player(a, player_seed(seed, 0, 0)),
                              make_player(b, player_seed(seed, 0, 1))], seed)
    second = play_game(rules, [make_player(b, player_seed(seed, 1, 0)),
                               make_player(a, player_seed(seed, 1, 1))], seed)
    return first, second


def tally_game(game: Game, a_seat: int) -> ArenaTally:
    """The tally of one finished two-player game in which side A sat in `a_seat`.

    Per-deal points count complete deals only: the game stops the moment a side reaches the
    target, so its last deal is cut short and would bias the averages.
    """
    if not game.over or game.winner is None:
        raise ValueError("only a finished game can be tallied")
    if game.rules.players != 2 or a_seat not in (0, 1):
        raise ValueError(f"a two-player game with A in seat 0 or 1 is needed, not seat {a_seat!r}")
    rt = role_tallies(game, a_seat, len(game.deals) - 1)
    winner = _side(game.winner, a_seat)
    loser_score = game.score(1 - game.winner)
    double_line = game.rules.double_skunk_line
    double = double_line is not None and loser_score < double_line
    single = not double and loser_score < game.rules.skunk_line
    return ArenaTally(
        games=1, a_wins=int(winner == A), deals_played=len(game.deals),
        a_dealer=rt[A][0], a_pone=rt[A][1], b_dealer=rt[B][0], b_pone=rt[B][1],
        a_skunks=int(single and winner == A), a_double_skunks=int(double and winner == A),
        b_skunks=int(single and winner == B), b_double_skunks=int(double and winner == B),
    )


def role_tallies(game: Game, a_seat: int, deals: int) -> list[list[RoleTally]]:
    """[side][0 as dealer, 1 as pone]: the points of the game's first `deals` deals, by kind."""
    # sums[side][role]; values: deals, pegging, hand, crib, heels
    sums = [[[0] * 5 for _ in range(2)] for _ in range(2)]
    for d in range(deals):
        dealer_seat = game.deals[d].dealer
        for seat in (0, 1):
            sums[_side(seat, a_seat)][0 if seat == dealer_seat else 1][0] += 1
    kinds = {**dict.fromkeys(PEGGING_REASONS, 1), PegReason.HAND: 2, PegReason.CRIB: 3, PegReason.HEELS: 4}
    for move in game.pegs:
        kind = kinds.get(move.reason)
        if move.deal >= deals or kind is None:
            continue
        role = 0 if move.seat == game.deals[move.deal].dealer else 1
        sums[_side(move.seat, a_seat)][role][kind] += move.points
    return [[RoleTally(*sums[side][role]) for role in (0, 1)] for side in (A, B)]


def _side(seat: int, a_seat: int) -> int:
    return A if seat == a_seat else B


def tally_pair(first: Game, second: Game) -> ArenaTally:
    """Both games of a pair (A in seat 0, then in seat 1), with how the pair went."""
    tally = tally_game(first, a_seat=0) + tally_game(second, a_seat=1)
    same = min(len(first.deals), len(second.deals)) - 1
    one, two = role_tallies(first, 0, same), role_tallies(second, 1, same)
    return tally + ArenaTally(pairs_a_both=int(tally.a_wins == 2), pairs_split=int(tally.a_wins == 1),
                              pairs_b_both=int(tally.a_wins == 0),
                              a_dealer_same=one[A][0] + two[A][0], a_pone_same=one[A][1] + two[A][1],
                              b_dealer_same=one[B][0] + two[B][0], b_pone_same=one[B][1] + two[B][1])


def play_pairs(a: str, b: str, rules: Rules, match_seed: int, start: int, stop: int) -> ArenaTally:
    """Pairs `start` to `stop - 1` of the match: any split of range(pairs) into ranges, played
    anywhere, adds up to the same tally."""
    if not 0 <= start <= stop:
        raise ValueError(f"pair range must satisfy 0 <= start <= stop, not {start}..{stop}")
    total = ArenaTally()
    for index in range(start, stop):
        total = total + tally_pair(*play_pair(a, b, rules, pair_seed(match_seed, index)))
    return total


def split_pairs(pairs: int, chunks: int) -> list[tuple[int, int]]:
    """range(pairs) cut into at most `chunks` contiguous, nearly equal, non-empty ranges."""
    if pairs < 0 or chunks < 1:
        raise ValueError(f"cannot split {pairs} pairs into {chunks} chunks")
    chunks = min(chunks, pairs)
    bounds = [pairs * k // chunks for k in range(chunks + 1)] if chunks else [0]
    return [(lo, hi) for lo, hi in zip(bounds, bounds[1:], strict=False)]
