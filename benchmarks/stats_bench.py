"""/cribbage stats and the leaderboard on a server with many finished games, run by hand (never a timed test):

    .venv/bin/python benchmarks/stats_bench.py [--games 100000] [--players 500] [--calls 200]
        [--storage sqlite|postgres] [--url URL]

Fills a database (SQLite, or PostgreSQL: a throwaway server unless `--url` names one) with `--games` decided
games' summaries (as the application writes them when a game ends: two seats a game, drawn from `--players`
members and the computer), then times the controller's stats (a random member) and leaderboard commands:
median and 99th percentile. The goal: p99 under 50 ms on both.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.app.commands import (
    Leaderboard,
    MemberStats,
)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_storage  # noqa: E402

from bot.app.controller import Controller  # noqa: E402
from bot.storage import Storage  # noqa: E402
from bot.storage.values import GameSummary, PlayerLine  # noqa: E402


def summaries(games: int, players: int, rng: random.Random) -> list[GameSummary]:
    made = []
    for n in range(games):
        a, b = rng.sample(range(players + 1), 2)  # player `players` is the computer
        won = rng.randrange(2)
        lines = []
        for seat, who in enumerate((a, b)):
            key = "computer:normal" if who == players else f"member:{who}"
            win = int(seat == won)
            lines.append(PlayerLine(key, f"player {who}", (1, win, 0, 0, 0, 0, 9, 4, 20, 70, 20, 1)))
        made.append(GameSummary(f"g{n}", "srv", 9, tuple(lines)))
    return made


def fill(storage: Storage, made: list[GameSummary], threads: int) -> None:
    """One transaction a summary, as games end; several at once on PostgreSQL (a round trip each)."""
    if threads <= 1:
        for summary in made:
            storage.add_summary(summary)
        return
    with ThreadPoolExecutor(threads) as pool:
        for _ in pool.map(storage.add_summary, made, chunksize=256):
            pass


async def measure(c: Controller, calls: int, players: int, rng: random.Random) -> tuple[list[float], list[float]]:
    stats, board = [], []
    for _ in range(calls):
        t0 = time.perf_counter()
        await c.run(MemberStats("srv", str(rng.randrange(players)), "someone"))
        stats.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        await c.run(Leaderboard("srv"))
        board.append(time.perf_counter() - t0)
    return stats, board


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100_000)
    p.add_argument("--players", type=int, default=500)
    p.add_argument("--calls", type=int, default=200)
    bench_storage.add_arguments(p)
    p.set_defaults(synchronous="NORMAL", pg_fsync="off")  # filling, not what is measured
    args = p.parse_args()
    rng = random.Random(1)
    threads = 1 if args.storage == "sqlite" else 8
    with bench_storage.database(args) as where:
        storage = bench_storage.open_storage(args, where, pool_size=threads)
        t0 = time.perf_counter()
        fill(storage, summaries(args.games, args.players, rng), threads)
        print(f"{args.games} summaries written in {time.perf_counter() - t0:.1f} s to {bench_storage.describe(args)}")
        c = Controller(storage, images=False)
        stats, board = asyncio.run(measure(c, args.calls, args.players, rng))
        c.close()
        storage.close()
    for name, values in (("stats", stats), ("leaderboard", board)):
        print(f"{name}: median {statistics.median(values) * 1000:.2f} ms, p99 {p99(values) * 1000:.2f} ms "
              f"over {len(values)} calls")


if __name__ == "__main__":
    main()
