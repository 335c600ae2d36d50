"""Computer-against-computer games, each reproducible from its seed."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.computer.players import Player
from engine.core.actions import Action
from engine.core.game import Game
from engine.core.observation import Observation, observe
from engine.core.rules import Rules


def play_game(rules: Rules, players: Sequence[Player], seed: int) -> Game:
    """Play one whole game: chance from `seed`, every decision from the seat's own observation."""
    return play_out(Game(rules, seed=seed), players)


def play_out(game: Game, players: Sequence[Player]) -> Game:
    """Play `game` to its end from wherever it stands (for players built around the game itself)."""
    for _ in decisions(game, players):
        pass
    return game


def decisions(game: Game, players: Sequence[Player]) -> Iterator[tuple[Observation, Action]]:
    """Play `game` out, yielding each decision (the seat's view and its answer) before it is applied, so a
    measurement can look at every choice a player makes."""
    if len(players) != game.rules.players:
        raise ValueError(f"{game.rules.players} players needed, got {len(players)}")
    while not game.over:
        for seat in game.to_act():
            if seat not in game.to_act():  # an earlier answer closed its turn (a muggins claim, say)
                continue
            obs = observe(game, seat)
            action = players[seat].choose(obs)
            yield obs, action
            game.apply(action)
            if game.over:
                break
