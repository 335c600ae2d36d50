"""/cribbage stats and the leaderboard on a server with many finished games, run by hand (never a timed test):

    .venv/bin/python benchmarks/stats_bench.py [--games 100000] [--players 500] [--calls 200]

Fills an SQLite database with `--games` decided games' summaries (as the application writes them when a
game ends: two seats a game, drawn from `--players` members and the computer), then times the
controller's stats (a random member) and leaderboard commands: median and 99th percentile.
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

from bot.app.controller import Controller  # noqa: E402
from bot.model import GameSummary, PlayerLine  # noqa: E402
from bot.storage import SqliteStorage  # noqa: E402


def fill(storage: SqliteStorage, games: int, players: int, rng: random.Random) -> None:
    for n in range(games):
        a, b = rng.sample(range(players + 1), 2)  # player `players` is the computer
        won = rng.randrange(2)
        lines = []
        for seat, who in enumerate((a, b)):
            key = "computer:normal" if who == players else f"member:{who}"
            win = int(seat == won)
            lines.append(PlayerLine(key, f"player {who}", (1, win, 0, 0, 0, 0, 9, 4, 20, 70, 20, 1)))
        storage.add_summary(GameSummary(f"g{n}", "srv", 9, tuple(lines)))


async def measure(c: Controller, calls: int, players: int, rng: random.Random) -> tuple[list[float], list[float]]:
    stats, board = [], []
    for _ in range(calls):
        t0 = time.perf_counter()
        await c.stats("srv", str(rng.randrange(players)), "someone")
        stats.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        await c.leaderboard("srv")
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
    args = p.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        storage = SqliteStorage(Path(tmp) / "stats.sqlite3", synchronous="NORMAL")
        t0 = time.perf_counter()
        fill(storage, args.games, args.players, rng)
        print(f"{args.games} summaries written in {time.perf_counter() - t0:.1f} s")
        c = Controller(storage, images=False)
        stats, board = asyncio.run(measure(c, args.calls, args.players, rng))
        c.close()
        storage.close()
    for name, values in (("stats", stats), ("leaderboard", board)):
        print(f"{name}: median {statistics.median(values) * 1000:.2f} ms, p99 {p99(values) * 1000:.2f} ms "
              f"over {len(values)} calls")


if __name__ == "__main__":
    main()
