"""Worker processes for the commands that split their work (arena, wintable build, score --batch): forked from the
command, each with a pipe of its own and one job at a time.

multiprocessing's Pool shares one job queue and one result queue between its workers, each behind a lock: a worker
killed while it waits for a job (or sends a result) holds that lock for ever, and the pool's own ending then waits
for it without end; the pool also starts a new worker in place of a dead one, whose job never comes back. Here no
lock is shared, a worker's death is seen at once (its pipe and its process end), and it stops the command as the
signal that killed it would have; ending the workers is killing them.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, NoReturn

from bot.cli.stopping import STOPPING, Stopped, deferred_stops, signal_name

_PR_SET_PDEATHSIG = 1
JOIN_SECONDS = 1.0
"""How long a worker told to stop may take before it is killed."""


class WorkerPool:
    """`workers` forked processes, each running `func(job)` for the jobs it is sent, one at a time."""

    def __init__(self, workers: int, initializer: Callable[..., object] | None = None,
                 initargs: tuple[Any, ...] = ()) -> None:
        ignored = frozenset(s for s in STOPPING if signal.getsignal(s) is signal.SIG_IGN)
        context = multiprocessing.get_context("fork")
        self.workers: list[tuple[BaseProcess, Connection]] = []
        for _ in range(max(1, workers)):
            mine, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs, ignored, initializer, initargs), daemon=True)
            process.start()
            theirs.close()
            self.workers.append((process, mine))

    def imap_unordered(self, func: Callable[[Any], Any], jobs: Iterable[Any]) -> Results:
        """`func(job)` of every job, in the order they finish."""
        return Results(self, func, jobs, ordered=False)

    def imap(self, func: Callable[[Any], Any], jobs: Iterable[Any]) -> Results:
        """`func(job)` of every job, in the jobs' order."""
        return Results(self, func, jobs, ordered=True)

    def check(self, process: BaseProcess) -> NoReturn:
        """A worker is gone while the command needs it: stop as the signal that killed it would have."""
        process.join(JOIN_SECONDS)
        code = process.exitcode
        if code == -signal.SIGINT:  # Ctrl-C to the process group: the command's own KeyboardInterrupt
            raise KeyboardInterrupt
        if code is not None and code < 0:
            raise Stopped(-code, f"{signal_name(-code)} to its worker process {process.pid}")
        raise Stopped(signal.SIGTERM, f"its worker process {process.pid} ending with status {code}")

    def close(self) -> None:
        """Every worker ended and waited for: told to stop when idle, killed when not (or when it does not)."""
        for _, conn in self.workers:
            with suppress(OSError, ValueError):
                conn.send(None)
        for process, conn in self.workers:
            process.join(JOIN_SECONDS)
            if process.exitcode is None:
                process.kill()
                process.join()
            conn.close()

    def kill(self) -> None:
        """Every worker killed at once and waited for (the command is stopping)."""
        for process, _ in self.workers:
            if process.exitcode is None:
                with suppress(OSError):
                    process.kill()
        for process, conn in self.workers:
            process.join()
            conn.close()


class Results:
    """The results of one map: each idle worker is sent the next job, and the results are read as they come."""

    def __init__(self, pool: WorkerPool, func: Callable[[Any], Any], jobs: Iterable[Any], ordered: bool) -> None:
        self.pool = pool
        self.func = func
        self.jobs = iter(enumerate(jobs))
        self.ordered = ordered
        self.busy: dict[Connection, int] = {}
        self.done: dict[int, Any] = {}
        self.given = self.taken = 0
        self.exhausted = False

    def __iter__(self) -> Iterator[Any]:
        return self

    def __next__(self) -> Any:
        return self.next()

    def next(self, timeout: float | None = None) -> Any:
        """The next result; multiprocessing.TimeoutError when none came within `timeout` seconds."""
        while True:
            self._feed()
            if self.taken in self.done or (not self.ordered and self.done):
                key = self.taken if self.ordered else next(iter(self.done))
                self.taken += 1
                return self.done.pop(key)
            if not self.busy:
                raise StopIteration
            if not self._receive(timeout):
                raise multiprocessing.TimeoutError

    def _feed(self) -> None:
        idle = [conn for _, conn in self.pool.workers if conn not in self.busy]
        for conn in idle:
            if self.exhausted:
                return
            try:
                index, job = next(self.jobs)
            except StopIteration:
                self.exhausted = True
                return
            conn.send((self.func, job))
            self.busy[conn] = index

    def _receive(self, timeout: float | None) -> bool:
        """Wait for a result (or a worker's end); False when `timeout` passed first."""
        processes = {process.sentinel: process for process, _ in self.pool.workers}
        ready = wait([*self.busy, *processes], timeout)
        if not ready:
            return False
        for item in ready:
            if isinstance(item, Connection) and item in self.busy:
                try:
                    status, value = item.recv()
                except (EOFError, OSError):
                    self.pool.check(next(p for p, c in self.pool.workers if c is item))
                if status == "error":
                    raise value
                self.done[self.busy.pop(item)] = value
            elif isinstance(item, int):
                self.pool.check(processes[item])
        return True


def _serve(conn: Connection, ignored: frozenset[int], initializer: Callable[..., object] | None,
           initargs: tuple[Any, ...]) -> None:
    """A worker's life: the stop signals' default action (death, at once) but for those the command keeps ignoring
    (nohup's SIGHUP); killed with its parent; then each job it is sent, until told to stop or its pipe ends."""
    for signum in STOPPING:
        signal.signal(signum, signal.SIG_IGN if signum in ignored else signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        func, job = message
        try:
            answer: tuple[str, Any] = ("ok", func(job))
        except Exception as exc:  # the command's own error, raised again in the command
            answer = ("error", exc)
        try:
            conn.send(answer)
        except Exception as exc:  # a result or an error that does not pickle
            conn.send(("error", RuntimeError(f"a worker's answer could not be sent back: {exc!r}")))


@contextmanager
def worker_pool(workers: int, initializer: Callable[..., object] | None = None,
                initargs: tuple[Any, ...] = ()) -> Iterator[WorkerPool]:
    """`workers` forked processes (bot/cli/worker_processes.py) that are ended, and waited for, however the block is
    left: told to stop when it ends well, killed at once when it does not. The stop signals wait while they start
    and end (a Ctrl-C then would leave workers behind)."""
    pool: WorkerPool | None = None
    try:
        with deferred_stops():  # a stop signal that waited arrives as this block ends, inside the try
            pool = WorkerPool(workers, initializer, initargs)
        yield pool
    except BaseException:
        if pool is not None:
            with deferred_stops():
                pool.kill()
            pool = None
        raise
    finally:
        if pool is not None:
            with deferred_stops():
                pool.close()

