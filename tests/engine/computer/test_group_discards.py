from __future__ import annotations

import pytest

from engine.computer.group.discards import best_group_discard, crib_weight, group_options
from engine.core.actions import Deal
from engine.core.cards import DECK, CardError, parse_card, parse_cards
from engine.core.game import Game
from engine.core.observation import Observation, observe
from engine.core.rules import Rules
from engine.core.scoring import score_total
from tests.engine.helpers import cut_for

HAND = "5H 5C JS 6D KH"


def test_each_option_is_valued_over_every_starter_and_crib() -> None:
    hand = parse_cards(HAND)
    options = group_options(hand)
    assert [str(o.discard) for o in options] == ["5H", "5C", "JS", "6D", "KH"]
    # the king's crib counted one by one over all 47 starters and 15,180 sets of three more unseen cards (713,460
    # cribs, by hand: too slow for the suite) averages 3.622470776217307
    assert round(options[4].crib_ev, 9) == round(3.622470776217307, 9)
    assert [round(o.crib_ev, 4) for o in options] == [6.3249, 6.3295, 4.3586, 4.5565, 3.6225]
    unseen = [c for c in DECK if c not in hand]
    assert options[3].hand_ev == sum(score_total(options[3].keep, s) for s in unseen) / 47
    assert round(options[3].hand_ev, 4) == 12.383


def test_a_hand_of_the_wrong_size_is_named() -> None:
    with pytest.raises(CardError, match="a three- or four-player hand has 5 cards, got 6"):
        group_options(parse_cards("5H 5C JS 6D KH 2C"))


def seat_sees(players: int, dealer: int, seat: int, hand: str, scores: tuple[int, ...] | None = None) -> Observation:
    """`seat`'s view of a deal in which it holds `hand`, before anyone lays away (from `scores`, else 0-0)."""
    if scores is None:
        game = Game(Rules(players=players))
        cut_for(game, dealer)
    else:
        game = Game.at_position(Rules(players=players), scores, dealer)
    mine = parse_cards(hand)
    rest = iter(c for c in DECK if c not in mine)
    hands = tuple(mine if s == seat else tuple(next(rest) for _ in range(5)) for s in range(players))
    game.apply(Deal(hands, (next(rest),) if players == 3 else ()))
    return observe(game, seat)


@pytest.mark.parametrize(("players", "dealer", "seat", "weight"), [
    (3, 0, 0, 1.0), (3, 1, 0, -0.5), (3, 2, 0, -0.5),
    (4, 0, 0, 1.0), (4, 2, 0, 1.0), (4, 1, 0, -1.0), (4, 3, 2, -1.0),
])
def test_the_crib_counts_for_whoever_owns_it(players: int, dealer: int, seat: int, weight: float) -> None:
    assert crib_weight(seat_sees(players, dealer, seat, HAND), rival=0.5) == weight


def test_the_best_discard_weighs_the_crib_by_its_owner() -> None:
    # 6D: keep 5 5 J K (12.38) and lay a 6 (4.56) whoever owns the crib
    assert best_group_discard(seat_sees(3, 0, 0, HAND)).discard == parse_card("6D")
    assert best_group_discard(seat_sees(3, 1, 0, HAND)).discard == parse_card("6D")
    hand = "5H 4C 6D 9S KH"  # 4 5 6 9 and 4 5 6 K both keep 7: the nine helps the partnership's crib more
    options = {str(o.discard): o for o in group_options(parse_cards(hand))}
    assert options["9S"].crib_ev > options["KH"].crib_ev
    own = best_group_discard(seat_sees(4, 2, 0, hand))
    theirs = best_group_discard(seat_sees(4, 1, 0, hand))
    assert (str(own.discard), str(theirs.discard)) == ("9S", "KH")


def test_near_the_target_the_hand_that_counts_out_is_kept() -> None:
    """Needing 10, with about 2 from pegging: 5 10 6 5 (a 5 laid away) counts 8 with 91.5% of starters, the best
    hand on average (5 10 6 2, 9.40) only with 68.1%."""
    hand = "5D 10S 6S 5S 2S"
    options = {str(o.discard): o for o in group_options(parse_cards(hand))}
    assert (round(options["2S"].hand_ev, 2), round(options["5D"].hand_ev, 2)) == (9.4, 8.87)
    assert (round(options["2S"].reaches(8), 4), round(options["5D"].reaches(8), 4)) == (0.6809, 0.9149)
    game = Game.at_position(Rules(players=3), (111, 40, 50), dealer=1)
    rest = iter(c for c in DECK if c not in parse_cards(hand))
    game.apply(Deal((parse_cards(hand), tuple(next(rest) for _ in range(5)), tuple(next(rest) for _ in range(5))),
                    (next(rest),)))
    obs = observe(game, 0)
    assert best_group_discard(obs).discard == parse_card("2S")  # points alone
    assert best_group_discard(obs, endgame=30, win_worth=25).discard == parse_card("5D")
    assert best_group_discard(obs, endgame=9, win_worth=25).discard == parse_card("2S")  # needs 10: not yet


def test_the_side_s_own_crib_can_be_weighed_less() -> None:
    assert crib_weight(seat_sees(4, 2, 0, HAND), rival=0.5, own=0.7) == 0.7
    assert crib_weight(seat_sees(4, 1, 0, HAND), rival=0.5, own=0.7) == -1.0


def test_an_opponent_s_crib_costs_what_the_scores_make_its_owner_s_points() -> None:
    # seat 0 at 60; seat 1 deals. Behind at 40 its crib costs seat 0 next to nothing; ahead at 80, nearly a point
    behind = seat_sees(3, 1, 0, "KD 10C JC AS 6C", scores=(60, 40, 80))
    ahead = seat_sees(3, 1, 0, "KD 10C JC AS 6C", scores=(60, 80, 40))
    assert crib_weight(behind, rival=0.5) == -0.5
    assert round(crib_weight(behind, rival=0.5, by_score=True), 3) == -0.010
    assert round(crib_weight(ahead, rival=0.5, by_score=True), 3) == -0.945
    assert str(best_group_discard(behind).discard) == "KD"
    assert str(best_group_discard(behind, by_score=True).discard) == "6C"  # the six helps a crib that hardly matters
    assert str(best_group_discard(ahead, by_score=True).discard) == "KD"
    own = seat_sees(3, 0, 0, "KD 10C JC AS 6C", scores=(60, 40, 80))
    assert crib_weight(own, rival=0.5, by_score=True) == 1.0
