"""How long a year's pool of daily hands takes to build (issue 56: under 10 minutes on two cores), run by hand:

    .venv/bin/python benchmarks/daily_bench.py [--repeat 1] [--workers 2] [--days 366] [--keep FILE]

Each run is the real `cribbage daily build` in a fresh process, timed from start to exit; the figure is the
median of the runs. The pool is the same bytes every run (the build is deterministic from its seed), which the
script checks.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.cli.main import COMMAND_MODULES  # noqa: E402

DAILY = "bot.cli.commands.daily"
SHIM = f"import sys, bot.cli.main as m; m.COMMAND_MODULES = (*m.COMMAND_MODULES, {DAILY!r}); sys.exit(m.main())"
"""Until `daily` is one of the command line's modules, the benchmark adds it for its own runs."""
CRIBBAGE = [sys.executable, "-m", "bot.cli.main"] if DAILY in COMMAND_MODULES else [sys.executable, "-c", SHIM]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--days", type=int, default=366)
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--start", default="2027-01-01")
    parser.add_argument("--keep", help="copy the built pool here")
    args = parser.parse_args()
    times, digests = [], set()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "pool.json"
        argv = ["daily", "build", "--seed", str(args.seed), "--days", str(args.days), "--start", args.start,
                "--workers", str(args.workers), "--out", str(out)]
        print("cribbage " + " ".join(argv[:-1]) + " FILE", flush=True)
        for _ in range(args.repeat):
            started, cpu = time.perf_counter(), os.times()
            subprocess.run(CRIBBAGE + argv, check=True, cwd=ROOT, stderr=subprocess.DEVNULL)
            wall, after = time.perf_counter() - started, os.times()
            times.append(wall)
            digests.add(hashlib.sha256(out.read_bytes()).hexdigest())
            used = (after.children_user - cpu.children_user) + (after.children_system - cpu.children_system)
            print(f"  {wall:7.1f} s wall, {used:7.1f} s of processor time, load average {os.getloadavg()[0]:.1f}",
                  flush=True)
        if args.keep:
            Path(args.keep).write_bytes(out.read_bytes())
    print(f"median {statistics.median(times):.1f} s over {len(times)} run(s); "
          f"{'the same pool every run' if len(digests) == 1 else 'POOLS DIFFER'} ("
          f"sha256 {sorted(digests)[0][:16]})")


if __name__ == "__main__":
    main()
