"""A database that is truncated, corrupted, full, read-only or shared by two processes: each gives a
message saying what was found and what to do, never a traceback, and no game that was intact is lost."""

from __future__ import annotations

import asyncio
import os
import re
import resource
import select
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.app.commands import (
    MakeMove,
)
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.moves import LayAway, PlayCard
from bot.cli.main import main
from bot.storage import DatabaseFault, SqliteStorage, StorageError

ROOT = Path(__file__).resolve().parents[4]
ANN = Member("local:ann", "ann")


def games_in(path: Path, count: int) -> list[str]:
    """A database with `count` games against the computer, each a few moves in (their ids)."""
    numbers = iter(range(count))
    controller = Controller(SqliteStorage(path), images=False, ids=lambda: f"game{next(numbers)}",
                            seeds=lambda: 7)

    async def play() -> None:
        for _ in range(count):
            reply = await controller.run(NewGame(f"place{_ % 3}", ANN, ("easy",)))
            assert reply.ok and reply.panel is not None and reply.game is not None
            cards = reply.panel.hand[:2]
            assert (await controller.run(MakeMove(ANN, reply.game, reply.version, LayAway(tuple(cards))))).ok

    asyncio.run(play())
    controller.close()
    controller.storage.close()
    return [f"game{i}" for i in range(count)]


