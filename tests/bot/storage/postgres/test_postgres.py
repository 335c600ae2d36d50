"""PostgreSQL's own cases, on the session's server (tests/pg_server.py): migrations from an empty database,
two connections writing the same game at once, a whole game through the controller replaying to the same
record as on SQLite, the choice of backend from the config, and failures said in one line without the
password. (The behaviour both backends share is tests/bot/storage/test_stores.py.)"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from bot.app.commands import (
    GameRecord,
    MemberStats,
)
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.autopilot import play_out
from bot.cli.main import main
from bot.config import Config, ConfigError, load_config
from bot.settings import of_game
from bot.storage import SqliteStorage, StaleWrite, Storage, StorageError, encode_action
from bot.storage.opening import describe, open_storage
from bot.storage.values import GameMeta, GuildTotals, Seat, SeatKind, Status
from engine.core.actions import Go
from engine.core.rules import Rules
from tests.bot.storage.sqlite.pages import GOING_ON, fill
from tests.pg_server import PgServer

psycopg = pytest.importorskip("psycopg")
from bot.storage.postgres import PostgresStorage  # noqa: E402
from bot.storage.postgres.schema import MIGRATIONS  # noqa: E402  (after the skip: it needs nothing, but belongs here)

TABLES = {"actions", "claims", "daily_answers", "daily_posts", "declarations", "drills", "event_entrants",
          "event_games", "events", "games", "guild_settings", "guild_totals", "member_settings", "player_totals",
          "rating_changes", "ratings", "schema_version", "seasons", "settings", "summarized", "tables", "tallies"}


def meta(gid: str = "g1") -> GameMeta:
    return GameMeta(gid, Rules(target=61), (Seat(SeatKind.HUMAN, "ann", "u1"),
                                            Seat(SeatKind.COMPUTER, "computer (easy)", "", "easy")),
                    42, Status.ACTIVE, "chan", 100.0, 100.0)


def tables(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
    return {name for (name,) in rows}


def test_migrations_make_every_table_of_an_empty_database_once(pg_url: str) -> None:
    assert tables(pg_url) == set()
    opened = []
    threads = [threading.Thread(target=lambda: opened.append(PostgresStorage(pg_url, pool_size=1)))
               for _ in range(3)]  # three processes starting together: the advisory lock lets one migrate
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(s.migrated for s in opened) == [[], [], list(range(1, len(MIGRATIONS) + 1))]
    for s in opened:
        s.close()
    assert tables(pg_url) == TABLES
    with psycopg.connect(pg_url) as conn:
        versions = conn.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
        assert versions == [(1,), (2,), (3,), (4,), (5,), (6,), (7,), (8,)]
        columns = dict(conn.execute("SELECT column_name, data_type FROM information_schema.columns "
                                    "WHERE table_name = 'games'").fetchall())
        assert (columns["seed"], columns["created"], columns["reminded"]) == ("bigint", "double precision",
                                                                              "boolean")
        conn.execute("INSERT INTO schema_version VALUES (99, 0)")
    with pytest.raises(StorageError, match="is from a newer version of this program \\(its schema is version 99; "
                       "this program knows up to 8\\)"):
        PostgresStorage(pg_url)


def test_a_version_1_database_gains_revisions_and_keeps_its_rows(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(MIGRATIONS[0])
        conn.execute("CREATE TABLE schema_version (version bigint PRIMARY KEY, applied double precision NOT NULL)")
        conn.execute("INSERT INTO schema_version VALUES (1, 0)")
        conn.execute("INSERT INTO games (id, rules, seats, seed, status, place, created, updated) VALUES "
                     "('old', '{\"target\": 121}', '[{\"kind\": \"human\", \"name\": \"ann\", \"user\": \"u1\"}, "
                     "{\"kind\": \"computer\", \"name\": \"c\", \"difficulty\": \"easy\"}]',"
                     " 1, 'active', 'chan', 1.0, 1.0)")
        conn.execute("INSERT INTO summarized (game, guild, deals) VALUES ('old', 'srv', 9)")
        for player in ("member:u1", "computer:easy"):
            conn.execute("INSERT INTO player_totals VALUES ('srv', %s, 'x', 1, 0, 0, 0, 0, 0, 9, 4, 0, 0, 0, 0)",
                         (player,))
        for tid, created in (("t1", 1.0), ("t2", 2.0)):  # two live tables at one place, as version 1 allowed
            conn.execute("INSERT INTO tables (id, place, session, live, created, updated) VALUES "
                         "(%s, 'chan', '{}', true, %s, %s)", (tid, created, created))
    store = PostgresStorage(pg_url, pool_size=1)
    try:
        assert store.migrated == [2, 3, 4, 5, 6, 7, 8]
        old = store.load("old")
        assert old is not None and (old.meta.rev, old.meta.place, of_game(old.meta, "auto_go")) == (0, "chan", True)
        live = store.table_at("chan")
        assert live is not None and (live.id, live.rev) == ("t2", 0)  # the newest stays, as table_at chose it
        assert store.load_table("t1") is not None and not store.load_table("t1").live  # type: ignore[union-attr]
        assert store.guild_totals("srv") == GuildTotals(1, 9, 2)
    finally:
        store.close()


def test_two_connections_append_at_the_same_version_one_wins(pg_url: str) -> None:
    a, b = PostgresStorage(pg_url, pool_size=1), PostgresStorage(pg_url, pool_size=1)
    a.create(meta())
    outcome: dict[str, Any] = {}

    def write(name: str, store: Storage, first: int = 0) -> None:
        try:
            store.append("g1", first, [Go(0 if name == "a" else 1)], now=200.0)
            outcome[name] = "ok"
        except StaleWrite as exc:
            outcome[name] = exc

    # another writer has logged action 0 and not committed yet: b counts 0 too, and waits at the primary key
    with psycopg.connect(pg_url, autocommit=True) as raw, raw.transaction():
        raw.execute("INSERT INTO actions (game, seq, action) VALUES ('g1', 0, %s)", (encode_action(Go(0)),))
        waiting = threading.Thread(target=write, args=("b", b))
        waiting.start()
        waiting.join(0.5)
        assert waiting.is_alive(), "b did not wait for the first writer"
    waiting.join(10)
    assert isinstance(outcome["b"], StaleWrite) and "another writer logged it first" in str(outcome["b"])
    with psycopg.connect(pg_url, autocommit=True) as raw:  # the row counts what that writer logged, as append does
        raw.execute("UPDATE games SET moves = 1 WHERE id = 'g1'")
    # and at once, many times over: exactly one of the two is logged each time
    for n in range(1, 21):
        outcome.clear()
        both = [threading.Thread(target=write, args=(name, store, n)) for name, store in (("a", a), ("b", b))]
        for t in both:
            t.start()
        for t in both:
            t.join(10)
        assert sorted(isinstance(v, StaleWrite) for v in outcome.values()) == [False, True], outcome
        assert a.action_count("g1") == n + 1
    with psycopg.connect(pg_url) as conn:
        seqs = [s for (s,) in conn.execute("SELECT seq FROM actions WHERE game = 'g1' ORDER BY seq")]
    assert seqs == list(range(21))
    a.close()
    b.close()


async def whole_game(storage: Storage, reopen: Storage) -> tuple[bytes, str]:
    """A game against the computer to its end through the controller; its record as a fresh controller
    replays it from the stored log, and the statistics' line."""
    ann = Member("u1", "ann")
    first = Controller(storage, images=False, ids=lambda: "g1", seeds=lambda: 5, clock=lambda: 1000.0)
    reply = await first.run(NewGame("chan", ann, ("normal",), Rules(target=61), seed=77, guild="srv"))
    last = await play_out(first, reply)
    assert last.finished
    first.close()
    storage.close()
    again = Controller(reopen, images=False, clock=lambda: 1000.0)
    record = await again.run(GameRecord("g1"))
    stats = (await again.run(MemberStats("srv", "u1", "ann"))).text
    again.close()
    reopen.close()
    assert record is not None
    return record.data, stats


