"""The reference pegboard firmware (MicroPython on a Raspberry Pi Pico) and its CPython pty runner.

docs/board-hardware.md says how to build the board and install it."""
