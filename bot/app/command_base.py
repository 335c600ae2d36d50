"""What every command is (bot/app/commands.py lists them): a typed value with the type of its answer, and the game
whose lock it runs under; and how a handler says which command it answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

R = TypeVar("R", covariant=True)
F = TypeVar("F", bound=Callable[..., Any])

HANDLES = "__handles__"
"""The attribute `handles` sets on a handler: the command type it answers."""


class Command(Generic[R]):
    """A request whose answer is an R, run in a worker thread by `Controller.run`."""

    def locks(self) -> str | None:
        """The game this command runs under the lock of (read afresh and tried again when another writer got
        there first); None: no lock."""
        return None


class GameCommand(Command[R]):
    """A command on one game, run under that game's lock."""

    game_id: str

    def locks(self) -> str | None:
        return self.game_id


def handles(command: type[Command[Any]]) -> Callable[[F], F]:
    """Mark a method of a feature as the handler of `command` (one handler a command type; the controller finds
    them when it starts and refuses a command type with none or two)."""

    def mark(fn: F) -> F:
        setattr(fn, HANDLES, command)
        return fn

    return mark
