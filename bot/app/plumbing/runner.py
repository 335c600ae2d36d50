"""Where the application's blocking work runs, so a door's event loop stays free.

The database, the engine, the computer's thinking and the pictures all block. Each command runs in a
worker thread; commands on one game run one at a time in arrival order (one lock a game, taken once
per command); with worker processes, the CPU-heavy parts (pictures, the computer's thinking) go to
them so they use every core instead of queueing behind one interpreter lock.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from board_driver.driver import leave_interrupts_to_main_thread
from bot.app.plumbing.workers import Workers
from bot.app.shown import pictures

T = TypeVar("T")


class Runner:
    """Worker threads, optional worker processes, and one lock a game."""

    def __init__(self, *, workers: int = 2, processes: int = 0) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cribbage",
                                        initializer=leave_interrupts_to_main_thread)  # and the board's thread
        self._procs = Workers(processes) if processes > 0 else None
        self._locks: dict[str, asyncio.Lock] = {}
        self._queued: dict[str, int] = {}
        self.lock_rounds = 0
        """How many times a game lock was taken: one a command (the benchmark reports it)."""

    async def warm(self, images: bool) -> None:
        """Start the worker processes and load their fonts now, not during the first reply."""
        if self._procs is None or not images:
            return
        await asyncio.get_running_loop().run_in_executor(self._pool, self._procs.each, pictures.warm)

    async def blocking(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def on_game(self, game_id: str, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` in a worker, one command per game at a time, in arrival order."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        self._queued[game_id] = self._queued.get(game_id, 0) + 1
        try:
            async with lock:
                self.lock_rounds += 1
                return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        finally:
            self._queued[game_id] -= 1
            if not self._queued[game_id]:  # nobody holds or awaits it: drop it, games are many
                del self._queued[game_id]
                del self._locks[game_id]

    def cpu(self, fn: Callable[..., T], *args: Any) -> T:
        """Run CPU work here, or in a worker process when there are some (this thread waits)."""
        if self._procs is None:
            return fn(*args)
        answer: T = self._procs.run([(fn, args)])[0]
        return answer

    def cpu_all(self, calls: Sequence[tuple[Callable[..., Any], tuple[Any, ...]]]) -> list[Any]:
        """Several pieces of CPU work at once: in parallel when there are worker processes, in as few rounds
        to them as there are processes free (a round costs more than a small picture's drawing)."""
        if self._procs is None or len(calls) < 2:
            return [self.cpu(fn, *args) for fn, args in calls]
        return self._procs.run_spread(calls)

    def close(self) -> None:
        self._pool.shutdown(wait=True)
        if self._procs is not None:
            self._procs.close()
