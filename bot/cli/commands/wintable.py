"""`cribbage wintable` builds and merges the win-probability table; `cribbage winprob` reads it."""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from bot.cli.errors import UsageError
from bot.cli.files import WriteFailed, failed, write_whole
from bot.cli.numbers import seed_number, whole, worker_count, worker_number
from bot.cli.paths import check_output
from bot.cli.tablefile import table_bytes, table_or_unavailable
from bot.cli.worker_processes import worker_pool
from engine.analysis.table_sources import Source, SourceError, first_repeat, shard_seed, sources_json, sources_of
from engine.analysis.winprob import (
    ENGINE_VERSION,
    TableError,
    Unavailable,
    WinTable,
    build_table,
    dump_table,
    load_table,
    win_probability,
)
from engine.analysis.wintable import DealStatistics
from engine.computer.table_build import simulate
from engine.core.rules import TARGETS

REFERENCE = "reference"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("wintable", help="build or merge the win-probability table")
    what = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    b = what.add_parser("build", help="simulate deals of the reference strategy and solve the table")
    b.add_argument("--deals", type=whole(1, 10**12), required=True, help="deals to simulate")
    b.add_argument("--workers", type=worker_number, default=1, help="processes (0: one per core)")
    b.add_argument("--seed", type=seed_number, default=1,
                   help="seed of the simulation: shard i of the build uses seed*1000+i (default 1)")
    b.add_argument("--target", type=whole(61, 121), choices=TARGETS, action="append",
                   help="solve for this target (repeat for both; default both)")
    b.add_argument("--out", required=True, help="table file to write (.json.gz)")
    b.add_argument("--simulator", choices=("numpy", "python"), default=None,
                   help="numpy: the vectorised simulator, about 20 times faster (needs numpy, the `build` extra); "
                        "python: the engine's (default: numpy when it is installed)")
    b.set_defaults(func=run_build)
    m = what.add_parser("merge", help="add the counts of several table files and solve again")
    m.add_argument("files", nargs="+", metavar="FILE",
                   help="table files written by `wintable build` (each shard once)")
    m.add_argument("--target", type=whole(61, 121), choices=TARGETS, action="append",
                   help="solve for this target (repeat for both; default both)")
    m.add_argument("--out", required=True, help="table file to write (.json.gz)")
    m.set_defaults(func=run_merge)
    w = sub.add_parser("winprob", help="the chance to win from two scores before a deal")
    w.add_argument("me", type=whole(0, 9999), help="your score")
    w.add_argument("them", type=whole(0, 9999), help="their score")
    w.add_argument("--dealer", choices=("me", "them"), required=True, help="who deals next")
    w.add_argument("--target", type=whole(61, 121), default=121, choices=TARGETS,
                   help="the game's target (default 121)")
    w.add_argument("--table", help="a table file (default: the one shipped with the program)")
    w.add_argument("--json", action="store_true", help="write JSON")
    w.set_defaults(func=run_winprob)


_PROGRESS: Any = None
"""The shared deal counter (a multiprocessing Value of the fork context), inherited by each worker at start."""


def _init_worker(progress: Any) -> None:
    global _PROGRESS
    _PROGRESS = progress


def _shard(job: tuple[int, int, str]) -> dict[str, object]:
    deals, seed, simulator = job
    counted = [0]

    def tick(done: int) -> None:
        with _PROGRESS.get_lock():
            _PROGRESS.value += done - counted[0]
        counted[0] = done

    if simulator == "numpy":
        from engine.computer.refsim_np import simulate_np

        return simulate_np(deals, seed, progress=tick).to_json()
    return simulate(deals, seed, progress=tick).to_json()


def _simulator(chosen: str | None) -> str:
    try:
        import numpy  # noqa: F401
    except ImportError:
        if chosen == "numpy":
            raise UsageError("--simulator numpy needs numpy: pip install -e '.[build]'") from None
        return "python"
    return chosen or "numpy"


