"""What can go wrong between the host and a board, each error saying which port and why."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from board_driver.protocol import NakReason


class BoardError(Exception):
    """A board could not be reached or did not do what it was asked."""


class PortNotFound(BoardError):
    """No device at that path, or a sim:// board that is unplugged."""


class PortUnusable(BoardError):
    """The port exists but could not be opened (permissions, busy, a bad URL)."""


class NoHandshake(BoardError):
    """Something is on the port but did not answer HELLO with INFO in time."""


class VersionMismatch(BoardError):
    """The board speaks a protocol version this host does not."""


class NotAcknowledged(BoardError):
    """A frame was refused (NAK) or never acknowledged; `reason` is the refusal's, None for silence."""

    def __init__(self, message: str, reason: NakReason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class LinkLost(BoardError):
    """An open link stopped answering or the device went away."""
