from __future__ import annotations

import numpy as np
import pytest

from engine.computer.group.pegging import ShowRace
from engine.computer.group.race import (
    CAP,
    RaceLeaf,
    add_points,
    keep_chance,
    race_chances,
    race_model,
    race_weights,
    shifted,
    side_places,
)
from engine.core.cards import parse_cards
from engine.core.observation import observe
from tests.engine.computer.test_group_pegging import THREE, group_deal


def test_points_add_and_gather_past_the_cap() -> None:
    assert add_points(np.array([0.5, 0.5]), np.array([0.5, 0.5])).tolist() == [0.25, 0.5, 0.25]
    top = np.zeros(CAP + 1)
    top[CAP] = 1.0
    summed = add_points(top, np.array([0.5, 0.5]))
    assert len(summed) == CAP + 1 and summed[CAP] == 1.0


def test_a_distribution_moves_by_a_fraction_of_a_point() -> None:
    assert shifted(np.array([1.0]), 1.5).tolist() == [0.0, 0.5, 0.5]
    assert shifted(np.array([0.5, 0.5]), -1).tolist() == [1.0, 0.0]


def test_the_first_side_there_wins_and_a_shared_play_is_split() -> None:
    # slots of a deal: 0 the play, 1 side A's hand, 2 side B's hand
    a = np.array([1.0, 0.0, 0.0])  # A gets there with its hand, surely
    b = np.array([0.5, 0.5, 0.0])  # B in the play half the time, else with its hand (after A's)
    assert race_chances([a, b], 3) == [0.5, 0.5]
    both_in_play = np.array([0.0, 0.0, 0.0])
    assert race_chances([both_in_play, both_in_play], 3) == [0.5, 0.5]


def test_places_move_round_the_table() -> None:
    assert side_places(3, 0) == [0, 1, 2]
    assert side_places(3, 1) == [2, 0, 1]
    assert side_places(4, 1) == [1, 0]
    assert side_places(4, 2) == [0, 1]


@pytest.mark.parametrize("players", [3, 4])
def test_chances_add_up_and_fall_as_the_need_grows(players: int) -> None:
    model = race_model(players)
    sides = 2 if players == 4 else 3
    places = side_places(players, 0)
    even = model.chances([121] * sides, places)
    assert abs(sum(even) - 1.0) < 1e-9
    assert even[0] == max(even)  # the first crib is the dealer's
    nearer = model.chances([100] + [121] * (sides - 1), places)
    assert nearer[0] > even[0]
    assert model.chances([1] + [121] * (sides - 1), places)[0] > 0.999


def test_the_crib_counts_last_for_the_dealer() -> None:
    model = race_model(3)
    at_least_two = 1.0 - model.crib[0] - model.crib[1]
    # every hand has counted, nobody is out: the dealer (seat 0) needs 2 and the others 3; a crib of 2 or more
    # wins it, else the next deal starts with the dealer needing 1 from the third place
    go_on = model.chances([1, 3, 3], side_places(3, 1))
    assert RaceLeaf(3, dealer=0, side=0).after_hands([2, 3, 3]) == pytest.approx(
        at_least_two + (1 - at_least_two) * go_on[0])
    assert RaceLeaf(3, dealer=0, side=1).after_hands([2, 3, 3]) == pytest.approx((1 - at_least_two) * go_on[1])
    assert go_on[0] > 0.5  # one point is most likely pegged before the others make three


def test_a_hand_that_counts_out_first_wins() -> None:
    # the pone (seat 1) needs 10 and counts first; a 12 with every starter wins unless a side pegs out first
    sure = keep_chance(3, 121, 0, 1, (109, 111, 109), [12] * 46, 4.0)
    short = keep_chance(3, 121, 0, 1, (109, 111, 109), [2] * 46, 4.0)
    assert sure > 0.99
    assert short < 0.1  # two points a hand: the others count out first


def test_the_lay_is_valued_by_the_race_after_the_show() -> None:
    game = group_deal(THREE, "6S", scores=(110, 118, 100))
    obs = observe(game, 0)
    race = ShowRace(obs)
    leaf = RaceLeaf(3, obs.dealer, 0)
    rich = [list(obs.hand), parse_cards("5H 4C 6H 6C"), parse_cards("AS AH KD QD")]
    poor = [list(obs.hand), parse_cards("AS 3H 9C KD"), parse_cards("AH 2S 8C QD")]
    assert race.chance(rich, [0, 0, 0], -1, leaf) == 0.0  # the pone counts out first
    assert race.chance(poor, [0, 0, 0], 0, leaf) == 1.0  # seat 0 pegged out
    undecided = race.chance(poor, [0, 0, 0], -1, leaf)
    assert 0.0 < undecided < 1.0


def test_a_side_s_point_is_worth_what_it_does_to_the_chance_of_winning() -> None:
    # seat 0 at 60 dealing: the leader's point (80) costs it more than one of its own; the trailer's (40) almost nothing
    assert [round(w, 3) for w in race_weights(3, 121, 0, 0, (60, 80, 40))] == [1.0, -1.126, -0.005]
    even = race_weights(3, 121, 0, 0, (0, 0, 0))
    assert even is not None and [round(w, 2) for w in even] == [1.0, -0.5, -0.54]  # near the old flat half
    assert race_weights(3, 121, 0, 0, (118, 60, 60)) is None  # all but won: nothing to read
    partners = race_weights(4, 121, 0, 1, (60, 80))
    assert partners is not None and partners[1] == 1.0 and partners[0] < 0
