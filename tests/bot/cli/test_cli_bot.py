"""`cribbage bot`: the token's shape is checked offline, and a Discord out of reach is one line, not a traceback."""

from pathlib import Path

import pytest

from bot.cli.main import main

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
"""Shaped like a bot token (the first part is base64 of 123456789012345678), and no real one."""


@pytest.fixture(autouse=True)
def no_local_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CRIBBAGE_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)


def test_check_accepts_a_token_of_the_right_shape_and_says_it_is_not_verified(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    assert main(["bot", "--check", "--db", "games.sqlite3"]) == 0
    out, err = capsys.readouterr()
    assert out == ("cribbage 0.2.0; config: built-in defaults; database: games.sqlite3; shards as Discord "
                   "recommends; token: present, shaped like a bot token (the bot's id 123456789012345678); it "
                   "cannot be verified offline: `cribbage bot` connects and Discord accepts or refuses it\n")
    assert err == "" and "GaBcDe" not in out


@pytest.mark.parametrize(("token", "problem"), [
    ("s3cr3t-token-value", "the token is not shaped like a Discord bot token (three parts of letters, digits, "
                           "- and _, joined by dots): copy it again from the Bot page (Reset Token)"),
    ("MTIz.GaBcDe.abc+def", "the token is not shaped like a Discord bot token"),
    ("aGVsbG8.GaBcDe.abcdef", "the token's first part is not a bot's id (base64 of a number): copy the token "
                              "again from the Bot page (Reset Token)"),
])
def test_check_refuses_a_token_of_the_wrong_shape(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                  token: str, problem: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", token)
    assert main(["bot", "--check"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("cribbage bot: " + problem) and err.count("\n") == 1
    assert token not in err


def test_bot_without_a_way_to_discord_prints_one_line(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from discord.http import Route

    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setattr(Route, "BASE", "http://127.0.0.1:9/api/v10")  # nothing listens on the discard port
    assert main(["bot", "--db", "games.sqlite3"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    last = err.splitlines()[-1]
    assert last.startswith("cribbage bot: cannot reach Discord: Cannot connect to host 127.0.0.1:9 ssl:default [")
