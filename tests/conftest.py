"""Fixtures for the whole suite: the one PostgreSQL server of the session (tests/bot/pg_fixtures.py), here so that
the storage tests and the installed package's share it, and the release built once (`built_package`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.bot.pg_fixtures import pg_server, pg_url  # noqa: F401  (fixtures)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def built_package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding the sdist and the wheel built from the unpacked sdist (so a file the sdist forgets is
    missing from the wheel too), as a release is built."""
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(ROOT)],
                   check=True, capture_output=True, timeout=600)
    return dist