def replayable(path: Path) -> set[str]:
    """The games a fresh process can load and replay."""
    storage = SqliteStorage(path)
    controller = Controller(storage, images=False)
    loaded = set()
    try:
        for meta in storage.every_game():
            try:
                if controller.games.load(meta.id) is not None:
                    loaded.add(meta.id)
            except StorageError:
                pass
        return loaded
    finally:
        controller.close()
        storage.close()


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_truncated_database_is_refused_not_made_new(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    games_in(path, 2)
    path.write_bytes(b"")
    with pytest.raises(StorageError, match="is an empty file \\(0 bytes\\), not a database: if it held games"):
        SqliteStorage(path)
    status, _, err = cli(capsys, "play", "--db", str(path), "--name", "ann")
    assert status == 2 and "is an empty file (0 bytes)" in err and "cribbage db backup" in err
    assert len(err.splitlines()) == 1 and path.stat().st_size == 0  # left as found, not reused as new
    path.write_bytes(b"PK\x03\x04 a zip, say")
    with pytest.raises(StorageError, match="is not an SQLite database \\(it starts b'PK"):
        SqliteStorage(path)


def test_flipped_bytes_name_the_damaged_game_and_the_rest_play_on(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    ids = games_in(path, 6)
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET seats = CAST(X'5B7B22FF' AS TEXT) WHERE id = 'game2'")  # not UTF-8
    db.execute("UPDATE actions SET action = '{\"t\":' WHERE game = 'game4' AND seq = 0")  # not JSON
    db.commit()
    db.close()
    storage = SqliteStorage(path)
    assert storage.opened.damaged == ("game2", "game4")
    warning = storage.warnings()
    assert warning[0].endswith("has 2 damaged game(s) that cannot be loaded: game2, game4; every other game plays on")
    assert "cribbage db backup FILE" in warning[1]
    assert [m.id for m in storage.find("place2")] == ["game5"]  # game2 is left out, not the whole list lost
    assert {m.id for m in storage.every_game()} == set(ids) - {"game2"}
    with pytest.raises(StorageError, match="game game4"):
        Controller(storage, images=False).games.load("game4")
    storage.close()
    assert replayable(path) == set(ids) - {"game2", "game4"}
    status, out, _ = cli(capsys, "db", "check", "--db", str(path))
    assert status == 1 and "game2, game4" in out
    backup = tmp_path / "copy.sqlite3"
    status, out, _ = cli(capsys, "db", "backup", "--db", str(path), str(backup))
    assert status == 0 and out.startswith(f"copied the database {path} to {backup}")
    assert replayable(backup) == set(ids) - {"game2", "game4"} and backup.stat().st_mode & 0o077 == 0


def test_a_damaged_page_is_found_when_the_database_opens(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    ids = games_in(path, 40)
    db = sqlite3.connect(path)
    try:
        pages = [p for (p,) in db.execute("SELECT pageno FROM dbstat WHERE name = 'actions' AND pagetype = 'leaf'")]
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table")
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    assert len(pages) >= 2
    with open(path, "r+b") as stream:  # scribble over the middle of one leaf of the action logs
        stream.seek((pages[0] - 1) * size + 8)
        stream.write(b"\xa5" * (size - 16))
    storage = SqliteStorage(path)
    assert storage.opened.problems and storage.opened.damaged
    assert "the database file is damaged" in " ".join(storage.warnings()) or storage.opened.problems
    damaged = set(storage.opened.damaged)
    storage.close()
    assert damaged < set(ids) and replayable(path) == set(ids) - damaged  # the rest still load
    status, out, _ = cli(capsys, "db", "check", "--db", str(path))
    assert status == 1 and "is damaged" in out


def test_a_full_disk_says_so_and_keeps_every_committed_game(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    ids = games_in(path, 3)
    storage = SqliteStorage(path)
    (pages,) = storage._db.execute("PRAGMA page_count").fetchone()
    storage._db.execute(f"PRAGMA max_page_count = {pages}")  # no room for one more page: "disk full"
    controller = Controller(storage, images=False, ids=iter(f"new{i}" for i in range(1000)).__next__)

    async def fill() -> None:
        for _ in range(1000):
            await controller.run(NewGame("here", ANN, ("easy",)))

    with pytest.raises(DatabaseFault) as caught:
        asyncio.run(fill())
    message = str(caught.value)
    assert "the disk (or the database's size limit) is full (database or disk is full)" in message
    assert "cannot rollback" not in message and "nothing of this change was saved" in message
    controller.close()
    storage.close()
    assert set(ids) <= replayable(path)


def test_a_read_only_database_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    games_in(path, 1)
    storage = SqliteStorage(path, readonly=True)
    assert [m.id for m in storage.every_game()] == ["game0"]
    with pytest.raises(DatabaseFault, match="the database is read-only: check the permissions"):
        storage.set_reminded("game0", True)
    storage.close()
    if os.geteuid() == 0:
        return  # root writes whatever the permissions: the rest needs an ordinary user
    path.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        os.environ["DISCORD_TOKEN"] = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789ABC"
        status, _, err = cli(capsys, "bot", "--db", str(path))
        assert status == 2 and "read-only" in err and "Traceback" not in err
    finally:
        del os.environ["DISCORD_TOKEN"]
        tmp_path.chmod(0o755)
        path.chmod(0o600)


def test_a_new_database_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "games.sqlite3"
    games_in(path, 1)
    storage = SqliteStorage(path)
    storage.set_reminded("game0", True)
    for name in ("games.sqlite3", "games.sqlite3-wal", "games.sqlite3-shm"):
        assert (tmp_path / "sub" / name).stat().st_mode & 0o777 == 0o600, name
    storage.close()
    assert sorted(p.name for p in (tmp_path / "sub").iterdir())[0] == "games.sqlite3"  # no leftovers


# ---------------------------------------------------------------------------- two processes, one database

class Terminal:
    """A `cribbage play` process driven through pipes, read up to each prompt."""

    def __init__(self, *argv: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "CRIBBAGE_CONFIG": ""}
        self.proc = subprocess.Popen([sys.executable, "-m", "bot.cli.main", "play", *argv], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
        self.seen = b""

    def until(self, pattern: str, timeout: float = 30) -> str:
        """Everything printed up to `pattern` (a regular expression), which must appear within `timeout`."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        end = time.monotonic() + timeout
        while not re.search(pattern, self.seen.decode(errors="replace")):
            left = end - time.monotonic()
            assert left > 0, f"no {pattern!r} in {self.seen.decode(errors='replace')!r}"
            if select.select([fd], [], [], left)[0]:
                chunk = os.read(fd, 65536)
                assert chunk, f"ended without {pattern!r}: {self.seen.decode(errors='replace')!r}"
                self.seen += chunk
        text, self.seen = self.seen.decode(errors="replace"), b""
        return text

    def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def finish(self) -> tuple[int, str]:
        self.type("q")
        _, err = self.proc.communicate(timeout=30)
        return self.proc.returncode, err.decode()


def test_two_terminals_on_one_database_reload_and_go_on(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    first = Terminal("--db", db, "--name", "ann", "--seed", "3", "--difficulty", "easy")
    second: Terminal | None = None
    try:
        first.until("lay away 2 for your crib: $")
        second = Terminal("--db", db, "--name", "ann")
        assert "Resuming your game" in second.until("lay away 2 for your crib: $")
        second.type("1 2")  # the second process moves the game on
        second.until("play a card: $")
        first.type("1 2")  # the first one's memory is behind: it reads the game again, nothing lost
        moved_on = first.until("play a card: $")
        assert "That choice was from an earlier moment of the game; nothing changed." in moved_on
        first.type("1")  # now in step, the first one plays ...
        first.until(r"(play a card|say go): $")
        second.type("1")  # ... and the second, behind in turn, catches up the same way
        assert "from an earlier moment" in second.until(r"(play a card|say go): $")
        for terminal in (first, second):
            status, err = terminal.finish()
            assert status == 0 and "Traceback" not in err, err
    finally:
        for terminal in (first, second):
            if terminal is not None and terminal.proc.poll() is None:
                terminal.proc.kill()
                terminal.proc.wait()
    storage = SqliteStorage(db)
    (game,) = storage.every_game()
    assert storage.action_count(game.id) >= 4 and storage.opened.ok
    storage.close()
    assert replayable(Path(db)) == {game.id}


def test_a_click_drawn_by_another_process_is_taken_by_one_whose_memory_is_behind(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    here = Controller(SqliteStorage(path), images=False, ids=lambda: "g1", seeds=lambda: 5)
    there = Controller(SqliteStorage(path), images=False)

    async def play() -> None:
        reply = await here.run(NewGame("chan", ANN, ("easy",)))  # `here` keeps the game in memory
        assert reply.panel is not None
        # the other process moves
        moved = await there.run(MakeMove(ANN, "g1", reply.version, LayAway(tuple(reply.panel.hand[:2]))))
        assert moved.ok and moved.panel is not None and moved.version > reply.version
        card = moved.panel.playable[0]
        played = await here.run(MakeMove(ANN, "g1", moved.version, PlayCard(card)))  # its panel, clicked here
        assert played.ok, played.note
        # `there` is behind now: refused, told why
        stale = await there.run(MakeMove(ANN, "g1", moved.version, PlayCard(card)))
        assert not stale.ok and "earlier moment" in stale.note

    asyncio.run(play())
    for controller in (here, there):
        controller.close()
        controller.storage.close()
    assert replayable(path) == {"g1"}


def test_cribbage_bot_on_a_database_it_cannot_use_says_so_in_one_line(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789ABC")
    monkeypatch.setenv("CRIBBAGE_CONFIG", "")
    monkeypatch.chdir(tmp_path)
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    for argv in (["bot", "--db", str(empty)], ["bot", "--check", "--db", str(empty)]):
        status, _, err = cli(capsys, *argv)
        assert status == 2 and "is an empty file (0 bytes)" in err and len(err.splitlines()) == 1


def _file_size_limit(limit: int) -> Callable[[], None]:
    def apply() -> None:
        _, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))

    return apply


def test_a_file_size_limit_is_said_as_such_not_as_a_disk_failure(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    games_in(path, 30)
    limit = path.stat().st_size - 10 * 1024  # `ulimit -f`: the file may not grow past what it is less 10 KiB
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CRIBBAGE_CONFIG": ""}
    said = f"a file reached the file-size limit set for this process (ulimit -f: {limit:,} bytes) (disk I/O error)"
    backup = subprocess.run([sys.executable, "-m", "bot.cli.main", "db", "backup", "--db", str(path),
                             str(tmp_path / "copy.sqlite3")], capture_output=True, text=True, env=env, cwd=ROOT,
                            preexec_fn=_file_size_limit(limit), timeout=60)
    assert backup.returncode == 2
    assert backup.stderr == f"cribbage db: cannot back up to {tmp_path}/copy.sqlite3: {said}\n"
    assert [p.name for p in tmp_path.iterdir() if "copy" in p.name] == []  # no half-made copy left
    limit = 16 * 1024  # the log of changes (the WAL file) may not grow past 4 pages
    said = f"a file reached the file-size limit set for this process (ulimit -f: {limit:,} bytes) (disk I/O error)"
    play = subprocess.run([sys.executable, "-m", "bot.cli.main", "play", "--db", str(path), "--name", "zed"],
                          input="1 2\n1\n1\n1\nq\n", capture_output=True, text=True, env=env, cwd=ROOT,
                          preexec_fn=_file_size_limit(limit), timeout=60)
    assert play.returncode == 2 and "Traceback" not in play.stderr, play.stderr  # when it opens (and is made WAL)
    assert play.stderr == f"cribbage play: cannot open the database {path}: {said}\n"


ROW_DAMAGE = {
    "an unknown language": "lang = 'xx'",
    "a computer of unknown strength": "seats = replace(seats, '\"normal\"}', '\"godlike\"}')",
    "one member in both seats": "seats = '[{\"kind\": \"human\", \"name\": \"Ann\", \"user\": \"local:Ann\"}, "
                                "{\"kind\": \"human\", \"name\": \"Ann\", \"user\": \"local:Ann\"}]'",
    "a self-counting seat past the seats": "self_count = '5'",
}


@pytest.mark.parametrize("damage", list(ROW_DAMAGE))
def test_a_row_no_game_could_hold_is_damaged_to_db_check_and_passed_over_by_play(
        damage: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """What db check calls sound never crashes `play`: every column it reads is checked (issue 58)."""
    import io

    monkeypatch.setenv("CRIBBAGE_CONFIG", "")
    path = tmp_path / "games.sqlite3"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"1 2\nq\n")))
    assert cli(capsys, "play", "--db", str(path), "--name", "Ann", "--seed", "3")[0] == 0
    db = sqlite3.connect(path)
    (game,) = db.execute("SELECT id FROM games").fetchone()
    db.execute(f"UPDATE games SET {ROW_DAMAGE[damage]}")
    db.commit()
    db.close()
    status, out, _ = cli(capsys, "db", "check", "--db", str(path))
    assert status == 1 and out.splitlines()[0] == (f"the database {path} has 1 damaged game(s) that cannot be loaded: "
                                                   f"{game}; every other game plays on")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"q\n")))
    status, out, err = cli(capsys, "play", "--db", str(path), "--name", "Ann")
    assert status == 0 and "Traceback" not in err and out.startswith("Cribbage to 121")  # a new game, not that one
    assert err.splitlines()[0] == (f"cribbage play: warning: the database {path} has 1 damaged game(s) that cannot "
                                   f"be loaded: {game}; every other game plays on")
