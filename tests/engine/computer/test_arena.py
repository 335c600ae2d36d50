from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.computer.arena import (
    A,
    ArenaTally,
    B,
    RoleTally,
    pair_seed,
    play_pair,
    play_pairs,
    split_pairs,
    tally_game,
    tally_pair,
    wilson_interval,
)
from engine.computer.players import STRENGTHS, RandomPlayer, UnknownStrength
from engine.core.actions import Action, Discard
from engine.core.events import PegReason
from engine.core.game import Game
from engine.core.observation import Observation, observe
from engine.core.rules import Rules

RULES_61 = Rules(target=61)


class FirstLegal:
    """Always the first legal action: its discards can be recognised from the hand alone."""

    name = "first"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, obs: Observation) -> Action:
        return obs.legal[0]


@pytest.fixture
def first_strength(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(STRENGTHS, "first", FirstLegal)


@pytest.mark.parametrize(
    ("k", "n", "expected"),
    [(50, 100, (0.4038, 0.5962)), (0, 10, (0.0, 0.2775)), (10, 10, (0.7225, 1.0)),
     (1, 2, (0.0945, 0.9055)), (900, 1000, (0.8798, 0.9171))],
)
def test_wilson_interval(k: int, n: int, expected: tuple[float, float]) -> None:
    lo, hi = wilson_interval(k, n)
    assert (round(lo, 4), round(hi, 4)) == expected


@pytest.mark.parametrize(("k", "n", "message"), [(0, 0, "at least one trial"), (5, 4, "from 0 to 4")])
def test_wilson_interval_rejects_bad_counts(k: int, n: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        wilson_interval(k, n)


def test_pair_swaps_seats_on_the_same_deals(first_strength: None) -> None:
    seed = pair_seed(1, 0)
    first, second = play_pair("first", "random", RULES_61, seed)
    assert first.seed == second.seed == seed
    assert first.cuts == second.cuts
    deal1, deal2 = first.deals[0], second.deals[0]
    assert deal1.dealer == deal2.dealer
    assert deal1.hands == deal2.hands and deal1.starter == deal2.starter
    # "first" (side A) lays away its first two cards: from seat 0 in game 1, from seat 1 in game 2
    for game, a_seat in ((first, 0), (second, 1)):
        for log in game.deals:
            a_hand = log.hands[a_seat]
            assert log.discards[a_seat] == a_hand[:2]
    # and the random side does not (in at least one deal), so the seats really changed hands
    assert any(log.discards[1] != log.hands[1][:2] for log in first.deals)
    assert any(log.discards[0] != log.hands[0][:2] for log in second.deals)


def test_chance_is_the_same_whoever_plays() -> None:
    seed = pair_seed(5, 3)
    first, second = play_pair("random", "random", RULES_61, seed)
    shared = min(len(first.deals), len(second.deals))
    for d in range(shared):
        assert first.deals[d].hands == second.deals[d].hands
        assert first.deals[d].starter == second.deals[d].starter


def test_pair_and_player_seeds_are_reproducible() -> None:
    assert pair_seed(1, 0) == 4294967296 and pair_seed(1, 7) == 4294967303 and pair_seed(0, 2) == 2
    again = play_pairs("random", "random", RULES_61, 9, 0, 3)
    assert again == play_pairs("random", "random", RULES_61, 9, 0, 3)
    assert again != play_pairs("random", "random", RULES_61, 10, 0, 3)


def test_tally_game_accounts_for_every_point_of_complete_deals() -> None:
    heels = 0
    for seed in range(12):
        game = Game(RULES_61, seed=seed)
        players = [RandomPlayer(seed * 8), RandomPlayer(seed * 8 + 1)]
        while not game.over:
            for seat in game.to_act():
                game.apply(players[seat].choose(observe(game, seat)))
                if game.over:
                    break
        last = len(game.deals) - 1
        for a_seat in (0, 1):
            t = tally_game(game, a_seat)
            assert t.games == 1 and t.a_wins == int(game.winner == a_seat)
            assert t.deals_played == len(game.deals) and t.complete_deals == last
            assert t.a_dealer.deals == t.b_pone.deals and t.b_dealer.deals == t.a_pone.deals
            assert t.a_pone.crib == t.a_pone.heels == t.b_pone.crib == t.b_pone.heels == 0
            sides = ((a_seat, t.a_dealer, t.a_pone), (1 - a_seat, t.b_dealer, t.b_pone))
            for side_seat, dealer, pone in sides:
                before_last = sum(m.points for m in game.pegs if m.seat == side_seat and m.deal < last)
                assert dealer.total + pone.total == before_last
                for kind, reasons in (("pegging", {PegReason.PLAY, PegReason.GO, PegReason.LAST}),
                                      ("hand", {PegReason.HAND}), ("crib", {PegReason.CRIB}),
                                      ("heels", {PegReason.HEELS})):
                    points = sum(m.points for m in game.pegs
                                 if m.seat == side_seat and m.deal < last and m.reason in reasons)
                    assert getattr(dealer, kind) + getattr(pone, kind) == points
            heels += t.a_dealer.heels + t.b_dealer.heels
    assert heels > 0  # the seeds include his heels, so that column is exercised


def test_tally_of_one_pair_literal() -> None:
    first, second = play_pair("random", "random", RULES_61, pair_seed(1, 0))
    assert [first.score(0), first.score(1), second.score(0), second.score(1)] == [70, 44, 61, 29]
    tally = tally_pair(first, second)  # A won the first game, B the second with A skunked (29 < 31)
    assert (tally.games, tally.a_wins, tally.deals_played, tally.complete_deals) == (2, 1, 14, 12)
    assert tally.pairs_split == 1 and tally.pairs_a_both == tally.pairs_b_both == 0
    assert (tally.a_skunks, tally.a_double_skunks, tally.b_skunks, tally.b_double_skunks) == (0, 0, 1, 0)
    assert tally.a_dealer == RoleTally(deals=6, pegging=10, hand=20, crib=23, heels=0)
    assert tally.a_pone == RoleTally(deals=6, pegging=3, hand=19, crib=0, heels=0)
    assert tally.b_dealer == RoleTally(deals=6, pegging=18, hand=24, crib=20, heels=0)
    assert tally.b_pone == RoleTally(deals=6, pegging=13, hand=14, crib=0, heels=0)


def _finish_from(scores: list[int], target: int, seed: int) -> Game:
    """Seat 0 a point from winning, seat 1 far behind: seat 0 wins within a deal or two."""
    game = Game.at_position(Rules(target=target), scores, dealer=0, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        for seat in game.to_act():
            obs = observe(game, seat)
            game.apply(rng.choice(obs.legal))
            if game.over:
                break
    assert game.winner == 0
    return game


def test_skunks_are_counted_for_the_winner_side() -> None:
    double = _finish_from([120, 10], 121, seed=3)
    t = tally_game(double, a_seat=0)
    assert (t.a_skunks, t.a_double_skunks, t.b_skunks, t.b_double_skunks) == (0, 1, 0, 0)
    t = tally_game(double, a_seat=1)
    assert (t.a_skunks, t.a_double_skunks, t.b_skunks, t.b_double_skunks) == (0, 0, 0, 1)
    single = _finish_from([60, 5], 61, seed=3)  # no double skunk in the 61 game
    t = tally_game(single, a_seat=0)
    assert (t.a_skunks, t.a_double_skunks, t.b_skunks, t.b_double_skunks) == (1, 0, 0, 0)
    none = _finish_from([120, 95], 121, seed=3)
    assert none.score(1) >= 91
    t = tally_game(none, a_seat=0)
    assert (t.a_skunks, t.a_double_skunks, t.b_skunks, t.b_double_skunks) == (0, 0, 0, 0)


def test_tallies_add_field_by_field() -> None:
    x = ArenaTally(games=2, a_wins=1, a_dealer=RoleTally(deals=3, pegging=4, hand=5, crib=6, heels=2))
    y = ArenaTally(games=4, a_wins=3, a_dealer=RoleTally(deals=1, pegging=1, hand=1, crib=1, heels=0),
                   b_skunks=1)
    assert x + y == ArenaTally(games=6, a_wins=4, b_skunks=1,
                               a_dealer=RoleTally(deals=4, pegging=5, hand=6, crib=7, heels=2))
    assert sum([x, y], ArenaTally()) == x + y
    assert RoleTally(deals=4, pegging=5, hand=6, crib=7, heels=2).per_deal() == {
        "pegging": 1.25, "hand": 1.5, "crib": 1.75, "heels": 0.5, "total": 5.0}


def test_any_split_of_the_pairs_adds_to_the_same_tally() -> None:
    whole = play_pairs("random", "random", RULES_61, 4, 0, 6)
    parts = [play_pairs("random", "random", RULES_61, 4, lo, hi) for lo, hi in split_pairs(6, 4)]
    assert sum(parts, ArenaTally()) == whole
    assert whole.games == 12 and whole.pairs_a_both + whole.pairs_split + whole.pairs_b_both == 6


def test_split_pairs() -> None:
    assert split_pairs(10, 4) == [(0, 2), (2, 5), (5, 7), (7, 10)]
    assert split_pairs(2, 8) == [(0, 1), (1, 2)]
    assert split_pairs(0, 3) == []
    with pytest.raises(ValueError, match="into 0 chunks"):
        split_pairs(5, 0)


def test_unknown_strength_and_bad_ranges() -> None:
    with pytest.raises(UnknownStrength, match="unknown player 'genius'"):
        play_pairs("genius", "random", RULES_61, 1, 0, 1)
    with pytest.raises(ValueError, match="0 <= start <= stop, not 3..1"):
        play_pairs("random", "random", RULES_61, 1, 3, 1)
    with pytest.raises(ValueError, match="two-player games, not 3-player"):
        play_pair("random", "random", Rules(players=3), 1)


def test_first_legal_discards_are_the_first_two_cards() -> None:
    """The premise of the seat-swap test: the first legal discard keeps the hand's last four."""
    game = Game(RULES_61, seed=1)
    seat = game.to_act()[0]
    assert observe(game, seat).legal[0] == Discard(seat, next(combinations(game.hands[seat], 2)))


def test_same_deals_compare_like_with_like() -> None:
    """`hard` discards exactly as `expected` does, so in the deals both games of a pair completed the two sides'
    hands, cribs and heels are equal, point for point; over every complete deal they are not."""
    t = play_pairs("hard", "expected", RULES_61, 3, 0, 8)
    assert (t.games, t.a_wins, t.complete_deals) == (16, 8, 61)
    assert t.role(A, True, same=True) == RoleTally(deals=29, pegging=82, hand=217, crib=149, heels=4)
    assert t.role(B, True, same=True) == RoleTally(deals=29, pegging=87, hand=217, crib=149, heels=4)
    assert t.role(A, False, same=True) == RoleTally(deals=29, pegging=49, hand=215, crib=0, heels=0)
    assert t.role(B, False, same=True) == RoleTally(deals=29, pegging=31, hand=215, crib=0, heels=0)
    assert (t.a_dealer.hand, t.b_dealer.hand, t.a_pone.hand, t.b_pone.hand) == (228, 225, 228, 223)
