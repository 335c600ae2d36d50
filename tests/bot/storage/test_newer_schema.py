"""A database from a newer schema than this code knows (a higher version, or a column, a CHECK or a trigger it
never made) is refused in one line that says so, on both backends and in every command that opens one, and
nothing is written to it. A constraint this code did not make that refuses a write anyway (added while the
database was open) is one line too, with nothing of the change saved."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from dataclasses import replace
from pathlib import Path

import pytest

from bot.app.commands import (
    MakeMove,
)
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.game_cache import replayed
from bot.app.game.moves import LayAway
from bot.cli.main import main
from bot.storage import DatabaseFault, SqliteStorage, StorageError
from bot.storage.values import StoredGame
from engine.core.actions import Discard, Go, Play, PlayerAction
from tests.pg_server import PgServer

ANN = Member("local:Ann", "Ann")
KEPT = "it is not used, and nothing was written to it"
NEWER = ("is from a newer version of this program (its schema is version 13; this program knows up to 12): "
         f"upgrade the program to use it; {KEPT}")


def unknown(what: str) -> str:
    return (f"has a schema this program does not know ({what}): it was made by a newer version of the program, "
            f"or changed by hand; upgrade the program, or restore a backup; {KEPT}")


def a_game(storage: object) -> str:
    """A game against the computer, its discards made (the id)."""
    controller = Controller(storage, images=False, ids=lambda: "game1", seeds=lambda: 7)  # type: ignore[arg-type]

    async def play() -> None:
        reply = await controller.run(NewGame("terminal", ANN, ("easy",)))
        assert reply.ok and reply.panel is not None
        assert (await controller.run(MakeMove(ANN, "game1", reply.version, LayAway(tuple(reply.panel.hand[:2]))))).ok

    asyncio.run(play())
    controller.close()
    return "game1"


def next_move(stored: StoredGame) -> PlayerAction:
    return next(a for a in replayed(stored).legal_actions() if isinstance(a, Discard | Play | Go))


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def refused_everywhere(capsys: pytest.CaptureFixture[str], argv: list[list[str]], line: str) -> None:
    """Each command fails with exit status 2 and the one line."""
    for args in argv:
        status = main(args)
        out, err = capsys.readouterr()
        assert (status, out, err) == (2, "", f"cribbage {args[0]}: {line}\n"), args


SQLITE_CHANGES = {
    "newer version": ("PRAGMA user_version = 13", NEWER),
    "an extra column": ("ALTER TABLE games ADD COLUMN colour TEXT NOT NULL DEFAULT 'red'", unknown("games.colour")),
    "a trigger": ("CREATE TRIGGER no_more AFTER INSERT ON actions BEGIN SELECT RAISE(ABORT, 'closed'); END",
                  unknown("the trigger no_more on actions")),
    "a check": ("UPDATE sqlite_master SET sql = replace(sql, 'moves    INTEGER NOT NULL DEFAULT 0', 'moves    "
                "INTEGER NOT NULL DEFAULT 0 CHECK (moves < 1000)') WHERE name = 'games'", unknown("a CHECK on games")),
}


@pytest.mark.parametrize("change", list(SQLITE_CHANGES))
def test_an_sqlite_file_of_a_newer_schema_is_refused_and_left_as_it_was(
        change: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "games.sqlite3"
    made = SqliteStorage(path)
    a_game(made)
    made.close()
    statement, words = SQLITE_CHANGES[change]
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA writable_schema = ON")  # only the CHECK needs it: SQLite cannot add one otherwise
    db.execute(statement)
    db.execute("PRAGMA writable_schema = OFF")
    db.close()
    before = folder_bytes(folder)
    assert list(before) == ["games.sqlite3"]
    line = f"the database {path} {words}"
    for readonly in (False, True):
        with pytest.raises(StorageError) as refused:
            SqliteStorage(path, readonly=readonly)
        assert str(refused.value) == line
    refused_everywhere(capsys, [["play", "--db", str(path), "--name", "Ann"], ["db", "check", "--db", str(path)],
                                ["db", "backup", "--db", str(path), str(tmp_path / "copy.sqlite3")]], line)
    assert folder_bytes(folder) == before and not (tmp_path / "copy.sqlite3").exists()


def test_a_constraint_added_while_open_refuses_a_move_in_one_line_and_keeps_the_game(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    storage = SqliteStorage(path)
    game = a_game(storage)
    stored = storage.load(game)
    assert stored is not None
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("CREATE TRIGGER no_more BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'closed for the "
                  "night'); END")
    other.execute("CREATE TRIGGER no_new BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'no new games'); END")
    move = next_move(stored)
    refused = f"the database {path} refused the change (%s): its schema or its rows are not as this program left " \
              "them (a newer version's, or changed by hand); nothing of this change was saved"
    with pytest.raises(DatabaseFault) as caught:
        storage.append(game, len(stored.actions), [move], now=time.time(), rev=stored.meta.rev)
    assert str(caught.value) == refused % "closed for the night"
    with pytest.raises(DatabaseFault) as caught:  # not "game game2 already exists"
        storage.create(replace(stored.meta, id="game2"))
    assert str(caught.value) == refused % "no new games"
    other.close()
    again = storage.load(game)
    assert again is not None and again.actions == stored.actions and again.meta.rev == stored.meta.rev
    storage.close()


PG_CHANGES = {
    "newer version": ("INSERT INTO schema_version (version, applied) VALUES (9, 0)",
                      "is from a newer version of this program (its schema is version 9; this program knows up to "
                      f"8): upgrade the program to use it; {KEPT}"),
    "an extra column": ("ALTER TABLE games ADD COLUMN colour text NOT NULL DEFAULT 'red'", unknown("games.colour")),
    "a check": ("ALTER TABLE games ADD CONSTRAINT few_moves CHECK (moves < 1000)",
                unknown("the CHECK few_moves on games")),
    "a trigger": ("CREATE FUNCTION closed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE 'closed'; END $$; "
                  "CREATE TRIGGER no_more BEFORE INSERT ON actions FOR EACH ROW EXECUTE FUNCTION closed()",
                  unknown("the trigger no_more on actions")),
}


@pytest.mark.parametrize("change", list(PG_CHANGES))
def test_a_postgres_database_of_a_newer_schema_is_refused_and_left_as_it_was(
        change: str, pg_server: PgServer, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import psycopg

    from bot.storage.postgres import PostgresStorage

    url = pg_server.new_database("newer")
    storage = PostgresStorage(url, pool_size=2)
    a_game(storage)
    storage.close()
    statement, words = PG_CHANGES[change]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(statement)
    before = pg_server.dump(url)
    shown = f"postgresql://cribbage@127.0.0.1:{pg_server.port}/{url.rsplit('/', 1)[1]}"
    with pytest.raises(StorageError) as refused:
        PostgresStorage(url, pool_size=2)
    assert str(refused.value) == f"the database {shown} {words}"
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", url)
    monkeypatch.setenv("CRIBBAGE_CONFIG", "")
    refused_everywhere(capsys, [["play", "--name", "Ann"], ["db", "check"]], f"the database {shown} {words}")
    assert pg_server.dump(url) == before


def test_a_postgres_constraint_added_while_open_refuses_a_move_in_one_line(pg_server: PgServer) -> None:
    import psycopg

    from bot.storage.postgres import PostgresStorage

    url = pg_server.new_database("newer")
    storage = PostgresStorage(url, pool_size=2)
    game = a_game(storage)
    stored = storage.load(game)
    assert stored is not None
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("ALTER TABLE actions ADD CONSTRAINT short_log CHECK (seq < 0) NOT VALID")
    move = next_move(stored)
    shown = f"postgresql://cribbage@127.0.0.1:{pg_server.port}/{url.rsplit('/', 1)[1]}"
    with pytest.raises(DatabaseFault) as caught:
        storage.append(game, len(stored.actions), [move], now=time.time(), rev=stored.meta.rev)
    assert str(caught.value) == (f"the database {shown} refused the change (new row for relation \"actions\" "
                                 "violates check constraint \"short_log\"): its schema or its rows are not as this "
                                 "program left them (a newer version's, or changed by hand); nothing of this change "
                                 "was saved")
    again = storage.load(game)
    assert again is not None and again.actions == stored.actions
    storage.close()
