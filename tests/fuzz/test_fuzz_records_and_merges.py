"""A record that states anything its game did not do is refused, whichever field is changed and to what; and a
merge of win tables is taken exactly when no deal would be counted twice, whatever files it is given and in what
order (copies, recompressions, rebuilds with the same seed, merged tables and their parts)."""

from __future__ import annotations

import copy
import gzip
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine.computer.players import RandomPlayer
from engine.computer.selfplay import play_game
from engine.core.cards import CardError, parse_card
from engine.core.record import RecordError, replay, to_record
from engine.core.record import dumps as record_dumps
from engine.core.rules import Rules
from tests.fuzz.fuzzing import FUZZ, cribbage, json_value, scaled

# ---------------------------------------------------------------------------- records

GAMES = [(2, False, True, 3), (2, True, True, 9), (3, False, True, 4), (4, False, False, 5), (2, False, False, 8)]
"""(players, muggins, skunk, seed) of the games whose records are changed."""


@cache
def _record(players: int, muggins: bool, skunk: bool, seed: int) -> str:
    rules = Rules(players=players, muggins=muggins, skunk=skunk)
    game = play_game(rules, [RandomPlayer(seed * 10 + s) for s in range(players)], seed)
    return record_dumps(to_record(game))


def record(index: int) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(_record(*GAMES[index]))
    return value


def checked_leaves(rec: dict[str, Any]) -> Iterator[tuple[Any, ...]]:
    """The path of every value replay checks against the game it rebuilds."""
    yield from (("winner",), ("final",), ("skunk",), ("seed",))
    for k in range(len(rec["final"] or [])):
        yield "final", k
    for i, peg in enumerate(rec["pegs"]):
        yield from (("pegs", i, key) for key in ("deal", "seat", "points", "reason", "front", "back", "items"))
        for j in range(len(peg["items"])):
            yield "pegs", i, "items", j, "kind"
            yield "pegs", i, "items", j, "points"
    for i, deal in enumerate(rec["deals"]):
        yield from (("deals", i, key) for key in ("dealer", "starter"))
        for s, hand in enumerate(deal["hands"]):
            yield from (("deals", i, "hands", s, c) for c in range(len(hand)))
        for k, play in enumerate(deal["plays"]):
            if "count" in play:
                yield "deals", i, "plays", k, "count"
    for k in range(len(rec["cut"])):
        yield "cut", k, "card"


