from __future__ import annotations

import math
import random

from engine.computer.group.choice import best_mean, guarded_choice, one_ply_rank, paired_z
from engine.computer.group.pegging import GroupLay, PegSettings
from engine.core.cards import parse_card
from engine.core.observation import observe
from tests.engine.computer.test_group_pegging import group_deal

FOUR = ["QD 2D QH AD 8C", "7D QC 9D 7C 6H", "3H 2H 3C 4S KS", "KH 2C 3D JC 9S"]


def test_the_advantage_is_counted_guess_by_guess() -> None:
    # differences 1, -1, 3, 1: mean 1, sample variance 8/3, standard error sqrt(2/3)
    assert math.isclose(paired_z([2.0, 0.0, 4.0, 2.0], [1.0, 1.0, 1.0, 1.0]), 1.224744871391589)
    assert paired_z([3.0, 4.0, 5.0], [1.0, 2.0, 3.0]) == math.inf
    assert paired_z([1.0, 2.0], [1.0, 2.0]) == 0.0
    assert paired_z([-1.0, 0.0], [1.0, 2.0]) == -math.inf
    assert paired_z([9.0], [1.0]) == 0.0  # one guess says nothing of the spread


def test_the_best_mean_leans_to_the_higher_card_on_a_tie() -> None:
    assert best_mean({5: [1.0, 3.0], 9: [2.0, 2.0]}) == 9
    assert best_mean({5: [1.0, 3.5], 9: [2.0, 2.0]}) == 5
    assert best_mean({12: [2.0], 13: [2.0], 4: [1.0]}) == 12  # a queen and a king both count ten


def test_the_prior_lay_stands_unless_another_beats_it_clearly() -> None:
    values = {9: [1.0, 1.0, 1.0, 1.0], 5: [2.0, 0.0, 4.0, 2.0], 3: [0.0, 0.0, 0.0, 0.0]}
    assert guarded_choice(values, prior=9, z=1.0) == 5  # 1.22 standard errors better
    assert guarded_choice(values, prior=9, z=2.0) == 9
    assert guarded_choice(values, prior=3, z=2.0) == 5  # 2.45 standard errors ahead of the 3
    assert guarded_choice(values, prior=3, z=3.0) == 9  # ahead of the 3 by the same on every guess
    assert guarded_choice(values, prior=5, z=0.5) == 5  # the prior has the best mean


def test_four_players_lay_one_move_deep_unless_the_play_outs_are_sure() -> None:
    obs = observe(group_deal(FOUR, "3S", players=4), 1)
    choices = {c.rank: c for c in obs.hand}
    assert choices[one_ply_rank(obs, choices)] == parse_card("9D")

    def lay(z: float) -> str:
        return str(GroupLay(PegSettings(samples=24, extra=0, prior_z=z), random.Random(1)).choose(obs, obs.hand))
    assert lay(0.0) == "7D"  # the best of the 24 guesses' means
    assert lay(1.0) == "7D"
    assert lay(3.0) == "9D"
    assert lay(1000.0) == "9D"
