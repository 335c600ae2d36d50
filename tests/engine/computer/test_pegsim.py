"""The play-out policies: the quick one the expert lays its own future cards by, and the careful one it
expects of its opponent (which weighs the reply a lay leaves open)."""

from __future__ import annotations

from engine.computer.pegsim import careful_policy, careful_regret, playout, quick_policy


def test_a_careful_player_leads_a_card_no_reply_can_make_fifteen_on() -> None:
    """From 4 and 9, a 4 lead leaves only a pair open (no card makes fifteen on 4), a 9 lead leaves 6 for
    fifteen and a pair: the careful lead is the 4, the quick one (high first) the 9."""
    assert careful_policy([4, 9], [], 0, 4) == 4
    assert quick_policy([4, 9], [], 0) == 9


def test_a_careful_player_with_no_card_to_fear_lays_high_first() -> None:
    assert careful_policy([4, 9], [], 0, 0) == 9


def test_a_careful_player_still_takes_the_points_on_offer() -> None:
    """On a 10, a 5 makes fifteen for two even though a reply of 5 can pair it; a 2 makes nothing."""
    assert careful_policy([5, 2], [10], 10, 4) == 5
    assert careful_policy([2, 5], [10], 10, 4) == 5


def test_a_careful_policy_can_lay_the_opponent_s_cards_in_a_playout() -> None:
    """Seat 1 leads from 4 and 9 to seat 0's 6. Laid quickly it leads the 9 and the 6 makes fifteen (2 to
    seat 0), then 4 for 19 and one for last; laid carefully it leads the 4: 6 for 10, 9 for 19, one for last."""
    moves: list[tuple[int, int]] = []
    assert playout([[6], [4, 9]], [], 0, 1, [False, False], None, (999, 999), record=moves) == (2, 1, -1)
    assert moves == [(0, 2), (1, 1)]
    moves = []
    assert playout([[6], [4, 9]], [], 0, 1, [False, False], None, (999, 999), record=moves,
                   opp_policy=careful_policy) == (0, 1, -1)
    assert moves == [(1, 1)]


def test_the_careful_regret_of_a_lay_is_how_much_worse_the_careful_rule_finds_it() -> None:
    """Leading, the careful rule finds a 9 0.46 worse than a 4 (a 6 for fifteen, a 9 for a pair), a 9 a
    hundredth worse than a king (a pair or fifteen either way, a king a pip higher), and none worse than itself."""
    assert round(careful_regret([9, 4, 11, 6], [], 0, 4, 9), 3) == 0.464
    assert round(careful_regret([9, 13, 12, 10], [], 0, 4, 9), 3) == 0.01
    assert careful_regret([9, 8, 7], [], 0, 4, 9) == 0.0
