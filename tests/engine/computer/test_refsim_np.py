"""The vectorised reference simulator makes exactly engine/computer/reference.py's decisions, deal by deal."""

import random

import pytest

np = pytest.importorskip("numpy")

from engine.analysis.wintable import DealStatistics  # noqa: E402
from engine.computer import refsim_np  # noqa: E402
from engine.computer.reference import reference_discard, simulate_deal  # noqa: E402
from engine.core.cards import DECK  # noqa: E402
from engine.core.pegging import lay_points  # noqa: E402
from engine.core.scoring import score_total  # noqa: E402

DEALS = 2000


def _python_deals(n: int) -> tuple[list, list[list[int]], list[list[int]], list[int]]:
    outcomes, pone, dealer, starter = [], [], [], []
    for seed in range(n):
        outcomes.append(simulate_deal(random.Random(seed)))
        cards = random.Random(seed).sample(DECK, 13)
        pone.append([c.index for c in cards[0:12:2]])
        dealer.append([c.index for c in cards[1:12:2]])
        starter.append(cards[12].index)
    return outcomes, pone, dealer, starter


def test_every_deal_matches_the_engine_simulator() -> None:
    outcomes, pone, dealer, starter = _python_deals(DEALS)
    deals = refsim_np.Deals(np.array(pone), np.array(dealer), np.array(starter))
    moves = deals.moves
    for i, o in enumerate(outcomes):
        pegs = tuple((bool(moves.seat[i, j] == 1), int(moves.points[i, j])) for j in range(moves.count[i]))
        assert pegs == o.pegs, i
        assert (int(deals.pone_hand[i]), int(deals.dealer_hand[i]), int(deals.crib[i])) == \
            (o.pone_hand, o.dealer_hand, o.crib), i
    expected = DealStatistics()
    for o in outcomes:
        expected.add(o)
    got = refsim_np.count_deals(deals)
    assert got.to_json() == expected.to_json()


def test_discards_are_the_reference_discards() -> None:
    rng = random.Random(5)
    hands = [rng.sample(DECK, 6) for _ in range(500)]
    for dealer in (True, False):
        keep, thrown = refsim_np.discard(np.array([[c.index for c in h] for h in hands]), dealer)
        for h, t in zip(hands, thrown.tolist(), strict=True):
            assert [c.index for c in reference_discard(h, dealer)] == t


def test_show_counts_as_the_engine() -> None:
    rng = random.Random(9)
    for crib in (False, True):
        cards = [rng.sample(DECK, 5) for _ in range(2000)]
        got = refsim_np.show(np.array([[c.index for c in h[:4]] for h in cards]),
                             np.array([h[4].index for h in cards]), crib)
        assert got.tolist() == [score_total(h[:4], h[4], crib=crib) for h in cards]
    flush = [c for c in DECK if c.suit is DECK[0].suit][:5]  # a five-card flush in the crib, nobs in hands
    assert refsim_np.show(np.array([[c.index for c in flush[:4]]]), np.array([flush[4].index]), True)[0] == \
        score_total(flush[:4], flush[4], crib=True)


def test_lay_points_match_the_engine() -> None:
    rng = random.Random(3)
    rows, slens, counts, ranks, want = [], [], [], [], []
    for _ in range(3000):
        series: list[int] = []
        count = 0
        for _ in range(rng.randrange(0, 8)):
            r = rng.choice([r for r in range(1, 14) if count + min(r, 10) <= 31] or [1])
            if count + min(r, 10) > 31:
                break
            series.append(r)
            count += min(r, 10)
        r = rng.randrange(1, 14)
        rows.append(series + [0] * (8 - len(series)))
        slens.append(len(series))
        counts.append(count)
        ranks.append([r])
        want.append(lay_points(series, count, r))
    got = refsim_np.lay_points(np.array(rows), np.array(slens), np.array(counts), np.array(ranks))
    assert got[:, 0].tolist() == want


def test_simulate_np_is_seeded_and_finished() -> None:
    a = refsim_np.simulate_np(3000, 11, batch=1000)
    b = refsim_np.simulate_np(3000, 11, batch=3000)
    assert a.finished and a.deals == 3000
    assert a.to_json() == b.to_json()
    assert sum(map(sum, a.peg)) == 3000


def test_the_build_command_names_its_simulator(tmp_path) -> None:
    from bot.cli.main import main
    from engine.analysis.winprob import load_table

    for simulator in ("numpy", "python"):
        out = tmp_path / f"{simulator}.json.gz"
        assert main(["wintable", "build", "--deals", "600", "--workers", "1", "--target", "61",
                     "--simulator", simulator, "--out", str(out)]) == 0
        table = load_table(out.read_bytes())
        assert table.provenance["simulator"] == simulator and table.provenance["deals"] == 600
