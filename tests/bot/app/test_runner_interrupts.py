"""Ctrl-C belongs to the main thread: the runner's workers and the threads they start block it.

The kernel hands a process's signal to any thread that does not block it; one taken by a worker leaves the
main thread blocked in its read of the terminal, and `cribbage play` would not stop (seen once in CI)."""

from __future__ import annotations

import asyncio
import signal
import threading

import pytest

from bot.app.plumbing.runner import Runner

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")


def blocked_here() -> set[signal.Signals]:
    return set(signal.pthread_sigmask(signal.SIG_BLOCK, []))


def blocked_in_a_new_thread() -> set[signal.Signals]:
    found: list[set[signal.Signals]] = []
    thread = threading.Thread(target=lambda: found.append(blocked_here()))
    thread.start()
    thread.join()
    return found[0]


def test_a_worker_and_the_threads_it_starts_leave_ctrl_c_to_the_main_thread() -> None:
    runner = Runner(workers=2)

    async def masks() -> tuple[set[signal.Signals], set[signal.Signals]]:
        return await runner.blocking(blocked_here), await runner.blocking(blocked_in_a_new_thread)

    try:
        worker, started = asyncio.run(masks())
    finally:
        runner.close()
    assert signal.SIGINT in worker
    assert signal.SIGINT in started
    assert signal.SIGINT not in blocked_here()  # the main thread still takes it
