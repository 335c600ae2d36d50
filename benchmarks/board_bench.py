"""How fast and how sure the pegboard link is, over a real pseudo-terminal (the simulated board served by
another thread, opened by path as a USB board is):

0. the protocol's own cost, no pty: a STATE encoded by the host, answered by the simulated board (the
   firmware's core) and its ACK decoded by the host, in one thread (median of 7 rounds of --lines);
1. score change to board applied: the time from `set_pegs` until the board shows it (median, p99), on a
   clean link and with 10% of lines dropped and 5% garbled (each way);
2. recovery after an unplug: the time from the replug until the board shows the state again;
3. game end to final picture: the time from the game's last `set_pegs`/`set_effects` until the board shows
   the final pegs, winner and skunk line, with `finish(3.0)` called at once, under each fault a table sees
   (a clean link, drop and garble, replies 300 ms late, 5% and 10% of bytes corrupted each way, a 2 s
   unplug the game ends in, and one it ends just after). The game is played on the faulty link; the
   board is connected on a clean one first.

Run by hand: .venv/bin/python benchmarks/board_bench.py [--updates N] [--runs N] [--lines N] [--parts 0123]
Default timing (Timing()), as the bot uses. Not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from board_driver.driver import BoardDriver, FinishResult, Timing  # noqa: E402
from board_driver.faults import NO_FAULTS, FaultPlan  # noqa: E402
from board_driver.model import Effects, TrackState, default_track  # noqa: E402
from board_driver.protocol import SetState, decode, encode  # noqa: E402
from board_driver.ptysim import PtySim  # noqa: E402
from board_driver.sim import SimBoard  # noqa: E402

FINAL = (default_track(0, 79, 71), default_track(1, 121, 117, highlight=True))
WINNER = Effects(winner=1, skunk=91)


def pegs(i: int) -> tuple[TrackState, TrackState]:
    front = i % 120 + 1
    return default_track(0, front, front - 1), default_track(1, 121 - front, 120 - front)


def spread(times: list[float]) -> str:
    times = sorted(times)
    p99 = times[max(0, round(len(times) * 0.99) - 1)]
    return (f"median {statistics.median(times) * 1e3:7.1f} ms  p99 {p99 * 1e3:7.1f} ms  "
            f"max {times[-1] * 1e3:7.1f} ms  (n={len(times)})")


def line_cost(lines: int) -> list[float]:
    """Seconds per STATE line, host to board and its ACK back, for each of 7 rounds of `lines` lines."""
    wire = SimBoard().connect()
    rounds = []
    for _ in range(7):
        start = time.perf_counter()
        for i in range(lines):
            wire.write(encode(SetState(i, pegs(i))), 1.0)
            decode(bytes(wire.readable))
            wire.readable.clear()
        rounds.append((time.perf_counter() - start) / lines)
    return rounds


class Bench:
    """One simulated board on a pty behind a stable link, and a driver with the default timing."""

    def __init__(self, plan: FaultPlan = NO_FAULTS) -> None:
        self._dir = tempfile.TemporaryDirectory()
        self.board = SimBoard(faults=plan)
        self.pty = PtySim(self.board, link=Path(self._dir.name) / "usb-pegboard").start()
        self.driver = BoardDriver(self.pty.path, timing=Timing()).start()
        if not self.driver.wait_synced(5.0):
            raise SystemExit(f"no board: {self.driver.status()}")

    def shows(self, check: Callable[[SimBoard], bool], timeout: float = 10.0) -> float | None:
        """Seconds until the board shows what `check` wants (None: not within `timeout`)."""
        start = time.perf_counter()
        if not self.board.wait_for(check, timeout):
            return None
        return time.perf_counter() - start

    def close(self) -> None:
        self.driver.stop()
        self.pty.close()
        self._dir.cleanup()


def applied(plan: FaultPlan, updates: int) -> list[float]:
    """Per score change: set_pegs until the board shows it (each change waits for the one before)."""
    bench = Bench(plan)
    times = []
    try:
        for i in range(updates):
            wanted = pegs(i)
            start = time.perf_counter()
            bench.driver.set_pegs(wanted)
            if not bench.board.wait_for(lambda b: b.state.tracks == wanted, 10.0):  # noqa: B023
                raise SystemExit(f"update {i} never shown: {bench.driver.status()}")
            times.append(time.perf_counter() - start)
            bench.driver.wait_synced(10.0)  # the next change starts from an acknowledged one
    finally:
        bench.close()
    return times


def recovery(runs: int, out_s: float) -> list[float]:
    """Per unplug of `out_s` seconds: replug until the (power-cycled) board shows the state again."""
    times = []
    for run in range(runs):
        bench = Bench()
        try:
            bench.driver.set_brightness(60)
            bench.driver.set_pegs(pegs(run))
            bench.driver.wait_synced(5.0)
            bench.pty.unplug()
            time.sleep(out_s)
            bench.pty.replug(new_path=run % 2 == 1)
            wanted = pegs(run)
            took = bench.shows(lambda b: b.state.tracks == wanted and b.state.brightness == 60)  # noqa: B023
            times.append(float("inf") if took is None else took)
            bench.driver.wait_synced(5.0)
        finally:
            bench.close()
    return times


def game_end(plan: FaultPlan, unplug_at: float | None, runs: int) -> tuple[list[float], list[FinishResult]]:
    """Per game: the time from its end until the board shows the final picture, finish(3.0) called at
    once. With `unplug_at`, the cable is out for 2 s starting that long before the game ends."""
    times, results = [], []
    for run in range(runs):
        seeded = FaultPlan(drop=plan.drop, garble=plan.garble, reply_delay_s=plan.reply_delay_s,
                           corrupt=plan.corrupt, seed=run)
        bench = Bench()
        bench.board.set_faults(seeded)
        replug = None
        try:
            for i in range(30):  # the game, a move every 20 ms
                bench.driver.set_pegs(pegs(i))
                time.sleep(0.02)
            if unplug_at is not None:
                bench.pty.unplug()
                replug = threading.Timer(2.0, bench.pty.replug)
                replug.start()
                time.sleep(unplug_at)
            end = time.perf_counter()
            bench.driver.set_pegs(FINAL)
            bench.driver.set_effects(WINNER)
            shown_at: list[float] = []
            thread = threading.Thread(target=_watch_final, args=(bench.board, shown_at))
            thread.start()
            results.append(bench.driver.finish(3.0))
            thread.join()
            times.append(shown_at[0] - end)
        finally:
            if replug is not None:
                replug.join()
            bench.close()
    return times, results


def _watch_final(board: SimBoard, shown_at: list[float]) -> None:
    """Note when the board shows the final pegs, winner and skunk line (inf: not within 40 s)."""
    ok = board.wait_for(lambda b: b.state.tracks == FINAL and b.state.effects == WINNER, 40.0)
    shown_at.append(time.perf_counter() if ok else float("inf"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=1000, help="score changes per link (default 1000)")
    parser.add_argument("--runs", type=int, default=10, help="unplugs and game ends per fault (default 10)")
    parser.add_argument("--lines", type=int, default=5000, help="lines per round of part 0 (default 5000)")
    parser.add_argument("--parts", default="0123", help="which parts to run (default 0123)")
    args = parser.parse_args()
    if "0" in args.parts:
        part_0(args.lines)
    if "1" in args.parts:
        part_1(args.updates)
    if "2" in args.parts:
        part_2(args.runs)
    if "3" in args.parts:
        part_3(args.runs)


def part_0(lines: int) -> None:

    cost = line_cost(lines)
    print("0. one STATE line through the protocol, in process (no pty)")
    print(f"   host -> simulated board -> host  median {statistics.median(cost) * 1e6:6.1f} us  "
          f"min {min(cost) * 1e6:6.1f} us  (7 rounds of {lines})")


def part_1(updates: int) -> None:
    print("1. score change -> board applied, over a pty")
    print(f"   clean link                      {spread(applied(NO_FAULTS, updates))}")
    noisy = FaultPlan(drop=0.10, garble=0.05, seed=1)
    print(f"   10% drop + 5% garble each way   {spread(applied(noisy, updates))}")


def part_2(runs: int) -> None:
    print("2. replug -> board shows the state again (power-cycled board, reconnect and resend)")
    for out_s in (0.5, 2.0, 5.0):
        print(f"   unplugged {out_s:3.1f} s                 {spread(recovery(runs, out_s))}")


def part_3(runs: int) -> None:
    print("3. game end -> board shows the final pegs, winner and skunk line (finish(3.0) called at once)")
    cases = [("clean link", NO_FAULTS, None), ("10% drop + 5% garble", FaultPlan(drop=0.10, garble=0.05), None),
             ("replies 300 ms late", FaultPlan(reply_delay_s=0.3), None),
             ("5% of bytes corrupted", FaultPlan(corrupt=0.05), None),
             ("10% of bytes corrupted", FaultPlan(corrupt=0.10), None),
             ("2 s unplug, ends 1 s in", NO_FAULTS, 1.0), ("2 s unplug, ends 0.1 s after", NO_FAULTS, 2.1)]
    for name, plan, unplug_at in cases:
        times, results = game_end(plan, unplug_at, runs)
        right = sum(t != float("inf") for t in times)
        synced = sum(r.synced for r in results)
        print(f"   {name:<31} {spread(times)}  board right {right}/{len(times)}  finish synced "
              f"{synced}/{len(results)}")
        if plan.corrupt:
            print(f"   {'':<31} finish: tries {sum(r.tries for r in results)}, NAKs {sum(r.naks for r in results)}, "
                  f"damaged answers {sum(r.damaged for r in results)}, timeouts {sum(r.timeouts for r in results)}")


if __name__ == "__main__":
    main()
