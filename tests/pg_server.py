"""A throwaway PostgreSQL server for the tests: `initdb` and `pg_ctl` from the PostgreSQL binaries, in a
temporary folder, listening on a free port of 127.0.0.1 only (its Unix socket in that folder), started once
per session and removed at its end.

initdb refuses to run as root: then the server runs as the system user `cribbage-pg` (made with `useradd
--system` when missing), owning the folder, through `runuser -u cribbage-pg --` (or `su` without runuser).
Without the binaries `PgServer.start` raises Unavailable with the reason, and the PostgreSQL tests skip with it.
"""

from __future__ import annotations

import glob
import itertools
import os
import secrets
import shlex
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

SERVICE_USER = "cribbage-pg"
BINARY_GLOB = "/usr/lib/postgresql/*/bin"


class Unavailable(RuntimeError):
    """No PostgreSQL server can be started here; the message says why."""


def find_binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian's layout), else the one holding `initdb` on PATH."""
    found = sorted(glob.glob(BINARY_GLOB), key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit()
                   else 0)
    for folder in reversed(found):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path and shutil.which("pg_ctl") else None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """One server: `url(name)` for a database in it, `new_database()` for a fresh one per test."""

    def __init__(self) -> None:
        self.bin: Path | None = None
        self.root = Path(tempfile.mkdtemp(prefix="cribbage-pg-"))
        self.data = self.root / "data"
        self.port = 0
        self.password = secrets.token_hex(12)
        self.user = "cribbage"
        self._as: list[str] = []
        self._names = itertools.count(1)
        self.started = False

    def start(self) -> PgServer:
        self.bin = find_binaries()
        if self.bin is None:
            raise Unavailable(f"no PostgreSQL binaries (initdb, pg_ctl) under {BINARY_GLOB} or on PATH: "
                              "apt-get install postgresql")
        if os.geteuid() == 0:
            self._as = ["runuser", "-u", _service_user(), "--"] if shutil.which("runuser") else ["su"]
            shutil.chown(self.root, SERVICE_USER, SERVICE_USER)
        (self.root / "pw").write_text(self.password + "\n")
        if self._as:
            shutil.chown(self.root / "pw", SERVICE_USER, SERVICE_USER)
        self._run("initdb", "-D", str(self.data), "-U", self.user, "--pwfile", str(self.root / "pw"),
                  "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C", "--no-sync")
        for _ in range(3):  # a port found free may be taken before the server binds it: try another
            self.port = free_port()
            options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync=off "
                       "-c full_page_writes=off -c max_connections=200")
            done = self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-t", "60",
                             "-o", options, "start", check=False)
            if done.returncode == 0:
                self.started = True
                return self
        raise Unavailable(f"the PostgreSQL server did not start: {self.log_tail()}")

    def _run(self, program: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        assert self.bin is not None
        command = [*self._as, str(self.bin / program), *args]
        if self._as == ["su"]:  # no runuser: su runs it through a shell as the service user
            command = ["su", "-s", "/bin/sh", "-c", shlex.join(command[1:]), SERVICE_USER]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.root, timeout=120)
        if check and done.returncode != 0:
            raise Unavailable(f"{program} failed: {(done.stderr or done.stdout).strip()[-500:]}")
        return done

    def log_tail(self) -> str:
        try:
            return (self.root / "log").read_text()[-800:]
        except OSError:
            return "(no log)"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}:{self.password}@127.0.0.1:{self.port}/{database}"

    def new_database(self, prefix: str = "t") -> str:
        """A fresh, empty database's URL."""
        import psycopg

        name = f"{prefix}{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def restore(self, url: str, dump: Path) -> None:
        """Load a plain-format pg_dump into the database at `url` with psql, stopping at the first error. The
        `\\restrict` guard lines newer pg_dump releases write are left out: an older psql does not know them,
        and they only fence the file off from meta-commands, which it holds none of besides them."""
        assert self.bin is not None
        if not (self.bin / "psql").exists():
            raise Unavailable(f"no psql beside {self.bin / 'initdb'} to load a dump with")
        text = "".join(line for line in dump.read_text(encoding="utf-8").splitlines(keepends=True)
                       if not line.startswith(("\\restrict ", "\\unrestrict ")))
        done = subprocess.run([str(self.bin / "psql"), "--no-psqlrc", "--quiet", "-v", "ON_ERROR_STOP=1",
                               f"--dbname={url}"], input=text, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"psql could not load {dump.name}: {done.stderr.strip()[-500:]}")

    def dump(self, url: str) -> str:
        """The database at `url` as plain SQL (schema and rows), to compare before and after."""
        assert self.bin is not None
        done = subprocess.run([str(self.bin / "pg_dump"), "--format=plain", "--no-owner", "--no-privileges",
                               f"--dbname={url}"], capture_output=True, text=True, timeout=120, check=True)
        return "".join(line for line in done.stdout.splitlines(keepends=True)
                       if not line.startswith(("\\restrict ", "\\unrestrict ")))  # a fresh random key each time

    def stop(self) -> None:
        if self.started:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)


def _service_user() -> str:
    """The unprivileged system user the server runs as when the tests run as root (made if missing)."""
    probe = subprocess.run(["id", "-u", SERVICE_USER], capture_output=True)
    if probe.returncode != 0:
        made = subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                               SERVICE_USER], capture_output=True, text=True)
        if made.returncode != 0:
            raise Unavailable(f"initdb cannot run as root and the user {SERVICE_USER} cannot be made: "
                              f"{made.stderr.strip()}")
    return SERVICE_USER
