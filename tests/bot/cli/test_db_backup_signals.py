"""`cribbage db backup` stopped by a signal part-way (Ctrl-C to its process group, SIGTERM, SIGHUP) leaves
nothing behind: no hidden half-made copy, no journal, no copy under the name asked for."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.storage import SqliteStorage

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games database of about 40 MB (its games and a filler table), so a copy takes long enough to stop."""
    path = tmp_path_factory.mktemp("big") / "games.sqlite3"
    SqliteStorage(path).close()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE filler (x BLOB)")
    db.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40000) "
               "INSERT INTO filler SELECT randomblob(1000) FROM n")
    db.commit()
    db.close()
    return path


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_backup_stopped_by_a_signal_leaves_nothing_behind(big: Path, tmp_path: Path, signum: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CRIBBAGE_CONFIG": ""}
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli.main", "db", "backup", "--db", str(big),
                             str(tmp_path / "copy.sqlite3")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, cwd=ROOT, start_new_session=True)
    try:
        end = time.monotonic() + 60
        while not any(p.name.startswith(".copy.sqlite3.") for p in tmp_path.iterdir()):  # the copy has begun
            assert proc.poll() is None and time.monotonic() < end, proc.communicate()
            time.sleep(0.001)
        os.killpg(proc.pid, signum)  # as a terminal's Ctrl-C, or a service manager, sends it to the group
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + signum, err
    assert b"Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no copy, hidden or not, and no journal
