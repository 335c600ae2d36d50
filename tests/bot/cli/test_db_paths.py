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


def test_a_configured_database_that_loops_is_said_so_by_db_check_and_backup(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "loop.sqlite3").symlink_to("loop.sqlite3")
    (tmp_path / "config.toml").write_text(f'[storage]\ndatabase = "{tmp_path}/loop.sqlite3"\n')
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", "")
    for argv in (["db", "check"], ["db", "backup", str(tmp_path / "copy.sqlite3")]):
        assert main([*argv, "--config", str(tmp_path / "config.toml")]) == 2
        assert capsys.readouterr().err == (f"cribbage db: the database '{tmp_path}/loop.sqlite3': a symbolic link "
                                           "that leads round in a loop\n")  # not "there is no database"
