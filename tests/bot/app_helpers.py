"""Pressing a drawn control in tests, as a door does: the custom id read once, then a typed command."""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.controller import Controller, Member
from bot.app.ids import BadComponentId, ComponentId, Verb
from bot.app.moves import move_of
from bot.app.replies import Reply
from bot.i18n import Lang


async def click(c: Controller, user: Member | str, custom_id: str, values: Sequence[str] = (),
                lang: Lang | None = None) -> Reply:
    """The typed command behind a game control (a refusal Reply for an id that does not read)."""
    try:
        cid = ComponentId.parse(custom_id)
        if cid.verb is Verb.HAND:
            return await c.hand(user, cid.game, lang)
        if cid.verb is Verb.ACCEPT:
            return await c.accept(user, cid.game, lang)
        if cid.verb is Verb.DECLINE:
            return await c.decline(user, cid.game, lang)
        return await c.move(user, cid.game, cid.version, move_of(cid, values), lang)
    except BadComponentId as exc:
        return Reply(False, str(exc))
