import pytest

from engine.analysis.winprob import Unavailable, WinTable, build_table
from engine.computer.group.discards import group_options
from engine.computer.review import (
    DealFacts,
    ReviewError,
    WinCost,
    pegging_slips,
    review_deal,
    review_game_deal,
    review_group_deal,
    review_record_deal,
)
from engine.computer.table_build import simulate
from engine.core.actions import Discard
from engine.core.cards import parse_card, parse_cards
from engine.core.game import Game
from engine.core.record import to_record
from engine.core.rules import Rules
from tests.engine.helpers import cut_for, deal, play

NO_TABLE = Unavailable("no win-probability table is installed")


@pytest.fixture(scope="module")
def table() -> WinTable:
    return build_table(simulate(2000, seed=3), (121,), {"strategy": "reference"})


def finished_deal() -> Game:
    """Seat 1 deals. The pone keeps 5-6-7-8; the dealer keeps 7-8-9-4 and lays away A-2."""
    game = Game()
    cut_for(game, 1)
    deal(game, ["5H 6D 7C 8S KD QC", "7H 8D 9S 4C AS 2H"], ["KD QC", "AS 2H"], "10C")
    play(game, "p:5H d:4C p:6D d:7H p:8S d:go p:go d:8D p:7C d:9S")
    return game


def test_discard_against_the_best_in_points() -> None:
    r = review_game_deal(finished_deal(), 0, 1, table=NO_TABLE)
    d = r.discard
    assert r.dealer and r.scores_before == (0, 0)
    assert {str(c) for c in d.chosen.discard} == {"AS", "2H"}
    assert {str(c) for c in d.best.discard} == {"4C", "AS"}
    assert d.rank == 3
    assert d.points_cost == pytest.approx(12.9355 - 11.7172, abs=1e-3)
    assert d.win == NO_TABLE  # never estimated without the table


def test_the_best_discard_costs_nothing() -> None:
    r = review_game_deal(finished_deal(), 0, 0, table=NO_TABLE)
    assert r.discard.rank == 1 and r.discard.points_cost == 0.0 and not r.dealer


def test_pegging_plays_that_gave_points_away() -> None:
    r = review_game_deal(finished_deal(), 0, 1, table=NO_TABLE)
    got = [(s.play_index, s.count, str(s.played.card), s.played.points, s.played.reply, str(s.better.card),
            s.better.net, s.cost) for s in r.slips]
    # 4 on the pone's 5 let the 6 in for fifteen and a run (5); the 9 gave nothing.
    # Leading 8 of the new series let the 7 make fifteen (2); the 9 did not.
    assert got == [(1, 5, "4C", 0, 5, "9S", 0, 5), (7, 0, "8D", 0, 2, "9S", 0, 2)]
    assert r.pegging_cost == 7
    # the pone pegged well: 5 led into no ten-cards, then fifteen with a run, then a run of five
    assert review_game_deal(finished_deal(), 0, 0, table=NO_TABLE).slips == ()


def test_min_cost_filters_small_slips() -> None:
    facts = DealFacts.from_log(finished_deal().deals[0])
    assert [s.play_index for s in pegging_slips(facts, 1, min_cost=3)] == [1]


def test_record_and_game_give_the_same_review() -> None:
    game = finished_deal()
    record = to_record(game, ["discord:1", "computer:expert"])
    for seat in (0, 1):
        assert review_record_deal(record, 0, seat, table=NO_TABLE) == review_game_deal(game, 0, seat, table=NO_TABLE)


def test_scores_before_a_later_deal() -> None:
    game = finished_deal()
    assert game.scores == [21, 14]
    deal(game, ["7D 8C 9H 10H JD QS", "AH 2D 3C 4S 5D 6C"], ["JD QS", "5D 6C"], "KC")
    play(game, "p:AH d:7D p:2D d:8C p:3C d:9H p:go d:go p:4S d:10H")
    r = review_game_deal(game, 1, 0, table=NO_TABLE)
    assert r.deal == 1 and r.dealer and r.scores_before == (21, 14)
    rec = review_record_deal(to_record(game), 1, 1, table=NO_TABLE)
    assert rec.scores_before == (14, 21) and not rec.dealer


