"""Every field of a game record is checked against the replayed game: a record that states anything the game did
not do (a skunk invented or dropped, items that do not add up, a seed that deals other cards, a result for a game
still running...) is refused, naming the first difference."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from engine.computer.players import make_player
from engine.computer.selfplay import play_game
from engine.core.game import Game
from engine.core.record import RecordError, dumps, read_lines, replay, to_record
from engine.core.rules import Rules

Record = dict[str, Any]


@cache
def _record(seed: int, skunk: bool = True, muggins: bool = False) -> str:
    rules = Rules(skunk=skunk, muggins=muggins)
    game = play_game(rules, [make_player("greedy", seed * 8 + s) for s in range(2)], seed)
    return dumps(to_record(game, ["ann", "computer:greedy"]))


def record(seed: int = 9, **rules: bool) -> Record:
    """A whole game's record: seed 9 under skunk rules ends 123 to 80, a skunk; seed 6 ends 123 to 107, none."""
    value: Record = json.loads(_record(seed, **rules))
    return value


def unfinished(seed: int = 6) -> Record:
    """The same game cut after its first two deals, as a record of a game still running is."""
    rec = record(seed)
    rec["deals"] = rec["deals"][:2]
    rec["pegs"] = [p for p in rec["pegs"] if p["deal"] < 2]
    rec.update(winner=None, final=None, skunk=None)
    return rec


def refused(rec: Record) -> str:
    with pytest.raises(RecordError) as caught:
        replay(rec)
    return str(caught.value)


def test_the_records_used_here_replay_as_they_are() -> None:
    assert record(9)["skunk"] == "skunk" and record(6)["skunk"] is None and record(6)["final"] == [123, 107]
    for rec in (record(9), record(6), unfinished(), record(3, muggins=True)):
        replay(rec)


def _first_hand_peg(rec: Record) -> Record:
    peg: Record = next(p for p in rec["pegs"] if p["reason"] == "hand")
    return peg


def _set(path: str, value: Any) -> Callable[[Record], None]:
    def change(rec: Record) -> None:
        keys = [int(k) if k.isdigit() else k for k in path.split(".")]
        place: Any = rec
        for key in keys[:-1]:
            place = place[key]
        place[keys[-1]] = value
    return change


MISSTATED: list[tuple[str, Callable[[], Record], Callable[[Record], None], str]] = [
    ("skunk invented", lambda: record(6), _set("skunk", "skunk"),
     "skunk is 'skunk' in the record, the game ended with no skunk"),
    ("skunk dropped", lambda: record(9), _set("skunk", None),
     "skunk is None in the record, the engine makes it 'skunk'"),
    ("skunk key dropped", lambda: record(9), lambda r: r.pop("skunk"),
     "skunk is missing in the record, the engine makes it 'skunk'"),
    ("double skunk", lambda: record(9), _set("skunk", "double skunk"),
     "skunk is 'double skunk' in the record, the engine makes it 'skunk'"),
    ("skunk without skunk rules", lambda: record(9, skunk=False), _set("skunk", "skunk"),
     "skunk is 'skunk' in the record, its rules report no skunks"),
    ("items that do not add up", lambda: record(6), lambda r: _first_hand_peg(r)["items"].append(
        {"kind": "nobs", "points": 99}), "peg 4: item 4 is {'kind': 'nobs', 'points': 99} in the record, the engine "
                                         "makes no more items"),
    ("an item's points", lambda: record(6), lambda r: _first_hand_peg(r)["items"][0].update(points=3),
     "peg 4: item 0 is {'kind': 'fifteen', 'points': 3} in the record, the engine makes fifteen 2"),
    ("an item's kind", lambda: record(6), lambda r: _first_hand_peg(r)["items"][0].update(kind="run"),
     "peg 4: item 0 is {'kind': 'run', 'points': 2} in the record, the engine makes fifteen 2"),
    ("an item dropped", lambda: record(6), lambda r: _first_hand_peg(r)["items"].pop(),
     "peg 4: item 3 is missing in the record, the engine makes pair 2"),
    ("no items", lambda: record(6), lambda r: _first_hand_peg(r).pop("items"),
     "peg 4: items must be a list, not None"),
    ("a seed in quotes", lambda: record(6), _set("seed", "6"), "seed must be a whole number or null, not '6'"),
    ("a seed that is true", lambda: record(6), _set("seed", True), "seed must be a whole number or null, not True"),
    ("a fractional seed", lambda: record(6), _set("seed", 6.0), "seed must be a whole number or null, not 6.0"),
    ("another seed", lambda: record(6), _set("seed", 7), "seed 7 cuts "),
    ("final on an unfinished game", unfinished, _set("final", [40, 30]),
     "final is [40, 30] in the record, the game has not ended"),
    ("skunk on an unfinished game", unfinished, _set("skunk", "skunk"),
     "skunk is 'skunk' in the record, the game has not ended"),
    ("a winner of an unfinished game", unfinished, _set("winner", 0), "winner is 0 in the record, the engine makes it "
                                                                      "None"),
    ("a final score", lambda: record(6), _set("final", [121, 107]), "final is [121, 107] in the record, the engine "
                                                                    "makes [123, 107]"),
    ("plays without a starter", unfinished, lambda r: r["deals"][1].update(starter=None),
     "deal 1: it has plays but no starter"),
    ("a seat change at no point of the game", lambda: record(6), _set("seat_changes", [
        {"seat": 1, "was": "cat", "by": "normal", "version": 10**6}]), "seat change 0: version 1000000 is not a point"),
    ("a seat change to no seat", lambda: record(6), _set("seat_changes", [
        {"seat": 2, "was": "cat", "by": "normal", "version": 1}]), "seat change 0: seat 2 is not a seat of the game"),
    ("a redacted view", lambda: record(6), _set("view", {"seat": 0, "redacted": True}),
     "a redacted view of a running game does not replay"),
]


