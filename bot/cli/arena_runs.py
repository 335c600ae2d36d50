"""What both kinds of `cribbage arena` share: checking the strengths and workers, running ranges of games here or in
worker processes (added exactly, in any order), the progress line and the table's per-role rows."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from bot.cli.errors import UsageError
from bot.cli.numbers import worker_count
from bot.cli.worker_processes import worker_pool
from engine.computer.arena import RoleTally
from engine.computer.players import STRENGTHS


class MatchTally(Protocol):
    """What a match adds up: games, and exact addition."""

    @property
    def games(self) -> int: ...

    def __add__(self, other: Any) -> Any: ...


T = TypeVar("T", bound=MatchTally)

CHUNKS_PER_WORKER = 8
"""Each worker takes several smaller ranges of pairs, so one slow range does not hold up the end
(and progress can be shown as ranges finish)."""


def show_progress(games: int) -> Callable[[int], None]:
    """A line on a terminal's stderr, rewritten as games finish: long matches say how far they are."""
    def show(done: int) -> None:
        print(f"\rarena: {done} of {games} games", end="", file=sys.stderr, flush=True)
    return show


def check_strengths(names: Iterable[str]) -> None:
    for name in names:
        if name not in STRENGTHS:
            raise UsageError(f"unknown strength {name!r}; choose from {', '.join(sorted(STRENGTHS))}")


def check_workers(workers: int, jobs: int) -> int:
    """--workers as a number of processes: 0 is one per core, and never more than there are `jobs`."""
    return min(worker_count(workers), jobs)


def run_ranges(play: Callable[..., T], jobs: list[tuple[Any, ...]], workers: int, total: T,
               progress: Callable[[int], None] | None = None) -> T:
    """`play(*job)` for every job, here or in `workers` forked processes, added to `total` as each finishes
    (so in any order: the parts must add exactly); `progress` hears the games played so far."""
    parts: Iterable[T]
    if workers <= 1:
        parts = (play(*job) for job in jobs)
        for part in parts:
            total = added(total, part, progress)
        return total
    with worker_pool(workers) as pool:
        for part in pool.imap_unordered(Job(play), jobs):
            total = added(total, part, progress)
    return total


class Job:
    """A picklable `play(*job)` for the pool (the function is a module-level one, so it pickles by name)."""

    def __init__(self, play: Callable[..., Any]) -> None:
        self.play = play

    def __call__(self, job: tuple[Any, ...]) -> Any:
        return self.play(*job)


def added(total: T, part: T, progress: Callable[[int], None] | None) -> T:
    total = total + part
    if progress is not None:
        progress(total.games)
    return total




def role_header(width: int) -> str:
    return f"{'':<{width}}{'pegging':>8}{'hand':>7}{'crib':>7}{'heels':>7}{'total':>7}{'deals':>8}"


def role_row(name: str, role: RoleTally, dealer: bool, width: int) -> str:
    """One seat's points a deal by kind (crib and heels only for the dealer), under `role_header`."""
    avg = role.per_deal()
    crib = f"{avg['crib']:>7.2f}" if dealer else f"{'-':>7}"
    heels = f"{avg['heels']:>7.2f}" if dealer else f"{'-':>7}"
    return f"{name:<{width}}{avg['pegging']:>8.2f}{avg['hand']:>7.2f}{crib}{heels}{avg['total']:>7.2f}{role.deals:>8}"
