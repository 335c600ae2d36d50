"""Laying a card in three- and four-player games: each lay judged by playing the rest of the play out over guessed
hands of every other seat, the points weighed by whose they are (the seat's own and its partner's for it, the
opponents' against it), and, near the target, by who would reach it first.

Everything comes from the seat's observation: the other seats' cards are drawn from the unseen ones, each seat's
holding nothing its gos rule out.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.computer.group.choice import best_mean, guarded_choice, one_ply_rank
from engine.computer.group.pegsim import group_playout
from engine.computer.group.policies import knowing_policy, known_counts
from engine.computer.group.race import RaceLeaf, seat_score_weights
from engine.computer.group.reading import SeatReading
from engine.computer.pegsim import Policy, careful_policy, quick_policy
from engine.computer.strategies import CRIB_CARD_VALUE
from engine.core.cards import Card
from engine.core.observation import Observation
from engine.core.pegging import MAX_COUNT
from engine.core.scoring import RANK_WEIGHT, rank_key, rank_points, score_total

Guess = list[list[Card]]
"""The cards each seat holds in one guess (the deciding seat's own: its real hand)."""


@dataclass(frozen=True, slots=True)
class PegSettings:
    """`samples` guessed deals, `extra` more when the best two lays are within `close` of each other (as far as
    `budget` play-outs in all allow: the first lays of a deal, with many cards to play out, are the slow ones); the
    other seats lay `careful`ly (weighing the reply a card leaves open) or quickly, the seat's own later lays so too
    with `self_careful` (else quickly); `rival` is what an opponent's point costs with three players (each of two
    opponents gains from the other's points too); within `endgame` of the target a lay that wins the deal first is
    worth `win_worth` points more, one that lets an opponent win as much less; with `read`, the guessed hands are
    ones a sensible player would have kept (`guess_hands`), and with `play_model` p a guess is drawn again with chance
    p when a seat's lays look unlikely from it (it passed up points or, with `careful_reading`, laid a card the careful
    rule finds worse, or with `knowing_reading` worse by the rule counting what the seat knew then:
    engine/computer/group/reading.py), up to `read_tries` draws a seat; with `knowing`, careful
    lays in the play-outs count the unseen cards from the laying seat's hand, the starter and the deal's lays
    (`knowing_policy`); `series_only` plays out only the series under way; with `race`, within `endgame` a lay is
    worth its chance of winning the game alone (`RaceLeaf`), in hundredths; with `prior_z` above 0 at a table size
    in `guard_at`, the play-outs overrule `expected`'s lay only for a rank that beats it by more than `prior_z`
    standard errors on the same guesses (engine/computer/group/choice.py); with `score_weights`, each side's point
    is worth what it does to the seat's chance of winning from the scores (`seat_score_weights`), not `rival`;
    with `keep_play` w, a seat at a place in `keep_play_places` (0 the dealer, 1 the pone, and so on round the
    table) adds to each discard w times its kept hand's worth in the play over `keep_guesses` guessed deals
    (engine/computer/group/keep_play.py).
    At a table size not in `simulate_at` a lay is `expected`'s: points now less the next seat's best reply."""

    samples: int = 48
    extra: int = 96
    close: float = 0.5
    careful: bool = True
    self_careful: bool = False
    rival: float = 0.5
    endgame: int = 0
    win_worth: float = 25.0
    read: bool = False
    budget: int = 320
    series_only: bool = False
    simulate_at: tuple[int, ...] = (3, 4)
    own_crib: float = 1.0
    peg_keep: float = 0.0
    race: bool = False
    prior_z: float = 0.0
    guard_at: tuple[int, ...] = (4,)
    play_model: float = 0.0
    careful_reading: bool = True
    knowing_reading: bool = False
    read_tries: int = 12
    knowing: bool = False
    score_weights: bool = False
    keep_play: float = 0.0
    keep_guesses: int = 60
    keep_play_places: tuple[int, ...] = (0, 1, 2, 3)


def seat_weights(obs: Observation, rival: float, by_score: bool = False) -> list[float]:
    """What a point of each seat is worth to the deciding one: with `by_score`, as the scores make it
    (`seat_score_weights`) where they can."""
    if by_score:
        weights = seat_score_weights(obs)
        if weights is not None:
            return weights
    rules = obs.rules
    mine = rules.team_of(obs.seat)
    other = -rival if rules.players == 3 else -1.0
    return [1.0 if rules.team_of(s) == mine else other for s in range(rules.players)]


def go_floors(obs: Observation) -> list[int]:
    """For each seat, the pip value every card it still holds exceeds: a go at count k says it held nothing worth
    31 - k or less."""
    floors = [0] * obs.rules.players
    for p in obs.plays:
        if p.card is None:
            floors[p.seat] = max(floors[p.seat], MAX_COUNT - p.count)
    return floors


def guess_hands(obs: Observation, rng: random.Random, read: bool = False) -> Guess:
    """One guess at every seat's cards (see `Guesser`)."""
    return Guesser(obs, read).guess(rng)


READ_TRIES = 12


class Guesser:
    """Guesses at every seat's cards: the unseen ones dealt at random to the seats that hold cards, the most
    constrained seat first, none holding a card its gos rule out (unless the unseen cards cannot fill it). With
    `read`, a seat's guess is drawn again when the five cards it would have been dealt
    (those it laid and those guessed, with one more unseen card) are ones a sensible player would have laid away
    one of its laid cards from, and with `play_model` p, drawn again with chance p when its lays look unlikely from
    the guess (`SeatReading`, with `careful_reading` and `knowing_reading`); after `tries` draws a plain one
    stands."""

    def __init__(self, obs: Observation, read: bool, play_model: float = 0.0, careful_reading: bool = True,
                 tries: int = READ_TRIES, knowing_reading: bool = False) -> None:
        self.obs = obs
        self.read = read
        self.play_model = play_model
        self.reading = SeatReading(obs, careful_reading, knowing_reading) if play_model else None
        self.tries = tries
        self.floors = go_floors(obs)
        self.unseen = list(obs.unseen())
        self.played: list[list[Card]] = [[] for _ in range(obs.rules.players)]
        for p in obs.plays:
            if p.card is not None:
                self.played[p.seat].append(p.card)
        self.others = sorted((s for s in range(obs.rules.players) if s != obs.seat and obs.cards_held[s]),
                             key=lambda s: -self.floors[s])
        dealer_team = obs.rules.team_of(obs.dealer)
        self.owns_crib = [obs.rules.team_of(s) == dealer_team for s in range(obs.rules.players)]

    def guess(self, rng: random.Random) -> Guess:
        obs = self.obs
        pool = self.unseen[:]
        rng.shuffle(pool)
        hands: Guess = [[] for _ in range(obs.rules.players)]
        hands[obs.seat] = list(obs.hand)
        for s in self.others:
            need, floor = obs.cards_held[s], self.floors[s]
            reads_play = self.reading is not None and self.reading.laid(s)
            take = self.draw(pool, s, rng) if self.read or reads_play else None
            if take is None:
                take = [c for c in pool if c.value > floor][:need]
                if len(take) < need:
                    chosen = {id(c) for c in take}
                    take += [c for c in pool if id(c) not in chosen][:need - len(take)]
            hands[s] = take
            taken = {id(c) for c in take}
            pool = [c for c in pool if id(c) not in taken]
        return hands

    def draw(self, pool: list[Card], seat: int, rng: random.Random) -> list[Card] | None:
        """The cards from `pool` a seat holds in a guess that its throw, its gos and its lays allow, or None if no
        try found them (a benchmark may read a seat by another model here)."""
        need, floor, played = self.obs.cards_held[seat], self.floors[seat], self.played[seat]
        spare = 1 if self.read else 0
        reading = self.reading if self.reading is not None and self.reading.laid(seat) else None
        if len(pool) < need + spare:
            return None
        for _ in range(self.tries):
            drawn = rng.sample(pool, need + spare)
            keep = drawn
            if self.read:
                thrown = likely_throw([*played, *drawn], self.owns_crib[seat])
                if any(thrown is c for c in played):
                    continue
                keep = [c for c in drawn if c is not thrown]
            if not all(c.value > floor for c in keep):
                continue
            if reading is not None and reading.unlikely(seat, keep) and rng.random() < self.play_model:
                continue
            return keep
        return None


def likely_throw(five: Sequence[Card], owns_crib: bool) -> Card:
    """The card a sensible player lays away from five: the kept four's points before the starter, with a rough
    worth of the card in a crib (for its side's crib or against the other's)."""
    sign = 1.0 if owns_crib else -1.0
    key = rank_key([c.rank for c in five])
    suits = Counter(c.suit for c in five)

    def worth(c: Card) -> float:  # score_cards of the other four, from the five's rank key and suits
        flush = len(five) - 1 if len(suits) == 1 or len(suits) == 2 and suits[c.suit] == 1 else 0
        return rank_points(key - RANK_WEIGHT[c.rank]) + flush + sign * CRIB_CARD_VALUE[c.rank]
    return max(five, key=worth)


def _forced(rank: int, then: Policy) -> Policy:
    """A policy that lays `rank` first, then plays by `then`."""
    laid = [False]

    def policy(playable: list[int], series: list[int], count: int, held: int) -> int:
        if not laid[0]:
            laid[0] = True
            return rank
        return then(playable, series, count, held)
    return policy


class GroupLay:
    """The lay worth most to the seat, over guessed hands of every other seat."""

    def __init__(self, settings: PegSettings, rng: random.Random) -> None:
        self.s = settings
        self.rng = rng

    def choose(self, obs: Observation, playable: Sequence[Card]) -> Card:
        choices: dict[int, Card] = {}
        for card in playable:  # suits do not matter in the play
            choices.setdefault(card.rank, card)
        if len(choices) == 1:
            return playable[0]
        weights = seat_weights(obs, self.s.rival, self.s.score_weights)
        race = ShowRace(obs) if self.s.endgame and obs.rules.target - max(obs.scores) <= self.s.endgame else None
        alone = not any(obs.cards_held[s] for s in range(obs.rules.players) if s != obs.seat)
        values: dict[int, list[float]] = {r: [] for r in choices}
        s = self.s
        guesser = self.guesser(obs)
        self._judge(obs, guesser, weights, race, values, 1 if alone else s.samples)
        extra = min(s.extra, s.budget // len(values) - s.samples)
        if not alone and extra > 0 and _close(values, s.close):
            self._judge(obs, guesser, weights, race, values, extra)
        if alone or s.prior_z <= 0 or obs.rules.players not in s.guard_at:
            return choices[best_mean(values)]
        return choices[guarded_choice(values, one_ply_rank(obs, choices), s.prior_z)]

    def guesser(self, obs: Observation) -> Guesser:
        """Where the other seats' hands come from (a benchmark may swap in the true ones, to measure what knowing
        them would be worth)."""
        s = self.s
        return Guesser(obs, s.read, s.play_model, s.careful_reading, s.read_tries, s.knowing_reading)

    def _judge(self, obs: Observation, guesser: Guesser, weights: list[float], race: ShowRace | None,
               values: dict[int, list[float]], n: int) -> None:
        """Append each rank's value in `n` new guessed deals."""
        other: Policy = careful_policy if self.s.careful else quick_policy
        known = known_counts(_seen_by_all(obs)) if self.s.knowing and self.s.careful else None
        n_seats = obs.rules.players
        series = [c.rank for c in obs.series]
        gone = [s in obs.said_go for s in range(n_seats)]
        teams = [obs.rules.team_of(s) for s in range(n_seats)]
        need = [obs.rules.target - obs.scores[s] for s in range(n_seats)] if race else None
        team_need = [0] * (max(teams) + 1)
        if need is not None:
            for s in range(n_seats):
                team_need[teams[s]] = need[s]
        outcomes: dict[tuple[object, ...], tuple[list[int], int]] = {}
        leaf = RaceLeaf(n_seats, obs.dealer, teams[obs.seat]) if race is not None and self.s.race else None
        for _ in range(n):
            guess = guesser.guess(self.rng)
            ranks = [[c.rank for c in h] for h in guess]
            key_hands = tuple(tuple(sorted(h)) for h in ranks)
            for rank in values:
                key = (rank, key_hands)
                outcome = outcomes.get(key)
                if outcome is None:
                    hands = [h[:] for h in ranks]
                    policies = [knowing_policy(h, known) for h in hands] if known is not None else [other] * n_seats
                    mine = policies[obs.seat] if self.s.self_careful else quick_policy
                    policies[obs.seat] = _forced(rank, mine)
                    outcome = group_playout(hands, series[:], obs.count, obs.seat, gone[:], None,
                                            policies, team_need if need is not None else None, teams,
                                            self.s.series_only)
                    outcomes[key] = outcome
                points, first = outcome
                if leaf is not None and race is not None:
                    values[rank].append(RACE_SCALE * race.chance(guess, points, first, leaf))
                    continue
                value = sum(w * p for w, p in zip(weights, points, strict=True))
                if race is not None:
                    value += self.s.win_worth * race.outcome(guess, points, first)
                values[rank].append(value)


RACE_SCALE = 100.0
"""A lay's worth in the race: its chance of winning the game, in hundredths (so `close` is half a hundredth)."""


def _seen_by_all(obs: Observation) -> list[int]:
    """The ranks every seat has seen: the starter and the cards laid so far."""
    seen = [p.card.rank for p in obs.plays if p.card is not None]
    return seen if obs.starter is None else [*seen, obs.starter.rank]


def _close(values: dict[int, list[float]], within: float) -> bool:
    means = sorted((sum(v) / len(v) for v in values.values()), reverse=True)
    return means[0] - means[1] < within


class ShowRace:
    """Who would win this deal: in the play, or in the show that follows it (pone first, the dealer's hand, then
    the crib, valued at its average) from the seat's team's view: 1 a win, -1 a loss, 0 the game goes on."""

    CRIB_AVERAGE = 4.5

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.played: list[list[Card]] = [[] for _ in range(obs.rules.players)]
        for p in obs.plays:
            if p.card is not None:
                self.played[p.seat].append(p.card)

    def outcome(self, guess: Sequence[Sequence[Card]], points: list[int], first: int) -> int:
        mine = self.obs.rules.team_of(self.obs.seat)
        winner, scores = self.settle(guess, points, first)
        if winner is None:
            team = self.obs.rules.team_of(self.obs.dealer)
            if scores is None or scores[team] + self.CRIB_AVERAGE < self.obs.rules.target:
                return 0
            winner = team
        return 1 if winner == mine else -1

    def chance(self, guess: Sequence[Sequence[Card]], points: list[int], first: int, leaf: RaceLeaf) -> float:
        """The seat's side's chance of winning the game (`RaceLeaf`), the play played out as in `guess`."""
        winner, scores = self.settle(guess, points, first)
        if winner is not None:
            return 1.0 if winner == self.obs.rules.team_of(self.obs.seat) else 0.0
        if scores is None:
            scores = {t: self.obs.scores[t] for t in range(self.obs.rules.teams)}
        target = self.obs.rules.target
        return leaf.after_hands([target - scores[t] for t in range(self.obs.rules.teams)])

    def settle(self, guess: Sequence[Sequence[Card]], points: list[int],
               first: int) -> tuple[int | None, dict[int, int] | None]:
        """The side that reaches the target in the play or the hands (None if none does), and each side's score
        once the hands have counted (None without a starter)."""
        obs = self.obs
        rules = obs.rules
        if first >= 0:
            return first, None
        if obs.starter is None:
            return None, None
        scores = {rules.team_of(s): obs.scores[s] for s in range(rules.players)}
        for s in range(rules.players):
            scores[rules.team_of(s)] += points[s]
        n = rules.players
        for k in range(1, n + 1):
            seat = (obs.dealer + k) % n
            team = rules.team_of(seat)
            scores[team] += score_total([*self.played[seat], *guess[seat]], obs.starter)
            if scores[team] >= rules.target:
                return team, scores
        return None, scores
