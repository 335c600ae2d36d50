"""A stand-in for a person clicking: picks a control from a private panel, deterministically.

The crash test, the benchmark and the tests drive whole games through the controller with it,
exactly as a door would: a pressed control read back as a move by `bot.app.game.moves.move_of`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.app.commands import (
    MakeMove,
    ShowHand,
)
from bot.app.game.moves import move_of
from bot.app.shown.ids import ComponentId, Verb
from bot.app.shown.replies import Button, Panel, Reply, Select

if TYPE_CHECKING:
    from bot.app.controller import Controller


def autopilot(panel: Panel, turn: int = 0) -> tuple[str, tuple[str, ...]] | None:
    """(custom id, select values) for one enabled control, or None if the panel offers none.

    `turn` varies the pick (the k-th enabled choice, wrapping) so games differ without randomness.
    """
    for control in panel.controls:
        if isinstance(control, Select):
            options = [o.value for o in control.options]
            k = control.min_values
            start = turn % (len(options) - k + 1)
            return control.custom_id, tuple(options[start:start + k])
    enabled = [c for c in panel.controls if isinstance(c, Button) and not c.disabled
               and ComponentId.parse(c.custom_id).verb is not Verb.REVIEW]  # a review moves nothing
    if not enabled:
        return None
    return enabled[turn % len(enabled)].custom_id, ()


async def play_out(controller: Controller, reply: Reply, *, moves: int | None = None,
                   turn: int = 0, on_reply: Callable[[Reply], None] | None = None) -> Reply:
    """Answer for every person in a game until it ends (or `moves` commands were made).

    Starts from the reply that began or last moved the game; returns the last reply. A refusal
    raises, since the autopilot only ever picks enabled controls at the current version.
    """
    game = reply.game
    assert game is not None
    made = 0
    while not reply.finished and (moves is None or made < moves):
        if not reply.waiting:
            raise RuntimeError(f"game {game}: nobody to act but the game is not finished")
        user = reply.waiting[0]
        panel = reply.panel if reply.panel is not None and reply.panel.user == user else None
        if panel is None:
            panel = (await controller.run(ShowHand(user, game))).panel
        assert panel is not None
        choice = autopilot(panel, turn + made)
        if choice is None:
            raise RuntimeError(f"game {game}: {user} must act but has no control: {panel.text}")
        custom_id, values = choice
        cid = ComponentId.parse(custom_id)
        reply = await controller.run(MakeMove(user, game, cid.version, move_of(cid, values)))
        if not reply.ok:
            raise RuntimeError(f"game {game}: autopilot refused: {reply.note}")
        made += 1
        if on_reply is not None:
            on_reply(reply)
    return reply
