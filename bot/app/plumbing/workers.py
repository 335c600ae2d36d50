"""Worker processes that each serve calls over their own pipe: the runner's CPU work off the interpreter lock.

concurrent.futures' process pool costs about 0.65 ms of CPU a call between the two processes (a feeder thread,
a manager thread and their wake-ups, besides the pickling); a reply made two or three such calls, a quarter of
its CPU. Here a call is one pickled message each way on a pipe the calling thread holds for it: about a
quarter of that. Plain pickle, not multiprocessing's (which copies the copyreg table for every message): the
calls and their answers are values, never descriptors or sockets. A process is free or held by one thread; a
call waits for a free one.

A worker that dies (killed, out of memory) fails the call it was serving with WorkerDied and is replaced, so
the next call finds a live one. Workers die at once on Ctrl-C and on SIGTERM and SIGHUP, as a command's
workers do (bot/cli/stopping.py), and when their parent's end of the pipe closes.
"""

from __future__ import annotations

import multiprocessing
import pickle
import queue
import signal
import threading
from collections.abc import Callable, Sequence
from contextlib import suppress
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

Call = tuple[Callable[..., Any], tuple[Any, ...]]


class WorkerDied(RuntimeError):
    """The worker process serving a call ended before answering it (it has been replaced)."""


def serve(conn: Connection) -> None:
    """A worker's loop: each message is a list of calls, answered by their results in order, or by the first
    exception raised; None (or the pipe closing) ends it."""
    stops = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    for signum in stops:
        signal.signal(signum, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # a worker started again from a thread that blocks them
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stops)
    while True:
        try:
            message = conn.recv_bytes()
        except EOFError:
            return
        try:
            calls = pickle.loads(message)
            if calls is None:
                return
            answer: tuple[bool, Any] = (True, [fn(*args) for fn, args in calls])
        except Exception as exc:  # the caller raises it (a call that failed, or one that did not unpickle here)
            answer = (False, exc)
        try:
            data = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # a result or an exception that does not pickle
            data = pickle.dumps((False, RuntimeError(f"a worker's answer could not be sent back: {exc!r}")))
        conn.send_bytes(data)


class _Worker:
    """One process and the parent's end of its pipe."""

    def __init__(self) -> None:
        self.conn, self.process = self._spawn()

    @staticmethod
    def _spawn() -> tuple[Connection, BaseProcess]:
        ctx = multiprocessing.get_context("spawn")
        conn, theirs = ctx.Pipe()
        process = ctx.Process(target=serve, args=(theirs,), daemon=True, name="cribbage-worker")
        process.start()
        theirs.close()
        return conn, process

    def send(self, calls: Sequence[Call]) -> None:
        """Send calls; a process found dead before they reached it is started again and sent them."""
        data = pickle.dumps(list(calls), pickle.HIGHEST_PROTOCOL)
        try:
            self.conn.send_bytes(data)
        except (BrokenPipeError, ConnectionResetError):
            self.restart()
            self.conn.send_bytes(data)

    def restart(self) -> None:
        """A fresh process in place of one that died."""
        self.process.join(1)
        self.conn.close()
        self.conn, self.process = self._spawn()

    def stop(self) -> None:
        with suppress(OSError):
            self.conn.send_bytes(pickle.dumps(None))
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


class Workers:
    """`count` worker processes; any thread may call, each call holding one free process meanwhile."""

    def __init__(self, count: int) -> None:
        """The processes start with the first call (or `each`), not here: a bot that stops before its first
        reply (a refused token) starts none."""
        if count < 1:
            raise ValueError(f"worker processes: at least 1, not {count}")
        self.count = count
        self._free: queue.SimpleQueue[_Worker] = queue.SimpleQueue()
        self._all: list[_Worker] = []
        self._starting = threading.Lock()
        self._closed = False

    def _started(self) -> None:
        with self._starting:
            if self._all or self._closed:
                return
            self._all = [_Worker() for _ in range(self.count)]
            for worker in self._all:
                self._free.put(worker)

    def run(self, calls: Sequence[Call]) -> list[Any]:
        """The calls' results, in one process, one after another."""
        worker = self._take()
        try:
            worker.send(calls)
            return self._answer(worker)
        finally:
            self._free.put(worker)

    def run_spread(self, calls: Sequence[Call]) -> list[Any]:
        """The calls' results in order, the calls dealt round the processes free now (one at least is waited
        for, any more are taken only if free: two threads each holding one and waiting for another would wait
        forever), one message to each."""
        held = [self._take()]
        while len(held) < min(self.count, len(calls)):
            try:
                held.append(self._free.get_nowait())
            except queue.Empty:
                break
        try:
            return self._spread(held, calls)
        finally:
            for worker in held:
                self._free.put(worker)

    def _spread(self, held: Sequence[_Worker], calls: Sequence[Call]) -> list[Any]:
        n = len(held)
        for k, worker in enumerate(held):
            worker.send(calls[k::n])
        answers: list[list[Any]] = []
        failed: Exception | None = None
        for worker in held:  # every answer is read, even after a failure, or a pipe would be out of step
            try:
                answers.append(self._answer(worker))
            except Exception as exc:
                failed = failed or exc
        if failed is not None:
            raise failed
        return [answers[i % n][i // n] for i in range(len(calls))]

    def each(self, fn: Callable[..., Any], *args: Any) -> list[Any]:
        """`fn(*args)` in every process (once they are all free), as when starting them."""
        held = [self._take() for _ in range(self.count)]
        try:
            return self._spread(held, [(fn, args)] * len(held))
        finally:
            for worker in held:
                self._free.put(worker)

    def _take(self) -> _Worker:
        if self._closed:
            raise RuntimeError("the worker processes are closed")
        if not self._all:
            self._started()
        return self._free.get()

    def _answer(self, worker: _Worker) -> list[Any]:
        try:
            ok, value = pickle.loads(worker.conn.recv_bytes())
        except (EOFError, OSError):
            pid = worker.process.pid
            worker.restart()
            raise WorkerDied(f"worker process {pid} ended during a call") from None
        if not ok:
            raise value
        return list(value)

    def pids(self) -> list[int]:
        """The processes' ids (starting them if they are not yet)."""
        self._started()
        return [w.process.pid or 0 for w in self._all]

    def close(self) -> None:
        """End every worker (waiting for the calls in progress)."""
        with self._starting:
            if self._closed:
                return
            self._closed = True
        for _ in range(len(self._all)):
            self._free.get().stop()
