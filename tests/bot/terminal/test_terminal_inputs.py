"""`cribbage play`'s prompt against hostile input and failing terminals: a line of any length read within 4 MiB,
typed text echoed with its control characters written out, standard input left non-blocking or opened for
writing only, SIGTERM and SIGHUP at a prompt (143, 129) and a terminal that hangs up (129, the game kept)."""

from __future__ import annotations

import io
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot.app.controller import Controller, NewGame
from bot.storage import SqliteStorage
from bot.terminal.local_game import local_member, play_at_terminal
from bot.terminal.prompt import HungUp, LineTooLong, read_line
from engine.core.rules import Rules
from tests.bot.terminal.test_terminal_pty import CRIBBAGE, ROOT, Terminal

LAY = "lay away 2 for your crib: "
PLAY = "count 6: play a card: "

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals and O_NONBLOCK are POSIX")


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    home = tmp_path / "home"
    home.mkdir()
    keep = {k: v for k, v in os.environ.items() if k not in {"CRIBBAGE_CONFIG", "CRIBBAGE_RESUME", "COLUMNS"}}
    return {**keep, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "PYTHONPATH": str(ROOT),
            "TERM": "xterm", "PYTHONFAULTHANDLER": "1", "CRIBBAGE_CONFIG": ""}


async def session(typed: str) -> tuple[int, str, Controller]:
    controller = Controller(SqliteStorage(":memory:"), images=False, ids=lambda: "local1")
    me = local_member("ann")
    out = io.StringIO()
    status = await play_at_terminal(controller, me, io.StringIO(typed), out,
                                    new=NewGame("terminal", me, ("easy",), Rules(), seed=8))
    return status, out.getvalue(), controller


# ---------------------------------------------------------------------------- the line read

def test_a_line_longer_than_the_limit_is_dropped_to_its_end_and_the_next_one_read() -> None:
    stream = io.StringIO("x" * 101 + "\n" + "q\n")
    with pytest.raises(LineTooLong, match="a line of more than 0 MiB is not a move"):
        read_line(stream, limit=100)
    assert read_line(stream, limit=100) == "q\n"
    exact = io.StringIO("y" * 100 + "\n")
    assert read_line(exact, limit=100) == "y" * 100 + "\n"
    unended = io.StringIO("z" * 500)
    with pytest.raises(LineTooLong):
        read_line(unended, limit=100)
    assert read_line(unended, limit=100) == ""


def test_a_terminal_whose_other_side_closed_has_hung_up() -> None:
    master, slave = os.openpty()
    stream = open(slave, encoding="utf-8")  # noqa: SIM115 - closed below
    try:
        os.write(master, b"5H\n")
        assert read_line(stream) == "5H\n"
        os.close(master)
        with pytest.raises(HungUp):
            read_line(stream)
    finally:
        stream.close()


def test_the_end_of_a_pipe_or_of_dev_null_is_the_end_of_input_not_a_hang_up() -> None:
    read, write = os.pipe()
    os.close(write)
    with open(read, encoding="utf-8") as pipe, open(os.devnull, encoding="utf-8") as null:
        assert read_line(pipe) == "" and read_line(null) == ""


async def test_a_huge_line_at_the_prompt_is_refused_in_one_line_and_the_game_goes_on() -> None:
    status, text, controller = await session("1 2\n" + "a " * 2_200_000 + "\n1\nq\n")
    assert status == 0
    assert f"{PLAY}  a line of more than 4 MiB is not a move\n{PLAY}ann plays" in text
    assert len(text) < 5000


async def test_typed_text_is_echoed_with_its_control_characters_written_out() -> None:
    status, text, controller = await session("1 2\n\x1b[31mred \x1b[2J\x07x" + " z" * 60_000 + "\nq\n")
    assert status == 0 and "\x1b" not in text and "\x07" not in text
    assert (f"{PLAY}  play one card at a time: you named 60002 (\\x1b[31mred \\x1b[2J\\x07x z z z z z z z z z z "
            "z z z z z z z …)\n") in text


# ---------------------------------------------------------------------------- standard input of every kind

