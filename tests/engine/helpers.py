"""Drive a game card by card from outside, as a real table or a record would."""

from __future__ import annotations

from engine.actions import Cut, Deal, Discard, Go, Play, Starter
from engine.cards import parse_card, parse_cards
from engine.game import Game


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
    from engine.game import Phase

    while game.phase is Phase.PLAY:
        game.apply(game.legal_actions()[0])
