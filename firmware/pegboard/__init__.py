"""The reference firmware's protocol and picture logic: plain Python for CPython and MicroPython alike."""
