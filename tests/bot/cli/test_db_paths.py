"""A database named on the command line with a `~` the shell left as typed (quoted, or no such user) is the home
folder it names, as in the config, or refused: never a folder called '~nosuchuser' made where the command runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli.main import main
from bot.storage import SqliteStorage


def test_a_home_that_does_not_exist_is_refused_and_one_that_does_is_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CRIBBAGE_CONFIG", "")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for argv in (["play", "--db", "~nosuchuser/games.sqlite3", "--name", "ann"],
                 ["db", "check", "--db", "~nosuchuser/games.sqlite3"]):
        with pytest.raises(SystemExit) as refused:
            main(argv)
        assert refused.value.code == 2 and capsys.readouterr().err == (
            f"cribbage {' '.join(argv[:argv.index('--db')])}: argument --db: '~nosuchuser/games.sqlite3': there is no "
            f"user 'nosuchuser' whose home folder ~nosuchuser would name (see cribbage "
            f"{' '.join(argv[:argv.index('--db')])} --help)\n")
    assert list(tmp_path.iterdir()) == []  # no '~nosuchuser' folder made here
    SqliteStorage(tmp_path / "home" / "games.sqlite3").close()
    assert main(["db", "check", "--db", "~/games.sqlite3"]) == 0
    assert capsys.readouterr().out == (f"the database {tmp_path}/home/games.sqlite3 is sound: 0 game(s), each one "
                                       "replayed\n")
