"""Every argument of every command under hostile values, standard input and failing standard output: each run
answers, or refuses in one line with a non-zero status, within bounded time; never a traceback.

The commands come from the parser itself (tests/fuzz/commands.py), so an option added later is fuzzed at once,
and a command added without base arguments fails test_every_parser_is_fuzzed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.cli import numbers
from tests.fuzz.commands import BASES, FILE_DESTS, TOKEN, argv_with, hostile_files, parsers, value_actions
from tests.fuzz.fuzzing import OUTPUTS, Ran, cribbage, scaled

HOSTILE_VALUES = ["", " ", "²", "١٢", "１２", "Ⅻ", "9" * 5000, "99999999999999999999999", "1e309", "1e3", "nan",
                  "inf", "-inf", "-1", "-5", "0", "-0", "0x10", "1_000", " 7", "+3", "\x00", "\udcff", "\n", "☃",
                  "x" * 100_000, "[" * 10_000, "sim://t?tracks=9", "socket://localhost", "sim://t?seed=" + "9" * 3000,
                  "--help", "-o"]
"""Values no option should take, or should take without harm (never a large valid number: a 1,000-second
`board sim` would be a right answer too slow for a test)."""
HOSTILE_PATHS = ["/dev/zero", "/dev/full", "/dev/null", ".", "missing/x", "~nosuchuser/x", "/", "-"]
STDIN = [b"", b"q\n", b"\xff\xfe\n", b"[" * 100_000, b"9" * 5000, b"\x00" * 1000, b"5H 5C 5D JS 5S\n",
         b"a" * (5 << 20)]
SECONDS = 30.0
"""The longest any one run may take (they take well under one)."""

COMMANDS = dict(parsers())
ARGUMENTS = [(words, action) for words, parser in COMMANDS.items() for action in value_actions(parser)]


@pytest.fixture(scope="module")
def place() -> Iterator[dict[str, Path]]:
    """A folder to run in (the commands' relative outputs land there), with the hostile files, a games database
    and the environment of a machine with no config."""
    with tempfile.TemporaryDirectory(prefix="cribbage-fuzz-") as folder, contextlib.chdir(folder), \
            patch.dict(os.environ, {"CRIBBAGE_CONFIG": "", "CRIBBAGE_RESUME": "", "DISCORD_TOKEN": TOKEN,
                                    "CRIBBAGE_DATABASE_URL": "", "XDG_DATA_HOME": folder}):
        files = hostile_files(Path(folder))
        assert cribbage(["play", "--db", "play.sqlite3", "--new"], b"q\n").status == 0
        yield files


def answered_or_refused(ran: Ran, output: str) -> None:
    """What the issue asks of any run: no traceback; a failure is one line; output that fails is a failure."""
    assert "Traceback" not in ran.err, ran
    said = ran.err.strip() or ran.out.strip()  # winprob says an unavailable table on stdout, as its answer
    if ran.status not in (0, 1):
        assert ran.status != 0 and len(said.splitlines()) == 1 and len(said) < 600, ran
    if output != "captured" and ran.status != 0:
        assert ran.err.strip().splitlines()[-1].startswith("cribbage"), ran


def test_every_parser_is_fuzzed() -> None:
    """Each command the parser has runs here from base arguments, and every base argument is one it takes."""
    assert sorted(COMMANDS) == sorted(BASES)
    for words, base in BASES.items():
        assert set(base) <= {a.dest for a in COMMANDS[words]._actions}, words


def test_no_number_is_read_with_int_or_float() -> None:
    """Every numeric option reads through bot.cli.numbers (ASCII digits, a range), never a bare int() or float()."""
    loose = [(words, a.dest) for words, a in ARGUMENTS if a.type in (int, float)]
    assert loose == []


@pytest.mark.parametrize(("words", "action"), ARGUMENTS, ids=[f"{' '.join(w)} {a.dest}" for w, a in ARGUMENTS])
def test_every_argument_refuses_unicode_and_huge_numbers(place: dict[str, Path], words: tuple[str, ...],
                                                        action: argparse.Action) -> None:
    for value in ("²", "9" * 5000):
        ran = cribbage(argv_with(words, action, value), b"q\n", seconds=SECONDS)
        answered_or_refused(ran, "captured")


FILE_ARGUMENTS = [(w, a) for w, a in ARGUMENTS if a.dest in FILE_DESTS]


@pytest.mark.parametrize(("words", "action"), FILE_ARGUMENTS, ids=[f"{' '.join(w)} {a.dest}" for w, a in
                                                                  FILE_ARGUMENTS])
def test_every_file_argument_takes_any_path(place: dict[str, Path], words: tuple[str, ...],
                                            action: argparse.Action) -> None:
    for path in [*HOSTILE_PATHS, *map(str, place.values())]:
        ran = cribbage(argv_with(words, action, path), b"", seconds=SECONDS)
        answered_or_refused(ran, "captured")


@scaled(1.0)
@given(st.sampled_from(ARGUMENTS), st.sampled_from(HOSTILE_VALUES + HOSTILE_PATHS), st.sampled_from(STDIN),
       st.sampled_from(OUTPUTS))
def test_any_argument_any_input_any_output(place: dict[str, Path], argument: tuple[tuple[str, ...], argparse.Action],
                                           value: str, stdin: bytes, output: str) -> None:
    words, action = argument
    answered_or_refused(cribbage(argv_with(words, action, value), stdin, output=output, seconds=SECONDS), output)


@pytest.mark.parametrize("words", sorted(BASES), ids=" ".join)
@pytest.mark.parametrize("output", ["full", "closed"])
def test_every_command_says_when_its_output_fails(place: dict[str, Path], words: tuple[str, ...],
                                                 output: str) -> None:
    argv = [*words, *(arg for part in BASES[words].values() for arg in part)]
    ran = cribbage(argv, b"q\n", output=output, seconds=SECONDS)
    answered_or_refused(ran, output)
    assert ran.status != 0, ran  # every command says something: output lost is never a success


def test_the_numbers_hold_their_ranges() -> None:
    read = numbers.whole(0, 999)
    assert [read(t) for t in ("0", "999", "-0")] == [0, 999, 0]
    for text in ("1000", "-1", "²", "١٢", "1_000", " 7", "+3", "9" * 5000, "1e3", ""):
        with pytest.raises(argparse.ArgumentTypeError):
            read(text)
    seconds = numbers.decimal(0, 60)
    assert [seconds(t) for t in ("0", "0.5", ".5", "60")] == [0.0, 0.5, 0.5, 60.0]
    for text in ("nan", "inf", "1e309", "-0.1", "60.01", "1e1", "٣"):
        with pytest.raises(argparse.ArgumentTypeError):
            seconds(text)
    assert numbers.worker_count(10**6) == numbers.WORKERS_MAX and numbers.worker_count(3) == 3


@pytest.mark.parametrize("words", sorted(BASES), ids=" ".join)
def test_every_command_with_standard_input_closed(place: dict[str, Path], words: tuple[str, ...]) -> None:
    argv = [*words, *(arg for part in BASES[words].values() for arg in part)]
    ran = cribbage(argv, None, seconds=SECONDS)
    answered_or_refused(ran, "captured")
    if words in (("play",), ("replay",), ("render", "analysis")):  # the ones that read it
        assert ran.status == 2 and ran.err.endswith("standard input is closed\n") or \
            "standard input is closed:" in ran.err, ran


def test_play_makes_no_game_when_standard_input_is_closed(place: dict[str, Path]) -> None:
    ran = cribbage(["play", "--db", "closed.sqlite3"], None)
    assert (ran.status, ran.err) == (2, "cribbage play: standard input is closed: a game reads its moves from it\n")
    assert not Path("closed.sqlite3").exists()


def test_a_prompt_answered_with_bytes_that_are_not_text_asks_again(place: dict[str, Path]) -> None:
    ran = cribbage(["play", "--memory"], b"\xff\xfe\nq\n")
    assert ran.status == 0 and ran.err == "" and "unknown rank '\ufffd'" in ran.out, ran
