"""Playing a deal out for the chance of winning, not for points.

The rest of the deal is sampled (the starter, the opponent's six cards and the two it lays away by
the reference strategy), played out in the order points arrive (heels, the play, the pone's hand,
the dealer's hand, the crib), and where nobody reached the target the table gives the chance from the
scores the deal left. Every option is judged on the same samples, so their differences are sharper
than their standard errors suggest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.analysis.discards import DiscardOption, analyze
from engine.analysis.winprob import WinTable
from engine.computer.reference import peg_play, reference_discard
from engine.core.cards import DECK, JACK, Card
from engine.core.scoring import score_total


@dataclass(frozen=True, slots=True)
class OptionChance:
    option: DiscardOption
    p_win: float
    se: float
    samples: int


@dataclass(frozen=True, slots=True)
class DealSample:
    starter: Card
    opp_keep: tuple[Card, ...]
    opp_discard: tuple[Card, ...]


def sample_deals(cards: Sequence[Card], dealer: bool, n: int, rng: random.Random) -> list[DealSample]:
    unseen = [c for c in DECK if c not in cards]
    out = []
    for _ in range(n):
        drawn = rng.sample(unseen, 7)
        opp6, starter = drawn[:6], drawn[6]
        thrown = reference_discard(opp6, dealer=not dealer)
        out.append(DealSample(starter, tuple(c for c in opp6 if c not in thrown), tuple(thrown)))
    return out


def deal_result(keep: Sequence[Card], discard: Sequence[Card], s: DealSample, i_deal: bool, me: int,
                them: int, target: int, table: WinTable) -> float:
    """1 or 0 when the deal ends the game, else the table's chance from the scores it leaves."""
    need = [target - me, target - them]  # index 0: me
    dealer = 0 if i_deal else 1
    pone = 1 - dealer
    pegs: list[tuple[bool, int]] = []
    if s.starter.rank == JACK:
        pegs.append((True, 2))
    mine, theirs = [c.rank for c in keep], [c.rank for c in s.opp_keep]
    if i_deal:
        peg_play(theirs, mine, pegs)
    else:
        peg_play(mine, theirs, pegs)
    for is_dealer, points in pegs:
        seat = dealer if is_dealer else pone
        need[seat] -= points
        if need[seat] <= 0:
            return 1.0 if seat == 0 else 0.0
    hands = [score_total(keep, s.starter), score_total(s.opp_keep, s.starter)]
    need[pone] -= hands[pone]
    if need[pone] <= 0:
        return 1.0 if pone == 0 else 0.0
    need[dealer] -= hands[dealer] + score_total((*discard, *s.opp_discard), s.starter, crib=True)
    if need[dealer] <= 0:
        return 1.0 if dealer == 0 else 0.0
    # the next deal is dealt by the other seat
    return table.p_win(target - need[0], target - need[1], not i_deal, target)


def option_chances(cards: Sequence[Card], dealer: bool, me: int, them: int, target: int, table: WinTable,
                   samples: int = 400, seed: int = 0, options: Sequence[DiscardOption] | None = None
                   ) -> list[OptionChance]:
    """Each discard option's chance of winning the game, best first."""
    if options is None:
        options = analyze(cards, dealer).options
    deals = sample_deals(cards, dealer, samples, random.Random(seed))
    out = []
    for option in options:
        results = [deal_result(option.keep, option.discard, s, dealer, me, them, target, table) for s in deals]
        mean = sum(results) / len(results)
        var = sum((r - mean) ** 2 for r in results) / max(1, len(results) - 1)
        out.append(OptionChance(option, mean, (var / len(results)) ** 0.5, len(results)))
    out.sort(key=lambda o: -o.p_win)
    return out
