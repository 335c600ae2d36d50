"""Stopping a command by signal, its worker processes with it.

SIGTERM and SIGHUP are raised in the main thread as `Stopped`, a KeyboardInterrupt, so a command ends as it does on
Ctrl-C: files closed, a game saved, worker pools ended. Ctrl-C and SIGTERM stop a command even when it was started
ignoring them (a shell's `cmd &` starts it ignoring SIGINT; Ctrl-C to its process group must still end it, not
only its workers); only a SIGHUP ignored from the start (`nohup`) stays ignored, by the command and its workers
alike. Workers die at once on the others (the default action: no traceback from each of them), and the kernel kills
any worker whose parent died without ending them. A worker killed while its parent runs on stops the command as the
signal that killed it would have (bot/cli/worker_processes.py).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
STOPPING = {signal.SIGINT, *STOP_SIGNALS}
"""Every signal that stops a command: Ctrl-C's and the stop signals."""
_KEPT_IGNORED = (signal.SIGHUP,)
"""The stop signal that stays ignored when the command was started ignoring it: nohup's."""


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived (or killed a worker): the command stops as on Ctrl-C and exits 128 + the signal's
    number; `str()` says which signal, and to whom when it was not the command itself."""

    def __init__(self, signum: int, why: str | None = None) -> None:
        super().__init__(why or signal_name(signum))
        self.signum = signum


def signal_name(signum: int) -> str:
    """SIGTERM for 15 (what a person reads in a message)."""
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
    before = {signum: signal.getsignal(signum) for signum in STOPPING}
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


@contextmanager
def deferred_stops() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP wait until the block is done (a record half written, a pool half started), then
    arrive as usual."""
    before = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
