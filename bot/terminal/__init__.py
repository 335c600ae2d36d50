"""The terminal door: a local game against the computer at a text prompt."""