async def test_a_whole_game_replays_to_the_same_record_as_on_sqlite(pg_url: str, tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    on_sqlite = await whole_game(SqliteStorage(path), SqliteStorage(path))
    on_postgres = await whole_game(PostgresStorage(pg_url), PostgresStorage(pg_url))
    assert on_postgres == on_sqlite
    assert b'"target": 61' in on_sqlite[0] or b'"target":61' in on_sqlite[0]


def test_the_config_chooses_postgresql_and_the_environment_wins(pg_url: str, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "config.toml").write_text('[storage]\ndatabase = "games.sqlite3"\n')
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CRIBBAGE_CONFIG", raising=False)
    monkeypatch.delenv("CRIBBAGE_DATABASE_URL", raising=False)
    plain = load_config()
    assert plain.url is None
    sqlite = open_storage(plain)
    assert isinstance(sqlite, SqliteStorage) and describe(plain) == str(plain.database)
    assert (tmp_path / "games.sqlite3").exists()
    sqlite.close()
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", pg_url)
    config = load_config()
    assert config.url == pg_url and "password" not in repr(config) and pg_url not in repr(config)
    store = open_storage(config)
    assert isinstance(store, PostgresStorage) and store.warnings() == []
    password = pg_url.split(":")[2].split("@")[0]
    assert password not in describe(config) and describe(config).startswith("postgresql://cribbage@127.0.0.1:")
    store.close()
    other = open_storage(config, tmp_path / "other.sqlite3")  # --db names a file: SQLite, whatever the url
    assert isinstance(other, SqliteStorage)
    other.close()
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", "mysql://root:hunter2@db/games")
    with pytest.raises(ConfigError) as bad:
        load_config()
    assert str(bad.value) == ("CRIBBAGE_DATABASE_URL must be a PostgreSQL URL "
                              "(postgresql://user:password@host:port/database), not one starting 'mysql'")


def test_a_server_that_cannot_be_reached_or_a_wrong_password_is_one_line_without_the_password(
        pg_server: PgServer) -> None:
    wrong = pg_server.url().replace(pg_server.password, "not-the-password")
    with pytest.raises(StorageError) as refused:
        PostgresStorage(wrong)
    text = str(refused.value)
    assert "\n" not in text and "not-the-password" not in text and "password authentication failed" in text
    assert text.startswith(f"cannot open the database postgresql://cribbage@127.0.0.1:{pg_server.port}/postgres: ")
    from tests.pg_server import free_port

    nowhere = f"postgresql://someone:secret@127.0.0.1:{free_port()}/games"
    with pytest.raises(StorageError) as unreachable:
        open_storage(Config(None, url=nowhere))
    assert "\n" not in str(unreachable.value) and "secret" not in str(unreachable.value)


def test_cribbage_play_keeps_and_resumes_its_game_in_postgresql(pg_url: str, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import io

    from bot.cli.main import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CRIBBAGE_CONFIG", raising=False)
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", pg_url)
    monkeypatch.setattr("sys.stdin", io.StringIO("1 2\n1\nq\n"))
    assert main(["play", "--seed", "3", "--name", "ann", "--difficulty", "easy"]) == 0
    assert "ann lays away 2 cards" in capsys.readouterr().out
    store = PostgresStorage(pg_url, pool_size=1)
    (game,) = store.live_games()
    assert store.action_count(game.id) >= 3 and not list(tmp_path.iterdir())  # in PostgreSQL, no file made
    store.close()
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--name", "ann"]) == 0
    assert capsys.readouterr().out.startswith("Resuming your game ")


def test_bot_check_names_the_database_without_its_password(pg_url: str, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli.main import main
    from tests.bot.cli.test_cli_bot import TOKEN

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CRIBBAGE_CONFIG", raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", pg_url)
    assert main(["bot", "--check"]) == 0
    out = capsys.readouterr().out
    database = pg_url.replace(pg_url.split("//")[1].split("@")[0], "cribbage")
    assert f"database: {database};" in out and pg_url not in out
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", pg_url.rsplit(":", 1)[0] + ":1/none")
    assert main(["bot", "--check"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cribbage bot: cannot open the database postgresql://cribbage@127.0.0.1:1/none: ")
    assert len(err.strip().splitlines()) == 1


def test_without_postgresql_binaries_the_server_says_how_to_get_them(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests import pg_server

    monkeypatch.setattr(pg_server, "find_binaries", lambda: None)
    server = pg_server.PgServer()
    with pytest.raises(pg_server.Unavailable, match=r"no PostgreSQL binaries .* apt-get install postgresql"):
        server.start()
    server.stop()


def test_db_check_on_postgresql_loads_every_game_and_checks_the_indexes_with_amcheck(
        pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    store = PostgresStorage(pg_url, pool_size=1)
    fill(store, finished=2)
    store.close()
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", pg_url)
    monkeypatch.setenv("CRIBBAGE_CONFIG", "")
    assert main(["db", "check"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("note: the indexes were not checked: the amcheck extension is not installed in this database "
                      "(`CREATE EXTENSION amcheck` as its owner adds it); PostgreSQL checks its pages as it reads them")
    assert out[1].startswith("the database postgresql://cribbage@127.0.0.1:") and out[1].endswith(
        " is sound: 3 game(s), each one replayed")
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION amcheck")
    assert main(["db", "check"]) == 0 and "note:" not in capsys.readouterr().out  # every index checked
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE games SET moves = moves + 1 WHERE id = %s", (GOING_ON,))
    assert main(["db", "check"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(f"has 1 damaged game(s) that cannot be loaded: {GOING_ON}; every other game plays on")
    assert out[1].startswith("copy it now with pg_dump (docs/deploy.md)")
    assert out[2] == (f"game {GOING_ON} is damaged: its row records 14 move(s) but 13 were read from its log; it is "
                      "not resumed, and nothing is written to it")
