"""Which games are rated and the pairwise results they give (docs/ratings.md), the farming bound, and the changes
the results make."""

import pytest

from engine.rating.glicko2 import GameResult, Rating, update
from engine.rating.rated import (
    DAY,
    Change,
    Ending,
    FinishedGame,
    GameProblem,
    Judgement,
    Meeting,
    Pairing,
    RatedGameError,
    SeatPlayer,
    Unrated,
    apply,
    farmed_pairs,
    judge,
    meetings_between,
    pairings,
)

ANN, BOB, CAT, DAN = (SeatPlayer(m) for m in ("ann", "bob", "cat", "dan"))
CPU = SeatPlayer(None)


def two(winner: int, ending: Ending = Ending.CARDS, rated: bool = True) -> FinishedGame:
    return FinishedGame((ANN, BOB), (121, 100), winner, ending, rated)


def test_a_two_player_game_is_one_result() -> None:
    assert judge(two(0)) == Judgement((Pairing("ann", "bob", 1.0),), None)
    assert judge(two(1)) == Judgement((Pairing("ann", "bob", 0.0),), None)


@pytest.mark.parametrize("ending", [Ending.RESIGNED, Ending.TIMED_OUT])
def test_a_resignation_or_a_forfeit_is_a_loss(ending: Ending) -> None:
    game = FinishedGame((SeatPlayer("ann", left=True), BOB), (30, 12), 1, ending)
    assert judge(game).pairings == (Pairing("ann", "bob", 0.0),)


@pytest.mark.parametrize(("game", "reason"), [
    (two(0, rated=False), Unrated.CASUAL),
    (two(0, Ending.ENDED), Unrated.ENDED),
    (FinishedGame((ANN, BOB), (40, 40), None, Ending.TIMED_OUT), Unrated.NO_WINNER),
    (FinishedGame((ANN, CPU), (121, 80), 0), Unrated.COMPUTER),
    (FinishedGame((ANN, CPU, CPU), (121, 80, 70), 0), Unrated.COMPUTER),
    (FinishedGame((ANN, BOB, CAT, CPU), (121, 90, 121, 90), 0), Unrated.COMPUTER),
    (FinishedGame((SeatPlayer("ann", left=True), SeatPlayer("bob", left=True), CPU), (80, 90, 121), 2),
     Unrated.ABANDONED),
])
def test_games_that_are_not_rated(game: FinishedGame, reason: Unrated) -> None:
    assert judge(game) == Judgement((), reason)


def test_three_players_each_pair_by_finishing_order() -> None:
    game = FinishedGame((ANN, BOB, CAT), (98, 121, 104), 1)
    assert pairings(game) == (Pairing("ann", "bob", 0.0), Pairing("ann", "cat", 0.0), Pairing("bob", "cat", 1.0))


def test_three_players_equal_losers_draw_and_a_computer_seat_is_skipped() -> None:
    game = FinishedGame((ANN, CPU, CAT), (100, 121, 100), 1)
    assert judge(game).pairings == (Pairing("ann", "cat", 0.5),)


def test_a_member_who_left_a_group_game_is_last_whatever_the_seat_scored_after() -> None:
    game = FinishedGame((SeatPlayer("ann", left=True), BOB, CAT), (121, 90, 110), 0)  # the computer won ann's seat
    assert pairings(game) == (Pairing("ann", "bob", 0.0), Pairing("ann", "cat", 0.0), Pairing("bob", "cat", 0.0))
    both_left = FinishedGame((SeatPlayer("ann", left=True), SeatPlayer("bob", left=True), CAT), (50, 60, 121), 2)
    assert pairings(both_left) == (Pairing("ann", "cat", 0.0), Pairing("bob", "cat", 0.0))


def test_four_players_partnerships_each_member_against_each_opponent() -> None:
    game = FinishedGame((ANN, BOB, CAT, DAN), (121, 95, 121, 95), 2)
    assert pairings(game) == (Pairing("ann", "bob", 1.0), Pairing("ann", "dan", 1.0),
                              Pairing("cat", "bob", 1.0), Pairing("cat", "dan", 1.0))
    left = FinishedGame((ANN, SeatPlayer("bob", left=True), CAT, DAN), (80, 121, 80, 121), 3)
    assert pairings(left) == (Pairing("ann", "bob", 1.0), Pairing("ann", "dan", 0.0),
                              Pairing("cat", "bob", 1.0), Pairing("cat", "dan", 0.0))


