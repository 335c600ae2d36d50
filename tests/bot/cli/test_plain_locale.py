"""`cribbage` under a locale without UTF-8 (LC_ALL=C, UTF-8 mode off, no PYTHONIOENCODING): real processes whose
standard streams are ASCII. Every command's output gets through, card symbols as their letters."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli.streams import legible_output

ROOT = Path(__file__).resolve().parents[3]


def plain(argv: list[str], folder: Path, stdin: str = "") -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONIOENCODING", "PYTHONUTF8"))}
    env.update({"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONPATH": str(ROOT), "CRIBBAGE_CONFIG": "",
                "XDG_DATA_HOME": str(folder), "HOME": str(folder)})
    return subprocess.run([sys.executable, "-m", "bot.cli.main", *argv], cwd=folder, env=env, input=stdin.encode(),
                          capture_output=True, timeout=300, check=False)


def test_the_streams_really_are_ascii(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONIOENCODING", "PYTHONUTF8"))}
    ran = subprocess.run([sys.executable, "-c", "import sys; print(sys.stdout.encoding)"], env={
        **env, "LC_ALL": "C", "PYTHONUTF8": "0"}, capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "ascii"


CASES = [
    (["score", "5H", "5C", "5D", "JS", "--starter", "5S"], "", "   1  nobs     JS               and one for his "
                                                              "nobs is twenty-nine"),
    (["analyze", "5H", "5C", "5D", "JS", "5S", "6H", "--pone"], "", "5H 5S     5C 5D JS 6H        9.37    6   17   "
                                                                    "-8.28    1.08"),
    (["play", "--memory", "--seed", "3", "--name", "ann"], "1 2\nquit\n",
     "[ann 0 - computer (normal) 0]  your hand  1:5H  2:10H  3:JS  4:AH"),
]


@pytest.mark.parametrize(("argv", "stdin", "line"), CASES, ids=[c[0][0] for c in CASES])
def test_a_command_writes_its_cards_in_ascii(tmp_path: Path, argv: list[str], stdin: str, line: str) -> None:
    ran = plain(argv, tmp_path, stdin)
    assert ran.returncode == 0 and b"Traceback" not in ran.stderr, ran.stderr.decode("ascii", "replace")
    out = ran.stdout.decode("ascii")  # nothing but ASCII: the locale's own encoding
    assert line in out.splitlines(), out


def test_an_error_naming_a_symbol_is_one_ascii_line(tmp_path: Path) -> None:
    ran = plain(["render", "card", "5♥♥", "-o", "x.png"], tmp_path)
    assert (ran.returncode, ran.stdout) == (2, b"")
    assert ran.stderr.decode("ascii").count("\n") == 1 and ran.stderr.startswith(b"cribbage render: ")


def test_an_ascii_stream_writes_stand_ins_and_escapes() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", errors="strict", write_through=True)
    legible_output(stream)
    stream.write("5♥ 10♣ … \udcff é")
    assert raw.getvalue() == b"5H 10C ... \\udcff \\xe9"
    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    legible_output(utf8)  # a UTF-8 stream keeps its symbols; only what it cannot encode is escaped
    assert utf8.errors == "backslashreplace"