def run_build(args: argparse.Namespace) -> int:
    check_output(args.out, "--out")
    if args.deals < 1:
        raise UsageError(f"--deals must be at least 1, not {args.deals}")
    workers = worker_count(args.workers)
    targets = tuple(sorted(set(args.target or TARGETS), reverse=True))
    shards = max(workers, min(64, args.deals // 250_000 or 1))
    sizes = [args.deals // shards + (1 if i < args.deals % shards else 0) for i in range(shards)]
    ctx = multiprocessing.get_context("fork")
    progress = ctx.Value("q", 0)
    simulator = _simulator(args.simulator)
    jobs = [(n, shard_seed(args.seed, i), simulator) for i, n in enumerate(sizes) if n]
    start = time.perf_counter()
    counts = DealStatistics(finished=True)
    with worker_pool(workers, _init_worker, (progress,)) as pool:
        pending = pool.imap_unordered(_shard, jobs)
        done_shards = 0
        while done_shards < len(jobs):
            try:
                counts = counts.merge(DealStatistics.from_json(pending.next(timeout=1.0)))
                done_shards += 1
            except multiprocessing.TimeoutError:
                pass
            _progress_bar(max(progress.value, counts.deals), args.deals, time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    print(file=sys.stderr)
    command = "cribbage wintable build " + " ".join(shlex.quote(a) for a in sys.argv[3:]) \
        if sys.argv[1:3] == ["wintable", "build"] else f"cribbage wintable build --deals {args.deals} " \
        f"--seed {args.seed} --out {args.out}"
    provenance = {"strategy": REFERENCE, "seed": args.seed, "simulator": simulator, "engine_version": ENGINE_VERSION,
                  "command": command, "seconds": round(elapsed, 1),
                  "built": time.strftime("%Y-%m-%d", time.gmtime()),
                  "sources": sources_json([Source(simulator, seed, n) for n, seed, _ in jobs])}
    table = build_table(counts, targets, provenance)
    try:
        _write_table(args.out, table)
    except WriteFailed as exc:
        return failed("wintable", exc)
    print(f"{counts.deals:,} deals in {elapsed:.0f} s ({counts.deals / elapsed:,.0f} deals/s, "
          f"{elapsed / counts.deals * 1e6:.0f} s per million); wrote {args.out}")
    _report(table)
    return 0


_LAST_LINE = [-1]


def _progress_bar(done: int, total: int, elapsed: float) -> None:
    """A bar redrawn in place on a terminal; elsewhere (a log file) a line every tenth of the way."""
    frac = min(1.0, done / total)
    tty = sys.stderr.isatty()
    if not tty:
        tenth = int(frac * 10)
        if tenth == _LAST_LINE[0]:
            return
        _LAST_LINE[0] = tenth
    rate = done / elapsed if elapsed > 0 else 0.0
    left = (total - done) / rate if rate > 0 else float("inf")
    bar = "#" * int(30 * frac)
    eta = f"{left:,.0f} s left" if left != float("inf") else "…"
    sys.stderr.write(f"{chr(13) if tty else ''}[{bar:<30}] {done:,}/{total:,} deals  {rate:,.0f}/s  {eta}   "
                     f"{'' if tty else chr(10)}")
    sys.stderr.flush()


def _write_table(path: str, table: WinTable) -> None:
    """The table file whole, or the one there before kept (WriteFailed: the disk filled while it was built)."""
    write_whole(path, dump_table(table))


def _report(table: WinTable) -> None:
    for target in sorted(table.tables, reverse=True):
        p = table.p_win(0, 0, True, target)
        print(f"  {target}-point game: the first dealer wins {100 * p:.2f}% from 0-0")


def _read(path: str, data: bytes | None = None) -> WinTable:
    try:
        return load_table(table_bytes(path) if data is None else data)
    except TableError as exc:
        raise UsageError(f"{path}: {exc}") from None


def _read_once(paths: list[str]) -> list[WinTable]:
    """Each table file, refusing any deal counted twice: the same file by another name or a copy of it, the same
    shard recompressed, a rebuild with the same seed, a merged table and one of its parts."""
    seen: dict[object, str] = {}
    tables = []
    for path in paths:
        data = table_bytes(path)
        where = Path(path).resolve()
        for key in (where, hashlib.sha256(data).hexdigest()):
            if key in seen:
                raise UsageError(f"{path} repeats {seen[key]}: each shard may be merged once")
            seen[key] = path
        tables.append(_read(path, data))
    repeat = first_repeat([_sources(path, t) for path, t in zip(paths, tables, strict=True)])
    if repeat is not None:
        first, second = paths[repeat.first], paths[repeat.second]
        said = f"{second} repeats deals of {first}: both count {repeat.source}" if repeat.first != repeat.second \
            else f"{first} counts {repeat.source} twice"
        raise UsageError(f"{said}; each deal may be merged once")
    return tables


def _sources(path: str, table: WinTable) -> tuple[Source, ...]:
    try:
        return sources_of(table.provenance)
    except SourceError as exc:
        raise UsageError(f"{path} does not say which deals it counts ({exc}): it cannot be merged safely") from None


def run_merge(args: argparse.Namespace) -> int:
    check_output(args.out, "--out")
    tables = _read_once(args.files)
    counts = DealStatistics(finished=True)
    for path, t in zip(args.files, tables, strict=True):
        if t.counts is None:
            raise UsageError(f"{path} carries no counts to merge")
        if t.provenance.get("strategy") != REFERENCE:
            raise UsageError(f"{path} was built with strategy {t.provenance.get('strategy')!r}")
        counts = counts.merge(t.counts)
    targets = tuple(sorted(set(args.target or TARGETS), reverse=True))
    provenance = {"strategy": REFERENCE, "engine_version": ENGINE_VERSION,
                  "seed": [t.provenance.get("seed") for t in tables],
                  "command": "cribbage wintable merge " + " ".join(args.files) + f" --out {args.out}",
                  "merged": [t.provenance for t in tables],
                  "built": time.strftime("%Y-%m-%d", time.gmtime()),
                  "sources": sources_json([s for t in tables for s in sources_of(t.provenance)])}
    table = build_table(counts, targets, provenance)
    try:
        _write_table(args.out, table)
    except WriteFailed as exc:
        return failed("wintable", exc)
    print(f"merged {len(tables)} tables: {counts.deals:,} deals; wrote {args.out}")
    _report(table)
    return 0


def run_winprob(args: argparse.Namespace) -> int:
    if not 0 <= args.me < args.target or not 0 <= args.them < args.target:
        raise UsageError(f"scores must be from 0 to {args.target - 1}: got {args.me} and {args.them}")
    table = table_or_unavailable(args.table)
    p = win_probability(args.me, args.them, args.dealer == "me", args.target, table)
    if isinstance(p, Unavailable):
        print(json.dumps({"error": p.reason}) if args.json else str(p))
        return 2
    assert isinstance(table, WinTable)
    if args.json:
        provenance = {k: v for k, v in table.provenance.items() if k not in ("merged", "sources")}
        print(json.dumps({"me": args.me, "them": args.them, "dealer": args.dealer, "target": args.target,
                          "p_win": round(p, 6), "table": provenance}))
    else:
        who = "you deal" if args.dealer == "me" else "they deal"
        print(f"{args.me} to {args.them}, {who}: you win {100 * p:.1f}% "
              f"(table: {table.provenance.get('deals', 0):,} deals of the {table.provenance.get('strategy')} "
              f"strategy)")
    return 0
