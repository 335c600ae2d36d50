"""Pressing a drawn control in tests, as a door does: the custom id read once, then a typed command."""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.commands import (
    AcceptInvite,
    DeclineInvite,
    MakeMove,
    ShowHand,
)
from bot.app.controller import Controller, Member
from bot.app.game.moves import move_of
from bot.app.shown.ids import BadComponentId, ComponentId, Verb
from bot.app.shown.replies import Reply
from bot.i18n import Lang


async def click(c: Controller, user: Member | str, custom_id: str, values: Sequence[str] = (),
                lang: Lang | None = None) -> Reply:
    """The typed command behind a game control (a refusal Reply for an id that does not read)."""
    try:
        cid = ComponentId.parse(custom_id)
        if cid.verb is Verb.HAND:
            return await c.run(ShowHand(user, cid.game, lang))
        if cid.verb is Verb.ACCEPT:
            return await c.run(AcceptInvite(user, cid.game, lang))
        if cid.verb is Verb.DECLINE:
            return await c.run(DeclineInvite(user, cid.game, lang))
        return await c.run(MakeMove(user, cid.game, cid.version, move_of(cid, values), lang))
    except BadComponentId as exc:
        return Reply(False, str(exc))
