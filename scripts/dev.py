"""Set up the project's virtual environment on demand, then run a task in it.

Only python3 is needed on a fresh clone: the first run creates `.venv` and installs
the project with its test extra; later runs reuse it and reinstall only when
pyproject.toml changed.

    python3 scripts/dev.py play        # a game against the computer at the terminal, with the
                                       # simulated LED pegboard drawn as it changes
    python3 scripts/dev.py test        # the whole test suite (and ruff)
    python3 scripts/dev.py cribbage …  # any `cribbage` command
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed"


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


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help"}:
        print(__doc__)
        return 0 if argv else 2
    ensure_venv()
    task, rest = argv[0], argv[1:]
    if task == "test":
        ruff = subprocess.run([str(BIN / "ruff"), "check", str(ROOT)], cwd=ROOT)
        tests = subprocess.run([str(_python()), "-m", "pytest", *rest], cwd=ROOT)
        return tests.returncode or ruff.returncode
    if task == "play":
        # the main job on embedded defaults: a local game, its SQLite file, and the simulated LED board
        board = [] if any(a.startswith("--board") for a in rest) else ["--board", "sim://table"]
        return subprocess.run([str(BIN / "cribbage"), "play", *board, *rest], cwd=ROOT).returncode
    if task == "cribbage":
        return subprocess.run([str(BIN / "cribbage"), *rest], cwd=ROOT).returncode
    print(f"unknown task {task!r}: use play, test or cribbage", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
