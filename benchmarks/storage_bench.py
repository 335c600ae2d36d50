"""A game's storage round trips on their own, run by hand (never a timed test):

    .venv/bin/python benchmarks/storage_bench.py [--games 40] [--moves 40] [--storage sqlite|postgres] [--url URL]
        [--synchronous OFF]

Each move is what the application does around a click: read the game's revision, append one action at it,
load the game and its log. Reported: the process's CPU time a move and the median and 99th percentile of a
move's wall time. Without the engine, pictures and the event loop, it tells one backend's cost from another's
(and a change to the storage from the code before it) on a shared machine where bot_bench.py's latencies are
mostly the other processes'. SQLite runs with synchronous OFF by default, so that the disk does not decide.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_storage  # noqa: E402

from bot.storage import Storage  # noqa: E402
from bot.storage.values import GameMeta, Seat, SeatKind, Status  # noqa: E402
from engine.core.actions import Go  # noqa: E402
from engine.core.rules import Rules  # noqa: E402

SEATS = (Seat(SeatKind.HUMAN, "ann", "u1"), Seat(SeatKind.COMPUTER, "computer (easy)", "", "easy"))


def play(storage: Storage, games: int, moves: int) -> tuple[float, list[float]]:
    """(CPU seconds a move, each move's wall seconds) over `games` games of `moves` one-action moves."""
    walls = []
    cpu = time.process_time()
    for g in range(games):
        gid = f"g{g}"
        storage.create(GameMeta(gid, Rules(), SEATS, g, Status.ACTIVE, f"place{g}", 1.0, 1.0))
        for m in range(moves):
            start = time.perf_counter()
            storage.append(gid, m, [Go(m % 2)], now=2.0, rev=storage.revision(gid))
            storage.load(gid)
            walls.append(time.perf_counter() - start)
    return (time.process_time() - cpu) / (games * moves), walls


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--moves", type=int, default=40)
    bench_storage.add_arguments(p)
    p.set_defaults(synchronous="OFF")
    args = p.parse_args()
    with bench_storage.database(args) as where:
        storage = bench_storage.open_storage(args, where, pool_size=2)
        try:
            cpu, walls = play(storage, args.games, args.moves)
        finally:
            storage.close()
    walls.sort()
    print(f"{len(walls)} moves on {bench_storage.describe(args)}: CPU {cpu * 1000:.3f} ms a move; wall median "
          f"{statistics.median(walls) * 1000:.3f} ms, p99 {walls[int(len(walls) * 0.99)] * 1000:.3f} ms")


if __name__ == "__main__":
    main()
