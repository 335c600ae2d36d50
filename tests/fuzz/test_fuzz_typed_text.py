"""Typed text shown back: whatever a person types at `cribbage play`'s prompts (escape sequences, NUL, newlines
inside a line, right-to-left overrides, lines of any length), what the terminal shows carries no control character
but the line ends, and no line of it runs long."""

from __future__ import annotations

import asyncio
import io

from hypothesis import given
from hypothesis import strategies as st

from bot.app.controller import Controller, NewGame
from bot.storage import SqliteStorage
from bot.terminal.local_game import local_member, play_at_terminal
from engine.core.errors import escaped
from engine.core.rules import Rules
from tests.fuzz.fuzzing import any_char, hostile_text, scaled

typed_line = st.one_of(hostile_text, st.text(any_char, max_size=80),
                       st.sampled_from(["\x1b[31mred \x1b[2Jx", "1 2", "1", "go", "5H \x00 6D", "\u202e1 2",
                                        "z " * 3000, "\x1b]0;title\x07", "1 \r2"]))


@scaled(0.3)
@given(st.lists(typed_line, max_size=6))
def test_what_a_person_types_at_the_prompt_comes_back_escaped_and_short(lines: list[str]) -> None:
    controller = Controller(SqliteStorage(":memory:"), images=False, ids=lambda: "local1")
    me = local_member("ann")
    out = io.StringIO()
    typed = "".join(line.replace("\n", " ") + "\n" for line in lines) + "q\n"
    try:
        status = asyncio.run(play_at_terminal(controller, me, io.StringIO(typed), out,
                                              new=NewGame("terminal", me, ("easy",), Rules(), seed=8)))
    finally:
        controller.close()
        controller.storage.close()
    assert status == 0
    for line in out.getvalue().split("\n"):
        assert escaped(line) == line and len(line) < 400, line[:200]
