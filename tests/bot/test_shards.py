"""Several bot processes: `--shards` / `--shard-count` read and checked, the client made with them, and the
sweep of each process limited to its own servers' games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app.commands import (
    Sweep,
)
from bot.app.controller import Controller, Member, NewGame
from bot.cli.main import main
from bot.config import ConfigError, parse_config
from bot.shards import ShardError, Shards, parse_shards, shard_of
from bot.storage import SqliteStorage
from tests.bot.cli.test_cli_bot import TOKEN
from tests.waiting import Clock

GUILD_ON_1 = str((5 << 22) + 77)
"""A server id whose games are shard 1's of 4 ((id >> 22) % 4 == 1)."""


@pytest.mark.parametrize(("text", "count", "ids"), [
    ("0-3", 8, (0, 1, 2, 3)), ("4,6,7", 8, (4, 6, 7)), (" 5 , 2-3 ", 8, (2, 3, 5)), ("0", 1, (0,)),
])
def test_shard_lists(text: str, count: int, ids: tuple[int, ...]) -> None:
    assert parse_shards(text, count) == ids


@pytest.mark.parametrize(("text", "count", "problem"), [
    ("0-3", None, "--shards needs --shard-count (or [discord] shard_count): every process must agree on how many "
                  "shards there are"),
    ("0-8", 8, "shard 8 does not exist: with 8 shards they are 0 to 7"),
    ("3-1", 8, "the range 3-1 runs backwards"),
    ("0-2,2", 8, "shard 2 is given twice"),
    ("a-b", 8, "a shard is a number or a range like 0-3, not 'a-b'"),
    ("", 8, "a shard is a number or a range like 0-3, not ''"),
    ("-1", 8, "a shard is a number or a range like 0-3, not '-1'"),
    ("٣", 8, "a shard is a number or a range like 0-3, not '٣'"),  # a digit to int(), not to a person's command
    ("0-３", 8, "a shard is a number or a range like 0-3, not '0-３'"),
    ("+1", 8, "a shard is a number or a range like 0-3, not '+1'"),
    ("1_0", 8, "a shard is a number or a range like 0-3, not '1_0'"),
    ("0", 0, "the shard count must be from 1 to 10000, not 0"),
])
def test_bad_shard_lists_are_named(text: str, count: int | None, problem: str) -> None:
    with pytest.raises(ShardError) as caught:
        parse_shards(text, count)
    assert str(caught.value) == problem


def test_a_server_goes_to_the_shard_discord_sends_it_to() -> None:
    assert shard_of(GUILD_ON_1, 4) == 1 and shard_of("175928847299117063", 8) == 4 and shard_of("", 4) == 0
    assert shard_of("١٧٥٩٢٨٨٤٧٢٩٩١١٧٠٦٣", 8) == 0  # not an id: with the games of no server
    assert Shards(4, (1, 3)).owns(GUILD_ON_1) and not Shards(4, (0, 2)).owns(GUILD_ON_1)
    assert Shards().owns(GUILD_ON_1) and Shards(4).owns("")


def test_the_config_names_its_shards() -> None:
    config = parse_config({"discord": {"shard_count": 8, "shards": "4-7"}}, None)
    assert (config.shard_count, config.shard_ids) == (8, (4, 5, 6, 7))
    with pytest.raises(ConfigError, match=r"^\[discord\] shards: shard 9 does not exist: with 8 shards they are 0 "
                                          r"to 7$"):
        parse_config({"discord": {"shard_count": 8, "shards": "9"}}, None)


