from __future__ import annotations

import random

import pytest

from engine.computer.group.discards import best_group_discard
from engine.computer.group.keep_play import KeepPlay
from engine.computer.group.players import EXPERT_FOUR, EXPERT_GROUP, GroupPlayer
from engine.core.cards import CardError, parse_cards
from tests.engine.computer.test_group_discards import seat_sees

HAND = "7C 9S QS 2H 7D"
"""7 7 9 Q and 7 7 9 2 show alike (8.63 and 8.61 with the crib the dealer's); the deuce pegs."""


def test_a_kept_hand_of_the_wrong_size_is_named() -> None:
    kept = KeepPlay(seat_sees(3, 0, 0, HAND), [1.0, -0.5, -0.5], 2, random.Random(0))
    with pytest.raises(CardError, match="a kept hand for the play has 4 cards, got 5") as raised:
        kept.worth(parse_cards(HAND))
    assert raised.value.fields == {"expected": 4, "got": 5}


def test_the_dealer_s_low_card_is_worth_more_in_the_play() -> None:
    """Every keep is played on the same 400 guesses, each of the other two seats' fours a sensible keep of five
    unseen cards, every seat laying carefully from the pone's lead."""
    kept = KeepPlay(seat_sees(3, 0, 0, HAND), [1.0, -0.5, -0.5], 400, random.Random(5))
    with_deuce = kept.worth(parse_cards("7C 9S 2H 7D"))
    with_queen = kept.worth(parse_cards("7C 9S QS 7D"))
    assert (round(with_deuce, 3), round(with_queen, 3)) == (0.9, 0.443)
    assert kept.worth(parse_cards("7C 9S 2H 7D")) == with_deuce  # the same guesses every time


def test_the_three_player_expert_keeps_the_deuce_as_dealer_alone() -> None:
    dealer, pone = seat_sees(3, 0, 0, HAND), seat_sees(3, 1, 0, HAND)
    assert str(best_group_discard(dealer).discard) == "2H"  # the show alone
    assert str(GroupPlayer(7, EXPERT_GROUP).discard(dealer)[0]) == "QS"
    assert str(GroupPlayer(7, EXPERT_GROUP).discard(pone)[0]) == str(best_group_discard(pone, by_score=True).discard)


def test_the_four_player_expert_keeps_the_deuce_as_dealer_alone() -> None:
    dealer, partner = seat_sees(4, 0, 0, HAND), seat_sees(4, 2, 0, HAND)
    assert str(best_group_discard(dealer).discard) == "2H"
    assert str(GroupPlayer(7, EXPERT_FOUR).discard(dealer)[0]) == "QS"
    assert str(GroupPlayer(7, EXPERT_FOUR).discard(partner)[0]) == "2H"  # the dealer's partner, as the show says
