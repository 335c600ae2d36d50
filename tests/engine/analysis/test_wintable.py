import random

import pytest

from engine.analysis.wintable import DealOutcome, DealStatistics, solve
from engine.computer.reference import simulate_deal
from engine.computer.table_build import simulate


def outcome(pegs: list[tuple[bool, int]], hp: int = 0, hd: int = 0, crib: int = 0) -> DealOutcome:
    return DealOutcome(tuple(pegs), hp, hd, crib)


def test_race_counts_keep_the_order_of_points() -> None:
    counts = DealStatistics()
    counts.add(outcome([(True, 2), (False, 3), (True, 1)], hp=4, hd=6, crib=2))
    counts.finish()
    assert counts.peg[3][3] == 1 and counts.show[4][8] == 1
    assert counts.race_dealer[2][1] == 1  # the dealer's 2 came before the pone's first point
    assert counts.race_dealer[3][3] == 0  # the pone reached 3 before the dealer reached 3
    assert counts.race_dealer[3][4] == 1  # the pone never reached 4
    assert counts.race_pone[3][3] == 1 and counts.race_pone[1][2] == 0 and counts.race_pone[1][3] == 1


def test_every_deal_is_a_race_won_or_nobody_finishing() -> None:
    counts = simulate(3000, seed=4)
    for x in range(1, 30):
        for y in range(1, 30):
            nobody = sum(counts.peg[d][p] for d in range(x) for p in range(y))
            assert counts.race_dealer[x][y] + counts.race_pone[y][x] + nobody == 3000


def test_shards_merge_by_addition() -> None:
    rng = random.Random(7)
    outcomes = [simulate_deal(rng) for _ in range(400)]
    whole, first, second = DealStatistics(), DealStatistics(), DealStatistics()
    for i, o in enumerate(outcomes):
        whole.add(o)
        (first if i % 2 else second).add(o)
    for c in (whole, first, second):
        c.finish()
    merged = first.merge(second)
    assert merged.to_json() == whole.to_json()
    assert DealStatistics.from_json(merged.to_json()).to_json() == whole.to_json()
    with pytest.raises(ValueError, match="cannot merge finished counts with unfinished ones"):
        whole.merge(DealStatistics())


@pytest.fixture(scope="module")
def counts() -> DealStatistics:
    return simulate(20_000, seed=11)


def test_table_is_monotone(counts: DealStatistics) -> None:
    D = solve(counts, 61)
    for x in range(1, 62):
        for y in range(1, 62):
            assert 0.0 <= D[x][y] <= 1.0
            if x > 1:
                assert D[x][y] <= D[x - 1][y] + 1e-12  # needing more never helps the dealer
            if y > 1:
                assert D[x][y] >= D[x][y - 1] - 1e-12


def play_out(rng: random.Random, outcomes: list[DealOutcome], dealer_need: int, pone_need: int) -> bool:
    """Whole games from the needs, deals drawn from `outcomes`: does the first dealer win?"""
    need = [dealer_need, pone_need]  # index 0: the seat dealing first
    dealer = 0
    while True:
        o = outcomes[rng.randrange(len(outcomes))]
        pone = 1 - dealer
        for is_dealer, points in o.pegs:
            seat = dealer if is_dealer else pone
            need[seat] -= points
            if need[seat] <= 0:
                return seat == 0
        need[pone] -= o.pone_hand
        if need[pone] <= 0:
            return pone == 0
        need[dealer] -= o.dealer_hand + o.crib
        if need[dealer] <= 0:
            return dealer == 0
        dealer = pone


def test_table_agrees_with_playing_whole_games(counts: DealStatistics) -> None:
    D = solve(counts, 61)
    rng = random.Random(5)
    outcomes = [simulate_deal(rng) for _ in range(20_000)]
    for x, y in ((61, 61), (20, 25), (6, 9), (30, 4)):
        games = 4000
        wins = sum(play_out(rng, outcomes, x, y) for _ in range(games))
        p = wins / games
        half = 1.96 * (p * (1 - p) / games) ** 0.5 + 0.01  # and the table's own sampling error
        assert abs(D[x][y] - p) < half, (x, y, D[x][y], p)


def test_the_shipped_table_loads_without_numpy() -> None:
    import subprocess
    import sys

    code = ("import sys; sys.modules['numpy'] = None\n"
            "from engine.analysis.winprob import WinTable, shipped_table\n"
            "assert isinstance(shipped_table(), WinTable), shipped_table()\n"
            "from engine.computer.expert import ExpertPlayer; ExpertPlayer(1)\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "ok"
