from __future__ import annotations

import random

from engine.computer.expert import Spot, seat_spots
from engine.computer.group.pegging import GroupLay, Guesser, PegSettings
from engine.computer.group.policies import known_counts
from engine.computer.group.reading import SeatReading, seen_at_each_lay
from engine.core.cards import parse_card, parse_cards
from engine.core.observation import observe
from tests.engine.computer.test_group_pegging import group_deal

HANDS = ["KS QS 9D 8D 2C", "10H 4C 9S KH 3D", "9C 7C 2H AC 6D"]
"""Seat 0 deals; each seat lays away its last card."""


def ten_then_nine() -> str:
    """Seat 1 leads a 10, seat 2 lays a 9 on it for 19 (no points)."""
    return "1:10H 2:9C"


def test_each_seats_lays_are_read_with_the_count_before_and_what_it_laid_later() -> None:
    # 10, 9 (19), king (29), seat 1 says go, seat 2 lays a 2 for 31 and two
    obs = observe(group_deal(HANDS, "5S", "1:10H 2:9C 0:KS 1:go 2:2H"), 0)
    spots = seat_spots(obs)
    assert spots[1] == [Spot([], 0, 0, [], 10, 4)]
    assert spots[2] == [Spot([10], 10, 0, [2], 9, 4), Spot([10, 9, 13], 29, 2, [], 2, 3)]
    assert spots[0] == [Spot([10, 9], 19, 0, [], 13, 3)]


def test_a_nine_on_ten_is_unlikely_from_a_hand_that_held_a_five_or_a_ten() -> None:
    obs = observe(group_deal(HANDS, "4S", ten_then_nine()), 0)
    reading = SeatReading(obs, careful=False)
    assert reading.unlikely(2, parse_cards("5H 7D 8C"))  # a 5 made fifteen two
    assert reading.unlikely(2, parse_cards("10D 7D 8C"))  # a 10 made a pair
    assert not reading.unlikely(2, parse_cards("7D 8C AH"))
    assert not reading.laid(0) and reading.laid(1) and reading.laid(2)
    careful = SeatReading(obs, careful=True)
    assert careful.unlikely(2, parse_cards("5H 7D 8C"))  # passing up points is careless too
    # a 10 led from a hand with a 4 is careless (a 5 makes fifteen on the 10, nothing on the 4); from tens it is not
    assert careful.unlikely(1, parse_cards("4C 9S KH")) and not reading.unlikely(1, parse_cards("4C 9S KH"))
    assert not careful.unlikely(1, parse_cards("KD QC JH"))
    assert careful.judged[(1, (4, 9, 13))] and not careful.judged[(1, (11, 12, 13))]  # kept by seat and ranks


def test_read_guesses_hold_no_card_the_seat_would_have_pegged_with() -> None:
    obs = observe(group_deal(HANDS, "4S", ten_then_nine()), 0)
    rng = random.Random(5)
    read = Guesser(obs, read=True, play_model=1.0, careful_reading=False, tries=40)
    for _ in range(60):
        guess = read.guess(rng)
        assert [len(h) for h in guess] == [4, 3, 3]
        assert all(c.rank not in (5, 10) for c in guess[2])
    blind = Guesser(obs, read=True)
    held = [c.rank for _ in range(60) for c in blind.guess(rng)[2]]
    assert sum(1 for r in held if r in (5, 10)) > 20


def test_an_expert_reading_the_lays_and_knowing_the_unseen_cards_still_takes_the_fifteen() -> None:
    hands = ["KS QS 9D 8D 2C", "5H 4C 9S KH 3D", "10C 5D JH 7C 2H"]
    facing_a_king = observe(group_deal(hands, "6S", "1:KH"), 2)
    settings = PegSettings(read=True, play_model=0.9, knowing=True, self_careful=True)
    assert GroupLay(settings, random.Random(5)).choose(facing_a_king, list(facing_a_king.hand)) == parse_card("5D")


def test_each_lay_is_read_with_the_starter_and_the_cards_laid_before_it() -> None:
    obs = observe(group_deal(HANDS, "5S", "1:10H 2:9C 0:KS 1:go 2:2H"), 0)
    assert seen_at_each_lay(obs) == [[known_counts([5, 10, 9])], [known_counts([5])],
                                     [known_counts([5, 10]), known_counts([5, 10, 9, 13])]]
    assert known_counts([5, 10]) == (0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0)


def test_read_knowingly_a_ten_led_beside_two_fives_is_sensible_once_the_starter_is_the_third() -> None:
    # a ten led risks a five's fifteen; a 4 led risks only a pair of 4s. Holding two fives with the third turned up,
    # the leader knows one five at most is out, and the ten costs under a tenth of a point more than the 4
    fives = parse_cards("5H 5D 4C")
    five_up = observe(group_deal(HANDS, "5S", "1:10H"), 0)
    assert not SeatReading(five_up, careful=True, knowing=True).unlikely(1, fives)
    assert SeatReading(five_up, careful=True).unlikely(1, fives)  # the careful rule counts four fives out of sight
    two_up = observe(group_deal(HANDS, "2S", "1:10H"), 0)
    assert SeatReading(two_up, careful=True, knowing=True).unlikely(1, fives)
    assert not SeatReading(two_up, careful=True, knowing=True).unlikely(1, parse_cards("5H 7D 8C"))
