"""The simulated board on a pseudo-terminal, so another process can open it like a USB board.

`cribbage board sim` runs one: it prints the device path (e.g. /dev/pts/4) to give the driver, and
redraws the board whenever what it shows changes.

It also does to the host what a real cable does: the board's faults (lines dropped, garbled, late: the
SimBoard's FaultPlan), `unplug()` (the pty is closed: the host's reads and writes fail and the device
path vanishes, as /dev/ttyACM0 does) and `replug()` (a new pty, as a USB board re-enumerates: often at a
new /dev/pts/N; with `link`, a stable symlink like /dev/serial/by-id/... is pointed at it), and
`reboot()` (with or without its boot INFO).
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path

from board_driver.sim import SimBoard

POLL_S = 0.05


class PtySim:
    """A SimBoard answering on the slave side of a pseudo-terminal (a new one after each replug)."""

    def __init__(self, board: SimBoard, link: str | os.PathLike[str] | None = None) -> None:
        self.board = board
        self.link = None if link is None else Path(link)
        self._lock = threading.Lock()
        self._wake_r, self._wake_w = os.pipe()
        self._master = self._slave = -1
        self._held = -1
        """After an unplug, the old pty's slave kept open until replug (so a new_path replug gets another)."""
        self._generation = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.tty_path = ""
        self._plug()

    @property
    def path(self) -> str:
        """The path a host opens: the stable link when there is one, else the pty itself."""
        return str(self.link) if self.link is not None else self.tty_path

    @property
    def plugged(self) -> bool:
        return self._master >= 0

    def _plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo: the board's answers must not come back as input
        self._master, self._slave = master, slave
        self._generation += 1
        self.tty_path = os.ttyname(slave)
        self.wire = self.board.connect()
        if self.link is not None:  # point the stable name at the new device, atomically
            fresh = self.link.with_name(self.link.name + ".new")
            fresh.unlink(missing_ok=True)
            fresh.symlink_to(self.tty_path)
            fresh.replace(self.link)

    def _close_fds(self, keep_slave: bool = False) -> int:
        """Close the pty (the host sees its device go away); the slave fd is returned when kept."""
        self.board.disconnect(self.wire)
        with contextlib.suppress(OSError):
            os.close(self._master)
        slave = self._slave
        if not keep_slave:
            with contextlib.suppress(OSError):
                os.close(slave)
            slave = -1
        self._master = self._slave = -1
        return slave

    def _wake(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"!")

    # -- what a cable does -------------------------------------------------------------------------

    def unplug(self) -> None:
        """Pull the cable: the host's open port fails at once and the path (and any link) vanishes."""
        self._wake()
        with self._lock:
            if not self.plugged:
                return
            self.board.unplug()
            if self.link is not None:  # the path goes first: a host reopening at once finds no port, not a dead one
                self.link.unlink(missing_ok=True)
            self._held = self._close_fds(keep_slave=True)

    def replug(self, power_cycle: bool = True, new_path: bool = False) -> None:
        """Plug it back in (booting blank, like a USB board that lost power). `new_path` makes sure the
        device comes back under another /dev/pts/N, as a re-enumerated USB board often does."""
        self._wake()
        with self._lock:
            if self.plugged:
                return
            held = self._held
            if not new_path and held >= 0:
                os.close(held)
            self.board.replug(power_cycle)
            self._plug()
            if new_path and held >= 0:
                os.close(held)
            self._held = -1

    def reboot(self, announce: bool = True, boot_s: float = 0.0) -> None:
        """The board restarts without being unplugged (see SimBoard.reboot)."""
        self.board.reboot(announce=announce, boot_s=boot_s)
        self._wake()

    def hang_up(self, partial: bytes = b"") -> None:
        """The board writes `partial` (e.g. half a line) and then goes away, as a crashing board does."""
        with self._lock:
            if self.plugged and partial:
                os.write(self._master, partial)
        time.sleep(0.3)  # let the host read what came before the hang-up (a loaded machine is slow to)
        self.unplug()

    # -- serving -----------------------------------------------------------------------------------

    def start(self, on_change: Callable[[], None] | None = None) -> PtySim:
        """Serve in a background thread until close()."""
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self.serve, args=(self._stop, on_change),
                                            name=f"pty board {self.path}", daemon=True)
            self._thread.start()
        return self

    def serve(self, stop: threading.Event, on_change: Callable[[], None] | None = None,
              until: float | None = None) -> None:
        """Answer the host until `stop` is set (or the monotonic time `until`), calling on_change
        after anything the board shows, or its host-quiet state, has changed."""
        seen = self._view()
        while not stop.is_set() and not self._stop.is_set() and (until is None or time.monotonic() < until):
            self._serve_once()
            view = self._view()
            if view != seen:
                seen = view
                if on_change is not None:
                    on_change()

    def _serve_once(self) -> None:
        """One wait for the host's bytes (or a wake-up, or an answer falling due), then the board's turn."""
        with self._lock:
            master, generation = self._master, self._generation
            due = self.wire.next_due() if master >= 0 else None
        wait = POLL_S if due is None else max(0.0, min(POLL_S, due - time.monotonic()))
        watched = [self._wake_r] + ([master] if master >= 0 else [])
        try:
            ready, _, _ = select.select(watched, [], [], wait)
        except (OSError, ValueError):  # the pty was closed under us by an unplug
            return
        if self._wake_r in ready:
            with contextlib.suppress(OSError):
                os.read(self._wake_r, 4096)
        with self._lock:
            if self._master < 0 or self._generation != generation:
                return
            now = time.monotonic()
            if master in ready:
                try:
                    data = os.read(master, 4096)
                except OSError:
                    data = b""
                if data:
                    self.wire.write(data, now)
            self.wire.pump(now)
            if self.wire.readable:
                out = bytes(self.wire.readable)
                self.wire.readable.clear()
                with contextlib.suppress(OSError):
                    os.write(master, out)

    def _view(self) -> tuple[object, ...]:
        b = self.board
        return b.state, b.last_seq, b.host_quiet()

    def close(self) -> None:
        self._stop.set()
        self._wake()
        if self._thread is not None:
            self._thread.join(2.0)
            self._thread = None
        with self._lock:
            if self.plugged:
                self._close_fds()
            if self._held >= 0:
                with contextlib.suppress(OSError):
                    os.close(self._held)
                self._held = -1
            if self.link is not None:
                self.link.unlink(missing_ok=True)
        for fd in (self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)

    def __enter__(self) -> PtySim:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
