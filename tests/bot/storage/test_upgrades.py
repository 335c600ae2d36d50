"""A database made by every earlier schema opens and plays on with this code, and one from a newer schema is
refused in one line with nothing written.

The fixtures under upgrades/ were made by the old code itself, each at the commit that shipped its schema
(upgrades/make_fixtures.py says how): a finished game and an unfinished one stopped at a card to play, whose
position the old program printed (upgrades/fixtures.json)."""

from __future__ import annotations

import gzip
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.app.game.game_cache import replayed
from bot.cli.main import main
from bot.storage import SqliteStorage
from bot.storage.sqlite.schema import VERSION
from bot.storage.values import Status
from engine.core.actions import Play
from engine.core.observation import observe
from tests.pg_server import PgServer, Unavailable

ROOT = Path(__file__).resolve().parents[3]
UPGRADES = Path(__file__).resolve().parent / "upgrades"
FIXTURES: dict[str, dict[str, Any]] = json.loads((UPGRADES / "fixtures.json").read_text(encoding="utf-8"))
LAYOUTS = [name for name, f in FIXTURES.items() if f["backend"] == "sqlite"]
MIGRATIONS = [name for name, f in FIXTURES.items() if f["backend"] == "postgres"]


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def unpacked(name: str, folder: Path) -> Path:
    path = folder / "games.sqlite3"
    path.write_bytes(gzip.decompress((UPGRADES / "sqlite" / FIXTURES[name]["file"]).read_bytes()))
    return path


def columns(path: Path) -> dict[str, list[str]]:
    """Each table's columns in a file, read without changing it."""
    db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        tables = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {t: sorted(row[1] for row in db.execute(f"PRAGMA table_info({t})")) for t in tables}
    finally:
        db.close()


def test_every_schema_shipped_has_its_fixture_and_the_newest_is_this_codes(tmp_path: Path) -> None:
    assert ([f"layout-{n}" for n in range(1, 13)], [f"migration-{n}" for n in range(1, 9)]) == (LAYOUTS, MIGRATIONS)
    layouts = []
    for name in LAYOUTS:
        (tmp_path / name).mkdir()
        layouts.append(columns(unpacked(name, tmp_path / name)))
    assert all(a != b for a, b in zip(layouts, layouts[1:], strict=False))  # each one a layout of its own
    assert [len(t) for t in layouts] == [2, 5, 6, 6, 8, 8, 9, 9, 11, 12, 12, 21]  # tables
    SqliteStorage(tmp_path / "new.sqlite3").close()
    assert columns(tmp_path / "new.sqlite3") == layouts[-1]  # a new layout needs a fixture, and a new VERSION
    assert VERSION == 12
    from bot.storage.postgres.schema import MIGRATIONS as STEPS

    assert len(STEPS) == len(MIGRATIONS)


def resumes_where_it_stopped(storage: Any, fixture: dict[str, Any]) -> Play:
    """The finished game as it ended, the unfinished one at the position the old program printed (the same
    hand, scores and count, and Ann to play); the first card Ann may play there."""
    done, left = fixture["finished"], fixture["unfinished"]
    finished = storage.load(done["id"])
    assert (finished.meta.status, finished.meta.winner, len(finished.actions)) == (Status.OVER, done["winner"],
                                                                                    done["moves"])
    assert replayed(finished).over
    stored = storage.load(left["id"])
    assert (stored.meta.status, len(stored.actions)) == (Status.ACTIVE, left["moves"])
    game = replayed(stored)
    seat = [s.user for s in stored.meta.seats].index("local:Ann")
    seen = observe(game, seat)
    assert ([c.pretty() for c in seen.hand], list(seen.scores), seen.count, game.to_act()) == (
        left["hand"], left["scores"], left["count"], (seat,))
    return next(a for a in seen.legal if isinstance(a, Play))


def plays_on(env: dict[str, str], argv: list[str], fixture: dict[str, Any], move: Play, folder: Path) -> None:
    """`cribbage play` resumes the unfinished game at that position, and Ann's card is played there."""
    left = fixture["unfinished"]
    number = left["hand"].index(move.card.pretty()) + 1
    done = subprocess.run([sys.executable, "-m", "bot.cli.main", "play", *argv, "--name", "Ann"],
                          input=f"{number}\nq\n", capture_output=True, text=True, timeout=120, cwd=folder,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "CRIBBAGE_CONFIG": "", "HOME": str(folder),
                               "PYTHONIOENCODING": "utf-8", **env})
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    scores = " – ".join(f"{who} {points}" for who, points in zip(("Ann", "computer (normal)"), left["scores"],
                                                                  strict=True))
    listing = "  ".join(f"{i}:{c}" for i, c in enumerate(left["hand"], start=1))
    assert lines[0].startswith(f"Resuming your game {left['id']} ")
    at = lines.index(f"[{scores}]  your hand  {listing}")
    played = f"Ann plays {move.card.pretty()}: {left['count'] + move.card.value}"
    assert lines[at + 1].startswith(left["prompt"] + played)


