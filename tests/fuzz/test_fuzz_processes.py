"""Real `cribbage` processes: stop signals to the process group or to the command alone end it and every worker
within 5 s, with what it wrote kept whole; and readers under a memory and time limit (RLIMIT_AS, RLIMIT_CPU set in
the child) refuse what is endless or explosive in one line instead of running out of either."""

from __future__ import annotations

import gzip
import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.processes import group_of, run_env
from tests.waiting import wait_until

STOP_WITHIN = 5.0
"""The issue's bound: a stopped command and its workers are gone within 5 s."""
MEMORY_LIMIT = 1 << 30
"""Address space a reader runs in (1 GiB, numpy and Pillow included): /dev/zero once climbed to 2-5 GB."""
CPU_LIMIT = 20




@contextmanager
def _started(argv: Sequence[str], folder: Path, **options: object) -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen([sys.executable, "-m", "bot.cli.main", *argv], cwd=folder, env=run_env(folder),
                               start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, **options)  # type: ignore[call-overload]
    try:
        yield process
    finally:
        if group_of(process.pid):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        if process.stderr is not None:
            process.stderr.close()


WORKLOADS = {
    "arena": (["arena", "random", "random", "--games", "200000", "--workers", "2"], 3),
    "wintable": (["wintable", "build", "--deals", "100000000", "--workers", "2", "--simulator", "python",
                  "--out", "table.json.gz"], 3),
    "selfplay": (["selfplay", "--games", "100000", "--record", "games.jsonl"], 0),
}
"""Each long command with the processes it runs once under way (itself and its workers; 0: it has written a
record)."""
STOPS = [(name, *stop) for name in sorted(WORKLOADS) for stop in (("SIGINT", True, 130), ("SIGTERM", False, 143))]
STOPS += [("arena", "SIGHUP", False, 129), ("wintable", "SIGTERM", True, 143)]
"""(command, signal, sent to the whole process group as a terminal's Ctrl-C is, the exit status it gives)."""


@pytest.mark.parametrize(("name", "signame", "to_group", "status"), STOPS,
                         ids=[f"{n}-{s}-{'group' if g else 'pid'}" for n, s, g, _ in STOPS])
def test_a_stop_signal_ends_the_command_and_its_workers(tmp_path: Path, name: str, signame: str, to_group: bool,
                                                        status: int) -> None:
    argv, processes = WORKLOADS[name]
    with _started(argv, tmp_path) as process:
        pgid = process.pid
        records = tmp_path / "games.jsonl"
        assert wait_until(lambda: len(group_of(pgid)) >= processes if processes else _staged(tmp_path) > 0, 20.0), \
            "never under way"
        time.sleep(0.3)  # under way, not still starting
        signum = signal.Signals[signame]
        if to_group:
            os.killpg(process.pid, signum)
        else:
            process.send_signal(signum)
        assert wait_until(lambda: not group_of(pgid), STOP_WITHIN), f"still running: {group_of(pgid)}"
        assert process.wait(1.0) == status
        assert process.stderr is not None
        err = process.stderr.read().decode()
        assert "Traceback" not in err and len(err.strip().splitlines()) <= 2, err
    if name == "selfplay":  # the records written so far are put in place, every one whole; nothing is left staged
        assert all(json.loads(line)["format"] == "cribbage-record" for line in records.read_text().splitlines())
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def _staged(folder: Path) -> int:
    """The size of the records a selfplay has written so far: they go to a hidden file beside games.jsonl."""
    return sum(p.stat().st_size for p in folder.glob(".games.jsonl.*.part"))


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT))


