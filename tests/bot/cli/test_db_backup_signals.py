"""`cribbage db backup` stopped by a signal part-way (Ctrl-C to its process group, SIGTERM, SIGHUP) leaves
nothing behind: no hidden half-made copy, no journal, no copy under the name asked for."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import SqliteStorage

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games database of about 12 MB (its games and a filler table): three steps of the backup's copy."""
    path = tmp_path_factory.mktemp("big") / "games.sqlite3"
    SqliteStorage(path).close()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE filler (x BLOB)")
    db.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000) "
               "INSERT INTO filler SELECT randomblob(1000) FROM n")
    db.commit()
    db.close()
    return path


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_backup_stopped_by_a_signal_leaves_nothing_behind(big: Path, tmp_path: Path, signum: int) -> None:
    """The copy holds still after its first step (tests/bot/cli/paused_backup.py) until the signal, sent to its
    process group as a terminal's Ctrl-C or a service manager sends it, arrives: stopped mid-copy every time,
    however busy the machine. (Sent once the hidden copy was seen, as this test did before, the signal could come
    after the whole copy on a loaded machine: the command then exited 0 and left its copy.)"""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CRIBBAGE_CONFIG": ""}
    ready, said = os.pipe()
    hold, never = os.pipe()
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("paused_backup.py")), str(said), str(hold),
                             "db", "backup", "--db", str(big), str(tmp_path / "copy.sqlite3")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT, start_new_session=True,
                            pass_fds=(said, hold))
    os.close(said)
    os.close(hold)
    try:
        assert os.read(ready, 1) == b"!", proc.communicate()  # part-way through the copy, and waiting
        assert [p.name.startswith(".copy.sqlite3.") for p in tmp_path.iterdir()] == [True]
        os.killpg(proc.pid, signum)
        _, err = proc.communicate(timeout=60)
    finally:
        os.close(ready)
        os.close(never)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + signum, err
    assert b"Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no copy, hidden or not, and no journal
