import gzip
import hashlib
import json
from collections.abc import Callable
from typing import Any

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


def _resigned(payload: dict[str, object]) -> bytes:
    """A table file with the checksum recomputed: right for whatever the payload now holds."""
    body = {k: v for k, v in payload.items() if k != "sha256"}
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return gzip.compress(json.dumps({**body, "sha256": digest}).encode())


@pytest.mark.parametrize(("change", "message"), [
    (lambda p: p.__setitem__("tables", []), "the table file has no 'tables' or no 'provenance'"),
    (lambda p: p.__setitem__("provenance", "x"), "the table file has no 'tables' or no 'provenance'"),
    (lambda p: p["tables"].__setitem__("9" * 5000, []), "the table file holds a '99999999999999999999'…-point game"),
    (lambda p: p["tables"].__setitem__("١٢١", p["tables"].pop("121")), "holds a '١٢١'-point game"),
    (lambda p: p["tables"]["61"][3].__setitem__(4, "0.5"), "the 61-point table is not 61 x 61 chances"),
    (lambda p: p["tables"]["61"][3].__setitem__(4, 10**7), "the 61-point table is not 61 x 61 chances"),
    (lambda p: p["tables"]["121"].pop(), "the 121-point table is not 121 x 121 chances"),
    (lambda p: p["counts"].__setitem__("peg", [[-1]]), "counts: 'peg' is not a 49 x 49 grid of whole numbers from 0"),
    (lambda p: p["counts"].__setitem__("deals", True), "counts: 'deals' must be a whole number"),
    (lambda p: p["counts"].pop("show"), "counts: 'show' is not a"),
])
def test_a_table_whose_checksum_is_right_but_content_is_not(table: WinTable, change: Callable[[Any], object],
                                                            message: str) -> None:
    payload = json.loads(gzip.decompress(dump_table(table)))
    change(payload)
    with pytest.raises(TableError) as caught:
        load_table(_resigned(payload))
    assert message in str(caught.value) and len(str(caught.value)) < 200


def test_a_gzip_bomb_is_refused_after_64_mib_not_read_whole() -> None:
    bomb = gzip.compress(b" " * (100 << 20), compresslevel=1)
    with pytest.raises(TableError, match="not a table file: it expands to more than 64 MiB"):
        load_table(bomb)
    with pytest.raises(TableError, match=r"not a readable table file \(JSON nested too deeply\)"):
        load_table(gzip.compress(b"[" * 100_000))
