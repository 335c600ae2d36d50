"""Many concurrent games through the controller, run by hand (never a timed test):

    .venv/bin/python benchmarks/bot_bench.py [--games 200] [--moves 20] [--think 3] [--difficulty normal]
        [--storage sqlite|postgres] [--url URL] [--processes 1] [--pool 2] [--stages]

Each game is one simulated member against the computer, on an asyncio loop, exactly as the Discord door
drives the controller: a click's custom id read as a move, the typed command, a reply out, with the
engine, the computer's answer, the commit (SQLite: WAL, synchronous FULL; or PostgreSQL) and every
picture of the reply (table, board, hand panel, show breakdowns) in between. Members pause between clicks
(`--think` seconds on average, uniformly 0.5x-1.5x), as people do; they arrive over `--arrive` seconds.
The starts and the clicks made once every member is playing are also reported apart.

`--processes N` runs N bot processes, each with its own Controller (and its own `--pool` worker processes
for pictures and the computer) on the same database, each driving every Nth game, as `cribbage bot
--shards` does. Reported over all of them: the median and 99th percentile time from a command to its
reply, throughput, the memory each live game costs, and the longest any event loop was kept from running
(a ticker that wakes every 10 ms measures it). `--stages` also says where a click's time went.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import os
import pwd
import queue
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bot.app.commands import (
    MakeMove,
)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_stages  # noqa: E402
import bench_storage  # noqa: E402

from bot.app.controller import Controller, Member, NewGame  # noqa: E402
from bot.app.game.autopilot import autopilot  # noqa: E402
from bot.app.game.moves import move_of  # noqa: E402
from bot.app.shown.ids import ComponentId  # noqa: E402
from engine.core.rules import Rules  # noqa: E402


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def ticker(stop: asyncio.Event, stalls: list[float], period: float = 0.010) -> None:
    """How late the loop wakes a 10 ms sleeper: any lateness is time the loop was blocked."""
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(period)
        stalls.append(time.perf_counter() - start - period)


class Collections:
    """How long each of the garbage collector's passes held the interpreter, by generation: a full pass
    walks every object the process holds, and stops the event loop while it does."""

    def __init__(self) -> None:
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.pauses[info["generation"]].append(time.perf_counter() - self._start)


async def member(controller: Controller, n: int, args: argparse.Namespace, latencies: list[float],
                 rng: random.Random, starts: list[float], steady: list[float], settled: float) -> int:
    """One member's game. `starts` also gets the start's time, `steady` the clicks made after `settled` (once
    every member has arrived and made a first click)."""
    me = Member(f"u{n}", f"player{n}")
    t0 = time.perf_counter()
    reply = await controller.run(NewGame("bench", me, (args.difficulty,), Rules(skunk=True), seed=n))
    latencies.append(time.perf_counter() - t0)
    starts.append(time.perf_counter() - t0)
    made = 0
    while not reply.finished and made < args.moves:
        await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
        panel = reply.panel
        assert panel is not None
        choice = autopilot(panel, made)
        assert choice is not None
        t0 = time.perf_counter()
        custom_id, values = choice
        cid = ComponentId.parse(custom_id)
        reply = await controller.run(MakeMove(me, cid.game, cid.version, move_of(cid, values)))
        latencies.append(time.perf_counter() - t0)
        if t0 >= settled:
            steady.append(time.perf_counter() - t0)
        if not reply.ok:
            raise RuntimeError(f"game of player{n} refused a click: {reply.note}")
        made += 1
    return made


async def drive(args: argparse.Namespace, where: str, index: int, go: Any) -> dict[str, Any]:
    """One bot process: its controller drives games index, index + N, ... once every process is ready."""
    storage = bench_storage.open_storage(args, where, pool_size=args.workers + 2)
    controller = Controller(storage, workers=args.workers, processes=args.pool)
    await controller.warm()
    base = rss_kib()
    if go is not None:
        await asyncio.get_running_loop().run_in_executor(None, go.wait)
    stop = asyncio.Event()
    stalls: list[float] = []
    latencies: list[float] = []
    starts: list[float] = []
    steady: list[float] = []
    tick = asyncio.create_task(ticker(stop, stalls))
    collections = Collections()
    gc.callbacks.append(collections)
    rng = random.Random(1 + index)
    start, cpu = time.time(), time.process_time()
    arrival = args.think if args.arrive is None else args.arrive
    settled = time.perf_counter() + arrival + 1.5 * args.think

    async def arrive(n: int) -> int:  # members arrive over `arrival` seconds, not all at once
        await asyncio.sleep(rng.uniform(0, arrival))
        return await member(controller, n, args, latencies, random.Random(n), starts, steady, settled)

    moves = await asyncio.gather(*(arrive(n) for n in range(index, args.games, args.processes)))
    end, cpu = time.time(), time.process_time() - cpu
    peak = rss_kib()
    stop.set()
    await tick
    gc.callbacks.remove(collections)
    rounds = controller.runner.lock_rounds
    controller.close()
    storage.close()
    pool = resource.getrusage(resource.RUSAGE_CHILDREN)  # the worker processes, joined by close()
    cpu += pool.ru_utime + pool.ru_stime
    return {"latencies": latencies, "starts": starts, "steady": steady, "stalls": stalls, "moves": sum(moves),
            "pool_cpu": pool.ru_utime + pool.ru_stime,
            "start": start, "end": end,
            "base": base, "peak": peak, "rounds": rounds, "cpu": cpu, "stages": bench_stages.totals(),
            "gc": collections.pauses, "tracked": len(gc.get_objects())}


def child(args: argparse.Namespace, where: str, index: int, go: Any, out: Any) -> None:
    if args.stages:
        bench_stages.install()
    out.put(asyncio.run(drive(args, where, index, go)))


def run_all(args: argparse.Namespace, where: str) -> list[dict[str, Any]]:
    if args.processes == 1:
        if args.stages:
            bench_stages.install()
        return [asyncio.run(drive(args, where, 0, None))]
    bench_storage.open_storage(args, where, pool_size=1).close()  # the schema made once, before they open it
    ctx = multiprocessing.get_context("spawn")
    go, out = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=child, args=(args, where, i, go, out)) for i in range(args.processes)]
    for p in procs:
        p.start()
    time.sleep(0.5)
    go.set()  # each waits for this after its warm-up, so all start together
    results: list[dict[str, Any]] = []
    while len(results) < len(procs):
        try:
            results.append(out.get(timeout=1.0))
        except queue.Empty:
            if any(p.exitcode not in (None, 0) for p in procs):
                raise SystemExit("a bot process failed (its error is above)") from None
    for p in procs:
        p.join()
    return results


def machine_cpu() -> tuple[float, float]:
    """Seconds the machine's cores have been busy and idle (from /proc/stat), to see what else ran."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK"), idle / os.sysconf("SC_CLK_TCK")


