from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.computer.expert import ExpertPlayer
from engine.computer.group.arena import checked
from engine.computer.group.discards import best_group_discard
from engine.computer.group.pegging import GroupLay
from engine.computer.group.players import EXPERT_FOUR, EXPERT_GROUP, HARD_GROUP, ByTableSize, GroupPlayer
from engine.computer.players import make_player
from engine.computer.selfplay import decisions, play_game
from engine.core.actions import Discard
from engine.core.cards import Card
from engine.core.game import Game, Phase
from engine.core.observation import Observation, observe
from engine.core.rules import Rules


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
    """`hard` guesses fewer deals, unread, and plays for points; `expert` reads its guesses, looks again at close
    lays and plays for the game with three players (with four, for points to the end)."""
    assert (HARD_GROUP.samples, HARD_GROUP.extra, HARD_GROUP.simulate_at, HARD_GROUP.read,
            HARD_GROUP.self_careful, HARD_GROUP.endgame) == (24, 0, (3, 4), False, False, 0)
    assert (EXPERT_GROUP.samples, EXPERT_GROUP.extra, EXPERT_GROUP.simulate_at, EXPERT_GROUP.read,
            EXPERT_GROUP.endgame) == (48, 96, (3, 4), True, 30)
    assert (HARD_GROUP.prior_z, HARD_GROUP.guard_at) == (2.0, (4,))
    assert (EXPERT_GROUP.prior_z, EXPERT_GROUP.guard_at) == (2.0, (4,))
    assert (EXPERT_FOUR.prior_z, EXPERT_FOUR.guard_at) == (1.0, (4,))
    assert (EXPERT_GROUP.race, EXPERT_GROUP.play_model, EXPERT_GROUP.knowing) == (True, 0.9, True)
    assert (EXPERT_FOUR.race, EXPERT_FOUR.endgame, EXPERT_FOUR.play_model, EXPERT_FOUR.knowing) == (False, 0, 0.9, True)
    assert (HARD_GROUP.score_weights, EXPERT_GROUP.score_weights, EXPERT_FOUR.score_weights) == (False, True, False)


def test_the_expert_takes_its_four_player_settings_at_four() -> None:
    player = make_player("expert", 1)
    assert isinstance(player, ByTableSize) and isinstance(player.group, GroupPlayer)
    three = observe(Game(Rules(players=3), seed=5), 0)
    four = observe(Game(Rules(players=4), seed=5), 0)
    assert player.group.at(three) is EXPERT_GROUP and player.group.at(four) is EXPERT_FOUR


def test_a_group_game_between_the_strengths_finishes_and_replays() -> None:
    game = play_game(Rules(players=4, target=61), [make_player(n, k) for k, n in
                                                    enumerate(("expert", "hard", "expert", "expected"))], 9)
    assert checked(game).over


@pytest.mark.parametrize("players", [4, 3])
def test_hard_pegs_by_play_outs_at_three_and_four(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    game = Game(Rules(players=players), seed=21)
    seats = [make_player("expected", k) for k in range(players)]
    while game.phase is not Phase.PLAY:
        seat = game.to_act()[0]
        game.apply(seats[seat].choose(observe(game, seat)))
    obs = observe(game, game.to_act()[0])
    calls: list[Observation] = []
    choose = GroupLay.choose

    def counted(self: GroupLay, seen: Observation, playable: Sequence[Card]) -> Card:
        calls.append(seen)
        return choose(self, seen, playable)
    monkeypatch.setattr(GroupLay, "choose", counted)
    card = GroupPlayer(1, HARD_GROUP).play(obs, list(obs.hand))
    assert len(calls) == 1 and card in obs.hand
