"""pyserial URL handlers added by this project (`sim://`), found through serial.protocol_handler_packages."""

from __future__ import annotations

import serial

HANDLER_PACKAGE = __name__


def register_sim_scheme() -> None:
    """Let serial.serial_for_url open `sim://` (idempotent)."""
    if HANDLER_PACKAGE not in serial.protocol_handler_packages:
        serial.protocol_handler_packages.append(HANDLER_PACKAGE)