def server_cpu() -> float:
    """Seconds of CPU used by the processes of the throwaway PostgreSQL server's user (cribbage-pg)."""
    try:
        uid = pwd.getpwnam("cribbage-pg").pw_uid
    except KeyError:
        return 0.0
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if stat.parent.stat().st_uid == uid:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                total += sum(int(v) for v in fields[11:15])  # with the exited backends (cutime, cstime)
        except (OSError, IndexError, ValueError):
            continue
    return total / os.sysconf("SC_CLK_TCK")


def report(args: argparse.Namespace, results: list[dict[str, Any]], busy: float, server: float) -> None:
    lat = sorted(x for r in results for x in r["latencies"])
    elapsed = max(r["end"] for r in results) - min(r["start"] for r in results)
    moves = sum(r["moves"] for r in results)
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    grown = sum(r["peak"] - r["base"] for r in results)
    print(f"games {args.games} vs the computer ({args.difficulty}), {moves} clicks + {args.games} starts, think "
          f"{args.think:g} s; {args.processes} bot process(es), each {args.workers} worker threads and "
          f"{args.pool} worker processes; {bench_storage.describe(args)}")
    print(f"command -> reply: median {statistics.median(lat) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
          f"max {lat[-1] * 1000:.0f} ms")
    for name, key in (("starts", "starts"), ("clicks once every member is playing", "steady")):
        part = sorted(x for r in results for x in r[key])
        if part:
            print(f"  {name} ({len(part)}): median {statistics.median(part) * 1000:.0f} ms, p99 "
                  f"{part[min(len(part) - 1, int(len(part) * 0.99))] * 1000:.0f} ms, max {part[-1] * 1000:.0f} ms")
    cpu = sum(r["cpu"] for r in results)
    print(f"throughput: {len(lat) / elapsed:.1f} commands/s over {elapsed:.1f} s; the bot processes used "
          f"{cpu / elapsed:.2f} cores, {cpu / len(lat) * 1000:.1f} ms of CPU a command (with their worker "
          f"processes); the whole machine was busy {busy:.2f} of its {os.cpu_count()} cores")
    pool_cpu = sum(r["pool_cpu"] for r in results)
    print(f"  of which the worker processes {pool_cpu / len(lat) * 1000:.1f} ms a command, the bot processes "
          f"{(cpu - pool_cpu) / len(lat) * 1000:.1f} ms")
    if server:
        print(f"the PostgreSQL server used {server / elapsed:.2f} cores, {server / len(lat) * 1000:.1f} ms of CPU "
              "a command")
    print(f"memory: {grown / args.games:.0f} KiB per live game (RSS of the bot processes "
          f"{sum(r['base'] for r in results) // 1024} -> {sum(r['peak'] for r in results) // 1024} MiB)")
    print(f"game-lock round trips: {sum(r['rounds'] for r in results)} for {moves} clicks (the starts take none)")
    print(f"event loop: longest stall {max(max(r['stalls']) for r in results) * 1000:.1f} ms (target: under 100 ms)")
    for gen in (0, 1, 2):
        pauses = sorted(x for r in results for x in r["gc"][gen])
        if pauses:
            print(f"  collector, generation {gen}: {len(pauses)} passes, median {statistics.median(pauses) * 1000:.1f} "
                  f"ms, longest {pauses[-1] * 1000:.1f} ms")
    print(f"  objects the collector still tracks at the end: {', '.join(str(r['tracked']) for r in results)} "
          "(by process)")
    if args.stages:
        bench_stages.report([r["stages"] for r in results])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--moves", type=int, default=20, help="clicks per member (a game is ~50-60)")
    p.add_argument("--think", type=float, default=3.0, help="mean seconds between a member's clicks")
    p.add_argument("--arrive", type=float, default=None,
                   help="seconds over which the members arrive and start their games (default: one --think)")
    p.add_argument("--difficulty", default="normal")
    p.add_argument("--processes", type=int, default=1, help="bot processes, each its own Controller")
    p.add_argument("--workers", type=int, default=4, help="worker threads of each bot process")
    p.add_argument("--pool", type=int, default=2,
                   help="worker processes of each bot process for pictures and the computer (0: in its threads)")
    p.add_argument("--stages", action="store_true", help="time each stage of a command (engine, computer, "
                   "commit, pictures, PNG)")
    bench_storage.add_arguments(p)
    args = p.parse_args()
    with bench_storage.database(args) as where:
        busy, server = machine_cpu()[0], server_cpu()
        started = time.time()
        results = run_all(args, where)
        busy = (machine_cpu()[0] - busy) / (time.time() - started)
        server = server_cpu() - server if args.storage == "postgres" and not args.url else 0.0
    report(args, results, busy, server)


if __name__ == "__main__":
    main()
