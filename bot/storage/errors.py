"""The failures every backend reports in the same words, so the application handles one set of errors."""

from __future__ import annotations

from enum import Enum

from engine.core.errors import CodedError


class StorageError(RuntimeError):
    """The database refused a write or holds something unreadable; the message names the game."""


class DatabaseFault(StorageError):
    """The database itself failed (the disk is full, the file read-only or damaged, the server gone): the
    message says the real cause, and nothing of the change that failed was written."""


class StaleWrite(StorageError):
    """A write made from an outdated read: an append whose first sequence number is not the next one, or a
    write at a revision the row has moved past (another process or command wrote first)."""


class Damage(Enum):
    """What a damaged game's stored parts disagree on: the message catalog's `damage.<value>` words it."""

    LOG = "log"
    """The log read is not the one the row counts: `kept` moves recorded, `read` read (a lookup past damaged
    index pages finds some of them, or none, or a hole in their numbers)."""
    FINISHED = "finished"
    """The log plays the game to its end, which the row (`status`) does not record, or names another winner."""
    UNFINISHED = "unfinished"
    """The row records the game as over, but its log stops before the end."""
    INDEX = "index"
    """The row is in the table, but a lookup by its id does not find it (the index of ids is damaged)."""


class DamagedGame(StorageError, CodedError[Damage]):
    """A game whose log and row disagree: it is refused (never resumed from another state, never written
    under a hidden history); `fields` hold the game and what disagrees, for a door to word by code."""

    def __init__(self, code: Damage, message: str, **fields: object) -> None:
        CodedError.__init__(self, code, message, **fields)


AFTER = "it is not resumed, and nothing is written to it"


def log_mismatch(game: str, kept: int, read: int) -> DamagedGame:
    """The refusal of a game whose row counts `kept` moves while `read` were read from its log."""
    return DamagedGame(Damage.LOG, f"game {game} is damaged: its row records {kept} move(s) but {read} were read "
                       f"from its log; {AFTER}", game=game, kept=kept, read=read)


def state_mismatch(game: str, status: str, over: bool) -> DamagedGame:
    """The refusal of a game whose log replays to a game `over` (or not) that its row's `status` contradicts."""
    if over:
        return DamagedGame(Damage.FINISHED, f"game {game} is damaged: its log plays the game to its end, which its "
                           f"row ({status!r}) does not record; {AFTER}", game=game, status=status)
    return DamagedGame(Damage.UNFINISHED, f"game {game} is damaged: its row records the game as over, but its log "
                       f"stops before the end; {AFTER}", game=game, status=status)
