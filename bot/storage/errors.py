"""The failures every backend reports in the same words, so the application handles one set of errors."""

from __future__ import annotations


class StorageError(RuntimeError):
    """The database refused a write or holds something unreadable; the message names the game."""


class DatabaseFault(StorageError):
    """The database itself failed (the disk is full, the file read-only or damaged, the server gone): the
    message says the real cause, and nothing of the change that failed was written."""


class StaleWrite(StorageError):
    """A write made from an outdated read: an append whose first sequence number is not the next one, or a
    write at a revision the row has moved past (another process or command wrote first)."""
