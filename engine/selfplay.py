"""Computer-against-computer games, each reproducible from its seed."""

from __future__ import annotations

from collections.abc import Sequence

from engine.game import Game
from engine.observation import observe
from engine.players import Player
from engine.rules import Rules


def play_game(rules: Rules, players: Sequence[Player], seed: int) -> Game:
    """Play one whole game: chance from `seed`, every decision from the seat's own observation."""
    if len(players) != rules.players:
        raise ValueError(f"{rules.players} players needed, got {len(players)}")
    game = Game(rules, seed=seed)
    while not game.over:
        for seat in game.to_act():
            if seat not in game.to_act():  # an earlier answer closed its turn (a muggins claim, say)
                continue
            game.apply(players[seat].choose(observe(game, seat)))
            if game.over:
                break
    return game
