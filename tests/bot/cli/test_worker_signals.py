"""Every command with worker processes, as real process groups: Ctrl-C to the group stops it even when it was
started ignoring SIGINT (a shell's `cmd &`), SIGTERM and SIGHUP likewise; a worker killed alone stops the command
as that signal would have (the pool would start another in its place and wait for ever for the lost work); a
SIGHUP ignored from the start (nohup) is ignored by the workers too. No process is left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.processes import group_of, run_env
from tests.waiting import wait_until

STOP_WITHIN = 5.0
"""A bound no loaded machine reaches (they stop in 0.1-0.5 s here); the point is that they stop at all."""

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups and /proc")

COMMANDS = {
    "arena": ["arena", "expert", "expert", "--games", "200000", "--workers", "2"],
    "group-arena": ["arena", "expert", "expert", "expert", "--players", "3", "--games", "60000", "--workers", "2"],
    "wintable": ["wintable", "build", "--deals", "100000000", "--workers", "2", "--simulator", "python",
                 "--out", "table.json.gz"],
    "score": ["score", "--batch", "--workers", "2"],
}
HANDS = b"".join(f"{a}H {b}C {c}D JS {d}S\n".encode() for a in "A23456789" for b in "2345" for c in "6789"
                 for d in "TQK") * 2000
"""Enough hands that `score --batch` is still at work, in worker processes, when the signal comes."""




def _ignoring(*signums: int) -> Callable[[], None]:
    def start() -> None:
        for signum in signums:
            signal.signal(signum, signal.SIG_IGN)
    return start


@contextmanager
def _started(name: str, folder: Path, ignored: tuple[int, ...] = ()) -> Iterator[subprocess.Popen[bytes]]:
    """The command in a process group of its own, under way with its two workers."""
    hands = folder / "hands.txt"
    hands.write_bytes(HANDS)
    with open(hands if name == "score" else os.devnull, "rb") as stdin:
        process = subprocess.Popen([sys.executable, "-m", "bot.cli.main", *COMMANDS[name]], cwd=folder,
                                   env=run_env(folder), start_new_session=True, stdin=stdin,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=_ignoring(*ignored))
    try:
        assert wait_until(lambda: len(group_of(process.pid)) >= 3, 60.0), "never under way"
        time.sleep(0.5)  # at work, not still starting
        yield process
    finally:
        if group_of(process.pid):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        if process.stderr is not None:
            process.stderr.close()


def _ended(process: subprocess.Popen[bytes]) -> tuple[int, str]:
    assert wait_until(lambda: not group_of(process.pid), STOP_WITHIN), f"still running: {group_of(process.pid)}"
    status = process.wait(1.0)
    assert process.stderr is not None
    return status, process.stderr.read().decode()


STOPS = [(name, signame, ignored) for name in COMMANDS
         for signame, ignored in (("SIGINT", (signal.SIGINT,)), ("SIGTERM", ()), ("SIGHUP", ()))]


@pytest.mark.parametrize(("name", "signame", "ignored"), STOPS,
                         ids=[f"{n}-{s}{'-started-ignoring-it' if i else ''}" for n, s, i in STOPS])
def test_a_stop_signal_to_the_group_ends_the_command_and_its_workers(tmp_path: Path, name: str, signame: str,
                                                                     ignored: tuple[int, ...]) -> None:
    signum = signal.Signals[signame]
    with _started(name, tmp_path, ignored) as process:
        os.killpg(process.pid, signum)
        status, err = _ended(process)
    assert status == 128 + signum
    assert "Traceback" not in err and (err.strip().splitlines() or [""])[-1].endswith(
        "" if signum == signal.SIGINT else f"cribbage {COMMANDS[name][0]}: stopped by {signame}"), err


@pytest.mark.parametrize(("name", "signame"), [("arena", "SIGKILL"), ("group-arena", "SIGTERM"),
                                               ("wintable", "SIGKILL"), ("score", "SIGSEGV")])
def test_a_worker_killed_alone_stops_the_command_as_its_signal_would(tmp_path: Path, name: str,
                                                                     signame: str) -> None:
    signum = signal.Signals[signame]
    with _started(name, tmp_path) as process:
        worker = next(pid for pid in group_of(process.pid) if pid != process.pid)
        os.kill(worker, signum)
        status, err = _ended(process)
    assert status == 128 + signum
    assert err.strip().splitlines()[-1] == f"cribbage {COMMANDS[name][0]}: stopped by {signame} to its worker " \
                                           f"process {worker}"


def test_a_hang_up_ignored_from_the_start_is_ignored_by_the_workers_too(tmp_path: Path) -> None:
    """nohup: the hang-up kills no worker (the pool would replace it and wait for ever for its work); the arena
    runs on with the same workers, and SIGTERM still ends it."""
    with _started("arena", tmp_path, (signal.SIGHUP,)) as process:
        before = sorted(group_of(process.pid))
        os.killpg(process.pid, signal.SIGHUP)
        time.sleep(1.0)
        assert sorted(group_of(process.pid)) == before and process.poll() is None
        os.killpg(process.pid, signal.SIGTERM)
        status, err = _ended(process)
    assert status == 143 and err.strip().splitlines()[-1] == "cribbage arena: stopped by SIGTERM"
