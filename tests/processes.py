"""What the tests of whole commands in their own processes share: a command's environment (no config, no
PostgreSQL URL, its data in a folder of the test's, the checkout importable) and the live members of a process
group, read from /proc (to see that a command leaves no process behind)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_env(folder: Path) -> dict[str, str]:
    return {**os.environ, "CRIBBAGE_CONFIG": "", "CRIBBAGE_DATABASE_URL": "", "XDG_DATA_HOME": str(folder),
            "PYTHONPATH": str(ROOT)}


def group_of(pgid: int) -> list[int]:
    """The live (not zombie) processes of a process group."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            members.append(int(entry))
    return members
