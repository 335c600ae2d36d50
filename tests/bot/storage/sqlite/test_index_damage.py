"""Damage in the pages SQLite keeps its indexes in (an interior page's separator key, a game id in a leaf) as
well as in its data pages: `cribbage db check` finds whatever SQLite's integrity_check finds, a game whose log
a damaged lookup cuts short is refused by code, never resumed from another state nor written under the history
it cannot see, and damaged statistics never stop a start."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.app.controller import Controller
from bot.app.game.game_cache import GameCache
from bot.cli.main import main
from bot.storage import DamagedGame, SqliteStorage, StorageError
from bot.storage.errors import Damage
from engine.core.actions import Go, PlayerAction
from tests.bot.storage.sqlite.pages import GOING_ON, build, cells, flip, integrity, page_size, pages, write

ROOT = Path(__file__).resolve().parents[4]


@pytest.fixture(scope="module")
def intact(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, tuple[PlayerAction, ...]]]:
    """One database of 16 whole games and ann's game 13 moves in, made once and copied for each damage."""
    path = tmp_path_factory.mktemp("intact") / "games.sqlite3"
    return path, build(path)


@pytest.fixture
def copy(intact: tuple[Path, dict[str, tuple[PlayerAction, ...]]], tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(intact[0].read_bytes())
    return path


def text_at(cell_head: bytes) -> int:
    """Where a cell's first column (the game id) starts: after its child page number on an interior page (4
    bytes), its payload's size (one byte here) and its record's header (whose size is its first byte)."""
    return 4 + 1 + cell_head[5]


def separator(path: Path, length: int) -> None:
    """`length` bytes written over the last separator key of the action logs' interior page: the key that
    sends a lookup of the last game (ann's, going on) to its leaves."""
    (page,) = pages(path, "actions", "internal")
    last = cells(path, page)[-1]
    write(path, page, last.offset + text_at(last.head), b"z" * length)


def middle_separator(path: Path, length: int) -> None:
    (page,) = pages(path, "actions", "internal")
    middle = cells(path, page)[len(cells(path, page)) // 2]
    write(path, page, middle.offset + text_at(middle.head), b"\x7f" * length)


def leaf_game_id(path: Path) -> None:
    """One bit flipped in the game id of a row in a leaf of the action logs (a leaf cell has no child page)."""
    leaf = pages(path, "actions", "leaf")[5]
    cell = cells(path, leaf)[3]
    flip(path, leaf, cell.offset + 1 + cell.head[1] + 5, bit=1)  # 'game07' becomes 'game05', say


def games_index_bit(path: Path) -> None:
    """One bit flipped in a game id in the index of the games' ids."""
    (leaf,) = pages(path, "sqlite_autoindex_games_1", "leaf")
    cell = cells(path, leaf)[4]
    flip(path, leaf, cell.offset + 1 + cell.head[1] + 5, bit=0)


def games_row_bytes(path: Path) -> None:
    """Bytes of a game's row (a data page) overwritten."""
    leaf = pages(path, "games", "leaf")[0]
    cell = cells(path, leaf)[2]
    write(path, leaf, cell.offset + 20, b"\xff" * 12)


DAMAGE: dict[str, Callable[[Path], None]] = {
    "10 bytes of the last separator key": lambda p: separator(p, 10),
    "24 bytes of a separator key": lambda p: middle_separator(p, 24),
    "a bit of a game id in a leaf": leaf_game_id,
    "a bit of a game id in the games' index": games_index_bit,
    "12 bytes of a game's row": games_row_bytes,
}


def db_check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["db", "check", "--db", str(path)])
    return status, capsys.readouterr().out


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_db_check_finds_what_integrity_check_finds_and_no_game_loads_otherwise(
        damage: str, copy: Path, intact: tuple[Path, dict[str, tuple[PlayerAction, ...]]],
        capsys: pytest.CaptureFixture[str]) -> None:
    DAMAGE[damage](copy)
    found = integrity(copy)
    status, out = db_check(copy, capsys)
    if found:
        assert status == 1, out
        for line in "\n".join(found[:10]).splitlines():
            if not line.startswith("***"):
                assert f"is damaged: {line}" in out, (line, out)
    assert status == 0 or "copy it now with `cribbage db backup FILE`" in out
    storage = SqliteStorage(copy, readonly=True)
    cache = GameCache(storage, size=1)
    refused = set()
    try:
        for gid, log in intact[1].items():
            try:
                live = cache.load(gid)
            except StorageError:
                refused.add(gid)
                continue
            stored = storage.load(gid)
            assert live is not None and stored is not None and stored.actions == log, gid  # whole, or not at all
    finally:
        storage.close()
    for gid in refused:  # each refusal is one db check names
        assert gid in out, (gid, out)


def test_a_hidden_log_is_never_resumed_at_0_0_nor_written_under(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    separator(copy, 10)
    assert "row not in PRIMARY KEY order for actions" in integrity(copy)
    status, out = db_check(copy, capsys)
    assert status == 1 and "is damaged: row not in PRIMARY KEY order for actions" in out
    assert (f"game {GOING_ON} is damaged: its row records 13 move(s) but 0 were read from its log; it is not "
            "resumed, and nothing is written to it") in out
    storage = SqliteStorage(copy)
    assert GOING_ON in storage.opened.damaged  # said when a door opens it too
    with pytest.raises(DamagedGame) as refused:
        Controller(storage, images=False).games.load(GOING_ON)
    assert (refused.value.code, dict(refused.value.fields)) == (Damage.LOG, {"game": GOING_ON, "kept": 13, "read": 0})
    with pytest.raises(DamagedGame):
        storage.append(GOING_ON, 0, [Go(0)], now=5.0)  # the count it sees (0) is not the row's (13)
    storage.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CRIBBAGE_CONFIG": ""}
    done = subprocess.run([sys.executable, "-m", "bot.cli.main", "play", "--db", str(copy), "--name", "ann"],
                          input="1 2\n1\n", capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.splitlines()[-1] == (
        f"cribbage play: game {GOING_ON} is damaged (its row records 13 moves but 0 were read from its log): it is "
        "not resumed, and nothing was written to it; `cribbage db check` lists the damage, `cribbage db backup FILE` "
        "copies what is left, and `cribbage play --new` starts another game")
    assert "Resuming" not in done.stdout and "[ann 0" not in done.stdout
    db = sqlite3.connect(copy)
    seqs = [s for (s,) in db.execute("SELECT seq FROM actions WHERE +game = ? ORDER BY seq", (GOING_ON,))]  # a scan
    db.close()
    assert seqs == list(range(13))  # the log as it was: nothing written under it


def test_a_row_that_its_log_contradicts_is_refused(copy: Path) -> None:
    db = sqlite3.connect(copy)
    db.execute("UPDATE games SET status = 'active', winner = NULL WHERE id = 'game03'")  # a finished log
    db.execute("UPDATE games SET winner = 1 - winner WHERE id = 'game04'")  # the other winner
    db.execute("UPDATE games SET status = 'over', winner = 0 WHERE id = ?", (GOING_ON,))  # a log that goes on
    db.execute("UPDATE games SET moves = 12 WHERE id = 'game05'")
    db.commit()
    db.close()
    storage = SqliteStorage(copy)
    cache = GameCache(storage)
    codes = {}
    for gid in ("game03", "game04", GOING_ON, "game05"):
        with pytest.raises(DamagedGame) as refused:
            cache.load(gid)
        codes[gid] = refused.value.code
    assert codes == {"game03": Damage.FINISHED, "game04": Damage.FINISHED, GOING_ON: Damage.UNFINISHED,
                     "game05": Damage.LOG}
    assert cache.load("game06") is not None
    storage.close()


def test_damaged_summaries_never_stop_a_start(copy: Path) -> None:
    storage = SqliteStorage(copy)
    Controller(storage, images=False).close()  # the backfill counts every finished game once
    assert storage.guild_totals("").games == 16
    storage.close()
    db = sqlite3.connect(copy)
    db.execute("DELETE FROM summarized WHERE game > 'game07'")  # as if from before summaries
    db.commit()
    db.close()
    (leaf,) = pages(copy, "summarized", "leaf")
    write(copy, leaf, 8, b"\xa5" * (page_size(copy) - 16))  # all but its header: its cells and their pointers
    storage = SqliteStorage(copy)
    controller = Controller(storage, images=False)  # no traceback: the backfill says why it stopped
    assert controller.statistics.warnings == [
        f"the statistics were not brought up to date: cannot read the database {copy}: the database file is "
        "damaged (database disk image is malformed)"]
    controller.close()
    storage.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CRIBBAGE_CONFIG": ""}
    done = subprocess.run([sys.executable, "-m", "bot.cli.main", "play", "--db", str(copy), "--name", "ann"],
                          input="q\n", capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "cribbage play: warning: the statistics were not brought up to date" in done.stderr
    assert "Resuming your game game99" in done.stdout


def test_a_log_read_while_another_process_appends_is_never_called_damaged(copy: Path) -> None:
    """The row and its log are read in one snapshot: a reader never sees a row counting moves its log read
    a moment earlier did not have yet."""
    writer, reader = SqliteStorage(copy), SqliteStorage(copy)
    stop, seen, failures = threading.Event(), [], []

    def read() -> None:
        while not stop.is_set():
            try:
                stored = reader.load("game00")
                seen.append(len(stored.actions) if stored is not None else -1)
            except StorageError as exc:
                failures.append(exc)
                return

    thread = threading.Thread(target=read)
    thread.start()
    try:
        first = writer.action_count("game00")
        for n in range(first, first + 150):
            writer.append("game00", n, [Go(n % 2)], now=9.0)  # the store does not replay: any action will do
    finally:
        stop.set()
        thread.join(30)
        writer.close()
        reader.close()
    assert failures == [] and len(seen) > 1 and seen == sorted(seen)


SWEPT = ("actions", "games", "sqlite_autoindex_games_1", "games_place")
"""The b-trees a sweep damages: the logs, the games' rows, the index of their ids and of their places."""


@pytest.mark.parametrize("seed", range(int(os.environ.get("SWEEP", "24"))))
def test_a_sweep_of_random_damage_is_found_or_harmless(seed: int, copy: Path,
                                                       intact: tuple[Path, dict[str, tuple[PlayerAction, ...]]],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Bytes or one bit anywhere in a page of a log, a row or an index (interior or leaf): whatever SQLite's
    integrity_check finds, db check finds; and every game loads as it was written, or is refused."""
    chance = random.Random(seed)
    name = SWEPT[seed % len(SWEPT)]
    found_pages = [p for kind in ("internal", "leaf") for p in pages(copy, name, kind)]
    page = chance.choice(found_pages)
    offset = chance.randrange(8, page_size(copy))
    if chance.random() < 0.5:
        flip(copy, page, offset, bit=chance.randrange(8))
    else:
        write(copy, page, offset, chance.randbytes(chance.randrange(1, 25))[:page_size(copy) - offset])
    found = integrity(copy)
    try:
        status, out = db_check(copy, capsys)
    except SystemExit as refused:  # not opened at all: refused, which is found too
        status, out = int(refused.code or 0), capsys.readouterr().err
    assert bool(found) <= (status != 0), (found, out)
    try:
        storage = SqliteStorage(copy, readonly=True)
    except StorageError:
        return  # nothing loads from a file that does not open
    cache = GameCache(storage, size=1)
    try:
        for gid, log in intact[1].items():
            try:
                cache.load(gid)
                stored = storage.load(gid)
            except StorageError:
                continue
            assert stored is None or stored.actions == log, (gid, name, page, offset)  # whole, or not at all
    finally:
        storage.close()
    storage = SqliteStorage(copy)  # as a door opens it: the start (the statistics' backfill) never fails
    Controller(storage, images=False).close()
    storage.close()
