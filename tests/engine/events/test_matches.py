"""Best-of matches: who leads and who won, from the games' winners."""

import pytest

from engine.events.matches import MatchState, match_from_games, match_state
from engine.events.problems import EventError, EventProblem
from engine.events.scoring import Forfeit, Played


def test_best_of_three_is_won_by_two_games() -> None:
    assert match_state("ann", "bob") == MatchState("ann", "bob", 3)
    one = match_state("ann", "bob", 3, ["bob"])
    assert (one.leader, one.winner, one.needed) == ("bob", None, 2)
    level = match_state("ann", "bob", 3, ["bob", "ann"])
    assert (level.leader, level.winner, level.games) == (None, None, 2)
    done = match_state("ann", "bob", 3, ["bob", "ann", "ann"])
    assert (done.first_wins, done.second_wins, done.winner, done.loser, done.leader) == (2, 1, "ann", "bob", "ann")
    assert match_state("ann", "bob", 3, ["bob", "bob"]).winner == "bob"


def test_best_of_one_and_five() -> None:
    assert match_state("ann", "bob", 1, ["bob"]).winner == "bob"
    assert match_state("ann", "bob", 5, ["ann", "ann", "bob", "bob"]).winner is None
    assert match_state("ann", "bob", 5, ["ann", "ann", "bob", "bob", "ann"]).winner == "ann"


def test_a_game_after_the_match_or_by_a_stranger_is_refused() -> None:
    with pytest.raises(EventError) as caught:
        match_state("ann", "bob", 3, ["ann", "ann", "bob"])
    assert caught.value.code is EventProblem.MATCH_OVER
    assert caught.value.fields == {"winner": "ann", "game": 3}
    with pytest.raises(EventError) as caught:
        match_state("ann", "bob", 3, ["cat"])
    assert caught.value.fields == {"entrant": "cat", "game": 1}
    with pytest.raises(EventError) as caught:
        match_state("ann", "bob", 2)
    assert (caught.value.code, caught.value.fields["best_of"]) == (EventProblem.MATCH_LENGTH, 2)


def test_a_match_read_from_its_games_counts_a_forfeit_for_the_opponent() -> None:
    games: list[Played | Forfeit] = [Played("ann", "bob", 100, 121), Forfeit("ann", "bob")]
    assert match_from_games("ann", "bob", 3, games) == MatchState("ann", "bob", 3, 1, 1)
    decided = match_from_games("ann", "bob", 3, [*games, Played("bob", "ann", 121, 89)])
    assert (decided.winner, decided.first_wins, decided.second_wins) == ("bob", 1, 2)
    with pytest.raises(EventError) as caught:
        match_from_games("ann", "bob", 3, [Played("ann", "cat", 121, 100)])
    assert caught.value.fields == {"game": 1}
