"""Two `cribbage play` on one game (the same member at two terminals): when one finishes the game, the other's
next move is refused in one line and it ends with the game's result, nothing lost and no traceback (issue 58:
it died with RuntimeError after nested retries). The second waits at its prompt, read from its output, while the
first plays: no timing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.storage import SqliteStorage

ROOT = Path(__file__).resolve().parents[3]
ANSWERS = "".join(["1 2\n", "1\n", "2\n", "3\n", "4\n", "\n"] * 3000)
"""An answer every prompt finds among (it refuses the others and asks again)."""


def cribbage(path: Path, *more: str) -> list[str]:
    return [sys.executable, "-m", "bot.cli.main", "play", "--db", str(path), "--name", "Ann", *more]


def test_a_game_finished_at_another_terminal_ends_here_in_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CRIBBAGE_CONFIG": "", "PYTHONIOENCODING": "utf-8"}
    path = tmp_path / "games.sqlite3"
    started = subprocess.run(cribbage(path, "--seed", "5"), input="1 2\nq\n", capture_output=True, text=True,
                             env=env, cwd=tmp_path, timeout=120)
    assert started.returncode == 0, started.stderr
    second = subprocess.Popen(cribbage(path), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=env, cwd=tmp_path)
    try:
        assert second.stdout is not None and second.stdin is not None
        shown = b""
        while not shown.endswith(b"play a card: "):  # at its prompt, waiting for a line
            chunk = os.read(second.stdout.fileno(), 4096)
            assert chunk, shown.decode()
            shown += chunk
        first = subprocess.run(cribbage(path), input=ANSWERS, capture_output=True, text=True, env=env, cwd=tmp_path,
                               timeout=300)
        assert first.returncode == 0 and first.stderr == ""
        final = first.stdout.splitlines()[-2]
        assert final.startswith("final: ")
        ended = logged(path)
        out, err = second.communicate(b"1\n", timeout=120)
    finally:
        if second.poll() is None:
            second.kill()
            second.wait()
    lines = (shown + out).decode().splitlines()
    assert (second.returncode, err.decode()) == (0, "")
    assert lines[-3:] == ["count 10: play a card:   This game is over: computer (normal) won.", final,
                          first.stdout.splitlines()[-1]]
    assert logged(path) == ended and ended[0] == "over"  # the game as the first left it


def logged(path: Path) -> tuple[str, int]:
    """The one game's status and the length of its log."""
    storage = SqliteStorage(path, readonly=True)
    try:
        (game,) = storage.every_game()
        stored = storage.load(game.id)
        assert stored is not None
        return stored.meta.status.value, len(stored.actions)
    finally:
        storage.close()
