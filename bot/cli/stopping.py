"""Stopping a command by signal, its worker processes with it.

SIGTERM and SIGHUP are raised in the main thread as `Stopped`, a KeyboardInterrupt, so a command ends as it does on
Ctrl-C: files closed, a game saved, worker pools ended. Workers die at once on SIGINT, SIGTERM or SIGHUP (the default
action: no traceback from each of them), and the kernel kills any worker whose parent died without ending them.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from multiprocessing.pool import Pool
from types import FrameType
from typing import Any

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
_ALL = {signal.SIGINT, *STOP_SIGNALS}
_PR_SET_PDEATHSIG = 1


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived: the command stops as on Ctrl-C and exits 128 + the signal's number."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise_stopped(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise Stopped in this (main) thread; a signal ignored by the parent
    stays ignored, and the handlers before are back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    for signum, handler in before.items():
        if handler is not signal.SIG_IGN:
            signal.signal(signum, _raise_stopped)
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


def _start_worker(initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    for signum in _ALL:
        signal.signal(signum, signal.SIG_DFL)
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
    with them blocked, keep them blocked, so they reach the main thread."""
    pool: Pool | None = None
    try:
        with deferred_stops():  # a stop signal that waited arrives as this block ends, inside the try
            pool = multiprocessing.get_context("fork").Pool(workers, initializer=_start_worker,
                                                            initargs=(initializer, initargs))
        yield pool
    finally:
        if pool is not None:
            with deferred_stops():
                pool.terminate()
                pool.join()
