"""The batch commands answer every good line whatever the bytes around it, and answer at once when input
pauses (piped by hand), as well as in bulk."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.cli.main import main
from bot.cli.stdin_lines import line_blocks

ROOT = Path(__file__).resolve().parents[3]
STRICT_UTF8 = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict", "PYTHONPATH": str(ROOT)}


def cribbage(*argv: str, stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "bot.cli.main", *argv], input=stdin, capture_output=True,
                          env=STRICT_UTF8, cwd=ROOT, timeout=60)


def test_score_batch_answers_every_good_line_around_bad_bytes() -> None:
    lines = [b"5H 5C 5D JS 5S", b"\xff\xfe 5H", b"2h 4h 6h 8h qh crib", b"5H 5C 5D JS \xed\xa0\x80", b"AS 2S 3S 4S 5S"]
    done = cribbage("score", "--batch", stdin=b"\n".join(lines * 3000) + b"\n")
    out = done.stdout.decode().splitlines()
    assert done.returncode == 1 and done.stderr == b"" and len(out) == 15_000
    assert out[:5] == ["5H 5C 5D JS 5S: 29", "line 2: error: not UTF-8 text: byte 0xff at column 1",
                       "2H 4H 6H 8H QH crib: 5", "line 4: error: not UTF-8 text: byte 0xed at column 13",
                       "AS 2S 3S 4S 5S: 12"]
    assert out[-2] == "line 14999: error: not UTF-8 text: byte 0xed at column 13"


def test_analyze_batch_answers_every_good_line_around_bad_bytes() -> None:
    done = cribbage("analyze", "--batch", "--pone", stdin=b"5H 5C 6D 7S JH KD\n\xff\nAS 2S 3S 4S 5S 6S")
    rows = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert done.returncode == 1 and done.stderr == b""
    assert [r.get("error", len(r.get("options", ()))) for r in rows] == [
        15, "not UTF-8 text: byte 0xff at column 1", 15]


def test_a_huge_bad_token_gets_a_short_error(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("5H 5C 5D JS 5" + "S" * 1_000_000 + "\n5H 5C 5D JS 5S\n"))
    assert main(["score", "--batch"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out[0]) < 200 and out[0].startswith("line 1: error: unknown suit 'SSSS") and "characters" in out[0]
    assert out[1] == "5H 5C 5D JS 5S: 29"


def test_lines_are_handed_on_when_the_input_pauses() -> None:
    read, write = os.pipe()
    with os.fdopen(read, "rb", buffering=0) as stream:
        os.write(write, b"5H 5C 5D JS 5S\n6H")
        blocks = line_blocks(stream, 10_000)
        assert next(blocks) == (1, [b"5H 5C 5D JS 5S"])  # the end of input not reached, nor 10,000 lines
        os.write(write, b" 6C\nAS\n")
        assert next(blocks) == (2, [b"6H 6C", b"AS"])
        os.close(write)
        assert list(blocks) == []


@pytest.mark.parametrize("argv", [["score", "--batch"], ["analyze", "--batch", "--dealer"]])
def test_a_line_piped_by_hand_is_answered_at_once(argv: list[str]) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli.main", *argv], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, env=STRICT_UTF8, cwd=ROOT)
    assert proc.stdin is not None and proc.stdout is not None
    line = b"5H 5C 5D JS 5S KD\n" if "analyze" in argv else b"5H 5C 5D JS 5S\n"
    try:
        proc.stdin.write(line)
        proc.stdin.flush()
        assert proc.stdout.readline()  # the first answer (after the interpreter starts)
        waits = []
        for _ in range(3):
            start = time.perf_counter()
            proc.stdin.write(line)
            proc.stdin.flush()
            assert proc.stdout.readline()
            waits.append(time.perf_counter() - start)
        assert min(waits) < 0.1, waits
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)


def test_a_byte_order_mark_starts_the_input_not_its_first_line() -> None:
    done = cribbage("score", "--batch", stdin=b"\xef\xbb\xbf5H 5C 5D JS 5S\n\xef\xbb\xbfAS 2S 3S 4S 5S\n")
    assert done.stdout.decode().splitlines() == ["5H 5C 5D JS 5S: 29", "line 2: error: unknown rank '\\ufeff' in "
                                                                        "'\\ufeffAS'"]  # only at the start
    done = cribbage("analyze", "--batch", "--pone", stdin=b"\xef\xbb\xbf5H 5C 6D 7S JH KD\n")
    assert done.returncode == 0 and "options" in json.loads(done.stdout)
