"""The pool's check of a connection it hands out: a round trip to the server only after the connection rested more
than CHECK_IDLE seconds (and the first time), never for one taken again at once."""

from __future__ import annotations

import pytest

from bot.storage.postgres.connection import CHECK_IDLE, IdleCheck


class Conn:
    """Stands for a connection: the check only needs it hashable and weakly referable."""


def test_a_connection_is_checked_first_and_after_resting_only() -> None:
    now = [100.0]
    checked: list[str] = []
    names: dict[int, str] = {}

    def check(conn: object) -> None:
        checked.append(names[id(conn)])

    idle = IdleCheck(check, clock=lambda: now[0])
    a, b = Conn(), Conn()
    names.update({id(a): "a", id(b): "b"})
    assert CHECK_IDLE == 5.0
    idle(a)
    idle(b)
    now[0] += 1.0
    idle(a)
    now[0] += 4.5  # a was last taken 4.5 s ago, b 5.5 s ago
    idle(a)
    idle(b)
    now[0] += 5.5
    idle(a)
    assert checked == ["a", "b", "b", "a"]


def test_a_connection_that_fails_its_check_is_checked_again_next_time() -> None:
    failing = [True]

    def check(conn: object) -> None:
        if failing[0]:
            raise OSError("server closed the connection")

    idle = IdleCheck(check, clock=lambda: 0.0)
    conn = Conn()
    with pytest.raises(OSError):
        idle(conn)
    failing[0] = False
    idle(conn)  # not taken as fresh: checked, and now it answers
    failing[0] = True
    idle(conn)  # taken again at once: not asked
