"""Ctrl-C while `cribbage` is still loading its modules: the real entry point, stopped at a chosen import by a hook
the test installs (a sitecustomize module that, at that import, says so in a file and waits), then sent SIGINT. It
ends as Ctrl-C does at any other time: exit status 130 and one line, never a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[3]
ENTRY = Path(sys.executable).parent / "cribbage"

HOOK = '''
import os, sys, time

class Pause:
    """Stops the import of one module (CRIBBAGE_TEST_PAUSE_AT) until a signal comes."""

    def find_spec(self, name, path=None, target=None):
        if name == os.environ.get("CRIBBAGE_TEST_PAUSE_AT"):
            said = os.environ["CRIBBAGE_TEST_PAUSED"]
            with open(said + ".new", "w") as file:
                file.write(name)
            os.replace(said + ".new", said)  # seen whole or not at all
            time.sleep(60)
        return None

sys.meta_path.insert(0, Pause())
'''

PAUSES = ["bot.cli.errors", "bot.cli.streams", "bot.cli.commands.score", "bot.cli.commands.render", "PIL.Image",
          "bot.cli.commands.db"]
"""A module main.py loads itself, a command module, one a command module loads, the last command module."""


@pytest.mark.parametrize("module", PAUSES)
@pytest.mark.parametrize("entry", ["script", "module"])
def test_ctrl_c_while_loading_exits_130_in_one_line(tmp_path: Path, module: str, entry: str) -> None:
    if entry == "script" and not ENTRY.exists():
        pytest.skip(f"no installed entry point at {ENTRY}")
    (tmp_path / "sitecustomize.py").write_text(HOOK)
    paused = tmp_path / "paused"
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}", "CRIBBAGE_TEST_PAUSE_AT": module,
           "CRIBBAGE_TEST_PAUSED": str(paused), "CRIBBAGE_CONFIG": ""}
    argv = [str(ENTRY)] if entry == "script" else [sys.executable, "-m", "bot.cli.main"]
    process = subprocess.Popen([*argv, "score", "5H", "5C", "5D", "JS", "--starter", "5S"], cwd=tmp_path, env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert wait_until(paused.exists, 60.0), "the import was never reached"
        assert paused.read_text() == module
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, out, err) == (130, b"", b"\ncribbage: stopped by SIGINT\n")


def test_without_the_pause_the_command_runs(tmp_path: Path) -> None:
    """The hook itself changes nothing: the same command, with no pause asked for, scores the hand."""
    (tmp_path / "sitecustomize.py").write_text(HOOK)
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}", "CRIBBAGE_CONFIG": ""}
    ran = subprocess.run([sys.executable, "-m", "bot.cli.main", "score", "5H", "5C", "5D", "JS", "--starter", "5S"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert (ran.returncode, ran.stdout.splitlines()[-1]) == (0, "total 29")
