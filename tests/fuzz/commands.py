"""Every command line parser of `cribbage`, read from the parser itself, with the arguments that make each one run
cheaply: the fuzz suite varies one of them at a time. A command added without an entry in BASES fails
test_every_parser_is_fuzzed, so nothing the command line reads goes unfuzzed.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

from bot.cli.main import build_parser

TOKEN = "MTA0NTQ3NjQ1NzY3OTEwNDEzNg.GxYzAb.abcdefghijklmnopqrstuvwxyz0123456789ab"
"""Shaped like a Discord bot token (`bot --check` never sends it anywhere)."""
Fragment = dict[str, list[str]]
"""A command's base arguments by the parser's `dest` of each, in order: one of them is swapped for a hostile value."""

BASES: dict[tuple[str, ...], Fragment] = {
    ("score",): {"cards": ["5H", "5C", "5D", "JS"], "starter": ["--starter", "5S"]},
    ("stats", "distribution"): {},
    ("selfplay",): {"games": ["--games", "1"], "record": ["--record", "-"]},
    ("replay",): {"file": ["-"]},
    ("play",): {"db": ["--db", "play.sqlite3"], "new": ["--new"]},
    ("analyze",): {"cards": ["5H", "5C", "6D", "7S", "JH", "KD"], "dealer": ["--dealer"]},
    ("wintable", "build"): {"deals": ["--deals", "1"], "out": ["--out", "built.json.gz"]},
    ("wintable", "merge"): {"files": ["shard.json.gz"], "out": ["--out", "merged.json.gz"]},
    ("winprob",): {"me": ["10"], "them": ["20"], "dealer": ["--dealer", "me"]},
    ("arena",): {"a": ["random"], "b": ["random"], "games": ["--games", "2"]},
    ("render", "card"): {"card": ["5H"], "output": ["-o", "-"]},
    ("render", "hand"): {"cards": ["5H", "5C"], "output": ["-o", "-"]},
    ("render", "table"): {"output": ["-o", "-"]},
    ("render", "board"): {"pegs": ["--pegs", "5/1,7/2"], "output": ["-o", "-"]},
    ("render", "led"): {"pegs": ["--pegs", "5/1"], "output": ["-o", "-"]},
    ("render", "breakdown"): {"cards": ["5H", "5C", "5D", "JS"], "starter": ["--starter", "5S"],
                              "output": ["-o", "-"]},
    ("render", "analysis"): {"source": ["--from", "-"], "output": ["-o", "-"]},
    ("render", "winprob"): {"probs": ["--probs", "0.5,0.6"], "output": ["-o", "-"]},
    ("render", "gallery"): {"output": ["-o", "gallery"]},
    ("render", "live"): {"pegs": ["--pegs", "5/1,7/2"], "output": ["-o", "-"]},
    ("render", "show"): {"starter": ["--starter", "5S"], "hand": ["--hand", "5H 5C 5D JS"], "output": ["-o", "-"]},
    ("board", "ports"): {},
    ("board", "template"): {"output": ["-o", "template"], "dpi": ["--dpi", "72"]},
    ("board", "sim"): {"seconds": ["--seconds", "0"]},
    ("board", "set"): {"port": ["--port", "sim://fuzz"], "pegs": ["--pegs", "5/1"]},
    ("board", "get"): {"port": ["--port", "sim://fuzz"]},
    ("board", "demo"): {"port": ["--port", "sim://fuzz"], "delay": ["--delay", "0"], "target": ["--target", "61"]},
    ("board", "test"): {"port": ["--port", "sim://fuzz"], "step": ["--step", "0"], "hold": ["--hold", "0"]},
    ("board", "firmware"): {"output": ["-o", "pico"]},
    ("bot",): {"check": ["--check"], "db": ["--db", "bot.sqlite3"]},
    ("db", "check"): {"db": ["--db", "play.sqlite3"]},
    ("db", "backup"): {"file": ["copy.sqlite3"], "db": ["--db", "play.sqlite3"]},
    ("daily", "build"): {"seed": ["--seed", "1"], "days": ["--days", "1"], "start": ["--start", "2027-01-07"],
                         "out": ["--out", "pool.json"]},
    ("daily", "show"): {"day": ["2027-01-01"]},
}

FILE_DESTS = frozenset({"file", "files", "source", "table", "config", "db", "output", "out", "record", "port",
                        "board", "pool"})
"""The arguments that name a file, a folder or a port: each is also given every hostile path."""


def parsers() -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command that runs (a leaf of the parser tree) with its words: ('render', 'card'), ('score',), ..."""
    def walk(words: tuple[str, ...], parser: argparse.ArgumentParser) -> Iterator[tuple[tuple[str, ...],
                                                                                     argparse.ArgumentParser]]:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            yield words, parser
        for sub in subs:
            for name, child in sub.choices.items():
                if child.prog.split()[-1] == name:  # not an alias
                    yield from walk((*words, name), child)
    yield from walk((), build_parser())


def value_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The arguments of a command that take a value (not --help, not a flag)."""
    return [a for a in parser._actions if a.nargs != 0 and not isinstance(a, argparse._SubParsersAction)]


def argv_with(words: tuple[str, ...], action: argparse.Action, value: str) -> list[str]:
    """The command's base arguments with `action` given `value` in place of its base one (or added)."""
    base = dict(BASES[words])
    fragment = [action.option_strings[-1], value] if action.option_strings else [value]
    if not action.option_strings and action.dest in base and action.nargs in ("+", "*"):
        fragment = [value, *base[action.dest][1:]]
    base[action.dest] = fragment
    return [*words, *(arg for part in base.values() for arg in part)]


def hostile_files(folder: Path) -> dict[str, Path]:
    """Files that broke or nearly broke a reader, made in `folder`: deep JSON, a 5,000-digit number, bad UTF-8, a
    table file whose checksum is right but whose content is not, a gzip bomb, a FIFO with no writer."""
    files = {
        "deep.json": b"[" * 100_000,
        "digits.json": b'{"options": ' + b"9" * 5000 + b"}",
        "huge.json": b'{"options": [{"discard": ["5H"], "hand_ev": 1e309}]}',
        "bad-utf8.txt": b"\xff\xfe5H 5C\n",
        "bomb.json.gz": gzip.compress(b" " * (80 << 20), compresslevel=1),
        "wrong-table.json.gz": gzip.compress(_signed({"format": "cribbage-wintable", "version": 1, "provenance": [],
                                                      "tables": {"9" * 4000: 1}, "counts": {"pmax": 48}})),
        "shard.json.gz": gzip.compress(_signed({"format": "cribbage-wintable", "version": 1, "provenance": {},
                                                "tables": {"61": [[5] * 61] * 61}, "counts": None})),
    }
    paths = {}
    for name, data in files.items():
        paths[name] = folder / name
        paths[name].write_bytes(data)
    paths["fifo"] = folder / "fifo"
    os.mkfifo(paths["fifo"])
    return paths


def _signed(payload: dict[str, object]) -> bytes:
    """A table payload with the checksum a table file carries (sha256 of its JSON, keys sorted, no spaces)."""
    digest = hashlib.sha256(json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return json.dumps({**payload, "sha256": digest}).encode()
