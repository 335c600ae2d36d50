"""Many concurrent games through the controller, run by hand (never a timed test):

    .venv/bin/python benchmarks/bot_bench.py [--games 200] [--moves 20] [--think 3] [--difficulty normal]

Each game is one simulated member against the computer, on one asyncio loop, exactly as the
Discord door drives the controller: a click's custom id read as a move, the typed command, a reply
out, with the engine, the computer's answer, the SQLite commit (WAL, synchronous FULL) and every picture of the
reply (table, board, hand panel, show breakdowns) in between. Members pause between clicks
(`--think` seconds on average, uniformly 0.5x-1.5x), as people do. Reported: the median and 99th
percentile time from a command to its reply, throughput, the memory each live game costs, and the
longest the event loop was ever kept from running (a ticker that wakes every 10 ms measures it).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.app.controller import Controller, Member, NewGame  # noqa: E402
from bot.app.ids import ComponentId  # noqa: E402
from bot.app.moves import move_of  # noqa: E402
from bot.autopilot import autopilot  # noqa: E402
from bot.storage import SqliteStorage  # noqa: E402


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


async def member(controller: Controller, n: int, args: argparse.Namespace, latencies: list[float],
                 rng: random.Random) -> int:
    me = Member(f"u{n}", f"player{n}")
    t0 = time.perf_counter()
    reply = await controller.new_game(NewGame("bench", me, None, args.difficulty, 121, True, seed=n))
    latencies.append(time.perf_counter() - t0)
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
        reply = await controller.move(me, cid.game, cid.version, move_of(cid, values))
        latencies.append(time.perf_counter() - t0)
        if not reply.ok:
            raise RuntimeError(f"game of player{n} refused a click: {reply.note}")
        made += 1
    return made


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        storage = SqliteStorage(Path(tmp) / "bench.sqlite3", synchronous=args.synchronous)
        controller = Controller(storage, workers=args.workers, processes=args.processes)
        await controller.warm()
        base = rss_kib()
        stop, stalls, latencies = asyncio.Event(), [], []
        tick = asyncio.create_task(ticker(stop, stalls))
        rng = random.Random(1)
        start = time.perf_counter()
        # members arrive over the first think period, not all in the same millisecond
        async def arrive(n: int) -> int:
            await asyncio.sleep(rng.uniform(0, args.think))
            return await member(controller, n, args, latencies, random.Random(n))

        moves = await asyncio.gather(*(arrive(n) for n in range(args.games)))
        elapsed = time.perf_counter() - start
        peak = rss_kib()
        rounds = controller.runner.lock_rounds
        stop.set()
        await tick
        controller.close()
        storage.close()
    lat = sorted(latencies)
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    print(f"games {args.games} vs the computer ({args.difficulty}), {sum(moves)} clicks + {args.games} "
          f"starts, think {args.think:g} s, workers {args.workers}, processes {args.processes}, "
          f"synchronous {args.synchronous}")
    print(f"command -> reply: median {statistics.median(lat) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
          f"max {lat[-1] * 1000:.0f} ms")
    print(f"throughput: {len(lat) / elapsed:.1f} commands/s over {elapsed:.1f} s")
    print(f"memory: {(peak - base) / args.games:.0f} KiB per live game (RSS {base // 1024} -> "
          f"{peak // 1024} MiB)")
    print(f"game-lock round trips: {rounds} for {len(lat) - args.games} clicks (the starts take none)")
    print(f"event loop: longest stall {max(stalls) * 1000:.1f} ms (target: under 100 ms)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--moves", type=int, default=20, help="clicks per member (a game is ~50-60)")
    p.add_argument("--think", type=float, default=3.0, help="mean seconds between a member's clicks")
    p.add_argument("--difficulty", default="normal")
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--processes", type=int, default=2, help="for pictures and the computer (0: in threads)")
    p.add_argument("--synchronous", default="FULL")
    asyncio.run(run(p.parse_args()))


if __name__ == "__main__":
    main()
