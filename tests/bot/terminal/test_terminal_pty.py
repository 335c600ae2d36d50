"""`cribbage play` in a real pseudo-terminal: Ctrl-C, exit statuses and an 80-column screen."""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CRIBBAGE = [sys.executable, "-m", "bot.cli.main"]
DEV = [sys.executable, "-c", "import sys; sys.path.insert(0, 'scripts'); import dev; dev.ensure_venv = lambda: None; "
       "sys.argv[0] = 'scripts/dev.py'; sys.exit(dev.main(sys.argv[1:]))"]
"""scripts/dev.py as a person runs it, its .venv taken as set up (these tests run inside it)."""
LAY = b"lay away 2 for your crib: "
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


class Terminal:
    """A child process on its own pseudo-terminal of `columns` columns, as its controlling terminal (so
    Ctrl-C typed there reaches its whole process group, as it does at a shell)."""

    def __init__(self, argv: list[str], env: dict[str, str], columns: int = 80) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env,
                                     start_new_session=True,
                                     preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        self.seen = b""

    def read_until(self, needle: bytes, timeout: float = 60.0) -> bytes:
        end = time.monotonic() + timeout
        while needle not in self.seen and time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                self.seen += chunk
        assert needle in self.seen, f"no {needle!r} in {self.seen.decode(errors='replace')!r}"
        return self.seen

    def type(self, text: bytes) -> None:
        os.write(self.master, text)

    def finish(self, timeout: float = 30.0) -> tuple[int, str]:
        """The exit status and everything the terminal showed."""
        try:
            status = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still running after {timeout} s; the terminal, with every thread's stack "
                                 f"at the end:\n{self._stacks()}") from None
        with contextlib.suppress(AssertionError):  # the rest of what it wrote
            self.read_until(b"\x00", timeout=0.5)
        os.close(self.master)
        return status, self.seen.decode("utf-8", errors="replace").replace("\r\n", "\n")

    def _stacks(self) -> str:
        """Every process's threads where they hang (faulthandler prints them on SIGABRT), then all killed."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGABRT)
        with contextlib.suppress(AssertionError):
            self.read_until(b"\x00", timeout=2.0)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        os.close(self.master)
        return self.seen.decode("utf-8", errors="replace")


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    home = tmp_path / "home"
    home.mkdir()
    keep = {k: v for k, v in os.environ.items() if k not in {"CRIBBAGE_CONFIG", "CRIBBAGE_RESUME", "COLUMNS"}}
    return {**keep, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "PYTHONPATH": str(ROOT),
            "TERM": "xterm", "PYTHONFAULTHANDLER": "1"}


def after_interrupt(screen: str) -> list[str]:
    """The lines the terminal shows after the echoed ^C."""
    return screen.split("^C", 1)[1].strip("\n").split("\n")


def test_one_ctrl_c_at_a_prompt_ends_the_game_saved_with_status_130(env: dict[str, str], tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    term = Terminal([*CRIBBAGE, "play", "--db", str(db), "--name", "ann", "--seed", "8"], env)
    term.read_until(LAY)
    term.type(b"\x03")
    status, screen = term.finish()
    assert status == 130
    assert after_interrupt(screen) == [
        f"interrupted — the game is saved; run `cribbage play --db {db} --name ann` again to go on"]
    assert "Traceback" not in screen


def test_ctrl_c_through_scripts_dev_py_passes_130_and_names_that_command(env: dict[str, str],
                                                                          tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    term = Terminal([*DEV, "play", "--db", str(db), "--name", "ann", "--seed", "8"], env)
    term.read_until(LAY)
    term.type(b"\x03")
    status, screen = term.finish()
    assert status == 130
    assert after_interrupt(screen) == [
        f"interrupted — the game is saved; run `python3 scripts/dev.py play --db {db} --name ann` again to go on"]
    assert "Traceback" not in screen


def test_q_through_scripts_dev_py_exits_0_and_a_memory_game_is_not_called_saved(env: dict[str, str]) -> None:
    term = Terminal([*DEV, "play", "--memory", "--name", "ann", "--seed", "8"], env)
    term.read_until(LAY)
    term.type(b"q\n")
    status, screen = term.finish()
    assert status == 0
    assert screen.rstrip("\n").split("\n")[-2:] == [
        "lay away 2 for your crib: q", "bye — a --memory game is not saved: this one is gone"]


def test_the_game_with_the_simulated_board_fits_80_columns(env: dict[str, str]) -> None:
    term = Terminal([*DEV, "play", "--memory", "--name", "ann", "--seed", "8"], env, columns=80)
    term.read_until(LAY)
    term.type(b"1 2\n")
    term.read_until(b"play a card: ")
    term.type(b"\x03")
    status, screen = term.finish()
    assert status == 130
    lines = ANSI.sub("", screen).split("\n")
    assert "LED pegboard sim://table" in lines
    assert [line for line in lines if len(line) > 80] == []
    assert "1▶ ann  0/0" in lines and "2  computer (normal)  0/0" in lines  # at the start: ann to lay away
