"""Drive a game card by card from outside, as a real table or a record would."""

from __future__ import annotations

import random

from engine.computer.strategies import true_count
from engine.core.actions import Action, Cut, Deal, Declare, Discard, Go, Muggins, Play, Starter
from engine.core.cards import parse_card, parse_cards
from engine.core.game import Game, Phase
from engine.core.observation import Observation
from engine.core.scoring import MAX_HAND


def deal(game: Game, hands: list[str], discards: list[str], starter: str, extra: str = "") -> None:
    game.apply(Deal(tuple(parse_cards(h) for h in hands), parse_cards(extra)))
    for seat, d in enumerate(discards):
        game.apply(Discard(seat, parse_cards(d)))
    game.apply(Starter(parse_card(starter)))


def cut_for(game: Game, dealer: int) -> None:
    """Cuts that make `dealer` deal: an ace for the dealer, kings for the rest."""
    kings = iter(parse_cards("KS KH KD KC"))
    for seat in range(game.rules.players):
        game.apply(Cut(seat, parse_card("AS") if seat == dealer else next(kings)))


def play(game: Game, moves: str) -> None:
    """Moves like 'p:10S d:KH p:go' for a two-player game: p is the pone, d the dealer."""
    for move in moves.split():
        who, what = move.split(":")
        seat = game.pone if who == "p" else game.dealer if who == "d" else int(who)
        game.apply(Go(seat) if what == "go" else Play(seat, parse_card(what)))


def play_first_legal(game: Game) -> None:
    """Play out the rest of the play phase, each seat laying its first legal card."""
    while game.phase is Phase.PLAY:
        game.apply(game.legal_actions()[0])


class CarelessPlayer:
    """Plays at random and counts carelessly in a muggins show: a count a little off the truth either way,
    and claims let go at random, so random games reach every muggins path (a miss claimed, passed by some
    or all, an over-declaration)."""

    name = "careless"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        if obs.phase is Phase.SHOW and obs.legal:
            off = self.rng.choice((-3, -1, 0, 0, 0, 1, 2))
            return Declare(obs.seat, min(MAX_HAND, max(0, true_count(obs) + off)))
        if obs.phase is Phase.MUGGINS and obs.legal:
            return Muggins(obs.seat, self.rng.random() < 0.4)
        return self.rng.choice(obs.legal)
