import pytest

from engine.analysis.practice import (
    CheckResult,
    Hint,
    PracticeError,
    Tally,
    check,
    deal_drill,
    merge_tallies,
)
from engine.core.cards import parse_card, parse_cards
from engine.core.scoring import ItemKind, score_hand


def breakdown(hand: str, starter: str, crib: bool = False):
    return score_hand(parse_cards(hand), parse_card(starter), crib)


def test_missed_his_nobs_in_the_29_hand() -> None:
    r = check(28, breakdown("5H 5C 5D JS", "5S"))
    assert (r.declared, r.total, r.missed_points, r.over_claimed) == (28, 29, 1, 0)
    assert [(i.kind, i.points, [str(c) for c in i.cards]) for i in r.missed_items] == [(ItemKind.NOBS, 1, ["JS"])]
    assert r.missed_exact and not r.exact
    assert r.hints == (Hint.MISSED_NOBS,)


def test_exact_count() -> None:
    r = check(29, breakdown("5H 5C 5D JS", "5S"))
    assert r.exact and r.missed_points == 0 and r.over_claimed == 0 and r.missed_items == () and r.hints == ()


def test_missed_a_fifteen_prefers_one_item() -> None:
    # 5-6-7-7 with a king: 10 = two runs of three (6), a pair (2), 5+K (2)
    r = check(8, breakdown("5S 6S 7S 7H", "KD"))
    assert r.total == 10 and r.missed_points == 2
    assert [i.kind for i in r.missed_items] == [ItemKind.FIFTEEN]


def test_missed_a_run_of_three() -> None:
    r = check(7, breakdown("5S 6S 7S 7H", "KD"))
    assert [(i.kind, i.points) for i in r.missed_items] == [(ItemKind.RUN, 3)]


def test_shortfall_no_items_make() -> None:
    # 2H 4H 6H 8H + KS: a flush of four only; declaring 1 misses 3, which no items add up to
    r = check(1, breakdown("2H 4H 6H 8H", "KS"))
    assert r.total == 4 and r.missed_points == 3 and r.missed_items == () and not r.missed_exact


def test_crib_four_flush_over_claim() -> None:
    r = check(4, breakdown("2H 4H 6H 8H", "KS", crib=True))
    assert (r.total, r.over_claimed, r.missed_points) == (0, 4, 0)
    assert Hint.CRIB_FOUR_FLUSH in r.hints


def test_king_queen_is_not_a_pair() -> None:
    # KH QS 2C 3D + 9C: 2+3+K? no: K+2+3 = 15 and Q+2+3 = 15: 4; claiming the K-Q pair gives 6
    r = check(6, breakdown("KH QS 2C 3D", "9C"))
    assert r.total == 4 and r.over_claimed == 2 and Hint.FACE_PAIR in r.hints


@pytest.mark.parametrize("declared", [19, 25, 26, 27, 30])
def test_impossible_totals(declared: int) -> None:
    assert Hint.IMPOSSIBLE_TOTAL in check(declared, breakdown("5H 5C 5D JS", "5S")).hints


@pytest.mark.parametrize("declared", [-1, 100, 2.5, "7", True])
def test_bad_declarations(declared: object) -> None:
    with pytest.raises(PracticeError, match="whole number"):
        check(declared, breakdown("5H 5C 5D JS", "5S"))  # type: ignore[arg-type]


def test_drills_repeat_from_their_seed() -> None:
    a, b = deal_drill(7), deal_drill(7)
    assert a == b and len(a.cards) == 4 and a.starter not in a.cards and not a.crib
    assert ([str(c) for c in a.cards], str(a.starter), a.breakdown.total) == (["3C", "8H", "10S", "KH"], "4S", 2)
    assert deal_drill(8) != a
    crib = deal_drill(7, crib=True)
    assert crib.crib and crib.cards == a.cards and crib.breakdown.crib
    assert a.breakdown.total == score_hand(a.cards, a.starter).total


def test_tally_records_and_adds() -> None:
    t = Tally()
    assert t.accuracy is None
    t = t.record(check(28, breakdown("5H 5C 5D JS", "5S")))
    t = t.record(check(29, breakdown("5H 5C 5D JS", "5S")))
    t = t.record(check(4, breakdown("2H 4H 6H 8H", "KS", crib=True)))
    assert t == Tally(attempts=3, exact=1, points_missed=1, points_over=4)
    assert t.accuracy == pytest.approx(1 / 3)
    assert t + Tally(2, 2, 0, 0) == Tally(5, 3, 1, 4)
    assert Tally.from_json(t.to_json()) == t
    with pytest.raises(ValueError, match="tally"):
        Tally.from_json({"attempts": 1, "exact": 2})


def test_merge_tallies_by_player() -> None:
    merged = merge_tallies({"discord:1": Tally(1, 1, 0, 0)}, {"discord:1": Tally(2, 0, 3, 1), "discord:2": Tally(1)})
    assert merged == {"discord:1": Tally(3, 1, 3, 1), "discord:2": Tally(1, 0, 0, 0)}


def test_result_is_frozen() -> None:
    r = check(28, breakdown("5H 5C 5D JS", "5S"))
    assert isinstance(r, CheckResult)
    with pytest.raises(AttributeError):
        r.total = 3  # type: ignore[misc]
