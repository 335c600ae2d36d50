"""The package a server owner installs is the one tested: the sdist and the wheel built from it, the wheel installed
with no extras into a fresh virtual environment, and every main command run from a folder outside the checkout.
Then the `postgres` extra, and `db check` against the real server the other tests start.

The installed code and its data (the win table, the locales, the firmware) must come from the wheel: the commands
run with the checkout nowhere on their path, and the first test proves where each package was imported from."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import venv
import zipfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.cli.main import build_parser
from engine.core.version import __version__

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
"""Shaped like a bot token (its first part is base64 of 123456789012345678), and no real one."""
PACKAGES = ("engine", "bot", "render", "board_driver", "firmware")


@dataclass(frozen=True)
class Installed:
    dist: Path
    venv: Path
    elsewhere: Path
    """A folder outside the checkout where every command runs."""

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if k not in {"PYTHONPATH", "VIRTUAL_ENV", "CRIBBAGE_CONFIG", "CRIBBAGE_DATABASE_URL", "DISCORD_TOKEN"}}
        env["PATH"] = f"{self.bin}{os.pathsep}{env.get('PATH', '')}"
        env["HOME"] = str(self.elsewhere)
        return env

    def run(self, *argv: str, stdin: str = "", env: dict[str, str] | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.bin / "cribbage"), *argv], input=stdin, capture_output=True, text=True,
                              cwd=self.elsewhere, env={**self.env(), **(env or {})}, timeout=timeout)

    def pip(self, *argv: str) -> None:
        subprocess.run([str(self.bin / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--no-compile", *argv], check=True, cwd=self.elsewhere, env=self.env(), timeout=600)

    @property
    def wheel(self) -> Path:
        return next(self.dist.glob("*.whl"))


@pytest.fixture(scope="module")
def installed(built_package: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    base = tmp_path_factory.mktemp("installed")
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    venv.EnvBuilder(with_pip=True).create(base / "venv")
    package = Installed(built_package, base / "venv", elsewhere)
    package.pip(str(package.wheel))
    yield package


def test_the_sdist_and_the_wheel_are_built_and_carry_the_package_data(installed: Installed) -> None:
    assert sorted(p.name for p in installed.dist.iterdir()) == [
        f"cribbage_table-{__version__}-py3-none-any.whl", f"cribbage_table-{__version__}.tar.gz"]
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for data in ("engine/data/wintable.json.gz", "engine/data/crib_pairs.json", "engine/data/group_race.json",
                 "engine/data/daily_pool.json",
                 "bot/locales/en.json", "bot/locales/zh.json", "firmware/main.py", "firmware/pegboard/core.py",
                 "firmware/pegboard/layout.py", "firmware/pegboard/picture.py"):
        assert data in names
    assert not any(name.startswith(("tests/", "benchmarks/", "scripts/")) for name in names)


def test_every_package_is_imported_from_the_installed_wheel_not_the_checkout(installed: Installed) -> None:
    code = "import json, importlib; print(json.dumps({n: importlib.import_module(n).__file__ for n in %r}))"
    out = subprocess.run([str(installed.bin / "python"), "-c", code % (PACKAGES,)], capture_output=True, text=True,
                         cwd=installed.elsewhere, env=installed.env(), check=True).stdout
    where = json.loads(out)
    assert sorted(where) == sorted(PACKAGES)
    for name, path in where.items():
        assert Path(path).is_relative_to(installed.venv / "lib"), (name, path)
        assert not Path(path).is_relative_to(ROOT), (name, path)


def test_version(installed: Installed) -> None:
    done = installed.run("--version")
    assert (done.returncode, done.stdout, done.stderr) == (0, f"cribbage {__version__}\n", "")


def subcommands() -> list[list[str]]:
    """Every subcommand's words, from the parser the checkout builds (the same code as the wheel's)."""
    found: list[list[str]] = []

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found.append([*path, name])
                    walk(sub, [*path, name])

    walk(build_parser(), [])
    return found


def test_every_subcommand_answers_help(installed: Installed) -> None:
    paths = subcommands()
    assert len(paths) >= 25 and ["board", "set"] in paths and ["wintable", "merge"] in paths
    with ThreadPoolExecutor(4) as pool:  # each start is mostly waiting on imports: four at a time
        done = list(pool.map(lambda path: installed.run(*path, "--help"), paths))
    failed = [(path, d.returncode, d.stderr[-300:]) for path, d in zip(paths, done, strict=True)
              if d.returncode != 0 or f"usage: cribbage {' '.join(path)}" not in d.stdout or d.stderr]
    assert failed == []


def test_score(installed: Installed) -> None:
    done = installed.run("score", "5H", "5C", "5D", "JS", "--starter", "5S", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["total"] == 29


def test_analyze_with_the_win_table(installed: Installed) -> None:
    done = installed.run("analyze", "5H", "5C", "6D", "7S", "JH", "KD", "--dealer", "--scores", "95,88", "--json")
    assert done.returncode == 0, done.stderr
    options = json.loads(done.stdout)["options"]
    assert len(options) == 15
    assert options[0]["discard"] == ["6D", "7S"] and options[0]["p_win"] == 0.8948


def test_winprob_reads_the_shipped_table(installed: Installed) -> None:
    done = installed.run("winprob", "0", "0", "--dealer", "me", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["p_win"], answer["table"]["deals"]) == (0.558163, 100_000_000)


def test_a_group_arena_of_a_few_games(installed: Installed) -> None:
    # the expert's three-player seat reads the race estimate, numpy's convolutions
    done = installed.run("arena", "expert", "expected", "--players", "3", "--games", "3", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert (report["games"], report["replayed"], report["sides"]["A"]["strength"]) == (3, 3, "expert")


def test_selfplay_then_replay(installed: Installed) -> None:
    record = installed.elsewhere / "games.jsonl"
    done = installed.run("selfplay", "--games", "2", "--seed", "5", "--record", str(record))
    assert done.returncode == 0, done.stderr
    assert len(record.read_text().splitlines()) == 2
    done = installed.run("replay", str(record))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "2 replayed, 0 did not\n"


def test_render_a_board(installed: Installed) -> None:
    out = installed.elsewhere / "board.png"
    done = installed.run("render", "board", "--pegs", "87/80,95/91", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_board_set_on_sim_url(installed: Installed) -> None:
    done = installed.run("board", "set", "--port", "sim://", "--pegs", "87/80,95/91")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("the board at sim:// now shows track 1 87/80, track 2 95/91;")


def test_board_sim_is_driven_by_board_set_from_another_process(installed: Installed) -> None:
    sim = subprocess.Popen([str(installed.bin / "cribbage"), "board", "sim", "--seconds", "60"], text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=installed.elsewhere,
                           env=installed.env())
    try:
        assert sim.stdout is not None
        first = sim.stdout.readline()
        assert first.startswith("simulated board on /dev/pts/"), first
        port = first.split()[-1]
        done = installed.run("board", "set", "--port", port, "--pegs", "87/80,95/91")
        assert done.returncode == 0, done.stderr
        done = installed.run("board", "get", "--port", port, "--json")
        assert done.returncode == 0, done.stderr
        tracks = json.loads(done.stdout)["tracks"]
        assert [(t["front"], t["back"]) for t in tracks] == [(87, 80), (95, 91)]
    finally:
        sim.terminate()
        sim.communicate(timeout=30)


def test_a_terminal_game_to_its_first_prompt_and_back(installed: Installed) -> None:
    done = installed.run("play", "--memory", "--seed", "3", "--name", "ann", stdin="q\n")
    assert done.returncode == 0, done.stderr
    assert "lay away 2 for your crib:" in done.stdout
    assert "ann cuts" in done.stdout


def test_db_check_on_a_new_and_a_played_database(installed: Installed) -> None:
    db = installed.elsewhere / "games.sqlite3"
    done = installed.run("play", "--db", str(db), "--seed", "3", "--name", "ann", stdin="q\n")
    assert done.returncode == 0, done.stderr
    done = installed.run("db", "check", "--db", str(db))
    assert done.returncode == 0, done.stderr


def test_bot_check_with_a_token_shaped_value(installed: Installed) -> None:
    done = installed.run("bot", "--check", "--db", "games.sqlite3", env={"DISCORD_TOKEN": TOKEN})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"cribbage {__version__}; config: built-in defaults; database: games.sqlite3;")
    assert "GaBcDe" not in done.stdout + done.stderr


def test_postgres_without_its_extra_is_one_line_then_with_it_db_check_passes(installed: Installed,
                                                                               pg_url: str) -> None:
    done = installed.run("db", "check", env={"CRIBBAGE_DATABASE_URL": pg_url})
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and "cribbage-table[postgres]" in done.stderr
    assert "Traceback" not in done.stderr
    installed.pip(f"{installed.wheel}[postgres]")
    done = installed.run("db", "check", env={"CRIBBAGE_DATABASE_URL": pg_url})
    assert done.returncode == 0, done.stderr


def test_board_firmware_comes_from_the_installed_package(installed: Installed) -> None:
    done = installed.run("board", "firmware", "-o", "pico")
    assert done.returncode == 0, done.stderr
    site = next((installed.venv / "lib").glob("python3*/site-packages/firmware"))
    for name in ("main.py", "pegboard/core.py", "pegboard/layout.py", "pegboard/picture.py", "pegboard/__init__.py"):
        assert (installed.elsewhere / "pico" / name).read_bytes() == (site / name).read_bytes(), name