def _nonblocking_stdin() -> None:
    os.set_blocking(0, False)


@pytest.mark.parametrize(("argv", "typed", "says"), [
    (["score", "--batch"], b"5H 5C 5D JS 5S\n", "5H 5C 5D JS 5S: 29\n"),
    (["play", "--memory", "--seed", "8", "--name", "ann"], b"1 2\nq\n", f"{LAY}ann lays away 2 cards\n"),
    (["replay", "-"], b"", "1 replayed, 0 did not\n"),
])
def test_a_non_blocking_standard_input_is_waited_for(tmp_path: Path, env: dict[str, str], argv: list[str],
                                                     typed: bytes, says: str) -> None:
    """The descriptor is O_NONBLOCK and empty when the command first reads it: it waits, then reads it all."""
    if argv[0] == "replay":
        made = subprocess.run([*CRIBBAGE, "selfplay", "--games", "1", "--record", "-"], cwd=tmp_path, env=env,
                              capture_output=True, timeout=120, check=True)
        typed = made.stdout
    read, write = os.pipe()
    process = subprocess.Popen([*CRIBBAGE, *argv], cwd=tmp_path, env=env, stdin=read, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, preexec_fn=_nonblocking_stdin)
    os.close(read)
    try:
        time.sleep(1.0)  # the command is waiting on the empty descriptor by now (it would have failed already)
        assert process.poll() is None
        os.write(write, typed)
    finally:
        os.close(write)
    out, err = process.communicate(timeout=120)
    assert (process.returncode, err.decode()) == (0, "")
    assert says in out.decode()


@pytest.mark.parametrize(("argv", "says"), [
    (["play", "--memory"], "cribbage play: standard input is closed: a game reads its moves from it\n"),
    (["replay", "-"], "cribbage replay: cannot read - after 0 record(s): standard input is closed\n"),
    (["score", "--batch"], "cribbage score: standard input is closed\n"),
])
def test_standard_input_opened_for_writing_only_is_named_as_standard_input(tmp_path: Path, env: dict[str, str],
                                                                           argv: list[str], says: str) -> None:
    with open(tmp_path / "sink", "wb") as sink:
        ran = subprocess.run([*CRIBBAGE, *argv], cwd=tmp_path, env=env, stdin=sink, capture_output=True, timeout=60)
    assert (ran.returncode, ran.stderr.decode()) == (2, says)


def test_config_warnings_show_the_keys_escaped(tmp_path: Path, env: dict[str, str]) -> None:
    config = tmp_path / "config.toml"
    long_keys = "".join(f'"k{"z" * 40_000}{n}" = 1\n' for n in range(3))
    config.write_text(f'[game]\n"\\u001b[2Jtarg\\net" = 1\n{long_keys}["\\u001b]0;x\\u0007"]\nkey = 2\n',
                      encoding="utf-8")
    ran = subprocess.run([*CRIBBAGE, "play", "--memory", "--config", str(config)], cwd=tmp_path, env=env,
                         input=b"q\n", capture_output=True, timeout=120)
    err = ran.stderr.decode()
    assert ran.returncode == 0 and "\x1b" not in err and "\x07" not in err and len(err) < 2000, err[:2000]
    lines = err.splitlines()
    assert lines[0].startswith(f"cribbage play: warning: {config}: unknown key \\x1b[2Jtarg\\net in [game]")
    assert len(lines) == 5 and all(line.startswith(f"cribbage play: warning: {config}: unknown key kzzz")
                                   and len(line) < 400 for line in lines[1:4])
    assert lines[4].startswith(f"cribbage play: warning: {config}: unknown table [\\x1b]0;x\\x07]")


# ---------------------------------------------------------------------------- signals and hang-ups at a terminal

def _prompt(env: dict[str, str], db: Path) -> Terminal:
    term = Terminal([*CRIBBAGE, "play", "--db", str(db), "--name", "ann", "--seed", "8"], env)
    term.read_until(LAY.encode())
    return term


