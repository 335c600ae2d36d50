"""Configuration and `cribbage bot` start-up: no Discord connection is ever made here."""

from pathlib import Path

import pytest

from bot.cli.main import main
from bot.config import Config, ConfigError, load_config, parse_config

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("CRIBBAGE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)


def test_the_example_config_is_the_defaults(tmp_path: Path) -> None:
    config = load_config(ROOT / "config.example.toml")
    assert config == Config(source=ROOT / "config.example.toml", database=ROOT / "cribbage.sqlite3")
    assert (config.target, config.difficulty, config.skunk) == (121, "normal", True)
    assert (config.synchronous, config.remind_after, config.forfeit_after) == ("FULL", 300, 1800)
    assert (config.token_file, config.dev_guild) == (None, None)


def test_no_config_file_keeps_the_database_in_the_user_data_folder(tmp_path: Path) -> None:
    config = load_config()
    assert config.source is None and config.database == tmp_path / "data" / "cribbage" / "cribbage.sqlite3"


def test_values_and_relative_paths(tmp_path: Path) -> None:
    (tmp_path / "conf").mkdir()
    path = tmp_path / "conf" / "config.toml"
    path.write_text('[game]\ntarget = 61\ndifficulty = "expert"\n[storage]\ndatabase = "db/games.sqlite3"\n'
                    '[discord]\ndev_guild = 42\nshard_count = 2\n[timeouts]\nremind_minutes = 1.5\n'
                    '[performance]\nworkers = 8\nprocesses = 0\n')
    config = load_config(path)
    assert (config.workers, config.processes) == (8, 0)
    assert (config.target, config.difficulty, config.database, config.dev_guild, config.shard_count,
            config.remind_after) == (61, "expert", tmp_path / "conf" / "db" / "games.sqlite3", 42, 2, 90.0)


@pytest.mark.parametrize(("data", "message"), [
    ({"game": {"target": 100}}, r"\[game\] target must be 121 or 61, not 100"),
    ({"game": {"difficulty": "genius"}}, r"\[game\] difficulty must be one of easy, normal, hard, expert"),
    ({"game": {"skunk": "yes"}}, "game.skunk must be true or false, not 'yes'"),
    ({"discord": {"dev_guild": True}}, "discord.dev_guild must be a whole number, not True"),
    ({"storage": {"synchronous": "off"}}, r"synchronous must be FULL, NORMAL or EXTRA, not 'OFF'"),
    ({"timeouts": {"remind_minutes": 40}}, "remind_minutes must be above 0 and below forfeit_minutes"),
    ({"game": 3}, r"\[game\] must be a table"),
    ({"performance": {"processes": -1}}, r"\[performance\] processes must be 0 or more, not -1"),
])
def test_bad_values_name_the_key(data: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_config(data, None)


def test_missing_or_broken_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="config file nope.toml does not exist"):
        load_config("nope.toml")
    (tmp_path / "config.toml").write_text("[game\n")
    with pytest.raises(ConfigError, match="config.toml: "):
        load_config()


def test_token_from_the_environment_then_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = tmp_path / "secret"
    secret.write_text("file-token\n")
    config = Config(None, token_file=secret)
    assert config.token() == "file-token"
    assert "file-token" not in repr(config)
    monkeypatch.setenv("DISCORD_TOKEN", "env-token")
    assert config.token() == "env-token"
    assert Config(None).token() == "env-token"
    monkeypatch.delenv("DISCORD_TOKEN")
    assert Config(None).token() is None
    with pytest.raises(ConfigError, match="token_file .*missing: No such file or directory"):
        Config(None, token_file=tmp_path / "missing").token()


def test_a_token_file_inside_the_project_is_refused() -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    with pytest.raises(ConfigError, match="inside the project's tree; keep the token outside the repository"):
        Config(None, token_file=ROOT / "README.md").token()


def test_cribbage_bot_without_a_token_says_how_to_get_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cribbage bot: no Discord token: set the environment variable DISCORD_TOKEN")
    assert "https://discord.com/developers/applications" in err and "docs/discord-setup.md" in err


def test_cribbage_bot_check_never_prints_the_token(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "MTIzNDU2Nzg5MDEyMzQ1Njc4.S3cr3t.s3cr3t-token-value")
    assert main(["bot", "--check", "--db", "games.sqlite3"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("cribbage 0.2.0; config: built-in defaults; database: games.sqlite3; shards as Discord "
                          "recommends; token: present")
    assert "S3cr3t" not in out + err and "s3cr3t" not in out + err
