"""Set up the project's virtual environment on demand, then run a task in it.

Only python3 is needed on a fresh clone: the first run creates `.venv` and installs
the project with its test extra; later runs reuse it and reinstall only when
pyproject.toml changed.

    python3 scripts/dev.py play        # a game against the computer at the terminal, with the
                                       # simulated LED pegboard drawn as it changes
    python3 scripts/dev.py test        # ruff, mypy, the shape and private-name checks, then the whole test suite
    python3 scripts/dev.py cribbage …  # any `cribbage` command
"""

from __future__ import annotations

import hashlib
import os
import shlex
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed"

MYPY_PACKAGES = ("engine", "board_driver", "render", "bot", "firmware", "benchmarks", "scripts")
"""The folders `test` type-checks with mypy (pyproject.toml says how strictly): the benchmarks and scripts too, so
the measures quoted in closing notes keep running as the code under them changes."""
SHAPE_PACKAGES = ("engine", "render", "board_driver", "bot", "firmware")
"""The packages whose classes (400 lines) and functions (60) scripts/check_shape.py holds to its limits."""


def _python() -> Path:
    return BIN / ("python.exe" if os.name == "nt" else "python")


def ensure_venv() -> None:
    if not _python().exists():
        print("creating .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == digest:
        return
    print("installing the project into .venv …", flush=True)
    pip = [str(_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(digest)


def run(command: list[str], env: dict[str, str] | None = None) -> int:
    """Run a task in the foreground and return its exit status. Ctrl-C reaches the task itself (the whole
    foreground process group gets it), so this wrapper ignores it and only waits: the task decides how
    to stop (a game says it is saved and exits 130). A task killed by a signal N exits 128 + N, as in a shell."""
    previous = signal.signal(signal.SIGINT, lambda signum, frame: None)  # reset to the default in the child
    try:
        code = subprocess.run(command, cwd=ROOT, env=env).returncode
    finally:
        signal.signal(signal.SIGINT, previous)
    return 128 - code if code < 0 else code


def _resume_env(*words: str) -> dict[str, str]:
    """The environment for a task, naming how to run it again (`cribbage play` says it when you quit: the
    `cribbage` command is on no PATH outside .venv)."""
    again = " ".join(["python3", shlex.quote(sys.argv[0] or "scripts/dev.py"), *words])
    return {**os.environ, "CRIBBAGE_RESUME": again}


def test(pytest_args: list[str]) -> int:
    """ruff, mypy, the shape and private-name checks, then pytest: every step runs, and the task fails if any of
    them does."""
    python = str(_python())
    steps = [
        [str(BIN / "ruff"), "check", str(ROOT)],
        [python, "-m", "mypy", *MYPY_PACKAGES],
        [python, str(ROOT / "scripts" / "check_shape.py"), *SHAPE_PACKAGES],
        [python, str(ROOT / "scripts" / "check_private_imports.py"), *SHAPE_PACKAGES],
        [python, "-m", "pytest", *pytest_args],
    ]
    codes = [run(step) for step in steps]
    return codes[-1] or next((code for code in codes if code), 0)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help"}:
        print(__doc__)
        return 0 if argv else 2
    try:
        ensure_venv()
    except KeyboardInterrupt:
        print("\ninterrupted while setting up .venv; run the command again to finish", file=sys.stderr)
        return 130
    task, rest = argv[0], argv[1:]
    if task == "test":
        return test(rest)
    if task == "play":
        # the main job on embedded defaults: a local game, its SQLite file, and the simulated LED board
        board = [] if any(a.startswith("--board") for a in rest) else ["--board", "sim://table"]
        return run([str(BIN / "cribbage"), "play", *board, *rest], _resume_env("play"))
    if task == "cribbage":
        return run([str(BIN / "cribbage"), *rest], _resume_env("cribbage", "play"))
    print(f"unknown task {task!r}: use play, test or cribbage", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