@pytest.fixture(scope="module")
def bomb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 250 KB gzip that expands to 256 MiB (four times what a table file may expand to)."""
    path = tmp_path_factory.mktemp("bomb") / "bomb.json.gz"
    with gzip.open(path, "wb", compresslevel=9) as file:
        chunk = b" " * (1 << 20)
        for _ in range(256):
            file.write(chunk)
    return path


BOUNDED = [
    (["replay", "/dev/zero"], None, "cribbage replay: /dev/zero: line 1 is longer than 4 MiB"),
    (["replay", "-"], "/dev/zero", "cribbage replay: -: line 1 is longer than 4 MiB"),
    (["render", "analysis", "--from", "/dev/zero", "-o", "a.png"], None,
     "cribbage render: /dev/zero is more than 16 MiB"),
    (["render", "analysis", "--from", "-", "-o", "a.png"], "/dev/zero", "cribbage render: standard input is more"),
    (["render", "winprob", "--from", "-", "-o", "w.png"], "/dev/zero", "cribbage render: standard input is more"),
    (["score", "--batch"], "/dev/zero", "line 1: error: a line of more than 4 MiB"),
    (["winprob", "10", "20", "--dealer", "me", "--table", "BOMB"], None, "win probability unavailable: not a table"),
    (["wintable", "merge", "BOMB", "--out", "m.json.gz"], None, "cribbage wintable: BOMB: not a table file"),
    (["render", "board", "--pegs", "5/1,7/2", "--names", "a" * 16_000 + ",b", "-o", "b.png"], None, "wrote b.png"),
]
"""(argv, standard input, the start of what it says) for each reader that once ran away with memory or time."""


@pytest.mark.parametrize(("argv", "stdin", "says"), BOUNDED, ids=[" ".join(a[:3])[:40] + (" <" if i else "")
                                                                  for a, i, _ in BOUNDED])
def test_a_reader_is_bounded_under_ulimit(tmp_path: Path, bomb: Path, argv: list[str], stdin: str | None,
                                          says: str) -> None:
    argv = [str(bomb) if a == "BOMB" else a for a in argv]
    with open(stdin or os.devnull, "rb") as source:
        started = time.monotonic()
        ran = subprocess.run([sys.executable, "-m", "bot.cli.main", *argv], cwd=tmp_path, env=run_env(tmp_path),
                             stdin=source, capture_output=True, timeout=60, preexec_fn=_limited)
    seconds = time.monotonic() - started
    said = (ran.stderr or ran.stdout).decode().replace(str(bomb), "BOMB").strip()
    assert said.startswith(says) and len(said.splitlines()) == 1, said[:500]
    assert seconds < 15, seconds
    assert ran.returncode == (0 if says.startswith("wrote") else 1 if argv[0] == "score" else 2), said[:300]


def _close_stdout() -> None:
    os.close(1)


FAILING_OUTPUT = [["render", "card", "5H", "-o", "-"], ["wintable", "build", "--deals", "100000000", "--out",
                                                          "t.json.gz"], ["--help"]]
"""In-process, tests/fuzz/test_fuzz_every_option.py runs every command so; these are the real descriptor's cases."""


@pytest.mark.parametrize("argv", FAILING_OUTPUT, ids=lambda a: " ".join(a[:2]))
@pytest.mark.parametrize("output", ["full", "closed"])
def test_a_failing_standard_output_is_said_before_the_work(tmp_path: Path, argv: list[str], output: str) -> None:
    """`> /dev/full` and `>&-` in a real process: one line, exit 1 (full) or 2 (closed), at once: a 100-million-deal
    build is refused before it starts."""
    with open("/dev/full" if output == "full" else os.devnull, "wb") as sink:
        started = time.monotonic()
        ran = subprocess.run([sys.executable, "-m", "bot.cli.main", *argv], cwd=tmp_path, env=run_env(tmp_path),
                             stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.PIPE, timeout=60,
                             preexec_fn=_close_stdout if output == "closed" else None)
    command = "cribbage" if argv[0] == "--help" else f"cribbage {argv[0]}"
    said = {"full": f"{command}: cannot write standard output: No space left on device\n",
            "closed": f"{command}: standard output is closed\n"}[output]
    assert (ran.returncode, ran.stderr.decode()) == ({"full": 1, "closed": 2}[output], said)
    assert time.monotonic() - started < 10