def _kept(env: dict[str, str], db: Path) -> str:
    ran = subprocess.run([*CRIBBAGE, "play", "--db", str(db), "--name", "ann"], env=env, input=b"q\n",
                         capture_output=True, timeout=120, cwd=ROOT)
    return ran.stdout.decode().splitlines()[0]


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_stop_signal_at_the_prompt_exits_128_plus_its_number(env: dict[str, str], tmp_path: Path,
                                                               signum: int, status: int) -> None:
    db = tmp_path / "g.sqlite3"
    term = _prompt(env, db)
    term.proc.send_signal(signum)
    code, screen = term.finish()
    assert code == status and "Traceback" not in screen
    assert screen.rstrip("\n").endswith(
        f"interrupted — the game is saved; run `cribbage play --db {db} --name ann` again to go on")
    assert _kept(env, db).startswith("Resuming your game")


def test_a_stop_signal_while_the_computer_moves_exits_128_plus_its_number(env: dict[str, str],
                                                                          tmp_path: Path) -> None:
    """SIGTERM lands while the game is not at a prompt (the first reply is still being made): 143 all the same."""
    db = tmp_path / "g.sqlite3"
    term = Terminal([*CRIBBAGE, "play", "--db", str(db), "--name", "ann", "--seed", "8"], env)
    term.read_until(b"Cribbage to 121")
    term.proc.send_signal(signal.SIGTERM)
    code, screen = term.finish()
    assert code == 143 and "Traceback" not in screen, screen


@pytest.mark.parametrize("controlling", [True, False], ids=["its-terminal", "a-terminal"])
def test_a_terminal_that_hangs_up_ends_the_game_with_129_and_keeps_it(env: dict[str, str], tmp_path: Path,
                                                                      controlling: bool) -> None:
    """The terminal's window is closed at the prompt: as its controlling terminal the kernel sends SIGHUP; as
    any other terminal the read finds it gone. 129 either way, nothing printed into the void, the game kept."""
    db = tmp_path / "g.sqlite3"
    master, slave = os.openpty()
    process = subprocess.Popen([*CRIBBAGE, "play", "--db", str(db), "--name", "ann", "--seed", "8"], env=env,
                               cwd=ROOT, stdin=slave, stdout=slave, stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=_controlling if controlling else None)
    os.close(slave)
    seen = b""
    while LAY.encode() not in seen:
        seen += _read_some(master)
    os.close(master)
    assert process.wait(30) == 129
    assert process.stderr is not None and process.stderr.read() == b""
    process.stderr.close()
    assert _kept(env, db).startswith("Resuming your game")


def _controlling() -> None:
    import fcntl
    import termios

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _read_some(fd: int) -> bytes:
    import select

    ready, _, _ = select.select([fd], [], [], 60)
    assert ready, "the game never asked"
    return os.read(fd, 65536)


# ---------------------------------------------------------------------------- the memory a huge line costs

def test_a_50_mb_line_at_the_prompt_costs_little_memory(tmp_path: Path, env: dict[str, str]) -> None:
    """The game in a child process, its resident memory watched: a 50 MB line once cost 250 MB; now it stays
    within the 4 MiB a line may take (Python, SQLite and Pillow are about 60 MB of it)."""
    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    line = b"a" * (50 << 20)
    process = subprocess.Popen([*CRIBBAGE, "play", "--memory", "--seed", "8", "--name", "ann"], cwd=tmp_path,
                               env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=limited)
    peak: list[int] = []
    watcher = threading.Thread(target=_watch_memory, args=(process, peak), daemon=True)
    watcher.start()
    out, err = process.communicate(b"1 2\n" + line + b"\nq\n", timeout=120)
    watcher.join(5)
    assert (process.returncode, err) == (0, b"")
    assert "play a card:   a line of more than 4 MiB is not a move\ncount 8: play a card: bye" in out.decode()
    assert max(peak, default=0) < 160 << 20, f"{max(peak) >> 20} MB"


def _watch_memory(process: subprocess.Popen[bytes], peak: list[int]) -> None:
    status = Path(f"/proc/{process.pid}/status")
    while process.poll() is None:
        try:
            for line in status.read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak.append(int(line.split()[1]) * 1024)
        except OSError:
            return
        time.sleep(0.05)
