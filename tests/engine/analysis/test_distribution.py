from itertools import combinations

from engine.analysis.distribution import distribution
from engine.core.cards import DECK, parse_card
from engine.core.scoring import score_total

PUBLISHED = [1009008, 99792, 2813796, 505008, 2855676, 697508, 1800268, 751324, 1137236, 361224, 388740,
             51680, 317340, 19656, 90100, 9168, 58248, 11196, 2708, 0, 8068, 2496, 444, 356, 3680, 0, 0,
             0, 76, 4]


def test_hand_distribution_equals_the_published_table() -> None:
    dist = distribution()
    assert list(dist.counts) == PUBLISHED
    assert dist.total == 12_994_800
    assert round(dist.mean, 4) == 4.7692


def test_crib_distribution_moves_only_four_card_flushes() -> None:
    crib = distribution(crib=True)
    assert crib.total == 12_994_800
    assert crib.counts[29] == 4 and crib.counts[0] == 1022208


def brute(starter: str, crib: bool) -> list[int]:
    card = parse_card(starter)
    counts = [0] * 30
    for hand in combinations([c for c in DECK if c != card], 4):
        counts[score_total(hand, card, crib)] += 1
    return counts


def test_formula_matches_enumeration_for_a_jack_and_a_five_starter() -> None:
    # every suit is alike, so one starter of a rank stands for a quarter of that rank's count
    for starter, rank in (("JS", 11), ("5H", 5)):
        for crib in (False, True):
            formula = distribution(crib=crib, starter_rank=rank).counts
            assert [4 * n for n in brute(starter, crib)] == list(formula)
