"""Real small file systems (a tmpfs mounted for the test; skipped, saying why, where mounting is not allowed):
a new database on a nearly full disk is made whole at its path or not at all, and a later run after space is
freed plays; a database on read-only media is checked and backed up; a backup into a read-only folder names the
file asked for, not its hidden temporary copy."""

from __future__ import annotations

import io
import subprocess
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

import pytest

from bot.cli.main import main
from bot.storage import SqliteStorage
from tests.bot.storage.sqlite.test_faults import games_in
from tests.small_disk import small_disk

DISK = "320k"
"""Room for a new database (about 124 KB empty: a page a table and index) and its write-ahead log, and little more."""


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """An empty 320 KB file system of its own."""
    with small_disk(tmp_path / "disk", DISK) as folder:
        yield folder


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, path: Path,
         *more: str) -> tuple[int, str]:
    """`cribbage play` of a new game laid away and left: its status and what it said on standard error."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"1 2\nq\n")))
    status = main(["play", "--db", str(path), "--name", "Ann", "--seed", "3", *more])
    return status, capsys.readouterr().err


def check(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str]:
    status = main(["db", "check", "--db", str(path)])
    out, err = capsys.readouterr()
    return status, out + err


def test_a_new_database_on_a_nearly_full_disk_is_whole_or_not_there(
        disk: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRIBBAGE_CONFIG", "")
    path = disk / "games.sqlite3"
    outcomes = set()
    for kilobytes in range(0, 312, 12):  # from room to spare to no room at all
        with suppress(OSError), open(disk / "filler", "wb") as filler:  # as much as fits
            filler.write(b"\0" * kilobytes * 1024)
        status, err = play(capsys, monkeypatch, path)
        assert "Traceback" not in err and len(err.strip().splitlines()) <= 1, (kilobytes, err)
        made = path.exists()
        outcomes.add((status, made))
        (disk / "filler").unlink(missing_ok=True)  # the space freed
        if made:  # whole: it checks sound, its game (if one was saved) replays
            found = check(capsys, path)
            assert found[0] == 0 and " is sound: " in found[1], (kilobytes, err, found)
        else:
            assert status == 2 and err == f"cribbage play: cannot create the database {path}: the disk (or the " \
                                          "database's size limit) is full (database or disk is full)\n", kilobytes
        assert play(capsys, monkeypatch, path, "--new") == (0, ""), kilobytes  # a later run plays
        assert check(capsys, path)[0] == 0
        for leftover in disk.iterdir():
            leftover.unlink()
    assert (0, True) in outcomes and (2, False) in outcomes  # made and played; refused and not there


@pytest.fixture
def readonly_disk(tmp_path: Path) -> Iterator[Path]:
    """A small file system holding a database of three games, mounted read-only."""
    with small_disk(tmp_path / "media", "1m") as folder:
        storage_path = folder / "games.sqlite3"
        games_in(storage_path, 3)
        SqliteStorage(storage_path).close()
        remounted = subprocess.run(["mount", "-o", "remount,ro", str(folder)], capture_output=True, text=True)
        if remounted.returncode != 0:
            pytest.skip(f"cannot remount the tmpfs read-only: {remounted.stderr.strip()}")
        yield folder


def test_a_database_on_read_only_media_is_checked_and_backed_up(
        readonly_disk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = readonly_disk / "games.sqlite3"
    assert sorted(p.name for p in readonly_disk.iterdir()) == ["games.sqlite3"]
    assert check(capsys, path) == (0, f"the database {path} is sound: 3 game(s), each one replayed\n")
    copy = tmp_path / "copy.sqlite3"
    assert main(["db", "backup", "--db", str(path), str(copy)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"copied the database {path} to {copy} (") and err == ""
    assert check(capsys, copy) == (0, f"the database {copy} is sound: 3 game(s), each one replayed\n")


def test_a_backup_into_a_read_only_folder_names_the_file_asked_for(
        readonly_disk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "games.sqlite3"
    games_in(source, 1)
    target = readonly_disk / "copy.sqlite3"
    assert main(["db", "backup", "--db", str(source), str(target)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"cribbage db: cannot write {target}: Read-only file system\n")
    assert sorted(p.name for p in readonly_disk.iterdir()) == ["games.sqlite3"]
