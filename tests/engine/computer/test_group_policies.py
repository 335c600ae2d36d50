from __future__ import annotations

from engine.computer.group.policies import knowing_policy, known_counts
from engine.computer.pegsim import careful_policy


def test_the_unseen_cards_are_counted_from_what_the_seat_knows() -> None:
    assert known_counts([1, 1, 13]) == (0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)
    # the careful rule leads the 2 (an ace is as likely to be paired); holding three aces, the last one can pair the
    # ace led, so the seat leads it, low for the go
    assert careful_policy([1, 2], [], 0, 4) == 2
    assert knowing_policy([1, 1, 1, 2], known_counts([]))([1, 2], [], 0, 4) == 1
    # the same when three aces are laid or turned up: known to every seat
    assert knowing_policy([1, 2, 9, 9], known_counts([1, 1, 1]))([1, 2, 9], [], 0, 4) == 1
    assert knowing_policy([1, 2, 9, 9], known_counts([]))([1, 2, 9], [], 0, 4) == 2
