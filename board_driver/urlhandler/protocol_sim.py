"""`sim://` for pyserial: a simulated pegboard in this process, opened like any serial port.

    serial.serial_for_url("sim://table?tracks=3&drop=0.1&seed=1", timeout=0.1)

pyserial finds this module because board_driver adds its package to serial.protocol_handler_packages.
Reads wait on the board's condition variable; a write is handled by the board before it returns, so an
answer without an injected delay is readable at once.
"""

from __future__ import annotations

import time
from typing import Any

from serial.serialutil import PortNotOpenError, SerialBase, SerialException, to_bytes

from board_driver.sim import SimBoard, SimWire, board_for_url


class Serial(SerialBase):
    """A serial port whose other end is a SimBoard."""

    BAUDRATES = SerialBase.BAUDRATES
    is_open: bool

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # pyserial's own settings, passed on as given
        self._board: SimBoard | None = None
        self._wire: SimWire | None = None
        self._cancel = False
        super().__init__(*args, **kwargs)

    # -- opening -----------------------------------------------------------------------------------

    def open(self) -> None:
        if self.is_open:
            raise SerialException("Port is already open.")
        if self._port is None:
            raise SerialException("Port must be configured before it can be used.")
        try:
            board = board_for_url(self._port)
            wire = board.connect()
        except (ValueError, TypeError) as exc:
            raise SerialException(f"could not open port {self._port}: {exc}") from None
        except ConnectionError as exc:
            raise SerialException(2, f"could not open port {self._port}: {exc}") from None
        self._board, self._wire = board, wire
        self.is_open = True

    def close(self) -> None:
        if self.is_open and self._board is not None and self._wire is not None:
            self._board.disconnect(self._wire)
        self.is_open = False
        self._board = self._wire = None

    def _reconfigure_port(self) -> None:
        """Nothing to configure: baud rate and framing do not matter in memory."""

    @property
    def board(self) -> SimBoard:
        """The simulated board at the other end (for tests and tools)."""
        if self._board is None:
            raise PortNotOpenError()
        return self._board

    def _live(self) -> tuple[SimBoard, SimWire]:
        if not self.is_open or self._board is None or self._wire is None:
            raise PortNotOpenError()
        if not self._wire.alive:
            raise SerialException("device reports readiness to read but returned no data "
                                  "(the simulated board was unplugged)")
        return self._board, self._wire

    # -- data --------------------------------------------------------------------------------------

    @property
    def in_waiting(self) -> int:
        board, wire = self._live()
        with board.lock:
            wire.pump(time.monotonic())
            return len(wire.readable)

    def read(self, size: int = 1) -> bytes:
        board, wire = self._live()
        deadline = None if self._timeout is None else time.monotonic() + self._timeout
        with board.lock:
            while True:
                board, wire = self._live()
                now = time.monotonic()
                wire.pump(now)
                if wire.readable:
                    data = bytes(wire.readable[:size])
                    del wire.readable[:size]
                    return data
                if self._cancel:
                    self._cancel = False
                    return b""
                if deadline is not None and now >= deadline:
                    return b""
                due = wire.next_due()
                ends = [t for t in (deadline, due) if t is not None]
                board.lock.wait(max(0.0, min(ends) - now) if ends else None)

    def write(self, data: bytes) -> int:
        board, wire = self._live()
        data = to_bytes(data)
        with board.lock:
            wire.write(data, time.monotonic())
            board.lock.notify_all()
        return len(data)

    def flush(self) -> None:
        self._live()

    def cancel_read(self) -> None:
        board = self._board
        if board is not None:
            with board.lock:
                self._cancel = True
                board.lock.notify_all()

    def cancel_write(self) -> None:
        """Writes never block."""

    def reset_input_buffer(self) -> None:
        board, wire = self._live()
        with board.lock:
            wire.readable.clear()

    def reset_output_buffer(self) -> None:
        self._live()

    @property
    def out_waiting(self) -> int:
        self._live()
        return 0

    # -- modem lines (a USB CDC board has none that matter) ----------------------------------------

    def _update_break_state(self) -> None:
        pass

    def _update_rts_state(self) -> None:
        pass

    def _update_dtr_state(self) -> None:
        pass

    @property
    def cts(self) -> bool:
        return True

    @property
    def dsr(self) -> bool:
        return True

    @property
    def ri(self) -> bool:
        return False

    @property
    def cd(self) -> bool:
        return True
