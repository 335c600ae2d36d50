import pytest

from engine.analysis.winprob import WinTable, build_table
from engine.computer.table_build import simulate
from engine.computer.winplay import option_chances, sample_deals
from engine.core.cards import parse_cards


@pytest.fixture(scope="module")
def table() -> WinTable:
    return build_table(simulate(3000, seed=9), (121,), {"strategy": "reference"})


def test_a_sure_win_is_certain(table: WinTable) -> None:
    # the pone needs 2 and keeps four fives: whatever the deal, the hand alone wins before the dealer counts
    chances = option_chances(parse_cards("5H 5C 5D 5S KD QC"), False, 119, 0, 121, table, samples=200)
    keep5 = next(c for c in chances if {str(x) for x in c.option.discard} == {"KD", "QC"})
    assert keep5.p_win == 1.0 and keep5.se == 0.0 and keep5.samples == 200
    assert chances[0].p_win == 1.0


def test_chances_are_probabilities_best_first(table: WinTable) -> None:
    chances = option_chances(parse_cards("2C 3D 4H 5S 5D JC"), True, 60, 70, 121, table, samples=150, seed=4)
    assert len(chances) == 15
    assert all(0.0 <= c.p_win <= 1.0 and c.se > 0 for c in chances)
    assert [c.p_win for c in chances] == sorted((c.p_win for c in chances), reverse=True)
    # the same seed gives the same answer
    again = option_chances(parse_cards("2C 3D 4H 5S 5D JC"), True, 60, 70, 121, table, samples=150, seed=4)
    assert [(c.option.discard, c.p_win) for c in again] == [(c.option.discard, c.p_win) for c in chances]


def test_samples_never_reuse_my_cards() -> None:
    import random

    cards = parse_cards("2C 3D 4H 5S 5D JC")
    for s in sample_deals(cards, True, 100, random.Random(1)):
        seen = [*cards, s.starter, *s.opp_keep, *s.opp_discard]
        assert len(seen) == len(set(seen)) == 13 and len(s.opp_keep) == 4
