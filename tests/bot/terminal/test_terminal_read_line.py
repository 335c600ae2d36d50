"""`read_line` at a real pseudo-terminal: a Ctrl-C that the main thread's blocked read never sees (it landed
just before the read, or in another thread) still stops the wait at once; typed lines are read as typed."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from typing import TextIO

import pytest

from bot.cli.commands.play import one_interrupt_stops
from bot.terminal.prompt import read_line

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


@pytest.fixture
def terminal() -> Iterator[tuple[int, TextIO]]:
    master, slave = os.openpty()
    stream = open(slave, encoding="utf-8", closefd=True)  # noqa: SIM115 - closed below
    try:
        yield master, stream
    finally:
        stream.close()
        os.close(master)


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    with one_interrupt_stops():  # as `cribbage play` sets it up
        yield


def test_typed_lines_are_read_one_at_a_time(terminal: tuple[int, TextIO]) -> None:
    master, stream = terminal
    os.write(master, b"5H 6D\nq\n")
    assert read_line(stream) == "5H 6D\n"
    assert read_line(stream) == "q\n"


def test_a_ctrl_c_taken_by_another_thread_stops_the_wait_at_once(terminal: tuple[int, TextIO],
                                                                  ctrl_c_raises: None) -> None:
    master, stream = terminal

    def ctrl_c_elsewhere() -> None:  # the signal's C handler runs in this thread, as in the race it stands for
        time.sleep(0.3)
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)

    rescue = threading.Timer(5.0, lambda: os.write(master, b"too late\n"))  # unblocks a read that never wakes
    threading.Thread(target=ctrl_c_elsewhere).start()
    rescue.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            read_line(stream)
        waited = time.monotonic() - start
    finally:
        rescue.cancel()
    assert waited < 2.0
