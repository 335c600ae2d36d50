import gzip
import json

import pytest

from engine.analysis.winprob import (
    TableError,
    Unavailable,
    WinTable,
    build_table,
    dump_table,
    load_table,
    win_probability,
)
from engine.computer.table_build import simulate


@pytest.fixture(scope="module")
def table() -> WinTable:
    return build_table(simulate(4000, seed=3), (121, 61), {"strategy": "reference", "seed": 3})


def test_round_trip_keeps_every_value_and_the_provenance(table: WinTable) -> None:
    again = load_table(dump_table(table))
    assert again.provenance == {"strategy": "reference", "seed": 3, "deals": 4000}
    assert again.tables[121][121][121] == table.tables[121][121][121]
    assert again.tables[61][7][30] == table.tables[61][7][30]
    assert again.counts is not None and again.counts.deals == 4000


def test_lookups_from_either_side(table: WinTable) -> None:
    p = table.p_win(95, 88, i_deal=True)
    assert p == table.tables[121][26][33]
    assert table.p_win(88, 95, i_deal=False) == pytest.approx(1 - p)
    with pytest.raises(ValueError, match="my score must be from 0 to 120, not 121"):
        table.p_win(121, 0, True)


def test_damage_and_other_versions_make_it_unavailable(table: WinTable) -> None:
    data = bytearray(gzip.decompress(dump_table(table)))
    payload = json.loads(data)
    payload["tables"]["121"][0][0] += 1
    with pytest.raises(TableError, match="checksum mismatch: the table is damaged"):
        load_table(gzip.compress(json.dumps(payload).encode()))
    payload["version"] = 99
    with pytest.raises(TableError, match="table format version 99, this program reads 1"):
        load_table(gzip.compress(json.dumps(payload).encode()))
    with pytest.raises(TableError, match="not a readable table file"):
        load_table(b"garbage")
    broken = Unavailable("checksum mismatch: the table is damaged")
    assert win_probability(10, 10, True, table=broken) == broken


def test_a_missing_target_is_unavailable() -> None:
    only_61 = build_table(simulate(500, seed=1), (61,), {"strategy": "reference"})
    result = win_probability(10, 10, True, 121, table=only_61)
    assert isinstance(result, Unavailable) and result.reason == "the table has no 121-point game (it has [61])"