def test_farming_counts_rated_pairings_in_the_last_24_hours() -> None:
    pair = frozenset(("ann", "bob"))
    history = [Meeting(t, pair) for t in (100.0, 5_000.0, 9_000.0)] + [Meeting(9_500.0, frozenset(("ann", "cat")))]
    assert meetings_between("bob", "ann", history, now=10_000.0) == 3
    assert meetings_between("ann", "bob", history, now=100.0 + DAY) == 2  # the first fell out of the window
    assert farmed_pairs(["ann", "bob", "cat"], history, now=10_000.0, limit=3) == frozenset({pair})
    assert farmed_pairs(["ann", "bob", "cat"], history, now=10_000.0, limit=4) == frozenset()
    with pytest.raises(RatedGameError) as caught:
        farmed_pairs(["ann", "bob"], history, now=0.0, limit=0)
    assert caught.value.code is GameProblem.LIMIT and caught.value.fields["low"] == 1


def test_a_farmed_pair_is_left_out_and_the_rest_of_a_group_game_stays_rated() -> None:
    farmed = frozenset({frozenset(("ann", "bob"))})
    assert judge(two(0), farmed) == Judgement((), Unrated.FARMED, (Pairing("ann", "bob", 1.0),))
    group = judge(FinishedGame((ANN, BOB, CAT), (121, 99, 104), 0), farmed)
    assert group == Judgement((Pairing("ann", "cat", 1.0), Pairing("bob", "cat", 0.0)), None,
                              (Pairing("ann", "bob", 1.0),))


def test_each_member_rates_one_period_against_the_ratings_before_the_game() -> None:
    ratings = {"ann": Rating(1600, 80, 0.06), "bob": Rating(1500, 120, 0.06)}
    changes = apply(ratings, [Pairing("ann", "bob", 1.0), Pairing("ann", "cat", 0.5), Pairing("bob", "cat", 0.0)])
    assert [c.member for c in changes] == ["ann", "bob", "cat"]
    assert changes[0] == Change("ann", ratings["ann"], update(ratings["ann"], [
        GameResult(1500, 120, 1.0), GameResult(1500, 350, 0.5)]))  # cat is a newcomer
    assert changes[2].after == update(Rating(), [GameResult(1600, 80, 0.5), GameResult(1500, 120, 1.0)])
    ann, bob = (round(c.after.rating) for c in changes[:2])
    assert (ann, bob) == (1610, 1450)  # ann's win counts for more than her draw with a newcomer costs


def test_what_a_game_between_two_newcomers_does() -> None:
    (ann, bob) = apply({}, judge(two(0)).pairings)
    # the paper's steps by hand: g(350/173.7178) = 0.6690, E = 0.5, v = 1/(0.6690^2 * 0.25) = 8.937,
    # phi' = 1/sqrt(1/(2.0148^2 + 0.06^2) + 1/8.937) = 1/sqrt(0.24613 + 0.11190) = 1.6712 -> 290.3,
    # mu' = 1.6712^2 * 0.6690 * 0.5 = 0.9342 -> 1500 + 162.3 = 1662 (bob the mirror: 1338)
    assert (round(ann.after.rating), round(ann.after.deviation, 1)) == (1662, 290.3)
    assert (round(bob.after.rating), round(bob.after.deviation, 1)) == (1338, 290.3)


@pytest.mark.parametrize(("make", "code"), [
    (lambda: FinishedGame((ANN,), (1,), 0), GameProblem.SEATS),
    (lambda: FinishedGame((ANN, BOB), (1, 2, 3), 0), GameProblem.SCORES),
    (lambda: FinishedGame((ANN, BOB), (1, 2), 2), GameProblem.WINNER),
    (lambda: FinishedGame((ANN, SeatPlayer("ann")), (1, 2), 0), GameProblem.MEMBER_TWICE),
])
def test_a_game_that_cannot_be_is_refused_by_code(make, code: GameProblem) -> None:
    with pytest.raises(RatedGameError) as caught:
        make()
    assert caught.value.code is code
