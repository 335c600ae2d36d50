"""docs/deploy.md run as written: its PostgreSQL role and database, the bot's environment, the config and the token
file, the upgrade and the rollback, on a throwaway server whose superuser is `postgres` as on Debian; and its two
systemd units checked by `systemd-analyze verify` where it is installed.

The guide's lines are read from the guide itself, so a step that stops working fails here. What cannot run in a test
is left out by rule, not by hand: `systemctl` (no systemd here), `apt-get` and `useradd` (the machine's own), and
`sudo -u USER` (every step runs as the test's user; `postgres` means the server's superuser). Paths under /var/lib,
/var/backups and /etc move into a temporary folder, and /path/to/…cribbage-table is the wheel the suite built."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.storage.postgres.schema import MIGRATIONS
from engine.core.version import __version__
from tests.bot.pg_fixtures import serve
from tests.pg_server import PgServer

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "deploy.md"
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
PASSWORD = "guide-pw-7731"
SKIPPED = ("systemctl", "apt-get", "useradd", "journalctl")


def blocks(language: str) -> list[tuple[str, str]]:
    """Each fenced block of `language` in the guide, with the heading of the section it sits in."""
    found: list[tuple[str, str]] = []
    heading, fence, body = "", None, []
    for line in GUIDE.read_text().splitlines(keepends=True):
        if fence is None and line.startswith("```"):
            fence, body = line[3:].strip(), []
        elif fence is not None and line.startswith("```"):
            if fence == language:
                found.append((heading, "".join(body)))
            fence = None
        elif fence is not None:
            body.append(line)
        elif line.startswith("#"):
            heading = line.lstrip("# ").strip()
    return found


def section(title: str, language: str = "sh") -> list[str]:
    return [body for heading, body in blocks(language) if heading.startswith(title)]


@dataclass
class Machine:
    """The guide's machine in a folder: its paths, the server, and the lines run so far."""

    root: Path
    server: PgServer
    wheel: Path
    ran: list[str] = field(default_factory=list)

    def moved(self, text: str) -> str:
        for old in ("/var/lib/cribbage", "/var/backups", "/etc/cribbage", "/etc/systemd/system"):
            text = text.replace(old, f"{self.root}{old}")
        return re.sub(r"/path/to/(?:new/|old/)?cribbage-table", str(self.wheel), text)

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if k not in {"PYTHONPATH", "VIRTUAL_ENV", "CRIBBAGE_CONFIG", "CRIBBAGE_DATABASE_URL", "DISCORD_TOKEN"}}
        return {**env, "PGHOST": "127.0.0.1", "PGPORT": str(self.server.port), "PGUSER": "postgres",
                "PGPASSWORD": self.server.password, "HOME": str(self.root)}

    def run(self, line: str) -> subprocess.CompletedProcess[str]:
        """One line of the guide, as the rules above say; the answer to a password prompt is PASSWORD."""
        words = shlex.split(line, comments=True)
        if words[:2] == ["sudo", "-u"]:
            words = words[3:]
        elif words[:1] == ["sudo"]:
            words = words[1:]
        if words[0] == "install":  # no `cribbage` user here: the files are the test's own
            words = [w for i, w in enumerate(words) if w not in ("-o", "-g") and words[i - 1] not in ("-o", "-g")]
        words = [self.moved(w) for w in words]
        return subprocess.run(words, input=f"{PASSWORD}\n{PASSWORD}\n", capture_output=True, text=True,
                              env=self.env(), cwd=self.root, timeout=600, start_new_session=True)

    def run_block(self, body: str) -> list[subprocess.CompletedProcess[str]]:
        done = []
        for line in body.splitlines():
            if not line.strip() or shlex.split(line, comments=True)[:1] == [] or self.skipped(line):
                continue
            result = self.run(line)
            self.ran.append(Path(result.args[0]).name)
            assert result.returncode == 0, (line, result.stdout[-500:], result.stderr[-800:])
            done.append(result)
        return done

    def query(self, sql: str) -> str:
        done = self.run(f"psql -d cribbage -Atc {shlex.quote(sql)}")
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    def tables(self) -> list[str]:
        return self.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1").split()

    @staticmethod
    def skipped(line: str) -> bool:
        words = [w for w in shlex.split(line, comments=True) if w != "sudo"]
        return bool(words) and words[0] in SKIPPED


