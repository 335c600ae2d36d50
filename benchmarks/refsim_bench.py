"""The reference deal simulator: the engine's (engine/wintable.simulate) against the vectorised one
(engine/refsim_np.simulate_np), one process each, deals counted into `DealStatistics` as a build does.
Run by hand (never a timed test):

    nice -n 19 .venv/bin/python benchmarks/refsim_bench.py [--python-deals 20000] [--numpy-deals 500000]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.computer.refsim_np import _tables, simulate_np  # noqa: E402
from engine.computer.table_build import simulate  # noqa: E402


def rate(run: Callable[[int, int], object], deals: int) -> float:
    start = time.perf_counter()
    run(deals, 1)
    return deals / (time.perf_counter() - start)


def line(name: str, per_second: float, deals: int) -> str:
    return f"{name:<30} {per_second:9,.0f} deals/s  ({1e6 / per_second:6.1f} s per million, {deals:,} deals)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--python-deals", type=int, default=20_000)
    parser.add_argument("--numpy-deals", type=int, default=500_000)
    args = parser.parse_args()
    _tables()  # built once per process (0.2 s)
    py = rate(simulate, args.python_deals)
    print(line("python (engine/computer/reference.py):", py, args.python_deals))
    fast = rate(simulate_np, args.numpy_deals)
    print(line("numpy (engine/computer/refsim_np.py):", fast, args.numpy_deals))
    print(f"speed-up: {fast / py:.1f}x (one process)")


if __name__ == "__main__":
    main()
