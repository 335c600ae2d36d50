"""`cribbage replay` on records that state what their game did not do: each is named on its line, and the run exits 1
(a record that differs), as a record that does not read does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli.main import main


@pytest.fixture
def games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    path = tmp_path / "games.jsonl"
    assert main(["selfplay", "--games", "3", "--seed", "6", "--skunk", "--record", str(path)]) == 0
    capsys.readouterr()
    return [json.loads(line) for line in path.read_text().splitlines()]


def replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str], records: list[object], head: bytes = b"") -> \
        tuple[int, str]:
    path = tmp_path / "check.jsonl"
    path.write_bytes(head + "".join(json.dumps(r) + "\n" for r in records).encode())
    status = main(["replay", str(path)])
    return status, capsys.readouterr().out


def test_the_issues_records_are_refused_with_status_1(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       games: list[dict[str, object]]) -> None:
    skunked, plain = games[0], games[1]
    assert (skunked["skunk"], plain["skunk"]) == ("skunk", None)
    invented, dropped, items, seed = (json.loads(json.dumps(r)) for r in (plain, skunked, plain, plain))
    invented["skunk"] = "skunk"
    del dropped["skunk"]
    next(p for p in items["pegs"] if p["reason"] == "hand")["items"].append({"kind": "nobs", "points": 99})
    seed["seed"] = "five"
    status, out = replayed(tmp_path, capsys, [invented, dropped, items, seed, plain])
    lines = out.splitlines()
    assert status == 1 and lines[-1] == "1 replayed, 4 did not"
    assert lines[0] == "line 1: skunk is 'skunk' in the record, the game ended with no skunk"
    assert lines[1] == "line 2: skunk is missing in the record, the engine makes it 'skunk'"
    assert lines[2] == ("line 3: peg 4: item 4 is {'kind': 'nobs', 'points': 99} in the record, the engine makes "
                        "no more items")
    assert lines[3] == "line 4: seed must be a whole number or null, not 'five'"


def test_a_byte_order_mark_does_not_cost_the_first_record(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          games: list[dict[str, object]]) -> None:
    assert replayed(tmp_path, capsys, list(games), head=b"\xef\xbb\xbf") == (0, "3 replayed, 0 did not\n")
