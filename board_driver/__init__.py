"""The LED pegboard link: protocol, simulated board, and the driver that mirrors pegs over serial.

It knows pegs, not cards: callers turn scores into `Track`s. Importing board_driver.link (and so the
driver) registers the `sim://` pyserial scheme, a simulated board in this process.
"""

from __future__ import annotations

from board_driver.urlhandler import register_sim_scheme

register_sim_scheme()