@pytest.mark.parametrize(("base", "change", "said"), [m[1:] for m in MISSTATED], ids=[m[0] for m in MISSTATED])
def test_a_misstated_field_is_refused(base: Callable[[], Record], change: Callable[[Record], None], said: str) -> None:
    rec = base()
    change(rec)
    assert refused(rec).startswith(said)


def test_a_seed_that_deals_other_hands_is_named_by_its_deal() -> None:
    rec = record(6)
    other = json.loads(_record(7))
    rec["cut"] = copy.deepcopy(other["cut"])  # the cut of seed 7 with the deals of seed 6: the cut agrees, not deal 0
    rec["seed"] = 7
    message = refused(rec)
    assert message.startswith(("deal 0: seed 7 does not deal the record's hands", "deal 0: dealer ")), message


def test_a_record_without_a_seed_or_with_null_replays_and_a_start_with_a_seed_is_dealt_by_it() -> None:
    rec = record(6)
    del rec["seed"]
    replay(rec)
    game = Game.at_position(Rules(), [100, 110], 1, seed=5)
    start = to_record(game)
    assert start["start"] == {"scores": [100, 110], "dealer": 1}
    replay(start)
    start["seed"] = 4
    assert refused(start) == "deal 0: seed 4 does not deal the record's hands"


def test_extra_keys_in_an_item_are_passed_over_as_readers_do() -> None:
    rec = record(6)
    _first_hand_peg(rec)["items"][0]["call"] = "fifteen two"
    replay(rec)


def test_a_declaration_after_the_game_was_won_is_refused() -> None:
    rec = record(3, muggins=True)
    last = rec["deals"][-1]
    last.setdefault("declarations", []).append({"seat": 0, "crib": False, "declared": 0, "claimed": None,
                                                "claimant": None, "passes": []})
    assert refused(rec).endswith("comes after the game was won")


def test_a_byte_order_mark_starts_the_file_not_its_first_record() -> None:
    line = _record(6).encode()
    read = list(read_lines([b"\xef\xbb\xbf" + line + b"\n", line + b"\n"]))
    assert [n for n, value in read if isinstance(value, dict)] == [1, 2]
    assert [n for n, value in read_lines(["\ufeff" + _record(6)]) if isinstance(value, dict)] == [1]
    assert isinstance(list(read_lines([b"{}\n", b"\xef\xbb\xbf{}\n"]))[1][1], RecordError)  # only at the start
