"""Swiss pairings: the seeding, no rematch while avoidable, the bye rules, and the same answer every time."""

import random

import pytest

from engine.events.problems import EventError, EventProblem
from engine.events.scoring import Bye, Played, Result, opponents
from engine.events.swiss import Pairings, first_round, next_round, seed_order

RATED = {"a": 1800.0, "b": 1700.0, "c": 1600.0, "d": 1500.0, "e": 1400.0}


def test_the_seeding_is_by_rating_then_by_a_seeded_lot() -> None:
    assert seed_order(["e", "d", "c", "b", "a"], RATED) == ("a", "b", "c", "d", "e")
    assert seed_order(["x", "a", "y"], {"a": 1500.0}, seed=3) == seed_order(["x", "a", "y"], {"a": 1500.0}, seed=3)
    assert seed_order(["x", "a", "y"], {"a": 1500.0}, seed=3)[0] == "a"
    lots = {seed_order([str(i) for i in range(8)], seed=s) for s in range(20)}
    assert len(lots) > 10


def test_the_first_round_bye_goes_to_the_lowest_seed() -> None:
    assert first_round(list(RATED), RATED) == Pairings((("a", "c"), ("b", "d")), "e")


def test_a_later_bye_goes_to_the_lowest_ranked_entrant_without_one() -> None:
    results: list[Result] = [Played("a", "c", 121, 100), Played("b", "d", 119, 121), Bye("e")]
    # a 2 +21, d 2 +2, e 2 0, b 0 -2, c 0 -21: c has the bye; a v d and e v b have not met
    assert next_round(list(RATED), results, RATED) == Pairings((("a", "d"), ("e", "b")), "c")


def test_when_everyone_has_had_a_bye_the_lowest_ranked_with_fewest_has_it() -> None:
    results: list[Result] = [Bye("a"), Played("b", "c", 121, 100), Bye("b"), Played("a", "c", 121, 110),
                             Bye("c"), Played("a", "b", 121, 119)]
    # a 6 +13, b 4 +19, c 2 -31; all had a bye: c has a second one
    assert next_round(["a", "b", "c"], results) == Pairings((("a", "b"),), "c", rematches=1)


def test_a_rematch_is_skipped_for_the_next_entrant_down() -> None:
    results = [Played("a", "c", 121, 110), Played("b", "d", 121, 100),
               Played("a", "b", 121, 115), Played("c", "d", 121, 90)]
    # a 4 +17, c 3 +20, b 2 +15, d 0: a has met c and b, so a v d and c v b
    assert next_round(["a", "b", "c", "d"], results) == Pairings((("a", "d"), ("c", "b")), None)


def test_backtracking_finds_the_only_pairing_without_a_rematch() -> None:
    # six entrants; a greedy a v b, c v d would leave e v f, who have met: the search must change an earlier pair
    results = [Played("e", "f", 121, 120), Played("a", "e", 121, 120), Played("b", "f", 121, 120),
               Played("c", "e", 121, 120), Played("d", "f", 121, 120)]
    ratings = {e: 1800.0 - 10 * i for i, e in enumerate("abcdef")}
    pairings = next_round(list("abcdef"), results, ratings)
    assert pairings == Pairings((("a", "b"), ("c", "f"), ("d", "e")), None)


def test_an_unavoidable_rematch_is_made_and_counted() -> None:
    results = [Played("a", "b", 121, 100), Played("c", "d", 121, 100), Played("a", "c", 121, 100),
               Played("b", "d", 121, 100), Played("a", "d", 121, 100), Played("b", "c", 121, 100)]
    pairings = next_round(["a", "b", "c", "d"], results)
    assert pairings.rematches == 2
    assert sorted(e for pair in pairings.pairs for e in pair) == ["a", "b", "c", "d"]


def test_nine_rounds_of_a_big_field_have_no_rematch_and_one_bye_each_at_most() -> None:
    entrants = [f"p{i}" for i in range(33)]
    rng = random.Random(5)
    results: list[Result] = []
    pairings = first_round(entrants, seed=11)
    for _ in range(9):
        for first, second in pairings.pairs:
            loser = rng.randint(40, 120)
            results.append(Played(first, second, 121, loser) if rng.random() < 0.5 else
                           Played(first, second, loser, 121))
        assert pairings.bye is not None
        results.append(Bye(pairings.bye))
        assert pairings.rematches == 0
        pairings = next_round(entrants, results, seed=11)
    met = [opponents(r) for r in results if opponents(r) is not None]
    assert len(met) == len(set(met)) == 9 * 16
    byes = [r.entrant for r in results if isinstance(r, Bye)]
    assert len(byes) == len(set(byes)) == 9


def test_pairings_are_the_same_every_time() -> None:
    results: list[Result] = [Played("a", "c", 121, 100), Played("b", "d", 119, 121), Bye("e")]
    assert next_round(list(RATED), results, RATED) == next_round(list(reversed(RATED)), results, RATED)
    assert next_round(list(RATED), results, seed=9) == next_round(list(RATED), results, seed=9)


def test_too_few_entrants_and_a_rating_for_a_stranger_are_refused() -> None:
    with pytest.raises(EventError) as caught:
        first_round(["a"])
    assert (caught.value.code, caught.value.fields["entrants"]) == (EventProblem.TOO_FEW, 1)
    with pytest.raises(EventError) as caught:
        first_round(["a", "b"], {"z": 1500.0})
    assert caught.value.code is EventProblem.UNKNOWN_ENTRANT


def test_a_bottom_of_the_table_that_has_all_met_is_paired_up_into_the_field() -> None:
    # nine who have all played each other sit at the bottom (the others have byes' points and no meetings): going
    # down the table leaves them together, so the search pairs them first, each with the nearest they have not met
    outsiders = [f"o{i:02d}" for i in range(31)]
    club = [f"c{i}" for i in range(9)]
    results: list[Result] = [Bye(o) for o in outsiders for _ in range(9)]
    results += [Played(a, b, 121, 100) for i, a in enumerate(club) for b in club[i + 1:]]
    ratings = {e: 2000.0 - i for i, e in enumerate(outsiders + club)}
    pairings = next_round(outsiders + club, results, ratings)
    assert pairings.rematches == 0
    assert all(not (a in club and b in club) for a, b in pairings.pairs)
    assert pairings.pairs == (*((f"o{i:02d}", f"o{i + 1:02d}") for i in range(0, 22, 2)),
                              *((f"o{22 + i}", f"c{8 - i}") for i in range(9)))
