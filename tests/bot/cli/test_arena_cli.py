from __future__ import annotations

import json

import pytest

from bot.cli.commands.arena import play_match
from bot.cli.main import main
from engine.computer.arena import wilson_interval
from engine.computer.players import STRENGTHS
from engine.core.rules import Rules

TIMING = ("seconds", "games_per_second", "workers")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def arena_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    status, out, _ = run(capsys, "arena", *argv, "--json")
    assert status == 0
    return json.loads(out)


def test_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    data = arena_json(capsys, "random", "random", "--games", "20", "--seed", "3", "--target", "61")
    assert [data[key] for key in ("a", "b", "games", "seed", "target")] == ["random", "random", 20, 3, 61]
    k = data["a_wins"]
    assert data["win_rate"] == round(k / 20, 6)
    assert data["ci95"] == [round(x, 6) for x in wilson_interval(k, 20)]
    assert sum(data["pairs"].values()) == 10
    assert 2 * data["pairs"]["a_both"] + data["pairs"]["split"] == k
    for side in ("a", "b"):
        for role in ("dealer", "pone"):
            assert set(data["per_deal"][side][role]) == {"pegging", "hand", "crib", "heels", "total", "deals"}
        assert data["per_deal"][side]["pone"]["crib"] == data["per_deal"][side]["pone"]["heels"] == 0
        assert set(data["skunks"][side]) == {"skunks", "double_skunks"}
    assert 20 * 2 < data["deals"] < data["deals_played"]
    assert data["games_per_second"] > 0 and data["seconds"] > 0 and data["workers"] == 1


def test_same_seed_same_match_and_workers_do_not_change_it(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("random", "random", "--games", "24", "--seed", "11", "--target", "61")
    one = arena_json(capsys, *argv)
    two = arena_json(capsys, *argv, "--workers", "2")
    again = arena_json(capsys, *argv, "--workers", "1")
    assert two["workers"] == 2
    for key in TIMING:
        for d in (one, two, again):
            del d[key]
    assert one == two == again
    other = arena_json(capsys, "random", "random", "--games", "24", "--seed", "12", "--target", "61")
    assert {k: v for k, v in other.items() if k not in TIMING + ("seed",)} != {
        k: v for k, v in one.items() if k != "seed"}


def test_workers_zero_means_one_per_core_capped_by_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    data = arena_json(capsys, "random", "random", "--games", "2", "--target", "61", "--workers", "0")
    assert data["workers"] == 1 and data["games"] == 2


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "arena", "random", "random", "--games", "10", "--seed", "2",
                         "--target", "61")
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "arena: A = random, B = random; 10 games (5 duplicate pairs), target 61, seed 2"
    assert lines[1].startswith("A wins ") and "(95% CI " in lines[1]
    assert lines[2].startswith("pairs: A won both ")
    header = next(i for i, line in enumerate(lines) if line.strip().startswith("pegging"))
    assert lines[header].split() == ["pegging", "hand", "crib", "heels", "total", "deals"]
    rows = [line.split()[:4] for line in lines[header + 1:header + 5]]
    assert rows == [["A", "random", "as", "dealer"], ["A", "random", "as", "pone"],
                    ["B", "random", "as", "dealer"], ["B", "random", "as", "pone"]]
    assert any(line.startswith("skunks (double skunks): A gave ") for line in lines)
    assert lines[-1].startswith("10 games in ") and lines[-1].endswith("games/s), 1 worker")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["random", "random", "--games", "7"], "--games must be an even number of at least 2"),
        (["random", "genius", "--games", "2"], "unknown strength 'genius'; choose from "),
        (["oracle", "random", "--games", "2"], "unknown strength 'oracle'"),
        (["random", "random", "--games", "2", "--target", "100"], "target must be 121 or 61, not 100"),
    ],
)
def test_bad_input_is_named(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, "arena", *argv)
    assert status == 2 and message in err and out == ""


def test_unknown_strength_lists_every_known_one(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "arena", "genius", "random", "--games", "2")
    assert status == 2
    assert err.strip().endswith("choose from " + ", ".join(sorted(STRENGTHS)))


@pytest.mark.parametrize(("workers", "ranges"), [(1, 8), (2, 9)])
def test_progress_hears_every_finished_range(workers: int, ranges: int) -> None:
    heard: list[int] = []
    tally = play_match("random", "random", Rules(target=61), 5, 9, workers, heard.append)
    assert tally.games == 18 and heard == sorted(heard) and heard[-1] == 18 and len(heard) == ranges
    assert tally == play_match("random", "random", Rules(target=61), 5, 9, 1)


def test_same_deals_reported(capsys: pytest.CaptureFixture[str]) -> None:
    """`hard` discards as `expected` does, so in the same deals their hands and cribs match exactly."""
    data = arena_json(capsys, "hard", "expected", "--games", "8", "--seed", "3", "--target", "61")
    assert (data["deals"], data["same_deals"]) == (29, 28)
    same = data["per_same_deal"]
    assert same["a"]["dealer"] == {"pegging": 2.3571, "hand": 7.2143, "crib": 4.8571, "heels": 0.2857,
                                   "total": 14.7143, "deals": 14}
    # each role's deals, so that runs can be pooled exactly: A was pone in one more complete deal than the same ones
    assert [same[side][role]["deals"] for side in "ab" for role in ("dealer", "pone")] == [14, 14, 14, 14]
    assert [data["per_deal"]["a"][role]["deals"] for role in ("dealer", "pone")] == [14, 15]
    assert [same[side]["dealer"]["hand"] for side in "ab"] == [7.2143, 7.2143]
    assert [same[side]["pone"]["hand"] for side in "ab"] == [6.2143, 6.2143]
    assert [data["per_deal"][side]["pone"]["hand"] for side in "ab"] == [6.5333, 6.2143]
    status, out, _ = run(capsys, "arena", "hard", "expected", "--games", "8", "--seed", "3", "--target", "61")
    assert status == 0
    lines = out.splitlines()
    at = lines.index("points per deal in the same deals (28 that both games of a pair completed, "
                     "with the same cards for both sides)")
    assert lines[at + 3].split() == ["A", "hard", "as", "pone", "1.93", "6.21", "-", "-", "8.14", "14"]
