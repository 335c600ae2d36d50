from __future__ import annotations

import pytest

from engine.actions import Discard
from engine.expert import ExpertPlayer
from engine.game import Game
from engine.group_arena import checked
from engine.group_discards import best_group_discard
from engine.group_players import EXPERT_GROUP, HARD_GROUP, ByTableSize, GroupPlayer
from engine.observation import observe
from engine.players import make_player
from engine.rules import Rules
from engine.selfplay import decisions, play_game


def test_two_player_games_go_to_the_two_player_strength() -> None:
    """The same moves as a bare ExpertPlayer with the same seed, decision by decision."""
    wrapped = [make_player("expert", 3), make_player("expected", 4)]
    bare = ExpertPlayer(3)
    for obs, action in decisions(Game(Rules(target=61), seed=12), wrapped):
        if obs.seat == 0:
            assert bare.choose(obs) == action


@pytest.mark.parametrize(("players", "strength", "settings"), [(3, "expert", EXPERT_GROUP), (4, "hard", HARD_GROUP)])
def test_group_games_go_to_the_group_strength(players: int, strength: str, settings: object) -> None:
    player = make_player(strength, 1)
    assert isinstance(player, ByTableSize) and player.name == player.two.name  # named as before, by its two-player self
    assert isinstance(player.group, GroupPlayer) and player.group.settings == settings
    assert player.group.name == strength
    obs = observe(Game(Rules(players=players), seed=5), 0)
    assert player.choose(obs) == Discard(0, (best_group_discard(obs, 0.5).discard,))


def test_group_settings_order_the_ladder() -> None:
    """`hard` guesses fewer deals, quickly, without reading them; `expert` reads them and plays for the game."""
    assert (HARD_GROUP.samples, HARD_GROUP.extra, HARD_GROUP.careful, HARD_GROUP.read, HARD_GROUP.endgame) == (
        24, 0, False, False, 0)
    assert (EXPERT_GROUP.samples, EXPERT_GROUP.extra, EXPERT_GROUP.self_careful, EXPERT_GROUP.read,
            EXPERT_GROUP.endgame) == (48, 96, True, True, 30)


def test_a_group_game_between_the_strengths_finishes_and_replays() -> None:
    game = play_game(Rules(players=4, target=61), [make_player(n, k) for k, n in
                                                    enumerate(("expert", "hard", "expert", "expected"))], 9)
    assert checked(game).over
