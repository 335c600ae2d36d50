"""Computer games played through, decision by decision."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.computer.players import make_player
from engine.computer.selfplay import decisions, play_game
from engine.core.game import Game
from engine.core.rules import Rules


def test_decisions_yield_each_choice_before_it_is_applied_and_play_the_same_game() -> None:
    game = Game(Rules(), seed=6)
    kinds: Counter[str] = Counter()
    for obs, action in decisions(game, [make_player("greedy", 1), make_player("greedy", 2)]):
        assert action in obs.legal  # the view is the one the choice was made from, not yet moved on
        kinds[type(action).__name__] += 1
    assert game.scores == [121, 104]
    assert kinds == {"Discard": 18, "Play": 72, "Go": 12}  # nine deals
    assert play_game(Rules(), [make_player("greedy", 1), make_player("greedy", 2)], 6).scores == [121, 104]


def test_a_game_needs_a_player_for_every_seat() -> None:
    with pytest.raises(ValueError, match="^2 players needed, got 1$"):
        next(decisions(Game(Rules(), seed=1), [make_player("greedy", 1)]))