def _get(rec: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        rec = rec[key]
    return rec


def _set(rec: Any, path: tuple[Any, ...], value: Any) -> None:
    _get(rec, path[:-1])[path[-1]] = value


def _equivalent(old: Any, new: Any) -> bool:
    """Whether `new` says what `old` said: the same JSON value, kind and all, or another spelling of the same card."""
    if json.dumps(old) == json.dumps(new) and type(old) is type(new):
        return True
    if isinstance(old, str) and isinstance(new, str):
        try:
            return parse_card(old) == parse_card(new)
        except CardError:
            return False
    return False


def near(old: Any) -> st.SearchStrategy[Any]:
    """Values close to `old` (one off, another kind of the same number, a neighbouring word) and any JSON value."""
    nearby: list[Any] = [None, True, False, "skunk", "double skunk", [], {}, "5H", "AS", "10D", "nobs", "run"]
    if isinstance(old, int) and not isinstance(old, bool):
        nearby += [old + 1, old - 1, float(old), str(old), -old if old else 1, [old]]
    if isinstance(old, list):
        nearby += [old[:-1], [*old, old[-1] if old else 0], list(reversed(old))]
    return st.one_of(st.sampled_from(nearby), json_value)


@FUZZ
@given(st.data())
def test_a_record_with_any_checked_field_changed_is_refused(data: st.DataObject) -> None:
    rec = record(data.draw(st.integers(0, len(GAMES) - 1), label="game"))
    path = data.draw(st.sampled_from(list(checked_leaves(rec))), label="path")
    old = _get(rec, path)
    new = data.draw(near(old), label="new value")
    assume(not _equivalent(old, new))
    assume(not (path == ("seed",) and isinstance(new, int) and not isinstance(new, bool) and abs(new) == abs(old)))
    assume(not (path == ("seed",) and new is None))  # a game dealt from outside: its cards are not a seed's
    changed = copy.deepcopy(rec)
    _set(changed, path, new)
    with pytest.raises(RecordError) as caught:
        replay(changed)
    assert 0 < len(str(caught.value)) < 600


@FUZZ
@given(st.data())
def test_a_peg_or_an_item_added_or_dropped_is_refused(data: st.DataObject) -> None:
    rec = record(data.draw(st.integers(0, len(GAMES) - 1), label="game"))
    i = data.draw(st.integers(0, len(rec["pegs"]) - 1), label="peg")
    items = rec["pegs"][i]["items"]
    change = data.draw(st.sampled_from(["drop peg", "repeat peg", "drop item", "add item"]), label="change")
    if change == "drop peg":
        del rec["pegs"][i]
    elif change == "repeat peg":
        rec["pegs"].insert(i, copy.deepcopy(rec["pegs"][i]))
    elif change == "drop item":
        del items[data.draw(st.integers(0, len(items) - 1))]
    else:
        items.insert(data.draw(st.integers(0, len(items))), {"kind": data.draw(st.sampled_from(
            ["fifteen", "pair", "run", "nobs", "go", "last", "flush", "heels", "muggins"])),
            "points": data.draw(st.integers(0, 99))})
    with pytest.raises(RecordError):
        replay(rec)


def test_the_records_changed_above_replay_as_written() -> None:
    for index in range(len(GAMES)):
        assert replay(record(index)).game.winner is not None


# ---------------------------------------------------------------------------- merges


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, frozenset[tuple[str, int]]]]:
    """Small tables and the streams of deals each counts: builds of seeds 1, 2 (two shards) and 3, a rebuild of
    seed 1 with fewer deals, a recompressed copy of seed 3's, and a merge of seeds 1 and 2."""
    folder = tmp_path_factory.mktemp("tables")

    def build(name: str, seed: int, deals: int, workers: int) -> Path:
        path = folder / f"{name}.json.gz"
        ran = cribbage(["wintable", "build", "--deals", str(deals), "--seed", str(seed), "--workers", str(workers),
                        "--simulator", "python", "--target", "61", "--out", str(path)])
        assert ran.status == 0, ran
        return path

    made = {"one": (build("one", 1, 120, 1), {1000}), "two": (build("two", 2, 120, 2), {2000, 2001}),
            "three": (build("three", 3, 100, 1), {3000}), "one-again": (build("one-again", 1, 60, 1), {1000})}
    recompressed = folder / "three-9.json.gz"
    recompressed.write_bytes(gzip.compress(gzip.decompress(made["three"][0].read_bytes()), compresslevel=9))
    made["three-9"] = (recompressed, {3000})
    merged = folder / "one-two.json.gz"
    assert cribbage(["wintable", "merge", str(made["one"][0]), str(made["two"][0]), "--target", "61",
                     "--out", str(merged)]).status == 0
    made["one-two"] = (merged, {1000, 2000, 2001})
    return {name: (path, frozenset(("python", s) for s in seeds)) for name, (path, seeds) in made.items()}


NAMES = ["one", "two", "three", "one-again", "three-9", "one-two"]


@scaled(0.4)
@given(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4))
def test_a_merge_is_taken_exactly_when_no_deal_counts_twice(tables: dict[str, tuple[Path, frozenset[Any]]],
                                                           tmp_path_factory: pytest.TempPathFactory,
                                                           names: list[str]) -> None:
    out = tmp_path_factory.getbasetemp() / "merged-by-fuzz.json.gz"
    out.unlink(missing_ok=True)
    streams = [tables[n][1] for n in names]
    disjoint = sum(len(s) for s in streams) == len(frozenset().union(*streams))
    ran = cribbage(["wintable", "merge", *(str(tables[n][0]) for n in names), "--target", "61", "--out", str(out)])
    if disjoint:
        assert ran.status == 0 and out.exists(), ran
        provenance = json.loads(gzip.decompress(out.read_bytes()))["provenance"]
        assert sorted((s["simulator"], s["seed"]) for s in provenance["sources"]) == sorted(
            frozenset().union(*streams))
    else:
        assert ran.refused_in_one_line() and ran.status == 2 and not out.exists(), ran
        assert "each deal may be merged once" in ran.err or "each shard may be merged once" in ran.err, ran
