from fractions import Fraction
from itertools import combinations

import pytest

from engine.analysis.discards import CRIB_CHOICES, analyze
from engine.core.cards import DECK, CardError, parse_cards
from engine.core.scoring import score_total


def option(cards: str, discard: str, dealer: bool = True):
    a = analyze(parse_cards(cards), dealer=dealer)
    want = set(parse_cards(discard))
    return next(o for o in a.options if set(o.discard) == want)


def test_keeping_3455_from_23455j() -> None:
    o = option("2C 3D 4H 5S 5D JC", "2C JC")
    assert Fraction(o.hand_ev).limit_denominator(1000) == Fraction(574, 46)
    assert (o.hand_min, o.hand_max) == (8, 20)


def test_crib_ev_equals_brute_force_enumeration() -> None:
    cards = parse_cards("2C 3D 4H 5S 5D JC")
    unseen = [c for c in DECK if c not in cards]
    for discard in ("5S 5D", "2C JC", "3D 4H"):
        laid = parse_cards(discard)
        total = 0
        for starter in unseen:
            rest = [c for c in unseen if c != starter]
            total += sum(score_total((*laid, x, y), starter, crib=True) for x, y in combinations(rest, 2))
        assert option("2C 3D 4H 5S 5D JC", discard).crib_ev == pytest.approx(total / CRIB_CHOICES, abs=1e-12)


def test_crib_with_suited_jack_and_flush_chances() -> None:
    # a suited pair with a jack: flush and nobs formulas both matter
    cards = parse_cards("JH 4H 9C 9S KD 2C")
    unseen = [c for c in DECK if c not in cards]
    laid = parse_cards("JH 4H")
    total = sum(score_total((*laid, x, y), s, crib=True)
                for s in unseen for x, y in combinations([c for c in unseen if c != s], 2))
    assert option("JH 4H 9C 9S KD 2C", "JH 4H").crib_ev == pytest.approx(total / CRIB_CHOICES, abs=1e-12)


def test_options_are_all_15_best_net_first_with_the_role_sign() -> None:
    dealer = analyze(parse_cards("5H 5C 6D 7S JH KD"), dealer=True)
    pone = analyze(parse_cards("5H 5C 6D 7S JH KD"), dealer=False)
    assert len(dealer.options) == 15 and len({frozenset(o.discard) for o in dealer.options}) == 15
    assert [o.net for o in dealer.options] == sorted((o.net for o in dealer.options), reverse=True)
    for o in dealer.options:
        assert o.net == pytest.approx(o.hand_ev + o.crib_ev)
    for o in pone.options:
        assert o.net == pytest.approx(o.hand_ev - o.crib_ev)
    assert [str(c) for c in pone.best.discard] == ["JH", "KD"]


def test_bad_input() -> None:
    with pytest.raises(CardError, match="the analyzer needs 6 cards, got 5"):
        analyze(parse_cards("5H 5C 6D 7S JH"), dealer=True)
    with pytest.raises(CardError, match="card 5H appears twice"):
        analyze(parse_cards("5H 5C 6D 7S JH 5H", count=None), dealer=True)
