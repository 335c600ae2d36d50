"""The `expert` strength: exact discards with a model of the opponent's crib cards and the pegging
value of the kept hand; pegging by simulation over the hands the opponent could still hold.

Everything comes from the seat's observation: the opponent's possible cards are the unseen ones,
less those its gos rule out.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from engine.analysis.discards import DiscardOption, analyze
from engine.analysis.winprob import WinTable, shipped_table
from engine.computer.pegsim import careful_policy, careful_regret, playout
from engine.computer.reference import modelled_shift, reference_discard
from engine.computer.strategies import ComputerPlayer, hand_ev_discard, one_ply
from engine.computer.winplay import option_chances
from engine.core.cards import Card
from engine.core.observation import Observation
from engine.core.pegging import MAX_COUNT, lay_points
from engine.core.scoring import score_total

Misread = Callable[[Sequence["Spot"], Sequence[Card]], bool]
"""Whether the opponent's lays so far are unlikely from a guessed hand."""


class ExpertPlayer(ComputerPlayer):
    """`table`: a win-probability table to play for the win near the end (default: the shipped one, if it
    loads); None plays for points to the end. A lay is judged over `samples` guessed opponent hands, and
    over `extra_samples` more when the best two cards are within `close_points` (`close_win` when playing
    for the win) of each other, and over `deep_samples` more if the best card's lead over the next, hand by
    hand, is still under `deep_z` standard errors: most lays are clear at once, the close ones are where more
    samples pay.
    A guessed hand is drawn again (with chance `play_model`) when the opponent's lays so far look unlikely
    from it: it passed up points or, with `careful_reading`, laid a card the careful rule finds worse.
    In each guessed hand the rest of the play is played out, the expert's cards laid quickly and, with
    `careful_opponent`, the opponent's carefully (weighing the reply a card leaves open, as most players do).
    The play is for the win once a score is within `endgame` of the target, the discards only within
    `discard_endgame`: the play-outs that judge a discard for the win peg by the reference strategy, and
    further out the discards they chose won no more in real play and gave up show points. Elsewhere a
    discard is the analyzer's best with the crib a real opponent makes (`crib_model`); among the
    `discard_candidates` options within `discard_margin` of it, `peg_weight` of the kept cards' pegging margin
    over `discard_samples` play-outs is added in."""

    name = "expert"

    def __init__(self, seed: int | None = None, samples: int = 96, discard_samples: int = 120,
                 discard_margin: float = 1.5, discard_candidates: int = 5,
                 table: WinTable | None | str = "shipped", endgame: int = 45, peg_weight: float = 0.25,
                 crib_model: bool = True, play_model: float = 0.9, extra_samples: int = 288,
                 close_points: float = 1.0, close_win: float = 0.02, discard_endgame: int = 8,
                 careful_opponent: bool = True, careful_reading: bool = True, deep_samples: int = 768,
                 deep_z: float = 2.0) -> None:
        super().__init__(seed)
        self.samples = samples
        self.discard_samples = discard_samples
        self.discard_margin = discard_margin
        self.discard_candidates = discard_candidates
        if isinstance(table, str):
            if table != "shipped":
                raise ValueError(f"table must be a WinTable, None or 'shipped', not {table!r}")
            shipped = shipped_table()
            table = shipped if isinstance(shipped, WinTable) else None
        self.table: WinTable | None = table
        self.endgame = endgame
        self.peg_weight = peg_weight
        self.crib_model = crib_model
        self.play_model = play_model
        self.extra_samples = extra_samples
        self.close_points = close_points
        self.close_win = close_win
        self.discard_endgame = discard_endgame
        self.opp_policy = careful_policy if careful_opponent else None
        self.misread: Misread = careless_lay if careful_reading else missed_points
        self.deep_samples = deep_samples
        self.deep_z = deep_z

    def _for_the_win(self, obs: Observation, within: int) -> bool:
        return (self.table is not None and obs.rules.target in self.table.tables
                and max(obs.scores) >= obs.rules.target - within)

    # discards ---------------------------------------------------------------------------

    def discard(self, obs: Observation) -> tuple[Card, ...]:
        if obs.rules.players != 2:
            return hand_ev_discard(obs)
        options = analyze(obs.hand, obs.is_dealer).options
        if self._for_the_win(obs, self.discard_endgame):
            assert self.table is not None
            shortlist = sorted(options, key=lambda o: -(o.net + peg_value(o.keep, obs.is_dealer)))[:6]
            chances = option_chances(obs.hand, obs.is_dealer, obs.scores[obs.seat], obs.scores[1 - obs.seat],
                                     obs.rules.target, self.table, samples=self.discard_samples,
                                     seed=self.rng.randrange(2**31), options=shortlist)
            return chances[0].option.discard
        sign = 1.0 if obs.is_dealer else -1.0

        def modelled(o: DiscardOption) -> float:  # the net with the crib a real opponent makes
            if not self.crib_model:
                return o.net
            return o.net + sign * modelled_shift(o.discard[0], o.discard[1], obs.is_dealer)

        value = {o.discard: modelled(o) for o in options}
        ranked = sorted(options, key=lambda o: value[o.discard], reverse=True)
        top = value[ranked[0].discard]
        candidates = [o for o in ranked if value[o.discard] >= top - self.discard_margin][:self.discard_candidates]
        if len(candidates) == 1 or self.peg_weight == 0:
            return candidates[0].discard
        unseen = obs.unseen()
        samples = [self.rng.sample(unseen, 4) for _ in range(self.discard_samples)]
        best = max(candidates,
                   key=lambda o: value[o.discard] + self.peg_weight * pegging_ev(o.keep, samples, obs.is_dealer))
        return best.discard

    # pegging ----------------------------------------------------------------------------

    def play(self, obs: Observation, playable: Sequence[Card]) -> Card:
        if obs.rules.players != 2:
            return max(playable, key=lambda c: (one_ply(obs, c), self.rng.random()))
        opp = 1 - obs.seat
        if obs.cards_held[opp] == 0:
            return max(playable, key=lambda c: one_ply(obs, c))  # nothing to simulate against
        choices: dict[int, Card] = {}
        for card in playable:  # suits do not matter in the play
            choices.setdefault(card.rank, card)
        if len(choices) == 1:
            return playable[0]
        cards = list(choices.values())
        hands = opponent_hands(obs, self.samples, self.rng, self.play_model, self.misread)
        win = self._for_the_win(obs, self.endgame)
        outcomes: dict[tuple[int, ...], tuple[int, int, int]] = {}  # play-outs are the same for the same ranks
        values: dict[Card, list[float]] = {card: [] for card in cards}  # each card's value in each guessed hand
        self._lay_values(obs, cards, hands, win, outcomes, values)
        wanted = self._close(values, win)  # more hands for close lays, and then for undecided ones
        for extra in (self.extra_samples, self.deep_samples):
            if not extra or not wanted:
                break
            more = opponent_hands(obs, extra, self.rng, self.play_model, self.misread)
            self._lay_values(obs, cards, more, win, outcomes, values)
            wanted = self._undecided(values)
        return max(values, key=lambda c: sum(values[c]) / len(values[c]) + 0.001 * c.value)

    def _close(self, values: dict[Card, list[float]], win: bool) -> bool:
        """Whether the best two lays are within `close_points` (`close_win`) of each other."""
        ranked = sorted((sum(v) for v in values.values()), reverse=True)
        n = len(next(iter(values.values())))
        return (ranked[0] - ranked[1]) / n < (self.close_win if win else self.close_points)

    def _undecided(self, values: dict[Card, list[float]]) -> bool:
        """Whether the best lay's lead over the next, hand by hand, is under `deep_z` standard errors."""
        first, second = sorted(values, key=lambda c: sum(values[c]), reverse=True)[:2]
        diffs = [a - b for a, b in zip(values[first], values[second], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean < self.deep_z * math.sqrt(var / n)

    def _lay_values(self, obs: Observation, cards: Sequence[Card],
                    hands: Sequence[tuple[list[Card], tuple[Card, ...]]], win: bool,
                    outcomes: dict[tuple[int, ...], tuple[int, int, int]],
                    values: dict[Card, list[float]]) -> None:
        """Append to `values` each card's value in each guessed hand: points margin, or chance of winning. A play-out
        is the same for the same ranks, so `outcomes` keeps each, by the card laid and the guessed ranks: most
        guesses repeat one once the opponent holds three cards or fewer. (Between equal picks a play-out lays the
        first, so the order of the first guess of those ranks stands for all of them: still a random order.)"""
        opp = 1 - obs.seat
        leaf = _WinLeaf(obs, self.table, hands) if win else None
        need = (obs.rules.target - obs.scores[obs.seat], obs.rules.target - obs.scores[opp])
        mine = [c.rank for c in obs.hand]
        series = [c.rank for c in obs.series]
        opp_go = opp in obs.said_go
        for card in cards:
            now = lay_points(series, obs.count, card.rank)
            count = obs.count + card.value
            rest = list(mine)
            rest.remove(card.rank)
            for k, (sample, _) in enumerate(hands):
                opp_hand = [c.rank for c in sample]
                key = (card.rank, *sorted(opp_hand))
                outcome = outcomes.get(key)
                if outcome is None:
                    if count == MAX_COUNT:
                        outcome = playout([rest[:], opp_hand], [], 0, 1 if opp_hand else 0, [False, False], 0,
                                          (need[0] - now, need[1]), opp_policy=self.opp_policy)
                    else:
                        outcome = playout([rest[:], opp_hand], [*series, card.rank], count,
                                          1 if opp_hand and not opp_go else 0, [False, opp_go], 0,
                                          (need[0] - now, need[1]), opp_policy=self.opp_policy)
                    outcomes[key] = outcome
                a, b, first = outcome
                value = now + a - b if leaf is None else 1.0 if now >= need[0] else leaf.value(k, now + a, b, first)
                values[card].append(value)


class _WinLeaf:
    """The chance of winning once the play is over: the show in its order, then the table."""

    def __init__(self, obs: Observation, table: WinTable | None,
                 hands: Sequence[tuple[list[Card], tuple[Card, ...]]]) -> None:
        assert table is not None and obs.starter is not None
        self.table = table
        self.obs = obs
        opp = 1 - obs.seat
        played = [p.card for p in obs.plays if p.seat == opp and p.card is not None]
        starter = obs.starter
        self.opp_hand = [score_total([*played, *held], starter) for held, _ in hands]
        self.crib = [score_total([*obs.discards, *thrown], starter, crib=True) for _, thrown in hands]
        self.my_hand = score_total(obs.kept, starter)

    def value(self, k: int, mine: int, theirs: int, first: int) -> float:
        if first >= 0:
            return 1.0 if first == 0 else 0.0
        obs = self.obs
        target = obs.rules.target
        me = obs.scores[obs.seat] + mine
        them = obs.scores[1 - obs.seat] + theirs
        if obs.is_dealer:
            them += self.opp_hand[k]
            if them >= target:
                return 0.0
            me += self.my_hand + self.crib[k]
            if me >= target:
                return 1.0
        else:
            me += self.my_hand
            if me >= target:
                return 1.0
            them += self.opp_hand[k] + self.crib[k]
            if them >= target:
                return 0.0
        return self.table.p_win(me, them, not obs.is_dealer, target)


def pegging_ev(keep: Sequence[Card], samples: Sequence[Sequence[Card]], dealer: bool) -> float:
    """My pegging points less the opponent's over a whole play, averaged over its possible hands."""
    mine = [c.rank for c in keep]
    total = 0
    for sample in samples:
        a, b, _ = playout([mine[:], [c.rank for c in sample]], [], 0, 1 if dealer else 0,
                          [False, False], None, (999, 999))
        total += a - b
    return total / len(samples)


def opponent_hands(obs: Observation, n: int, rng: random.Random,
                   play_model: float = 0.0, misread: Misread | None = None
                   ) -> list[tuple[list[Card], tuple[Card, ...]]]:
    """`n` guesses at what the opponent still holds and what it laid away: six cards that include what
    it has played, thrown as the reference strategy throws, and holding nothing its gos rule out.
    With `play_model` p, a guess is also drawn again with chance p when `misread` finds the opponent's lays
    unlikely from it (by default: it held a card that would have pegged more than one laid; most players
    take the points on offer).
    Guesses that fail those tests are drawn again; after many failures, plain draws fill in."""
    opp = 1 - obs.seat
    held = obs.cards_held[opp]
    played = [p.card for p in obs.plays if p.seat == opp and p.card is not None]
    floor = max((MAX_COUNT - p.count for p in obs.plays if p.seat == opp and p.card is None), default=0)
    unseen = list(obs.unseen())
    spots = opponent_spots(obs) if play_model else []
    read = misread or missed_points
    judged: dict[tuple[int, ...], bool] = {}  # the reading depends on the guessed ranks alone

    def unlikely(keep: list[Card]) -> bool:
        ranks = tuple(sorted(c.rank for c in keep))
        found = judged.get(ranks)
        if found is None:
            found = judged[ranks] = read(spots, keep)
        return found
    out: list[tuple[list[Card], tuple[Card, ...]]] = []
    if len(played) + held == 4 and len(unseen) >= held + 2:
        for _ in range(6 * n):
            hidden = rng.sample(unseen, held + 2)
            thrown = reference_discard([*played, *hidden], dealer=opp == obs.dealer)
            if thrown[0] in played or thrown[1] in played:
                continue
            keep = [c for c in hidden if c is not thrown[0] and c is not thrown[1]]
            if any(c.value <= floor for c in keep):
                continue
            if play_model and unlikely(keep) and rng.random() < play_model:
                continue
            out.append((keep, thrown))
            if len(out) == n:
                return out
    pool = possible_cards(obs)
    while len(out) < n:
        keep = rng.sample(pool, held) if len(pool) >= held else list(pool)
        rest = [c for c in unseen if c not in keep]
        out.append((keep, tuple(rng.sample(rest, 2)) if len(rest) >= 2 else ()))
    return out


class Spot(NamedTuple):
    """One of the opponent's lays, with what it could have done instead."""
    series: list[int]  # the series before it
    before: int  # the count before it
    points: int  # the points it made
    later: list[int]  # the ranks the opponent laid after it
    laid: int  # its rank
    facing: int  # how many cards the other seat (the one reading) held then

    def options(self, held: Sequence[int]) -> list[int]:
        """The ranks the opponent could have laid here, had it also held `held`: the one it laid, those it laid
        later and `held`, as far as they fit under 31."""
        return [r for r in {*held, *self.later, self.laid} if self.before + min(r, 10) <= MAX_COUNT]


def opponent_spots(obs: Observation) -> list[Spot]:
    """Every card the opponent has laid this deal."""
    return seat_spots(obs)[1 - obs.seat]


def seat_spots(obs: Observation) -> list[list[Spot]]:
    """Every card each seat has laid this deal, seat by seat (the deciding seat's own too: unused)."""
    n = obs.rules.players
    held = [len(obs.kept)] * n  # every seat kept as many cards as the deciding one
    spots: list[list[Spot]] = [[] for _ in range(n)]
    series: list[int] = []
    for p in obs.plays:
        if p.card is None:
            continue
        before = p.count - p.card.value
        if before == 0:
            series = []
        rank = p.card.rank
        for spot in spots[p.seat]:
            spot.later.append(rank)
        spots[p.seat].append(Spot(list(series), before, lay_points(series, before, rank), [], rank,
                                  held[(p.seat + 1) % n]))
        held[p.seat] -= 1
        series.append(rank)
    return spots


def missed_points(spots: Sequence[Spot], keep: Sequence[Card]) -> bool:
    """Whether a guessed hand held, at one of the opponent's lays, a card that pegged more than the one laid."""
    held = [c.rank for c in keep]
    return any(lay_points(spot.series, spot.before, r) > spot.points for spot in spots for r in spot.options(held))


def careless_lay(spots: Sequence[Spot], keep: Sequence[Card], tolerance: float = 0.1) -> bool:
    """Whether, holding a guessed hand, the opponent passed up points, or laid a card the careful rule finds
    worse than its own choice by more than `tolerance` (most players weigh the reply a card leaves open)."""
    if missed_points(spots, keep):
        return True
    held = [c.rank for c in keep]
    for spot in spots:
        playable = spot.options(held)
        if len(playable) > 1 and careful_regret(playable, spot.series, spot.before, spot.facing,
                                                spot.laid) > tolerance:
            return True
    return False


def possible_cards(obs: Observation) -> list[Card]:
    """Unseen cards the opponent may still hold. A go at count k says it held nothing worth 31 - k
    or less, and it holds nothing now that it did not hold then."""
    opp = 1 - obs.seat
    floor = max((MAX_COUNT - p.count for p in obs.plays if p.seat == opp and p.card is None), default=0)
    unseen = obs.unseen()
    allowed = [c for c in unseen if c.value > floor]
    return allowed if len(allowed) >= obs.cards_held[opp] else list(unseen)


PEG_RANK_VALUE = {1: 0.12, 2: 0.1, 3: 0.08, 4: 0.06, 5: -0.1, 6: 0.0, 7: 0.02, 8: 0.0, 9: 0.0,
                  10: -0.02, 11: 0.0, 12: -0.02, 13: -0.02}
"""A small worth, in pegging points, of holding a rank in the play: low cards win the go."""


def peg_value(keep: Sequence[Card], dealer: bool) -> float:
    """Pegging worth of a kept hand beyond its show value: pairs and close ranks peg, low cards win gos."""
    ranks = sorted(c.rank for c in keep)
    value = sum(PEG_RANK_VALUE[r] for r in ranks)
    for i in range(len(ranks) - 1):
        gap = ranks[i + 1] - ranks[i]
        if gap == 0:
            value += 0.25
        elif gap <= 2:
            value += 0.1
    return value if dealer else value * 1.2
