"""How fast the pegboard link is: frames per second through the simulated board, and the time from a
state change (`set_pegs`) to the board's ACK, median and 99th percentile.

Run by hand: .venv/bin/python benchmarks/board_bench.py [--updates N]
Two boards: `sim://` in this process (the protocol and driver cost alone) and the simulated board on a
pseudo-terminal served by another thread (a real tty path, as a USB board is opened). Not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from board_driver import sim  # noqa: E402
from board_driver.driver import BoardDriver, Timing  # noqa: E402
from board_driver.faults import FaultPlan  # noqa: E402
from board_driver.link import BoardLink  # noqa: E402
from board_driver.model import default_track  # noqa: E402
from board_driver.protocol import SetState  # noqa: E402
from board_driver.ptysim import PtySim  # noqa: E402
from board_driver.sim import SimBoard  # noqa: E402


def pegs(i: int) -> list:  # type: ignore[type-arg]
    front = i % 120 + 1
    return [default_track(0, front, front - 1), default_track(1, 121 - front, 120 - front)]


def link_rate(url: str, updates: int) -> float:
    """Stop-and-wait frames per second over a bare link: send STATE, wait for its ACK, repeat."""
    with BoardLink.open(url) as link:
        link.handshake(2.0)
        start = time.perf_counter()
        for i in range(1, updates + 1):
            link.request(SetState(i % 65535 + 1, tuple(pegs(i))), i % 65535 + 1)
        return updates / (time.perf_counter() - start)


def driver_latency(url: str, updates: int, timing: Timing | None = None) -> tuple[float, float, float]:
    """Through the driver: per update, time from set_pegs to the board's ACK. (rate, median, p99)."""
    driver = BoardDriver(url, timing=timing or Timing(heartbeat_s=60.0)).start()
    try:
        if not driver.wait_connected(5.0):
            raise SystemExit(f"no board at {url}: {driver.status().last_error}")
        times = []
        start = time.perf_counter()
        for i in range(updates):
            t0 = time.perf_counter()
            driver.set_pegs(pegs(i))
            if not driver.wait_synced(5.0):
                raise SystemExit(f"update {i} not acknowledged: {driver.status()}")
            times.append(time.perf_counter() - t0)
        rate = updates / (time.perf_counter() - start)
    finally:
        driver.stop()
    times.sort()
    return rate, statistics.median(times), times[int(len(times) * 0.99) - 1]


def report(name: str, url: str, updates: int) -> None:
    rate = link_rate(url, updates)
    drate, median, p99 = driver_latency(url, updates)
    print(f"{name:<22} link {rate:8.0f} frames/s{'':7} driver {drate:8.0f} updates/s   "
          f"change→ack median {median * 1e3:6.3f} ms  p99 {p99 * 1e3:6.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=5000)
    args = parser.parse_args()
    print(f"{args.updates} full-state updates each, two tracks, no faults")
    sim.create_board("bench")
    report("sim:// in-process", "sim://bench", args.updates)
    board = SimBoard()
    stop = threading.Event()
    with PtySim(board) as pty:
        thread = threading.Thread(target=pty.serve, args=(stop,), daemon=True)
        thread.start()
        report("pseudo-terminal", pty.path, args.updates)
        stop.set()
        thread.join()
    sim.create_board("noisy", faults=FaultPlan(drop=0.10, garble=0.05, seed=1))
    timing = Timing(ack_timeout=0.02, heartbeat_s=60.0)
    drate, median, p99 = driver_latency("sim://noisy", args.updates // 5, timing)
    print(f"{'sim:// 10% drop 5% garble, 20 ms ack timeout':<44} driver {drate:8.0f} updates/s   "
          f"change→ack median {median * 1e3:6.3f} ms  p99 {p99 * 1e3:6.3f} ms")


if __name__ == "__main__":
    main()