@pytest.mark.parametrize("name", LAYOUTS)
def test_a_file_of_an_earlier_sqlite_layout_opens_and_plays_on(name: str, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    fixture = FIXTURES[name]
    path = unpacked(name, tmp_path)
    sound = f"the database {path} is sound: 2 game(s), each one replayed\n"
    assert cli(capsys, "db", "check", "--db", str(path)) == (0, sound, "")  # read as it is, nothing added
    storage = SqliteStorage(path)  # brought up to date
    try:
        assert storage.warnings() == []
        move = resumes_where_it_stopped(storage, fixture)
    finally:
        storage.close()
    plays_on({}, ["--db", str(path)], fixture, move, tmp_path)
    storage = SqliteStorage(path, readonly=True)
    try:
        played = storage.load(fixture["unfinished"]["id"])
        assert played is not None and played.actions[fixture["unfinished"]["moves"]] == move
    finally:
        storage.close()
    assert cli(capsys, "db", "check", "--db", str(path)) == (0, sound, "")
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (VERSION,)
    db.close()


@pytest.mark.parametrize("name", MIGRATIONS)
def test_a_database_of_an_earlier_postgres_migration_opens_and_plays_on(
        name: str, pg_server: PgServer, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.storage.postgres import PostgresStorage

    fixture = FIXTURES[name]
    url = pg_server.new_database("upgrade")
    try:
        pg_server.restore(url, UPGRADES / "postgres" / fixture["file"])
    except Unavailable as exc:
        pytest.skip(str(exc))
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", url)
    monkeypatch.setenv("CRIBBAGE_CONFIG", "")
    storage = PostgresStorage(url, pool_size=2)
    try:
        assert storage.migrated == list(range(int(name.split("-")[1]) + 1, 9))
        move = resumes_where_it_stopped(storage, fixture)
    finally:
        storage.close()
    status, out, err = cli(capsys, "db", "check")
    shown = f"postgresql://cribbage@127.0.0.1:{pg_server.port}/{url.rsplit('/', 1)[1]}"
    assert (status, err) == (0, "") and out.splitlines()[-1] == f"the database {shown} is sound: 2 game(s), each " \
                                                                 "one replayed"
    plays_on({"CRIBBAGE_DATABASE_URL": url}, [], fixture, move, tmp_path)
    storage = PostgresStorage(url, pool_size=2)
    try:
        assert storage.migrated == []
        played = storage.load(fixture["unfinished"]["id"])
        assert played is not None and played.actions[fixture["unfinished"]["moves"]] == move
    finally:
        storage.close()


def test_the_turn_mention_settings_of_layout_9_move_into_the_settings_table(tmp_path: Path) -> None:
    path = unpacked("layout-9", tmp_path)
    db = sqlite3.connect(path)
    db.executemany("INSERT INTO guild_settings (guild, mentions) VALUES (?, ?)", [("srv", 0), ("loud", 1)])
    db.executemany("INSERT INTO member_settings (user, mentions) VALUES (?, ?)", [("u1", 0), ("u2", 1)])
    db.commit()
    db.close()
    storage = SqliteStorage(path)
    try:
        assert (storage.settings_of("server", "srv"), storage.settings_of("server", "loud")) == (
            {"mentions": "false"}, {"mentions": "true"})
        assert storage.setting_values("member", "mentions", ["u1", "u2", "u3"]) == {"u1": "false", "u2": "true"}
    finally:
        storage.close()


def test_a_game_s_auto_go_of_layout_10_moves_into_its_settings(tmp_path: Path) -> None:
    from bot.settings import of_game

    path = unpacked("layout-10", tmp_path)
    fixture = FIXTURES["layout-10"]
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET auto_go = 0 WHERE id = ?", (fixture["unfinished"]["id"],))
    db.commit()
    db.close()
    storage = SqliteStorage(path)
    try:
        moved = storage.load(fixture["unfinished"]["id"])
        kept = storage.load(fixture["finished"]["id"])
        assert moved is not None and kept is not None
        assert (moved.meta.settings, of_game(moved.meta, "auto_go")) == ((("auto_go", "false"),), False)
        assert (kept.meta.settings, of_game(kept.meta, "auto_go")) == ((), True)
    finally:
        storage.close()
