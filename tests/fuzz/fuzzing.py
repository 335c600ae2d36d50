"""What the fuzz suite shares: its Hypothesis profiles, hostile values, and running `cribbage` in-process.

The profile comes from CRIBBAGE_FUZZ: `ci` (the default: 60 examples per test, fewer for slow ones, the whole suite in
well under a minute) or `long` (thousands per test, by hand: CRIBBAGE_FUZZ=long pytest tests/fuzz).
"""

from __future__ import annotations

import errno
import io
import json
import os
import signal
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from types import FrameType
from typing import Any
from unittest.mock import patch

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from bot.cli.main import main
from bot.cli.streams import ClosedStream
from engine.core.cards import DECK

settings.register_profile("cribbage-ci", max_examples=60, deadline=timedelta(seconds=5), print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("cribbage-long", max_examples=2000, deadline=timedelta(seconds=30), print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PROFILE = f"cribbage-{os.environ.get('CRIBBAGE_FUZZ', 'ci')}"
FUZZ = settings.get_profile(PROFILE)
"""The settings every fuzz test runs under (a decorator): `@FUZZ` above `@given`."""


def scaled(fraction: float) -> settings:
    """The profile with a fraction of its examples, for the tests whose examples are slow (a game, a PNG)."""
    return settings(FUZZ, max_examples=max(5, int(FUZZ.max_examples * fraction)))


# ---------------------------------------------------------------------------- hostile values

SPECIAL_TEXT = ["", " ", "²", "١٢", "5" + "S" * 100_000, "9" * 5000, "[" * 100_000, "\x00", "\udcff", "inf", "nan",
                "-1", "1e309", "0x10", "1_000", "\n", "5H\n5C", "１２", "Ⅻ", "☃", "5♥\ufe0f", "10h", "th", "-",
                "--help", "-o"]
"""Texts that broke or nearly broke a reader: unicode digits, huge and nested values, surrogates, NUL."""

any_char = st.characters(exclude_categories=())  # surrogates too: they come from undecodable argv bytes
hostile_text = st.one_of(st.sampled_from(SPECIAL_TEXT), st.text(any_char, max_size=30),
                         st.text("0123456789-+.,/: ²١xSHDCshdcAJQKT", max_size=12))
card_text = st.sampled_from([c.text for c in DECK] + [c.pretty() for c in DECK[:8]] + ["10h", "th", "AS"])
card_or_hostile = st.one_of(card_text, card_text, hostile_text)
number_text = st.one_of(st.integers(-(2**70), 2**70).map(str), st.sampled_from(["²", "١٢", "9" * 5000, "0", "-0"]),
                        hostile_text)

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.sampled_from([10**300, -(10**400)]),
                      st.floats(allow_nan=True, allow_infinity=True), st.text(any_char, max_size=20),
                      st.sampled_from(["5H", "AS", "", "x" * 10_000]))
json_value = st.recursive(json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                             st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                          max_leaves=12)
"""Any value JSON can carry, and more: long numbers, NaN and infinities, lone surrogates. (Numbers past 4,300
digits cannot be written as JSON by Python at all: the tests write those as text.)"""


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def line_bytes(good: st.SearchStrategy[str]) -> st.SearchStrategy[bytes]:
    """One input line (without its newline): a good one, hostile text, or raw bytes (bad UTF-8 among them)."""
    return st.one_of(good.map(str.encode),
                     hostile_text.map(lambda t: t.encode("utf-8", "surrogatepass").replace(b"\n", b" ")),
                     st.binary(max_size=40).map(lambda b: b.replace(b"\n", b" ")),
                     st.sampled_from([b"\xff", b"5H 5C 5D JS \xed\xa0\x80", b"\r", b"\xef\xbb\xbf5H 5C 5D JS 5S"]))


def expected_answers(lines: Sequence[bytes]) -> list[int]:
    """The numbers of the lines a batch command must answer: every line that is not blank text."""
    numbers = []
    for n, line in enumerate(lines, start=1):
        if n == 1:
            line = line.removeprefix(b"\xef\xbb\xbf")  # a byte-order mark starts the input, not its first line
        try:
            blank = not line.decode("utf-8").strip()
        except UnicodeDecodeError:
            blank = False
        if not blank:
            numbers.append(n)
    return numbers


# ---------------------------------------------------------------------------- running cribbage

class Ran:
    """What a `cribbage` run did: its exit status, standard output and standard error."""

    def __init__(self, status: int, out: str, err: str) -> None:
        self.status, self.out, self.err = status, out, err

    def refused_in_one_line(self) -> bool:
        """A refusal as the issue asks: a non-zero status, one line on stderr, no traceback."""
        return self.status != 0 and len(self.err.strip().splitlines()) == 1 and "Traceback" not in self.err

    def __repr__(self) -> str:
        return f"Ran({self.status}, out={self.out[:300]!r}, err={self.err[:300]!r})"


class FullDisk(io.BytesIO):
    """Standard output on a full disk (`> /dev/full`): every write fails with ENOSPC."""

    def write(self, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


class TookTooLong(BaseException):
    """A run went past its time: not an Exception, so no handler in the command can take it for its own."""


OUTPUTS = ("captured", "full", "closed")
"""What standard output is in a run: captured (a pipe), a full disk, or closed (`>&-`)."""


def cribbage(argv: Sequence[str], stdin: bytes | None = b"", *, output: str = "captured",
             seconds: float = 60.0) -> Ran:
    """`cribbage ARGV` through bot.cli.main.main, with its standard streams captured as a real run has them: stdin
    and stdout over bytes (strict UTF-8, as under LC_ALL=en_US.UTF-8), stderr escaping what it cannot encode.
    Any exception escaping main is the test's failure, as is a run longer than `seconds` (TookTooLong);
    argparse's SystemExit is its status. `output` is one of OUTPUTS; `stdin` None is a closed standard input."""
    argv = [a.replace("\x00", "") for a in argv]  # a command line cannot hold a NUL byte
    raw: Any = ClosedStream("output") if output == "closed" else \
        FullDisk() if output == "full" else io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", errors="strict", write_through=True)
    err_raw = io.BytesIO()
    err = io.TextIOWrapper(err_raw, encoding="utf-8", errors="backslashreplace", write_through=True)
    inp = io.TextIOWrapper(ClosedStream("input") if stdin is None else io.BytesIO(stdin), encoding="utf-8",
                           errors="strict")
    with patch.object(sys, "stdin", inp), patch.object(sys, "stdout", out), patch.object(sys, "stderr", err), \
            _watchdog(seconds):
        try:
            status = main(list(argv))
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    shown = raw.getvalue() if isinstance(raw, io.BytesIO) and not isinstance(raw, FullDisk) else b""
    return Ran(status, shown.decode("utf-8", "replace"), err_raw.getvalue().decode("utf-8", "replace"))


@contextmanager
def _watchdog(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: FrameType | None) -> None:
        raise TookTooLong(f"still running after {seconds} s")

    before = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=True)