@pytest.fixture
def quiet_place(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CRIBBAGE_CONFIG", raising=False)
    monkeypatch.delenv("CRIBBAGE_DATABASE_URL", raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.chdir(tmp_path)


def test_check_says_which_shards_this_process_runs(quiet_place: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "--check", "--db", "games.sqlite3", "--shards", "0-3", "--shard-count", "8"]) == 0
    out, err = capsys.readouterr()
    assert "; database: games.sqlite3; shards 0, 1, 2, 3 of 8; token: present" in out
    assert err == ""


@pytest.mark.parametrize(("argv", "problem"), [
    (["--shards", "0-9", "--shard-count", "8"], "shard 9 does not exist: with 8 shards they are 0 to 7"),
    (["--shards", "0-1"], "--shards needs --shard-count (or [discord] shard_count)"),
    (["--shard-count", "0"], "the shard count must be from 1 to 10000, not 0"),
])
def test_check_refuses_shards_that_cannot_be(quiet_place: None, capsys: pytest.CaptureFixture[str],
                                            argv: list[str], problem: str) -> None:
    assert main(["bot", "--check", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"cribbage bot: {problem}") and err.count("\n") == 1


def test_several_processes_on_one_sqlite_file_are_warned_about(quiet_place: None,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "--check", "--shards", "1", "--shard-count", "2"]) == 0
    assert capsys.readouterr().err == ("cribbage bot: warning: several bot processes on one SQLite file work only "
                                       "on one machine; for more, use PostgreSQL ([storage] url, docs/deploy.md)\n")


async def test_each_process_sweeps_its_own_servers_games(tmp_path: Path) -> None:
    clock = Clock()
    controller = Controller(SqliteStorage(tmp_path / "g.sqlite3"), images=False, clock=clock, remind_after=300.0)
    try:
        reply = await controller.run(NewGame("chan", Member("u1", "ann"), ("easy",), seed=3, guild=GUILD_ON_1))
        clock.now += 301
        assert await controller.run(Sweep(Shards(4, (0, 2, 3)).owns)) == []  # another process's server
        (reminder,) = await controller.run(Sweep(Shards(4, (1,)).owns))
        assert reminder.game == reply.game and reminder.note.startswith("ann: it is your turn.")
    finally:
        controller.close()


def test_the_client_runs_only_its_shards() -> None:
    from bot.config import Config
    from bot.discord import CribbageBot

    controller: Any = object()
    client = CribbageBot(Config(None, shard_count=8, shard_ids=(4, 5, 6, 7)), controller)
    assert (client.shard_count, client.shard_ids) == (8, [4, 5, 6, 7])
    assert client.front.shards == Shards(8, (4, 5, 6, 7))


async def test_the_sweep_reads_only_games_idle_long_enough_to_be_due(tmp_path: Path) -> None:
    clock = Clock()
    controller = Controller(SqliteStorage(tmp_path / "g.sqlite3"), images=False, clock=clock, remind_after=300.0,
                            claim_after=120.0)
    try:
        await controller.run(NewGame("chan", Member("u1", "ann"), ("easy",), seed=3))
        rounds = controller.runner.lock_rounds
        clock.now += 119
        assert await controller.run(Sweep()) == [] and controller.runner.lock_rounds == rounds  # not even looked at
        clock.now += 2
        assert await controller.run(Sweep()) == [] and controller.runner.lock_rounds == rounds + 1  # looked: not due
        clock.now += 200
        (reminder,) = await controller.run(Sweep())
        assert reminder.note.startswith("ann: it is your turn.")
    finally:
        controller.close()


async def test_an_unreadable_game_never_stops_the_sweep_of_the_others(tmp_path: Path, caplog: Any) -> None:
    clock = Clock()
    storage = SqliteStorage(tmp_path / "g.sqlite3")
    controller = Controller(storage, images=False, clock=clock, remind_after=300.0)
    try:
        broken = await controller.run(NewGame("chan", Member("u1", "ann"), ("easy",), seed=3))
        fine = await controller.run(NewGame("chan", Member("u2", "bob"), ("easy",), seed=4))
        storage._db.execute("UPDATE actions SET action = 'not json' WHERE game = ?", (broken.game,))
        controller.games.forget(str(broken.game))
        clock.now += 301
        (reminder,) = await controller.run(Sweep())
        assert reminder.game == fine.game and reminder.note.startswith("bob: it is your turn.")
        assert [r.getMessage().split(":")[0] for r in caplog.records if r.name == "bot.app.controller"] == \
            [f"the sweep passed over game {broken.game}"]
    finally:
        controller.close()
