"""Muggins as a club table calls it: every opponent of the declarer may claim a miss (the first claim takes
it, passes by all lose it), and an over-declaration is corrected or penalised as the rules say."""

import pytest

from engine.core.actions import Declare, Muggins
from engine.core.events import PegReason
from engine.core.game import Game, IllegalAction, Phase, skunk_of
from engine.core.legality import Illegal
from engine.core.muggins import claimants_of, opponent_after
from engine.core.observation import observe
from engine.core.pegging import PegItem, PegKind
from engine.core.rules import Overcount, Rules, RulesError, RulesProblem
from tests.engine.helpers import deal, play_first_legal


def show(players: int, overcount: Overcount = Overcount.CORRECT) -> Game:
    """A muggins show, seat 0 dealing. Kept hands: seat 0 4H 4D 6C 6D (24 with the 5S starter), seat 1
    5C 5D 5H JS (29), seat 2 KS QS 10D 8C (6), seat 3 2D 3D 7D 8D (10); the crib counts 4.
    After the play the scores are [5, 0] with two players, [1, 2, 5] with three, [4, 6] with four."""
    if players == 2:
        game = Game.at_position(Rules(muggins=True, overcount=overcount), [0, 0], dealer=0)
        deal(game, ["4H 4D 6C 6D 9C KC", "5C 5D 5H JS 2H 3H"], ["9C KC", "2H 3H"], "5S")
    elif players == 3:
        game = Game.at_position(Rules(players=3, muggins=True, overcount=overcount), [0, 0, 0], dealer=0)
        deal(game, ["4H 4D 6C 6D 9C", "5C 5D 5H JS 2H", "KS QS 10D 8C 7C"], ["9C", "2H", "7C"], "5S", "AC")
    else:
        game = Game.at_position(Rules(players=4, muggins=True, overcount=overcount), [0, 0], dealer=0)
        deal(game, ["4H 4D 6C 6D 9C", "5C 5D 5H JS 2H", "KS QS 10D 8C 7C", "2D 3D 7D 8D AH"],
             ["9C", "2H", "7C", "AH"], "5S")
    play_first_legal(game)
    assert game.phase is Phase.SHOW and game.to_act() == (1,)
    return game


def missed(players: int) -> Game:
    """Seat 1 (the pone) declares 28 for its 29: one point (his nobs) missed."""
    game = show(players)
    game.apply(Declare(1, 28))
    return game


def scores(game: Game) -> list[int]:
    return [game.score(s) for s in range(game.rules.players)]


def moves(game: Game, start: int) -> list[tuple[int, int, PegReason, tuple[PegItem, ...], int, int]]:
    return [(m.seat, m.points, m.reason, m.items, m.front, m.back) for m in game.pegs[start:]]


def answers(game: Game) -> list[tuple[int, bool, int, bool | None, int | None, tuple[int, ...]]]:
    return [(d.seat, d.crib, d.declared, d.claimed, d.claimant, d.passes) for d in game.deals[-1].declarations]


MISSED_ONE = (PegItem(PegKind.MUGGINS, 1, "muggins: 1 missed"),)


# -- who may claim --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "declarer", "expected"), [
    (2, 0, (1,)), (2, 1, (0,)),
    (3, 0, (1, 2)), (3, 1, (2, 0)), (3, 2, (0, 1)),
    (4, 0, (1, 3)), (4, 1, (2, 0)), (4, 2, (3, 1)), (4, 3, (0, 2)),
])
def test_every_opponent_may_claim_in_turn_order_from_the_declarers_left(
        players: int, declarer: int, expected: tuple[int, ...]) -> None:
    rules = Rules(players=players, muggins=True)
    assert claimants_of(rules, declarer) == expected
    assert opponent_after(rules, declarer) == expected[0]


@pytest.mark.parametrize(("players", "claimants"), [(2, (0,)), (3, (2, 0)), (4, (2, 0))])
def test_a_miss_opens_the_claim_to_every_opponent(players: int, claimants: tuple[int, ...]) -> None:
    game = missed(players)
    assert game.phase is Phase.MUGGINS
    assert game.claimants() == game.to_act() == claimants
    window = game.muggins_window
    assert window is not None and (window.declarer, window.points, window.waiting) == (1, 1, claimants)
    for seat in range(players):
        legal = observe(game, seat).legal
        assert observe(game, seat).to_act == claimants
        assert legal == ((Muggins(seat, True), Muggins(seat, False)) if seat in claimants else ())
    assert game.legal_actions() == [a for s in claimants for a in (Muggins(s, True), Muggins(s, False))]


# -- claims ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "claimant", "after"), [
    (2, 0, [6, 28]),
    (3, 2, [1, 30, 6]),
    (3, 0, [2, 30, 5]),  # the seat further round may call first: the first call wins
    (4, 2, [5, 34, 5, 34]),
    (4, 0, [5, 34, 5, 34]),  # partners share the claim's points
])
def test_the_first_claim_by_any_eligible_seat_takes_the_missed_points(players: int, claimant: int,
                                                                      after: list[int]) -> None:
    game = missed(players)
    start = len(game.pegs)
    front = after[claimant]
    game.apply(Muggins(claimant, True))
    assert moves(game, start) == [(claimant, 1, PegReason.MUGGINS, MISSED_ONE, front, front - 1)]
    assert game.pegs[-1].call == "muggins: 1 missed"
    assert scores(game) == after
    assert game.phase is Phase.SHOW and game.claimants() == () and game.to_act() == (2 % players,)
    assert answers(game) == [(1, False, 28, True, claimant, ())]


