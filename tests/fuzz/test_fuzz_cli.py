"""Every command-line parser under hostile input, through bot.cli.main.main with captured streams: a bad value is a
non-zero status with one line on stderr and no traceback, and a batch answers every line it was given."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any
from unittest.mock import patch

from hypothesis import assume, given
from hypothesis import strategies as st

from engine.computer.players import DIFFICULTIES, RandomPlayer
from engine.computer.selfplay import play_game
from engine.core.record import dumps as record_dumps
from engine.core.record import to_record
from engine.core.rules import Rules
from tests.fuzz.fuzzing import (
    FUZZ,
    SPECIAL_TEXT,
    card_or_hostile,
    card_text,
    cribbage,
    expected_answers,
    hostile_text,
    json_value,
    line_bytes,
    number_text,
    scaled,
)

hand_line = st.builds(lambda cards, crib: " ".join(cards) + (" crib" if crib else ""),
                      st.lists(card_text, min_size=5, max_size=5), st.booleans())
six_line = st.lists(card_text, min_size=6, max_size=6).map(" ".join)
small_samples = st.one_of(st.integers(-5, 30).map(str), st.sampled_from(SPECIAL_TEXT))


def flag(name: str) -> st.SearchStrategy[list[str]]:
    return st.sampled_from([[], [name]])


def option(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return st.one_of(st.just([]), values.map(lambda v: [name, v]))


def answered_or_refused(argv: list[str], stdin: bytes = b"") -> None:
    ran = cribbage(argv, stdin)
    assert ran.status == 0 or ran.refused_in_one_line(), ran


# ---------------------------------------------------------------------------- score and analyze

@FUZZ
@given(st.lists(card_or_hostile, max_size=6), option("--starter", card_or_hostile), flag("--crib"), flag("--json"))
def test_score_arguments(cards: list[str], starter: list[str], crib: list[str], as_json: list[str]) -> None:
    answered_or_refused(["score", *cards, *starter, *crib, *as_json])


@FUZZ
@given(st.lists(line_bytes(hand_line), max_size=12), st.booleans(), st.booleans())
def test_score_batch_answers_every_line(lines: list[bytes], as_json: bool, final_newline: bool) -> None:
    stdin = b"\n".join(lines) + (b"\n" if final_newline else b"")
    ran = cribbage(["score", "--batch", *(["--json"] if as_json else [])], stdin)
    want = expected_answers(lines)
    out = ran.out.splitlines()
    assert len(out) == len(want) and ran.err == "", ran
    errors = 0
    for n, text in zip(want, out, strict=True):
        if as_json:
            row = json.loads(text)
            bad = "error" in row
            assert row.get("line", n) == n and ("total" in row) != bad
        else:
            bad = text.startswith(f"line {n}: error: ")
            assert bad or re.search(r": \d+$", text), text
        assert not bad or len(text) < 200, text  # a huge bad token is quoted a few dozen characters at most
        errors += bad
    assert ran.status == (1 if errors else 0)


@scaled(0.6)
@given(st.lists(card_or_hostile, max_size=7), st.sampled_from([[], ["--dealer"], ["--pone"], ["--dealer", "--pone"]]),
       option("--scores", st.one_of(st.just("95,88"), number_text, hostile_text)), option("--samples", small_samples),
       option("--target", number_text), flag("--json"))
def test_analyze_arguments(cards: list[str], role: list[str], scores: list[str], samples: list[str],
                           target: list[str], as_json: list[str]) -> None:
    if scores and not samples:
        samples = ["--samples", "10"]  # the default 400 deals per option is seconds of work
    answered_or_refused(["analyze", *cards, *role, *scores, *samples, *target, *as_json])


@scaled(0.4)
@given(st.lists(line_bytes(six_line), max_size=4))
def test_analyze_batch_answers_every_line(lines: list[bytes]) -> None:
    ran = cribbage(["analyze", "--batch", "--pone"], b"\n".join(lines))
    rows = [json.loads(x) for x in ran.out.splitlines()]
    assert len(rows) == len(expected_answers(lines)) and ran.err == "", ran
    assert all(("options" in r) != ("error" in r) for r in rows)
    assert ran.status == (1 if any("error" in r for r in rows) else 0)


# ---------------------------------------------------------------------------- render

render_kind = st.one_of(
    st.tuples(st.just("card"), st.tuples(card_or_hostile), option("--width", number_text)).map(
        lambda k: [k[0], *k[1], *k[2]]),
    st.lists(card_or_hostile, min_size=1, max_size=7).map(lambda cards: ["hand", *cards]),
    st.tuples(option("--players", st.one_of(st.just("ann,bob,cy"), hostile_text)),
              option("--dealer", st.one_of(number_text, hostile_text)), option("--starter", card_or_hostile),
              option("--played", st.lists(card_or_hostile, max_size=4).map(",".join)),
              option("--crib", number_text), option("--to-play", hostile_text)).map(
        lambda k: ["table", *(x for part in k for x in part)]),
    st.tuples(st.lists(card_or_hostile, min_size=1, max_size=5), card_or_hostile).map(
        lambda k: ["breakdown", *k[0], "--starter", k[1]]),
    st.tuples(st.lists(st.one_of(st.floats(-1, 2).map(str), hostile_text), min_size=1, max_size=6).map(",".join),
              option("--deals", st.one_of(number_text, st.lists(number_text, max_size=3).map(",".join)))).map(
        lambda k: ["winprob", "--probs", k[0], *k[1]]),
)


@scaled(0.8)
@given(render_kind)
def test_render_arguments(kind: list[str]) -> None:
    answered_or_refused(["render", *kind, "-o", "-"])


@scaled(0.6)
@given(st.one_of(json_value, st.fixed_dictionaries({"options": st.lists(st.dictionaries(
    st.sampled_from(["discard", "keep", "hand_ev", "hand_min", "hand_max", "crib_ev", "net"]), json_value),
    max_size=3)}), st.fixed_dictionaries({"dealer": json_value, "options": json_value})))
def test_render_analysis_from_any_json(data: Any) -> None:
    text = json.dumps(data).encode()
    answered_or_refused(["render", "analysis", "--from", "-", "-o", "-"], text)


# ---------------------------------------------------------------------------- replay

GOOD = record_dumps(to_record(play_game(Rules(), [RandomPlayer(1), RandomPlayer(2)], 8)))
GOOD_RECORD = json.loads(GOOD)


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here] if here else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*here, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value[:3]):
            found += _paths(inner, (*here, i))
    return found


PATHS = _paths(GOOD_RECORD)


def spoiled(path: tuple[Any, ...], value: Any) -> bytes:
    record = json.loads(GOOD)
    here = record
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    return json.dumps(record).encode()


record_line = st.one_of(st.just(GOOD.encode()), st.builds(spoiled, st.sampled_from(PATHS), json_value),
                        line_bytes(st.just(GOOD)),
                        st.sampled_from([b"[" * 100_000, b"1" * 5000, b'{"format":"cribbage-record","version":1}']))


@scaled(0.6)
@given(st.lists(record_line, max_size=4))
def test_replay_checks_every_record(lines: list[bytes]) -> None:
    ran = cribbage(["replay", "-"], b"\n".join(lines))
    want = expected_answers(lines)
    report = ran.out.splitlines()
    summary = re.fullmatch(r"(\d+) replayed, (\d+) did not", report[-1])
    assert summary is not None and ran.err == "", ran
    good, bad = int(summary[1]), int(summary[2])
    assert good + bad == len(want) and len(report) == bad + 1
    named = [re.match(r"line (\d+): ", line) for line in report[:-1]]
    assert all(m is not None and int(m[1]) in want for m in named), report
    assert ran.status == (1 if bad or not good else 0)
    assert all(len(line) < 600 for line in report), report


# ---------------------------------------------------------------------------- wintable, winprob, selfplay, play

def _is_file(path: str) -> bool:
    try:
        return Path(path).is_file()
    except (OSError, ValueError):  # a name too long, a NUL in it
        return False


def _not_positive(text: str) -> bool:
    try:
        return int(text) < 1
    except ValueError:
        return True


@FUZZ
@given(st.one_of(number_text, hostile_text).filter(_not_positive), option("--workers", number_text),
       option("--seed", number_text), option("--target", number_text))
def test_wintable_build_refuses_what_it_cannot_build(deals: str, workers: list[str], seed: list[str],
                                                     target: list[str]) -> None:
    ran = cribbage(["wintable", "build", "--deals", deals, *workers, *seed, *target, "--out", os.devnull])
    assert ran.refused_in_one_line(), ran


@FUZZ
@given(st.lists(hostile_text.filter(lambda t: not t.startswith("-")), min_size=1, max_size=3))
def test_wintable_merge_of_files_that_are_not_tables(files: list[str]) -> None:
    assume(not any(_is_file(f) for f in files))
    ran = cribbage(["wintable", "merge", *files, "--out", os.devnull])
    assert ran.refused_in_one_line(), ran


@FUZZ
@given(number_text, number_text, st.sampled_from(["me", "them", "²", ""]), option("--target", number_text),
       flag("--json"))
def test_winprob_arguments(me: str, them: str, dealer: str, target: list[str], as_json: list[str]) -> None:
    answered_or_refused(["winprob", me, them, "--dealer", dealer, *target, *as_json])


@scaled(0.6)
@given(st.one_of(st.sampled_from(["1", "2"]), number_text.filter(_not_positive)), option("--seed", number_text),
       option("--players", st.one_of(st.sampled_from(["random,random", "greedy,random", "random,,"]), hostile_text)),
       option("--seats", number_text), option("--target", st.one_of(st.sampled_from(["61", "121"]), number_text)),
       flag("--muggins"), flag("--skunk"))
def test_selfplay_arguments(games: str, seed: list[str], players: list[str], seats: list[str], target: list[str],
                            muggins: list[str], skunk: list[str]) -> None:
    answered_or_refused(["selfplay", "--games", games, *seed, *players, *seats, *target, *muggins, *skunk,
                         "--record", "-"])


@scaled(0.5)
@given(option("--difficulty", st.one_of(st.sampled_from(list(DIFFICULTIES)), hostile_text)),
       option("--target", st.one_of(st.sampled_from(["61", "121"]), number_text)), option("--seed", number_text),
       option("--name", hostile_text), flag("--muggins"), flag("--new"))
def test_play_options(difficulty: list[str], target: list[str], seed: list[str], name: list[str],
                      muggins: list[str], new: list[str]) -> None:
    with patch.dict(os.environ, {"CRIBBAGE_CONFIG": "", "CRIBBAGE_RESUME": ""}):
        ran = cribbage(["play", "--memory", *difficulty, *target, *seed, *name, *muggins, *new], b"q\n")
    assert ran.status == 0 or ran.refused_in_one_line(), ran


@FUZZ
@given(hostile_text)
def test_a_config_path_of_any_text(path: str) -> None:
    assume(not _is_file(path))
    with patch.dict(os.environ, {"CRIBBAGE_CONFIG": ""}):
        ran = cribbage(["play", "--memory", "--config", path], b"q\n")
    assert ran.refused_in_one_line(), ran
