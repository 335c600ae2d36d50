"""The worker processes behind Runner.cpu: calls answered in order over each process's pipe, a call's exception
raised in the caller, a process that dies replaced, and every process reached by `each`."""

from __future__ import annotations

import operator
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from bot.app.plumbing.workers import WorkerDied, Workers


def wait_until_dead(pid: int) -> None:
    """Until the process has ended (a zombie, its pipe closed), not reaped: its parent's object does that."""
    stat = Path(f"/proc/{pid}/stat")
    for _ in range(500):
        if not stat.exists() or stat.read_text().rsplit(")", 1)[1].split()[0] == "Z":
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} still runs")


def test_calls_are_answered_in_order_and_spread_over_the_free_processes() -> None:
    workers = Workers(2)
    try:
        assert workers.run([(operator.add, (1, 2)), (operator.mul, (3, 4))]) == [3, 12]
        assert workers.run_spread([(operator.add, (i, 10)) for i in range(5)]) == [10, 11, 12, 13, 14]
        pids = workers.run_spread([(os.getpid, ()) for _ in range(4)])
        assert pids[0::2] == [pids[0]] * 2 and pids[1::2] == [pids[1]] * 2
        assert sorted(set(pids)) == sorted(workers.pids())
        assert sorted(workers.each(os.getpid)) == sorted(workers.pids())
    finally:
        workers.close()


def test_an_exception_in_a_call_is_raised_in_the_caller_and_the_process_goes_on() -> None:
    workers = Workers(1)
    try:
        with pytest.raises(ZeroDivisionError):
            workers.run([(operator.truediv, (1, 0))])
        with pytest.raises(KeyError):
            workers.run_spread([(operator.add, (1, 1)), (operator.getitem, ({}, "x"))])
        assert workers.run([(operator.add, (2, 2))]) == [4]  # no answer left behind in the pipe
    finally:
        workers.close()


def test_a_process_that_dies_fails_its_call_and_is_replaced() -> None:
    workers = Workers(1)
    try:
        (pid,) = workers.pids()
        with pytest.raises(WorkerDied, match=f"worker process {pid} ended during a call"):
            workers.run([(os.kill, (pid, signal.SIGKILL))])
        (fresh,) = workers.pids()
        assert fresh != pid
        assert workers.run([(os.getpid, ())]) == [fresh]
        os.kill(fresh, signal.SIGKILL)  # dead between calls: the next call starts another and is answered
        wait_until_dead(fresh)
        assert workers.run([(operator.add, (5, 5))]) == [10]
        assert workers.pids()[0] not in (pid, fresh)
    finally:
        workers.close()


def test_threads_share_the_processes_and_each_gets_its_own_answers() -> None:
    workers = Workers(2)
    got: dict[int, list[int]] = {}

    def caller(k: int) -> None:
        got[k] = [workers.run([(operator.add, (k, i))])[0] for i in range(20)]

    try:
        threads = [threading.Thread(target=caller, args=(k,)) for k in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        workers.close()
    assert got == {k: [k + i for i in range(20)] for k in range(4)}


def test_the_processes_start_with_the_first_call_and_none_after_closing() -> None:
    unused = Workers(2)
    unused.close()
    assert unused.pids() == []  # a runner closed before its first call started none
    workers = Workers(1)
    try:
        assert workers.run([(os.getpid, ())]) == workers.pids()
    finally:
        workers.close()


def test_closed_workers_take_no_calls() -> None:
    workers = Workers(1)
    (pid,) = workers.pids()
    workers.close()
    with pytest.raises(RuntimeError, match="closed"):
        workers.run([(operator.add, (1, 1))])
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def missing(name: str) -> None:
    raise AttributeError(f"{name} is not here")


class Unreadable:
    """A call that pickles as a look-up which fails where it is read."""

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (missing, ("no_such_function",))

    def __call__(self) -> None:
        return None


def test_a_call_that_cannot_be_read_in_the_worker_is_refused_there() -> None:
    workers = Workers(1)
    try:
        with pytest.raises(AttributeError, match="no_such_function"):
            workers.run([(Unreadable(), ())])
        assert workers.run([(operator.add, (1, 2))]) == [3]
    finally:
        workers.close()
