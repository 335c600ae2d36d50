"""ACC grass-roots game points and spread, and the project's forfeit and bye."""

from fractions import Fraction

import pytest

from engine.events.problems import EventError, EventProblem
from engine.events.scoring import BothForfeit, Bye, Forfeit, Mark, Played, marks, opponents
from engine.events.standings import standings


def test_a_win_gives_two_points_and_the_margin_as_spread() -> None:
    assert marks(Played("ann", "bob", 121, 97)) == (Mark("ann", "bob", 2, True, 24), Mark("bob", "ann", 0, False, -24))


def test_the_skunk_line_is_91_at_121_and_31_at_61() -> None:
    assert marks(Played("ann", "bob", 91, 121))[0] == Mark("bob", "ann", 2, True, 30)
    assert marks(Played("ann", "bob", 90, 121))[0] == Mark("bob", "ann", 3, True, 31, skunk=True)
    assert marks(Played("ann", "bob", 121, 0))[1] == Mark("bob", "ann", 0, False, -121, skunk=True)
    assert marks(Played("ann", "bob", 61, 31, target=61))[0] == Mark("ann", "bob", 2, True, 30)
    assert marks(Played("ann", "bob", 61, 30, target=61))[0] == Mark("ann", "bob", 3, True, 31, skunk=True)


def test_a_forfeit_is_a_loss_by_the_widest_plain_margin() -> None:
    assert marks(Forfeit("ann", "bob")) == (Mark("ann", "bob", 2, True, 30), Mark("bob", "ann", 0, False, -30))
    assert marks(BothForfeit("ann", "bob")) == (Mark("ann", "bob", 0, False, -30),
                                                Mark("bob", "ann", 0, False, -30))


def test_forfeiting_never_beats_losing_a_game_played_out() -> None:
    lost = standings(["ann", "bob"], [Played("ann", "bob", 121, 91)])
    forfeited = standings(["ann", "bob"], [Forfeit("ann", "bob")])
    assert lost[1].spread == forfeited[1].spread == -30


def test_a_bye_is_a_win_of_two_points_with_no_spread() -> None:
    assert marks(Bye("cat")) == (Mark("cat", None, 2, True, 0),)
    assert opponents(Bye("cat")) is None
    assert opponents(Forfeit("ann", "bob")) == frozenset({"ann", "bob"})


@pytest.mark.parametrize(("scores", "target"), [((121, 121), 121), ((120, 100), 121), ((122, 100), 121),
                                                ((121, -1), 121), ((121, 60), 61)])
def test_scores_no_game_ends_with_are_refused(scores: tuple[int, int], target: int) -> None:
    with pytest.raises(EventError) as caught:
        Played("ann", "bob", *scores, target=target)
    assert caught.value.code is EventProblem.SCORES
    assert caught.value.fields["scores"] == scores


def test_a_target_other_than_121_or_61_and_a_game_against_oneself_are_refused() -> None:
    with pytest.raises(EventError) as caught:
        Played("ann", "bob", 100, 90, target=100)
    assert caught.value.code is EventProblem.TARGET
    with pytest.raises(EventError) as caught:
        Forfeit("ann", "ann")
    assert caught.value.code is EventProblem.SAME_ENTRANT


def test_standings_refuse_a_stranger_and_an_entrant_twice() -> None:
    with pytest.raises(EventError) as caught:
        standings(["ann", "bob"], [Played("ann", "cat", 121, 100)])
    assert (caught.value.code, caught.value.fields["entrant"]) == (EventProblem.UNKNOWN_ENTRANT, "cat")
    with pytest.raises(EventError) as caught:
        standings(["ann", "bob", "ann"], [])
    assert (caught.value.code, caught.value.fields["entrant"]) == (EventProblem.DUPLICATE_ENTRANT, "ann")


def test_level_entrants_are_split_by_par_then_by_who_joined_first() -> None:
    results = [Played("ann", "bob", 121, 100), Played("cat", "dan", 121, 100)]
    plain = standings(["dan", "cat", "bob", "ann"], results)
    assert [(s.entrant, s.tied) for s in plain] == [("cat", True), ("ann", True), ("dan", True), ("bob", True)]
    duplicate = standings(["dan", "cat", "bob", "ann"], results, {"ann": Fraction(5, 2), "cat": Fraction(-1)})
    assert [(s.entrant, s.against_par, s.tied) for s in duplicate] == [
        ("ann", Fraction(5, 2), False), ("cat", Fraction(-1), False), ("dan", Fraction(0), True),
        ("bob", Fraction(0), True)]