@pytest.fixture(scope="module")
def server() -> Iterator[PgServer]:
    yield from serve("postgres")  # as on Debian: the superuser is postgres, the bot's role is the guide's own


@pytest.fixture(scope="module")
def machine(server: PgServer, built_package: Path, tmp_path_factory: pytest.TempPathFactory) -> Machine:
    root = tmp_path_factory.mktemp("machine")
    (root / "var" / "backups").mkdir(parents=True)
    return Machine(root, server, next(built_package.glob("*.whl")))


def test_the_guide_s_steps_install_configure_check_upgrade_and_roll_back(machine: Machine) -> None:
    for body in section("1. PostgreSQL") + section("2. The bot's environment"):
        done = machine.run_block(body)
    assert done[-1].stdout == f"cribbage {__version__}\n"

    (config_steps,) = section("3. The config")
    machine.run_block(config_steps)
    (config,) = section("3. The config", "toml")
    config = config.replace("THE-PASSWORD", PASSWORD).replace("localhost:5432", f"127.0.0.1:{machine.server.port}")
    Path(machine.moved("/etc/cribbage/config.toml")).write_text(machine.moved(config))
    token = Path(machine.moved("/etc/cribbage/token"))
    token.write_text(TOKEN + "\n")
    assert (token.stat().st_mode & 0o777, Path(machine.moved("/etc/cribbage")).stat().st_mode & 0o777) == (0o600,
                                                                                                          0o750)

    # the first release's database, with a finished game and one going on (made by that release's own code:
    # tests/bot/storage/upgrades/make_fixtures.py), loaded as the bot's role
    first = ROOT / "tests" / "bot" / "storage" / "upgrades" / "postgres" / "migration-1.sql"
    loaded = subprocess.run(["psql", "-v", "ON_ERROR_STOP=1", "-q", "-d", "cribbage", "-f", str(first)],
                            capture_output=True, text=True, timeout=120, cwd=machine.root,
                            env={**machine.env(), "PGUSER": "cribbage", "PGPASSWORD": PASSWORD})
    assert loaded.returncode == 0, loaded.stderr
    before = machine.tables()
    assert machine.query("SELECT max(version) FROM schema_version") == "1"
    config_file = machine.moved("/etc/cribbage/config.toml")

    upgrade, rollback = section("8. Upgrading")
    done = machine.run_block(upgrade)
    check = next(d for d in done if " bot --check" in shlex.join(d.args))
    url = f"postgresql://cribbage@127.0.0.1:{machine.server.port}/cribbage"
    assert check.stdout.startswith(f"cribbage {__version__}; config: {config_file}; database: {url};")
    assert PASSWORD not in check.stdout + check.stderr and "GaBcDe" not in check.stdout + check.stderr
    assert Path(machine.moved("/var/backups/cribbage-before-upgrade.dump")).stat().st_size > 0
    assert machine.query("SELECT max(version) FROM schema_version") == str(len(MIGRATIONS))
    assert machine.query("SELECT count(*) FROM games") == "2"  # both games came through the migrations

    # what a newer release adds, standing in: the rollback leaves none of it behind
    assert machine.run("psql -d cribbage -c 'CREATE TABLE added_by_newer (x int)'").returncode == 0
    machine.run_block(rollback)
    assert machine.tables() == before
    assert machine.query("SELECT max(version) FROM schema_version") == "1"
    assert machine.ran == ["createuser", "createdb", "python3", "pip", "cribbage", "install", "install", "install",
                           "pg_dump", "pip", "cribbage", "cribbage", "cribbage", "dropdb", "createdb", "pg_restore",
                           "pip"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_the_guide_s_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    units = blocks("ini")
    assert [heading for heading, _ in units] == ["4. The systemd unit", "7. Several bot processes"]
    cribbage = str(Path(sys.executable).parent / "cribbage")  # the suite's own install stands in for the service's
    for name, (_, body) in zip(("cribbage-bot.service", "cribbage-bot@0-3.service"), units, strict=True):
        assert "ExecStart=/var/lib/cribbage/venv/bin/cribbage bot" in body
        unit = tmp_path / name
        unit.write_text(body.replace("/var/lib/cribbage/venv/bin/cribbage", cribbage))
        done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
        assert (done.returncode, done.stderr) == (0, "")
        unit.write_text(body.replace("/var/lib/cribbage/venv/bin/cribbage", str(tmp_path / "missing")))
        done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
        assert done.returncode != 0 and "missing" in done.stderr  # the check can fail
