"""Errors the command line and the application report to a person."""


class UsageError(Exception):
    """Bad input on the command line: the message says what and why (exit status 2)."""
