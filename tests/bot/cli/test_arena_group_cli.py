from __future__ import annotations

import json

import pytest

from bot.cli.main import main

TIMING = ("seconds", "games_per_second", "workers")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["arena", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def report(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    status, out, _ = run(capsys, *argv, "--json")
    assert status == 0
    return json.loads(out)


def test_three_players_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = report(capsys, "expected", "greedy", "--players", "3", "--games", "6", "--seed", "2", "--target", "61")
    assert [data[k] for k in ("players", "target", "seed", "games", "sets", "orders", "replayed")] == [
        3, 61, 2, 6, 2, 3, 6]
    a, b = data["sides"]["A"], data["sides"]["B"]
    assert (a["strength"], a["seats"], a["even_share"], b["strength"], b["seats"]) == (
        "expected", 1, 0.333333, "greedy", 2)
    assert a["wins"] + b["wins"] == 6 and a["share"] == round(a["wins"] / 6, 6)
    assert list(a["per_deal"]) == ["dealer", "pone", "third"]
    assert set(a["per_deal"]["pone"]) == {"pegging", "hand", "crib", "heels", "total", "deals"}
    assert a["per_deal"]["third"]["crib"] == 0 and len(a["ci95_sets"]) == 2
    assert data["deals"] == sum(data["sides"][s]["per_deal"]["dealer"]["deals"] for s in "AB")


def test_four_players_json_and_workers_change_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("expected", "greedy", "--players", "4", "--games", "8", "--seed", "3", "--target", "61")
    one = report(capsys, *argv)
    two = report(capsys, *argv, "--workers", "2")
    assert list(one["sides"]["A"]["per_deal"]) == ["dealer", "pone", "dealer's partner", "pone's partner"]
    assert (one["orders"], one["sets"], one["sides"]["A"]["even_share"]) == (2, 4, 0.5)
    assert two["workers"] == 2
    for key in TIMING:
        del one[key], two[key]
    assert one == two


def test_three_strengths_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "random", "greedy", "expected", "--players", "3", "--games", "6",
                         "--seed", "1", "--target", "61")
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == ("arena, 3 players: A = random, B = greedy, C = expected; 6 games (1 set of 6 seat "
                        "orders), target 61, seed 1; 6 replayed")
    assert [line.split()[:3] for line in lines[1:4]] == [["A", "random", "wins"], ["B", "greedy", "wins"],
                                                         ["C", "expected", "wins"]]
    assert "(even 33.3%; 95% CI " in lines[1]
    header = lines.index(next(line for line in lines if line.strip().startswith("pegging")))
    assert [line.split()[:4] for line in lines[header + 1:header + 4]] == [
        ["A", "random", "as", "dealer"], ["A", "random", "as", "pone"], ["A", "random", "as", "third"]]
    assert lines[-2].startswith("skunks (double skunks) given: A ")
    assert lines[-1].endswith("games/s), 1 worker")


@pytest.mark.parametrize(("argv", "message"), [
    (["greedy", "greedy", "--players", "3", "--games", "4"], "--games must be a multiple of 3"),
    (["greedy", "greedy", "greedy", "--players", "3", "--games", "3"], "--games must be a multiple of 6"),
    (["greedy", "greedy", "greedy", "--players", "4", "--games", "2"], "a 4-player match needs 2 strengths"),
    (["greedy", "greedy", "greedy", "--games", "2"], "a third strength needs --players 3"),
    (["greedy", "genius", "--players", "3", "--games", "3"], "unknown strength 'genius'"),
])
def test_bad_group_input_is_named(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and message in err and out == ""


@pytest.mark.parametrize(("argv", "message"), [
    (["greedy", "greedy", "--players", "5", "--games", "3"],
     "argument --players: '5' is not a whole number from 2 to 4"),
    (["greedy", "greedy", "--players", "4", "--games", "2", "--workers", "-2"],
     "argument --workers: '-2' is not a whole number from 0 to 64"),
])
def test_numbers_out_of_range_are_refused_by_the_parser(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                        message: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        run(capsys, *argv)
    assert stopped.value.code == 2 and message in capsys.readouterr().err