def test_a_claim_after_another_seat_passed() -> None:
    game = missed(3)
    game.apply(Muggins(2, False))
    assert game.phase is Phase.MUGGINS and game.claimants() == game.to_act() == (0,)
    assert answers(game) == [(1, False, 28, None, None, (2,))]
    game.apply(Muggins(0, True))
    assert moves(game, -1) == [(0, 1, PegReason.MUGGINS, MISSED_ONE, 2, 1)]
    assert scores(game) == [2, 30, 5]
    assert answers(game) == [(1, False, 28, True, 0, (2,))]


@pytest.mark.parametrize(("players", "order", "after"), [
    (2, (0,), [5, 28]),
    (3, (2, 0), [1, 30, 5]),
    (3, (0, 2), [1, 30, 5]),
    (4, (2, 0), [4, 34, 4, 34]),
])
def test_when_every_eligible_seat_passes_the_miss_is_lost(players: int, order: tuple[int, ...],
                                                          after: list[int]) -> None:
    game = missed(players)
    start = len(game.pegs)
    for seat in order:
        game.apply(Muggins(seat, False))
    assert moves(game, start) == [] and scores(game) == after
    assert game.phase is Phase.SHOW and game.to_act() == (2 % players,)
    assert answers(game) == [(1, False, 28, False, None, order)]


@pytest.mark.parametrize(("players", "first", "seat", "fields", "message"), [
    (2, None, 1, {"seat": 1, "to_act": 0, "claimants": (0,), "declarer": 1, "passed": False},
     "seat 1 cannot claim muggins on its own count; seat 0 may"),
    (3, None, 1, {"seat": 1, "to_act": 2, "claimants": (2, 0), "declarer": 1, "passed": False},
     "seat 1 cannot claim muggins on its own count; seats 2 and 0 may"),
    (3, 2, 2, {"seat": 2, "to_act": 0, "claimants": (0,), "declarer": 1, "passed": True},
     "seat 2 cannot claim muggins after letting it go; seat 0 may"),
    (4, None, 3, {"seat": 3, "to_act": 2, "claimants": (2, 0), "declarer": 1, "passed": False},
     "seat 3 cannot claim muggins on its partner's count; seats 2 and 0 may"),
    (4, None, 1, {"seat": 1, "to_act": 2, "claimants": (2, 0), "declarer": 1, "passed": False},
     "seat 1 cannot claim muggins on its own count; seats 2 and 0 may"),
    (4, 0, 0, {"seat": 0, "to_act": 2, "claimants": (2,), "declarer": 1, "passed": True},
     "seat 0 cannot claim muggins after letting it go; seat 2 may"),
])
@pytest.mark.parametrize("claim", [True, False])
def test_a_seat_that_may_not_claim_is_refused(players: int, first: int | None, seat: int, claim: bool,
                                              fields: dict[str, object], message: str) -> None:
    game = missed(players)
    if first is not None:
        game.apply(Muggins(first, False))
    before = (game.version, len(game.pegs), game.claimants(), answers(game))
    with pytest.raises(IllegalAction) as caught:
        game.apply(Muggins(seat, claim))
    exc = caught.value
    assert (exc.code, dict(exc.fields), str(exc)) == (Illegal.NOT_YOUR_CLAIM, fields, message)
    assert (game.version, len(game.pegs), game.claimants(), answers(game)) == before


def test_a_seat_out_of_the_game_is_refused_as_no_seat() -> None:
    with pytest.raises(IllegalAction) as caught:
        missed(3).apply(Muggins(5, True))
    assert caught.value.code is Illegal.NO_SEAT


def test_a_claim_can_win_the_game() -> None:
    game = Game.at_position(Rules(players=3, muggins=True), [119, 0, 0], dealer=0)
    deal(game, ["4H 4D 6C 6D 9C", "5C 5D 5H JS 2H", "KS QS 10D 8C 7C"], ["9C", "2H", "7C"], "5S", "AC")
    play_first_legal(game)
    assert scores(game) == [120, 2, 5]
    game.apply(Declare(1, 28))
    game.apply(Muggins(0, True))
    assert game.over and game.winner == 0 and scores(game) == [121, 30, 5]
    assert game.claimants() == () and game.muggins_window is None
    assert answers(game) == [(1, False, 28, True, 0, ())]


