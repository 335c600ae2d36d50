"""Runner.cpu_all: a reply's pictures go to the worker processes in as few rounds as there are processes,
and come back in the order asked for, as they do when drawn in the thread itself."""

from __future__ import annotations

import operator
import os

import pytest

from bot.app.plumbing.runner import Runner


@pytest.mark.parametrize("processes", [0, 1, 2, 3])
def test_results_come_back_in_the_order_asked(processes: int) -> None:
    runner = Runner(processes=processes)
    try:
        calls = [(operator.add, (i, 100)) for i in range(7)]
        assert runner.cpu_all(calls) == [100, 101, 102, 103, 104, 105, 106]
        assert runner.cpu_all(calls[:1]) == [100]
        assert runner.cpu_all([]) == []
    finally:
        runner.close()


def test_two_processes_take_one_share_each() -> None:
    runner = Runner(processes=2)
    try:
        pids = runner.cpu_all([(os.getpid, ()) for _ in range(6)])
        assert pids[0::2] == [pids[0]] * 3 and pids[1::2] == [pids[1]] * 3  # one round a process
        assert os.getpid() not in pids
    finally:
        runner.close()
