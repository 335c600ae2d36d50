"""A big club night's round started by the bot (issue 57: a round of 128 matches started in under 5 s of the bot's
time), run by hand:

    .venv/bin/python benchmarks/club_night_bench.py [--entrants 256] [--runs 3] [--images] [--format knockout]

Each run makes a club night in a new SQLite file, enters `--entrants` members, and times `StartEvent` through the
controller: the entries closed, round 1 paired, its tables kept and every match's game made and stored with its
table drawn (without pictures; `--images` draws them too, as the bot does): what the bot does before the door posts
them. The figure is each run's time and their median. `--format knockout` times a knockout's first stage instead
(the seeding by rating, the bracket drawn, each match's first game made and stored). `--format league` times a
league's first round (the round robin, every game made and stored), then the sweeps at the round's half time (every
game's players reminded) and at its deadline (every game forfeited, its result kept).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.app.commands import CreateEvent, JoinEvent, StartEvent, Sweep  # noqa: E402
from bot.app.controller import Controller, Member  # noqa: E402
from bot.storage import SqliteStorage  # noqa: E402


async def one_run(path: Path, entrants: int, images: bool, format_: str = "club") -> tuple[float, int]:
    """Seconds to start round 1 of a night of `entrants` members, and how many games it started."""
    counter = iter(range(10**9))
    now = [time.time()]
    c = Controller(SqliteStorage(path), images=images, ids=lambda: f"g{next(counter)}", seeds=lambda: 7,
                   clock=lambda: now[0])
    try:
        await c.run(CreateEvent("guild", "555", Member("d", "director"), True, games=9, most=entrants,
                                format=format_, period=24))
        for n in range(entrants):
            await c.run(JoinEvent("guild", Member(f"m{n}", f"member {n}")))
        began = time.perf_counter()
        done = await c.run(StartEvent("guild", "d", True))
        seconds = time.perf_counter() - began
        if format_ == "league":
            for at, what in ((12 * 3600, "reminders"), (24 * 3600, "forfeits")):
                now[0] += at - (12 * 3600 if what == "forfeits" else 0)
                began = time.perf_counter()
                made = await c.run(Sweep())
                print(f"  the sweep's {len(made)} {what} in {time.perf_counter() - began:.2f} s")
        return seconds, sum(len(news.games) for news in done.news)
    finally:
        c.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=256)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--images", action="store_true", help="draw the tables' pictures too, as the bot does")
    parser.add_argument("--format", choices=("club", "knockout", "league"), default="club")
    args = parser.parse_args()
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(args.runs):
            seconds, games = asyncio.run(one_run(Path(folder) / f"night{run}.sqlite3", args.entrants,
                                                 args.images, args.format))
            times.append(seconds)
            print(f"run {run + 1}: {games} games started in {seconds:.2f} s")
    print(f"median {statistics.median(times):.2f} s over {args.runs} runs ({args.entrants} entrants)")


if __name__ == "__main__":
    main()
