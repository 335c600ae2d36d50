"""A real small file system for the tests of full disks: a tmpfs of a given size mounted on a folder for the while
of a `with`, and unmounted after; the test is skipped, saying why, where mounting is not permitted."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def small_disk(folder: Path, size: str = "160k") -> Iterator[Path]:
    """`folder` (made here) as a file system of `size` (tmpfs's size option, such as 160k)."""
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        pytest.skip("cannot mount a small tmpfs here: not root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(folder)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {(done.stderr or done.stdout).strip() or done.returncode}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)
