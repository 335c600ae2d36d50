"""Stopping a command by signal, its worker processes with it.

SIGTERM and SIGHUP are raised in the main thread as `Stopped`, a KeyboardInterrupt, so a command ends as it does on
Ctrl-C: files closed, a game saved, worker pools ended. Ctrl-C and SIGTERM stop a command even when it was started
ignoring them (a shell's `cmd &` starts it ignoring SIGINT; Ctrl-C to its process group must still end it, not
only its workers); only a SIGHUP ignored from the start (`nohup`) stays ignored, by the command and its workers
alike. Workers die at once on the others (the default action: no traceback from each of them), and the kernel kills
any worker whose parent died without ending them. A worker killed while its parent runs on would be replaced by the
pool and its share of the work never come back: the pool's watch stops the command instead, as the signal that
killed the worker would have.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from multiprocessing.pool import IMapIterator, Pool
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

WATCH_SECONDS = 0.2
"""How often a wait for the workers' results looks at the workers themselves."""
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
_ALL = {signal.SIGINT, *STOP_SIGNALS}
_PR_SET_PDEATHSIG = 1
_KEPT_IGNORED = (signal.SIGHUP,)
"""The stop signal that stays ignored when the command was started ignoring it: nohup's."""


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived (or killed a worker): the command stops as on Ctrl-C and exits 128 + the signal's
    number; `str()` says which signal, and to whom when it was not the command itself."""

    def __init__(self, signum: int, why: str | None = None) -> None:
        super().__init__(why or _name(signum))
        self.signum = signum


def _name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def _raise_stopped(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise Stopped in this (main) thread and Ctrl-C KeyboardInterrupt, even
    when the command was started ignoring them, but for a SIGHUP ignored from the start (nohup); the handlers before
    are back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {signum: signal.getsignal(signum) for signum in _ALL}
    for signum, handler in before.items():
        if handler is signal.SIG_IGN and signum in _KEPT_IGNORED:
            continue
        if signum == signal.SIGINT:
            if handler in (signal.SIG_IGN, signal.SIG_DFL, None):  # Python installs its own unless it was ignored
                signal.signal(signum, signal.default_int_handler)
        else:
            signal.signal(signum, _raise_stopped)
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)


def _start_worker(ignored: frozenset[int], initializer: Callable[..., object] | None,
                  initargs: tuple[Any, ...]) -> None:
    """In each new worker: the stop signals' default action (death, at once), but for those the command keeps
    ignoring (`ignored`: nohup's SIGHUP), which the worker ignores too."""
    for signum in _ALL:
        signal.signal(signum, signal.SIG_IGN if signum in ignored else signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _ALL)
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if initializer is not None:
        initializer(*initargs)


@contextmanager
def deferred_stops() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP wait until the block is done (a record half written, a pool half started), then
    arrive as usual."""
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _ALL)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextmanager
def worker_pool(workers: int, initializer: Callable[..., object] | None = None,
                initargs: tuple[Any, ...] = ()) -> Iterator[Pool]:
    """A pool of `workers` forked processes that are ended, and waited for, however the block is left. The stop
    signals wait while the pool starts and ends (a Ctrl-C then would leave workers behind); its threads, started
    with them blocked, keep them blocked, so they reach the main thread. Its `imap` and `imap_unordered` watch the
    workers while they wait (WatchedPool)."""
    pool: WatchedPool | None = None
    ignored = frozenset(s for s in _ALL if signal.getsignal(s) is signal.SIG_IGN)
    try:
        with deferred_stops():  # a stop signal that waited arrives as this block ends, inside the try
            before = set(multiprocessing.active_children())
            pool = WatchedPool(workers, initializer=_start_worker, initargs=(ignored, initializer, initargs),
                               context=multiprocessing.get_context("fork"))
            pool.watched = tuple(set(multiprocessing.active_children()) - before)
        yield pool
    finally:
        if pool is not None:
            with deferred_stops():
                pool.terminate()
                pool.join()


class WatchedPool(Pool):
    """A pool whose result iterators look at its first workers while they wait: one that died (a signal to it
    alone, the kernel's out-of-memory killer) stops the command as that signal would have stopped it, instead of
    the pool starting another in its place and the dead one's share of the work never coming back."""

    watched: tuple[BaseProcess, ...] = ()

    def imap(self, func: Callable[..., Any], iterable: Iterable[Any], chunksize: int | None = 1) -> Any:
        return _Watched(super().imap(func, iterable, chunksize), self.check)

    def imap_unordered(self, func: Callable[..., Any], iterable: Iterable[Any], chunksize: int | None = 1) -> Any:
        return _Watched(super().imap_unordered(func, iterable, chunksize), self.check)

    def check(self) -> None:
        """Stopped for the first watched worker that is gone: 128 + the signal that killed it."""
        for worker in self.watched:
            code = worker.exitcode
            if code is None:
                continue
            if code == -signal.SIGINT:  # Ctrl-C to the process group: the command's own KeyboardInterrupt
                raise KeyboardInterrupt
            if code < 0:
                raise Stopped(-code, f"{_name(-code)} to its worker process {worker.pid}")
            raise Stopped(signal.SIGTERM, f"its worker process {worker.pid} ending with status {code}")


class _Watched:
    """A pool's result iterator waited on in short naps, the workers looked at between them."""

    def __init__(self, results: IMapIterator[Any], check: Callable[[], None]) -> None:
        self.results = results
        self.check = check

    def __iter__(self) -> _Watched:
        return self

    def __next__(self) -> Any:
        return self.next()

    def next(self, timeout: float | None = None) -> Any:
        """The next result; multiprocessing.TimeoutError after `timeout` seconds (None: however long it takes)."""
        waited = 0.0
        while True:
            nap = WATCH_SECONDS if timeout is None else min(WATCH_SECONDS, max(0.0, timeout - waited))
            try:
                return self.results.next(timeout=nap)
            except multiprocessing.TimeoutError:
                self.check()
                waited += nap
                if timeout is not None and waited >= timeout:
                    raise
