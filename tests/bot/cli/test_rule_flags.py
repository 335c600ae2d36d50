"""`cribbage play`'s rule flags, made from the rules' declared options: one per option, its help from the
catalog, a clear refusal of a bad value, and the game stored under the rules asked for."""

import argparse
import io
from pathlib import Path

import pytest

from bot.cli.errors import UsageError
from bot.cli.main import build_parser, main
from bot.cli.rule_flags import flag, given_rules, rules_from
from bot.config import Config
from bot.storage import SqliteStorage
from bot.terminal.local_game import PLACE
from engine.core.rules import Overcount, Rules, rule_option


def play_args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["play", *argv])


def test_every_rule_option_is_a_flag_with_the_catalogs_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "rule options: left out, each is the config's [game] value, else the standard rules'" in shown
    assert "--target {121,61} Points to win: 121 or 61 (default 121)" in shown
    assert ("--muggins, --no-muggins Muggins: everyone declares their own counts; missed points can be claimed"
            in shown)
    assert "--skunk, --no-skunk Skunks: say so when the loser ends far behind" in shown
    assert ("--overcount {correct,penalty} Muggins: a count declared too high is corrected, or the excess is a "
            "penalty: one of correct, penalty (default correct)") in shown


def test_the_flags_given_change_the_usual_rules_and_the_others_leave_them() -> None:
    args = play_args("--target", "61", "--no-skunk", "--overcount", "penalty")
    assert given_rules(args) == {"target": 61, "skunk": False, "overcount": Overcount.PENALTY}
    usual = Config(None, target=121, skunk=True).rules
    assert rules_from(args, usual) == Rules(target=61, skunk=False, overcount=Overcount.PENALTY)
    assert rules_from(play_args(), usual) == Rules(target=121, skunk=True)
    assert rules_from(play_args("--muggins"), usual) == Rules(muggins=True, skunk=True)


def test_a_flag_asks_for_a_value() -> None:
    muggins, target = rule_option("muggins"), rule_option("target")
    assert [flag(muggins), flag(muggins, True), flag(muggins, False), flag(target, 61)] == [
        "--muggins", "--muggins", "--no-muggins", "--target 61"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--overcount", "harsh"], "--overcount must be one of correct, penalty, not 'harsh'"),
    (["--target", "100"], "--target must be 121 or 61, not 100"),
])
def test_a_bad_value_names_the_flag_and_its_choices(argv: list[str], message: str) -> None:
    with pytest.raises(UsageError) as caught:
        given_rules(play_args(*argv))
    assert str(caught.value) == message


def test_a_game_is_stored_under_the_flags_and_resuming_names_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.sqlite3")
    monkeypatch.delenv("CRIBBAGE_RESUME", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--db", db, "--name", "ann", "--muggins", "--no-skunk", "--overcount", "penalty"]) == 0
    assert capsys.readouterr().out.startswith(
        "Cribbage to 121 with muggins, no skunks called, the overcount penalty. Type cards like 5H")
    storage = SqliteStorage(db)
    try:
        (game,) = storage.find(PLACE)
        assert game.rules == Rules(muggins=True, skunk=False, overcount=Overcount.PENALTY)
    finally:
        storage.close()
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--db", db, "--name", "ann", "--skunk", "--overcount", "correct"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [
        f"You asked for skunks called, overcounts corrected, but your unfinished game {game.id} is to 121 against "
        "the normal computer with muggins, no skunks called, the overcount penalty: resuming it.",
        f"To start the game you asked for instead: cribbage play --db {db} --name ann --new --skunk "
        "--overcount correct"]
