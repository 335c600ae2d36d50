"""The reference deal simulator vectorised over many deals with numpy (needs the `build` extra).

It makes exactly the decisions of engine/computer/reference.py (the discard with the same floating-point values
and the same first-best tie-break, the quick pegging policy with the same tie-break by hand order) and
counts the same `DealStatistics`; tests hold it to `simulate_deal` deal by deal. Only the shuffle
differs: `simulate_np` deals with numpy's generator, so its seeds are not `simulate`'s.

Cards are integers 0..51 as `Card.index` (suit-major: suit = i // 13, rank = i % 13 + 1).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from engine.analysis.wintable import PMAX, SHOW_MAX, DealStatistics
from engine.computer.reference import crib_pairs
from engine.core.cards import JACK
from engine.core.scoring import rank_key, rank_points

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

KEEPS = np.array(list(combinations(range(6), 4)), dtype=np.int64)
"""The 15 ways to keep four of six, in `itertools.combinations` order (the reference's tie-break)."""
THROWS = np.array([[i for i in range(6) if i not in k] for k in KEEPS.tolist()], dtype=np.int64)
MOVES = 16
"""Room for one deal's scoring peg moves (heels, lays, gos and last: at most 14)."""
BATCH = 50_000


@cache
def _tables() -> tuple[Ints, Ints, npt.NDArray[np.float64]]:
    """pts[k, r]: fifteens, pairs and runs of four ranks (k = base-13 code of ranks 1..13 less one, in any
    order) with a fifth rank r; sums[k]: pts summed over the 13 ranks; pair[lo, hi, suited]: crib values."""
    pts = np.zeros((13 ** 4, 14), dtype=np.int64)
    codes = np.arange(13 ** 4)
    digits = np.stack([codes // 13 ** 3, codes // 169 % 13, codes // 13 % 13, codes % 13], axis=1) + 1
    sorted_codes = np.sort(digits, axis=1)
    uniq, inverse = np.unique(sorted_codes, axis=0, return_inverse=True)
    small = np.zeros((len(uniq), 14), dtype=np.int64)
    for i, ranks in enumerate(uniq.tolist()):
        key = rank_key(ranks)
        for r in range(1, 14):
            if ranks.count(r) < 4:  # five of a rank cannot be dealt
                small[i, r] = rank_points(key + rank_key([r]))
    pts[:] = small[inverse.reshape(-1)]
    sums = pts[:, 1:].sum(axis=1)
    pair = np.zeros((14, 14, 2), dtype=np.float64)
    for (lo, hi, suited), value in crib_pairs().items():
        pair[lo, hi, int(suited)] = value
    return pts, sums, pair


def _code(ranks: Ints) -> Ints:
    """Base-13 code of four ranks along the last axis."""
    r = ranks - 1
    return ((r[..., 0] * 13 + r[..., 1]) * 13 + r[..., 2]) * 13 + r[..., 3]


def discard(hands: Ints, dealer: bool) -> tuple[Ints, Ints]:
    """The reference discard for (N, 6) cards: (kept (N, 4), thrown (N, 2)), each in hand order."""
    pts, sums, pair = _tables()
    n = len(hands)
    rank, suit = hands % 13 + 1, hands // 13
    suit_count = np.zeros((n, 4), dtype=np.int64)
    np.add.at(suit_count, (np.arange(n)[:, None], suit), 1)
    suit_left = 13 - suit_count
    keep_rank, keep_suit = rank[:, KEEPS], suit[:, KEEPS]  # (N, 15, 4)
    code = _code(keep_rank)
    total = 4 * sums[code]
    for j in range(6):  # unseen starters of each rank: four less those in the hand
        total -= pts[code, rank[:, j:j + 1]]
    left_of_keep = np.take_along_axis(suit_left, keep_suit.reshape(n, -1), axis=1).reshape(n, 15, 4)
    flush = (keep_suit == keep_suit[..., :1]).all(axis=2)
    total += np.where(flush, 4 * 46 + left_of_keep[..., 0], 0)
    total += np.where(keep_rank == JACK, left_of_keep, 0).sum(axis=2)
    a, b = rank[:, THROWS[:, 0]], rank[:, THROWS[:, 1]]
    suited = ((suit[:, THROWS[:, 0]] == suit[:, THROWS[:, 1]]) & (a != b)).astype(np.int64)
    crib = pair[np.minimum(a, b), np.maximum(a, b), suited]
    value = total / 46.0 + (crib if dealer else -crib)
    best = value.argmax(axis=1)
    return (np.take_along_axis(hands, KEEPS[best], axis=1), np.take_along_axis(hands, THROWS[best], axis=1))


def show(cards: Ints, starter: Ints, crib: bool) -> Ints:
    """What four cards (N, 4) count with their starters (N,) in the show."""
    pts, _, _ = _tables()
    rank, suit = cards % 13 + 1, cards // 13
    s_rank, s_suit = starter % 13 + 1, starter // 13
    total = pts[_code(rank), s_rank]
    four = (suit == suit[:, :1]).all(axis=1)
    if crib:
        total += np.where(four & (suit[:, 0] == s_suit), 5, 0)
    else:
        total += np.where(four, 4 + (suit[:, 0] == s_suit), 0)
    total += ((rank == JACK) & (suit == s_suit[:, None])).any(axis=1)
    return total


class _Moves:
    """The scoring peg moves of every deal, in order: seat (1 = dealer) and points."""

    def __init__(self, n: int) -> None:
        self.seat = np.zeros((n, MOVES), dtype=np.int64)
        self.points = np.zeros((n, MOVES), dtype=np.int64)
        self.count = np.zeros(n, dtype=np.int64)

    def add(self, rows: Ints, seat: Ints, points: Ints) -> None:
        at = self.count[rows]
        if len(at) and at.max() >= MOVES:
            raise AssertionError("more peg moves in a deal than MOVES")
        self.seat[rows, at] = seat
        self.points[rows, at] = points
        self.count[rows] += 1


def lay_points(series: Ints, slen: Ints, count: Ints, rank: Ints) -> Ints:
    """`engine.core.pegging.lay_points` for rows of series (N, 8) of length slen, each with cards rank (N, K)."""
    n = len(slen)
    rows = np.arange(n)[:, None]
    new = count[:, None] + np.minimum(rank, 10)
    points = np.where((new == 15) | (new == 31), 2, 0)

    def back(k: int) -> Ints:  # the k-th card from the series' end (0 where there is none)
        return np.where(slen >= k, series[rows[:, 0], np.maximum(slen - k, 0)], 0)[:, None]

    b1, b2, b3 = back(1), back(2), back(3)
    pair1 = b1 == rank
    pair2 = pair1 & (b2 == rank)
    pair3 = pair2 & (b3 == rank)
    points += np.where(pair3, 12, np.where(pair2, 6, np.where(pair1, 2, 0)))
    mask = np.left_shift(1, rank)
    low = rank.copy()
    run = np.zeros_like(rank)
    for k in range(1, 8):
        bk = back(k)
        valid = (slen >= k)[:, None]
        mask = np.where(valid, mask | np.left_shift(1, bk), mask)
        low = np.where(valid, np.minimum(low, bk), low)
        size = k + 1
        if size >= 3:
            is_run = valid & (mask == np.left_shift((1 << size) - 1, low))
            run = np.where(is_run, size, run)
    return points + np.where(pair1, 0, run)


class _Play:
    """The play of many deals at once, step by step as `engine.computer.pegsim.playout` runs its loop. Seat 0 is
    the pone (who leads), seat 1 the dealer; hands hold ranks, 0 for a card laid."""

    def __init__(self, pone: Ints, dealer: Ints, moves: _Moves) -> None:
        n = len(pone)
        self.n = n
        self.hands = np.stack([pone, dealer], axis=1).copy()  # (N, 2, 4)
        self.turn = np.zeros(n, dtype=np.int64)
        self.go = np.zeros((n, 2), dtype=np.bool_)
        self.last = np.full(n, -1, dtype=np.int64)
        self.count = np.zeros(n, dtype=np.int64)
        self.series = np.zeros((n, 8), dtype=np.int64)
        self.slen = np.zeros(n, dtype=np.int64)
        self.moves = moves

    def held(self, rows: Ints, seat: Ints) -> Ints:
        return np.asarray((self.hands[rows, seat] > 0).sum(axis=1), dtype=np.int64)

    def run(self) -> None:
        rows = np.arange(self.n)
        while True:
            rows = rows[(self.hands[rows] > 0).any(axis=(1, 2))]
            if not len(rows):
                break
            self.step(rows)
        rows = np.arange(self.n)
        rows = rows[(self.count > 0) & (self.last >= 0)]
        self.moves.add(rows, self.last[rows], np.ones(len(rows), dtype=np.int64))  # one for last

    def step(self, rows: Ints) -> None:
        turn = self.turn[rows]
        hand = self.hands[rows, turn]  # (R, 4)
        playable = (hand > 0) & (np.minimum(hand, 10) <= (31 - self.count[rows])[:, None])
        can = ~self.go[rows, turn] & (hand > 0).any(axis=1)
        lay = can & playable.any(axis=1)
        self.go[rows[can & ~lay], turn[can & ~lay]] = True
        if lay.any():
            self.lay(rows[lay], hand[lay], playable[lay])
        if (~lay).any():
            self.pass_turn(rows[~lay])

    def lay(self, rows: Ints, hand: Ints, playable: Bools) -> None:
        count, slen, turn = self.count[rows], self.slen[rows], self.turn[rows]
        points = lay_points(self.series[rows], slen, count, hand)
        value = np.minimum(hand, 10)
        new = count[:, None] + value
        key = np.where(playable, 100 * (points * 8 - 3 * ((new == 5) | (new == 10) | (new == 21))) + value, -10 ** 6)
        pick = key.argmax(axis=1)
        at = np.arange(len(rows))
        rank, p = hand[at, pick], points[at, pick]
        self.hands[rows, turn, pick] = 0
        self.series[rows, slen] = rank
        self.slen[rows] = slen + 1
        self.count[rows] = count + np.minimum(rank, 10)
        self.last[rows] = turn
        scored = p > 0
        self.moves.add(rows[scored], turn[scored], p[scored])
        full = self.count[rows] == 31
        if full.any():
            self.reset(rows[full])
        rest = rows[~full]
        other = 1 - self.turn[rest]
        switch = (self.held(rest, other) > 0) & ~self.go[rest, other]
        self.turn[rest[switch]] = other[switch]

    def pass_turn(self, rows: Ints) -> None:
        """No card laid: the other seat plays on if it can; if neither can, one for the go and a reset."""
        other = 1 - self.turn[rows]
        switch = (self.held(rows, other) > 0) & ~self.go[rows, other]
        self.turn[rows[switch]] = other[switch]
        stuck = rows[~switch]
        scorer = stuck[self.last[stuck] >= 0]
        self.moves.add(scorer, self.last[scorer], np.ones(len(scorer), dtype=np.int64))
        self.reset(stuck)

    def reset(self, rows: Ints) -> None:
        """A new series: the seat after the last to lay leads if it holds cards, else that seat again."""
        self.series[rows] = 0
        self.slen[rows] = 0
        self.count[rows] = 0
        self.go[rows] = False
        last = self.last[rows]
        known = last >= 0
        after = np.where(known, 1 - last, 0)
        lead = np.where(self.held(rows, after) > 0, after, last)
        self.turn[rows] = np.where(known, lead, self.turn[rows])


def play(pone: Ints, dealer: Ints, heels: Bools) -> _Moves:
    """The scoring peg moves of each deal (heels first), from the kept cards (N, 4) in hand order."""
    moves = _Moves(len(pone))
    rows = np.flatnonzero(heels)
    moves.add(rows, np.ones(len(rows), dtype=np.int64), np.full(len(rows), 2, dtype=np.int64))
    _Play(pone % 13 + 1, dealer % 13 + 1, moves).run()
    return moves


class Deals:
    """Many deals of the reference strategy: pone6, dealer6 (N, 6) and starters (N,) as card indices."""

    def __init__(self, pone6: Ints, dealer6: Ints, starter: Ints) -> None:
        pone, pone_throw = discard(pone6, dealer=False)
        dealer, dealer_throw = discard(dealer6, dealer=True)
        self.moves = play(pone, dealer, starter % 13 + 1 == JACK)
        self.pone_hand = show(pone, starter, crib=False)
        self.dealer_hand = show(dealer, starter, crib=False)
        self.crib = show(np.concatenate([pone_throw, dealer_throw], axis=1), starter, crib=True)


def deal_cards(rng: np.random.Generator, n: int) -> tuple[Ints, Ints, Ints]:
    """n shuffles' first 13 cards, dealt as the engine deals: alternately pone, dealer, then the starter."""
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :13].astype(np.int64)
    return cards[:, 0:12:2], cards[:, 1:12:2], cards[:, 12]


def count_deals(deals: Deals) -> DealStatistics:
    """The deals' `DealStatistics` (unfinished: the race grids still hold differences), as `add` counts."""
    moves, n = deals.moves, len(deals.crib)
    side = PMAX + 2
    race = [np.zeros(side * side, dtype=np.int64), np.zeros(side * side, dtype=np.int64)]  # pone, dealer
    totals = np.zeros((n, 2), dtype=np.int64)
    rows = np.arange(n)
    for j in range(int(moves.count.max(initial=0))):
        live = rows[moves.count > j]
        seat, points = moves.seat[live, j], moves.points[live, j]
        mine, theirs = totals[live, seat], np.minimum(totals[live, 1 - seat], PMAX) + 1
        for k in range(int(points.max(initial=0))):  # each threshold this move crosses
            at = mine + 1 + k
            hit = (k < points) & (at <= PMAX)
            for s in (0, 1):
                sel = hit & (seat == s)
                race[s] += np.bincount(at[sel] * side + theirs[sel], minlength=side * side)
        totals[live, seat] += points
    capped = np.minimum(totals, PMAX)
    peg = np.bincount(capped[:, 1] * (PMAX + 1) + capped[:, 0], minlength=(PMAX + 1) ** 2)
    show = np.bincount(deals.pone_hand * (SHOW_MAX + 1) + deals.dealer_hand + deals.crib,
                       minlength=(SHOW_MAX // 2 + 1) * (SHOW_MAX + 1))
    return DealStatistics(n, peg.reshape(PMAX + 1, PMAX + 1).tolist(),
                          show.reshape(SHOW_MAX // 2 + 1, SHOW_MAX + 1).tolist(),
                          race[1].reshape(side, side).tolist(), race[0].reshape(side, side).tolist())


def simulate_np(deals: int, seed: int, progress: Callable[[int], None] | None = None,
                batch: int = BATCH) -> DealStatistics:
    """`engine.analysis.wintable.simulate`, vectorised: counts of `deals` deals shuffled by numpy from `seed`
    (finished). `progress(done)` is called after each batch."""
    rng = np.random.default_rng(seed)
    counts = DealStatistics()
    done = 0
    while done < deals:
        size = min(batch, deals - done)
        counts = counts.merge(count_deals(Deals(*deal_cards(rng, size))))
        done += size
        if progress is not None:
            progress(done)
    counts.finish()
    return counts
