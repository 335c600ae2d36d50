"""A config file or token file of any content is a ConfigError naming it, or a working config with
warnings for what it ignores: never a traceback, a read of /dev/zero, or a wait on a FIFO."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.config import Config, ConfigError, load_config, parse_config


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("CRIBBAGE_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize(("content", "message"), [
    (b"[game]\ntarget = 61\n# \xff\n", r"not UTF-8 text \(byte 0xff at 22\)"),
    (b"x = " + b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b"x = " + b"7" * 5000, "Exceeds the limit"),
    (b"[timeouts]\nforfeit_minutes = inf\n", r"forfeit_minutes must be above 0 and at most 10080 \(a week\), not inf"),
    (b"[timeouts]\nremind_minutes = nan\n", "remind_minutes must be above 0 and at most 10080"),
    (b'[storage]\ndatabase = ""\n', "database must name a file, not ''"),
    (b"[performance]\nworkers = 1000000\n", "workers must be from 1 to 256, not 1000000"),
    (b"[discord]\ndev_guild = -5\n", "dev_guild must be from 0 to"),
    (b"[discord]\ntoken_file = 5\n", "discord.token_file must be text, not 5"),
    (b'[storage]\ndatabase = "~nosuchuser/games.sqlite3"\n',
     r"\[storage\] database '~nosuchuser/games.sqlite3': no home folder for '~nosuchuser'"),
    (b'[discord]\ntoken_file = "~nosuchuser/token"\n', r"\[discord\] token_file '~nosuchuser/token': no home folder"),
    (b'[storage]\ndatabase = "' + b"d" * 5000 + b'"\n', r"\[storage\] database is a path of 5,000 characters"),
    (b'[storage]\nurl = "postgresql://u:p@h/' + b"d" * 100_000 + b'"\n',
     r"\[storage\] url is 100,019 characters long: a PostgreSQL URL is at most 4,096"),
])
def test_a_bad_config_file_is_one_error(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(content)
    with pytest.raises(ConfigError, match=message) as caught:
        load_config(path)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


def test_unknown_tables_and_keys_are_warned_about(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[gmae]\ntraget = 61\n[game]\ntraget = 61\n")
    config = load_config(path)
    assert config.target == 121
    assert config.warnings == ("unknown table [gmae] (ignored; the tables are game, storage, discord, timeouts, "
                               "performance, board)",
                               "unknown key traget in [game] (ignored; it takes target, difficulty, skunk)")
    assert parse_config({}, None).warnings == ()


@pytest.mark.parametrize("special", ["/dev/zero", "fifo", "dir", "big"])
def test_a_token_file_is_read_only_when_it_is_a_small_regular_file(tmp_path: Path, special: str) -> None:
    places = {"/dev/zero": Path("/dev/zero"), "fifo": tmp_path / "fifo", "dir": tmp_path, "big": tmp_path / "big"}
    path = places[special]
    if special == "fifo":
        os.mkfifo(path)
    if special == "big":
        path.write_bytes(b"x" * 5000)
    with pytest.raises(ConfigError, match="token_file") as caught:
        Config(None, token_file=path).token()
    assert ("is 5,000 bytes: more than 4,096" if special == "big" else "is not a regular file") in str(caught.value)


def test_a_fifo_or_device_as_the_config_file_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo.toml")
    for path in (tmp_path / "fifo.toml", Path("/dev/zero")):
        with pytest.raises(ConfigError, match="is not a regular file"):
            load_config(path)


def test_a_token_file_that_is_not_text_or_others_can_read(tmp_path: Path) -> None:
    path = tmp_path / "token"
    path.write_bytes(b"abc\xffdef")
    with pytest.raises(ConfigError, match=r"is not UTF-8 text \(byte 0xff at 4\)"):
        Config(None, token_file=path).token()
    path.write_text("a.b.c\n")
    path.chmod(0o644)
    heard: list[str] = []
    assert Config(None, token_file=path).token(heard.append) == "a.b.c"
    assert heard == [f"[discord] token_file {path} can be read by other users: chmod 600 {path}"]
    path.chmod(0o600)
    heard.clear()
    assert Config(None, token_file=path).token(heard.append) == "a.b.c" and heard == []


def test_a_config_that_starts_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b"\xef\xbb\xbf[game]\ntarget = 61\n")
    assert load_config(path).target == 61


def test_a_token_file_that_starts_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "token"
    path.write_bytes(b"\xef\xbb\xbfa.b.c\r\n")
    path.chmod(0o600)
    assert Config(None, token_file=path).token() == "a.b.c"
    path.write_bytes(b"\xef\xbb\xbfa.b\xffc")
    with pytest.raises(ConfigError, match=r"is not UTF-8 text \(byte 0xff at 7\)"):
        Config(None, token_file=path).token()