def test_win_probability_cost_with_a_table(table: WinTable) -> None:
    r = review_game_deal(finished_deal(), 0, 1, table=table, samples=100, seed=1)
    w = r.discard.win
    assert isinstance(w, WinCost)
    assert w.samples == 100 and 0.0 <= w.chosen_p <= w.best_p <= 1.0
    assert w.cost == pytest.approx(w.best_p - w.chosen_p) and w.cost >= 0.0


def test_a_discard_that_wins_at_once_costs_no_chance(table: WinTable) -> None:
    # the pone needs 2 and keeps four fives (20 at least): certain, whatever the deal
    game = Game.at_position(Rules(), [119, 0], dealer=1)
    deal(game, ["5H 5C 5D 5S KD QC", "7H 8D 9S 4C AS 2H"], ["KD QC", "AS 2H"], "10C")
    r = review_game_deal(game, 0, 0, table=table, samples=50)
    assert r.scores_before == (119, 0)
    assert isinstance(r.discard.win, WinCost)
    assert r.discard.win.chosen_p == 1.0 and r.discard.win.cost == 0.0


def test_unknown_scores_make_the_chance_unavailable(table: WinTable) -> None:
    facts = DealFacts.from_log(finished_deal().deals[0])
    r = review_deal(facts, 1, table=table)
    assert r.discard.win == Unavailable("the scores before the deal are not known")


def test_a_table_without_the_target_is_unavailable(table: WinTable) -> None:
    facts = DealFacts.from_log(finished_deal().deals[0])
    r = review_deal(facts, 1, scores_before=(10, 20), target=61, table=table, samples=20)
    assert isinstance(r.discard.win, Unavailable) and "61" in r.discard.win.reason


def test_errors_name_the_problem() -> None:
    game = finished_deal()
    with pytest.raises(ReviewError, match="no deal 5"):
        review_game_deal(game, 5, 0, table=NO_TABLE)
    with pytest.raises(ReviewError, match="no seat 2"):
        review_deal(DealFacts.from_log(game.deals[0]), 2, table=NO_TABLE)
    # the current deal, not dealt yet
    with pytest.raises(ReviewError, match="hands"):
        review_game_deal(game, 1, 0, table=NO_TABLE)
    three = Game(Rules(players=3))
    cut_for(three, 0)
    with pytest.raises(ReviewError, match="two-player"):
        review_game_deal(three, 0, 0, table=NO_TABLE)
    with pytest.raises(ReviewError, match="two-player"):
        review_record_deal({"rules": {"players": 4}, "deals": []}, 0, 0)


def test_a_play_the_seat_did_not_hold_is_an_error() -> None:
    facts = DealFacts.from_log(finished_deal().deals[0])
    bad = DealFacts(facts.dealer, facts.hands, facts.discards,
                    ((0, parse_card("5H"), 5), (1, parse_card("KS"), 15)))
    with pytest.raises(ReviewError, match="KS"):
        pegging_slips(bad, 1)
    assert parse_cards("5H")  # card text is the engine's


def test_the_engine_modules_stay_pure() -> None:
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys, engine.analysis.practice, engine.computer.review; "
            "print(sorted(m for m in ('discord', 'PIL', 'serial', 'bot') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[3])
    assert out.stdout.strip() == "[]"


def test_a_group_deal_review_ranks_the_card_laid_away_among_the_five() -> None:
    game = Game(Rules(players=3, target=61), seed=4)
    hand = game.hands[1]
    thrown = min(hand, key=lambda c: c.rank)  # seat 1 lays away its lowest card, whatever it is worth
    game.apply(Discard(0, (game.hands[0][0],)))
    game.apply(Discard(1, (thrown,)))
    game.apply(Discard(2, (game.hands[2][0],)))
    review = review_group_deal(game, 0, 1)
    weight = 1.0 if game.deals[0].dealer == 1 else -0.5  # one opponent's crib: half against seat 1
    worth = {o.discard: o.hand_ev + weight * o.crib_ev for o in group_options(hand)}
    assert review.crib_weight == weight and review.cards == tuple(hand)
    assert review.chosen.discard == thrown and review.best.discard == max(worth, key=lambda c: worth[c])
    assert review.rank == 1 + sum(1 for v in worth.values() if v > worth[thrown])
    assert review.points_cost == pytest.approx(max(worth.values()) - worth[thrown])
    with pytest.raises(ReviewError):
        review_group_deal(finished_deal(), 0, 0)  # two players: the two-player review