# -- over-declaration -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_over_declaration_is_corrected_by_default(players: int) -> None:
    game = show(players)
    game.apply(Declare(1, 29))
    start = len(game.pegs)
    before = scores(game)
    seat = 0 if players == 2 else 2  # the next hand: seat 0's 24 with two players, else seat 2's 6
    true = 24 if players == 2 else 6
    game.apply(Declare(seat, true + 3))
    assert [(m.seat, m.points, m.reason) for m in game.pegs[start:]] == [(seat, true, PegReason.HAND)]
    assert scores(game) == [s + true if game.rules.team_of(i) == game.rules.team_of(seat) else s
                            for i, s in enumerate(before)]
    assert game.phase is Phase.SHOW and game.claimants() == ()
    assert answers(game)[-1] == (seat, False, true + 3, None, None, ())


OVER_THREE = (PegItem(PegKind.MUGGINS, 3, "muggins: 3 over-claimed"),)


@pytest.mark.parametrize(("players", "declarer", "true", "taker", "after"), [
    (2, 0, 24, 1, [5 + 24, 29 + 3]),
    (3, 2, 6, 0, [1 + 3, 31, 5 + 6]),  # only the declarer's left takes it, not the other opponent
    (4, 2, 6, 3, [4 + 6, 35 + 3, 4 + 6, 35 + 3]),
])
def test_an_over_declaration_under_the_penalty_goes_to_the_declarers_left(
        players: int, declarer: int, true: int, taker: int, after: list[int]) -> None:
    game = show(players, Overcount.PENALTY)
    game.apply(Declare(1, 29))
    start = len(game.pegs)
    game.apply(Declare(declarer, true + 3))
    hand, penalty = game.pegs[start:]
    assert (hand.seat, hand.points, hand.reason, sum(i.points for i in hand.items)) == (
        declarer, true, PegReason.HAND, true)
    assert moves(game, start + 1) == [(taker, 3, PegReason.MUGGINS, OVER_THREE, after[taker], after[taker] - 3)]
    assert penalty.call == "muggins: 3 over-claimed"
    assert scores(game) == after
    assert game.phase is Phase.SHOW and game.claimants() == ()
    assert answers(game)[-1] == (declarer, False, true + 3, None, None, ())


def test_the_penalty_can_win_the_game() -> None:
    game = Game.at_position(Rules(muggins=True, overcount=Overcount.PENALTY), [0, 116], dealer=0)
    deal(game, ["4H 4D 6C 6D 9C KC", "5C 5D 5H JS 2H 3H"], ["9C KC", "2H 3H"], "5S")
    play_first_legal(game)
    game.apply(Declare(1, 0))  # declares nothing, and the dealer lets the 29 go
    game.apply(Muggins(0, False))
    game.apply(Declare(0, 29))  # 24 in the hand, 5 over-claimed: seat 1 goes out on them
    assert game.over and game.winner == 1
    assert (game.pegs[-1].seat, game.pegs[-1].points, game.pegs[-1].reason) == (1, 5, PegReason.MUGGINS)
    assert scores(game) == [29, 121]


def test_an_exact_or_short_count_costs_no_penalty() -> None:
    game = show(2, Overcount.PENALTY)
    game.apply(Declare(1, 29))
    game.apply(Declare(0, 24))
    assert [m.reason for m in game.pegs[-1:]] == [PegReason.HAND] and scores(game) == [29, 29]


# -- the option -----------------------------------------------------------------------------------


def test_overcount_rides_in_the_rules_json() -> None:
    rules = Rules(players=3, target=61, muggins=True, skunk=True, overcount=Overcount.PENALTY)
    data = rules.to_json()
    assert data == {"players": 3, "target": 61, "muggins": True, "skunk": True, "overcount": "penalty"}
    assert Rules.from_json(data) == rules
    assert Rules().to_json()["overcount"] == "correct" and Rules().overcount is Overcount.CORRECT
    old = {"players": 2, "target": 121, "muggins": True, "skunk": False}
    assert Rules.from_json(old) == Rules(muggins=True) and Rules.from_json(old).overcount is Overcount.CORRECT


@pytest.mark.parametrize(("make", "value"), [
    (lambda: Rules.from_json({"overcount": "harsh"}), "harsh"),
    (lambda: Rules.from_json({"overcount": None}), None),
    (lambda: Rules(overcount="penalty"), "penalty"),  # the enum, not its name
])
def test_an_unknown_overcount_is_refused(make: object, value: object) -> None:
    with pytest.raises(RulesError) as caught:
        make()  # type: ignore[operator]
    exc = caught.value
    assert (exc.code, dict(exc.fields), str(exc)) == (
        RulesProblem.OVERCOUNT, {"overcount": value, "allowed": ("correct", "penalty")},
        f"overcount must be one of correct, penalty, not {value!r}")


# -- skunks with three players --------------------------------------------------------------------


@pytest.mark.parametrize(("scores_", "skunk"), [
    ([121, 95, 40], None),  # the best-placed loser is past the line: nobody is skunked
    ([121, 80, 95], None),
    ([121, 80, 40], "skunk"),
    ([121, 60, 50], "double skunk"),
    ([40, 121, 90], "skunk"),
])
def test_three_players_one_skunk_decided_by_the_best_loser(scores_: list[int], skunk: str | None) -> None:
    rules = Rules(players=3, skunk=True)
    assert skunk_of(rules, scores_, scores_.index(121)) == skunk
