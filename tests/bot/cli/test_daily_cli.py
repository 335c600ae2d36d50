"""`cribbage daily build` and `cribbage daily show`, through the command line's own entrance."""

import json
from pathlib import Path

import pytest

import bot.cli.main as cli

DAILY = "bot.cli.commands.daily"


@pytest.fixture(autouse=True)
def with_daily(monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the command line lists `daily`, the tests add it (and leave the list as it is once it does)."""
    if DAILY not in cli.COMMAND_MODULES:
        monkeypatch.setattr(cli, "COMMAND_MODULES", (*cli.COMMAND_MODULES, DAILY))


@pytest.fixture(scope="module")
def two_days(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Monday and Tuesday (easy points days) of a pool built by one process."""
    out = tmp_path_factory.mktemp("pool") / "pool.json"
    argv = ["daily", "build", "--seed", "3", "--days", "2", "--start", "2027-01-04", "--out", str(out)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli, "COMMAND_MODULES", (*[m for m in cli.COMMAND_MODULES if m != DAILY], DAILY))
        assert cli.main(argv) == 0
    return out


def test_the_build_is_the_same_with_two_workers(two_days: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "again.json"
    assert cli.main(["daily", "build", "--seed", "3", "--days", "2", "--start", "2027-01-04", "--workers", "2",
                     "--out", str(out)]) == 0
    assert out.read_bytes() == two_days.read_bytes()
    said = capsys.readouterr()
    assert said.out.startswith("2 problems from 2027-01-04 to 2027-01-05: 2 easy, 0 medium, 0 hard; 0 with the "
                               "scores; dealer on ")
    assert "with 2 workers; wrote" in said.out and "2/2 days in" in said.err


def test_show_a_day_with_its_answer(two_days: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["daily", "show", "2027-01-04", "--pool", str(two_days), "--answer", "10h 5s"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Daily hand for 2027-01-04 (Monday, easy): 6♠ 6♦ 9♣ 10♥ 5♠ 3♣, they deal (their crib)"
    assert lines[2].startswith("10H 3C    6S 6D 9C 5S") and lines[2].endswith("← best")
    assert sum(line.endswith("← most points in hand") for line in lines) == 1
    assert len(lines) == 2 + 15 + 2
    assert lines[-2] == "The best beats keeping the most points in hand by 2.88 points."
    assert lines[-1] == "Your answer 10H 5S: 2.88 points behind the best."


def test_show_as_json(two_days: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["daily", "show", "2027-01-04", "--pool", str(two_days), "--answer", "3C 10H", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["day"], data["level"], data["dealer"], data["best"], data["obvious"]) == (
        "2027-01-04", "easy", False, ["10H", "3C"], ["10H", "5S"])
    assert data["answer"] == {"discard": ["10H", "3C"], "best": True, "lost": 0.0, "lost_points": 0.0}
    assert len(data["options"]) == 15 and data["options"][0]["best"] and data["options"][0]["p_win"] is None


@pytest.mark.parametrize(("argv", "said"), [
    (["daily", "show", "2027-01-06"], "no daily hand for 2027-01-06: the pool runs from 2027-01-04 to 2027-01-05"),
    (["daily", "show", "2027-01-03"], "no daily hand for 2027-01-03"),
    (["daily", "show", "2027-01-04", "--answer", "AS 3C"], "--answer 'AS 3C': AS is not one of the six cards"),
    (["daily", "show", "2027-01-04", "--answer", "3C"], "--answer '3C': an answer lays away 2 cards, not 1"),
    (["daily", "show", "2027-01-04", "--answer", "3X 4C"], "--answer '3X 4C': "),
])
def test_bad_input_is_one_line_and_exit_status_2(two_days: Path, argv: list[str], said: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([*argv, "--pool", str(two_days)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cribbage daily: {said}") and err.count("\n") == 1


@pytest.mark.parametrize(("argv", "said"), [
    (["daily", "show", "2027-1-4"], "'2027-1-4' is not a date like 2027-01-01"),
    (["daily", "show", "2027-W01-1"], "'2027-W01-1' is not a date like 2027-01-01"),
    (["daily", "build", "--seed", "1", "--days", "0", "--start", "2027-01-01", "--out", "x"],
     "'0' is not a whole number from 1 to 36600"),
])
def test_bad_arguments_are_refused_by_the_parser(argv: list[str], said: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2 and said in capsys.readouterr().err


def test_a_pool_file_that_is_missing_or_damaged(tmp_path: Path, two_days: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["daily", "show", "2027-01-04", "--pool", str(tmp_path / "none.json")]) == 2
    assert "No such file or directory" in capsys.readouterr().err
    damaged = tmp_path / "damaged.json"
    damaged.write_bytes(two_days.read_bytes().replace(b'"rivals":0', b'"rivals":1', 1))
    assert cli.main(["daily", "show", "2027-01-04", "--pool", str(damaged)]) == 2
    assert capsys.readouterr().err == (f"cribbage daily: --pool {damaged}: checksum mismatch: the pool file is "
                                       "damaged\n")
    assert cli.main(["daily", "build", "--seed", "1", "--start", "2027-01-01", "--out", str(tmp_path)]) == 2
    assert "it is a folder" in capsys.readouterr().err
    assert cli.main(["daily", "build", "--seed", "1", "--start", "9999-12-31", "--days", "2",
                     "--out", str(tmp_path / "late.json")]) == 2
    assert capsys.readouterr().err == "cribbage daily: 2 days from 9999-12-31 run past the end of the calendar\n"
