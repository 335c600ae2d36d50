"""A league's round robin by the circle method."""

from itertools import combinations

import pytest

from engine.events.league import LeagueRound, round_robin
from engine.events.problems import EventError, EventProblem


def test_four_entrants_play_three_rounds() -> None:
    assert round_robin(["a", "b", "c", "d"]) == (
        LeagueRound(1, (("a", "d"), ("b", "c")), None),
        LeagueRound(2, (("c", "a"), ("d", "b")), None),
        LeagueRound(3, (("a", "b"), ("c", "d")), None),
    )


def test_five_entrants_have_a_bye_each_round_each_their_own() -> None:
    rounds = round_robin(["a", "b", "c", "d", "e"])
    assert [r.bye for r in rounds] == ["a", "d", "b", "e", "c"]
    assert rounds[0] == LeagueRound(1, (("e", "b"), ("c", "d")), "a")


@pytest.mark.parametrize("count", [2, 3, 6, 7, 12, 13])
def test_everyone_meets_everyone_once_plays_every_round_but_a_bye_and_sits_first_half_the_time(count: int) -> None:
    entrants = [f"p{i}" for i in range(count)]
    rounds = round_robin(entrants)
    assert len(rounds) == count - 1 + count % 2
    met = [frozenset(pair) for r in rounds for pair in r.pairs]
    assert sorted(met, key=sorted) == sorted((frozenset(p) for p in combinations(entrants, 2)), key=sorted)
    for r in rounds:
        seated = [e for pair in r.pairs for e in pair] + ([r.bye] if r.bye else [])
        assert sorted(seated) == sorted(entrants)
    firsts = [sum(pair[0] == e for r in rounds for pair in r.pairs) for e in entrants]
    assert max(firsts) - min(firsts) == (0 if count % 2 else 1)
    assert sum(firsts) == count * (count - 1) // 2


def test_one_entrant_is_refused() -> None:
    with pytest.raises(EventError) as caught:
        round_robin(["a"])
    assert caught.value.code is EventProblem.TOO_FEW
