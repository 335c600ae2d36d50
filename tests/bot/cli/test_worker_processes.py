"""The commands' worker processes in-process: results in order or as they finish, a job's error raised again in
the command, the initializer run in each worker, and a worker that dies stopping the map at once instead of
leaving its job for ever (multiprocessing's Pool replaces it and waits)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time

import pytest

from bot.cli.stopping import Stopped
from bot.cli.worker_processes import worker_pool

_started: list[int] = []


def square(n: int) -> int:
    if n == 13:
        raise ValueError("thirteen is refused")
    return n * n


def slow(n: int) -> int:
    time.sleep(0.05 * (5 - n % 5))
    return n


def remember(tag: int) -> None:
    _started.append(tag)


def started(_: int) -> list[int]:
    return list(_started)


def die(n: int) -> int:
    if n == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.2)
    return n


def test_imap_keeps_the_order_and_imap_unordered_gives_every_result() -> None:
    with worker_pool(3) as pool:
        assert list(pool.imap(slow, range(12))) == list(range(12))
        assert sorted(pool.imap_unordered(slow, iter(range(12)))) == list(range(12))
        assert list(pool.imap(square, [])) == []


def test_a_jobs_error_is_raised_in_the_command() -> None:
    with worker_pool(2) as pool, pytest.raises(ValueError, match="thirteen is refused"):
        list(pool.imap(square, range(20)))


def test_the_initializer_runs_in_every_worker() -> None:
    with worker_pool(2, remember, (7,)) as pool:
        assert list(pool.imap(started, range(4))) == [[7]] * 4
    assert _started == []  # in the workers, not here


def test_a_result_waited_for_too_long_is_a_timeout_and_the_wait_goes_on() -> None:
    with worker_pool(1) as pool:
        results = pool.imap_unordered(slow, [0])
        with pytest.raises(multiprocessing.TimeoutError):
            results.next(timeout=0.01)
        assert results.next(timeout=30) == 0


def test_a_worker_that_dies_stops_the_map_as_its_signal_would_and_no_worker_is_left() -> None:
    with pytest.raises(Stopped) as stopped, worker_pool(2) as pool:
        children = {p.pid for p in multiprocessing.active_children()}
        list(pool.imap_unordered(die, range(8)))
    assert stopped.value.signum == signal.SIGKILL
    assert str(stopped.value).startswith("SIGKILL to its worker process ")
    assert not children & {p.pid for p in multiprocessing.active_children()}
