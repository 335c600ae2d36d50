"""The engine's refusals in a player's words: by the refusal's code and fields, never by its text."""

from __future__ import annotations

from typing import Any

from bot.app.game.live_game import LiveGame
from bot.i18n import Lang, t
from engine.core.cards import Card
from engine.core.legality import Illegal, IllegalAction

_KEYS: dict[Illegal, str] = {
    Illegal.ALREADY_LAID: "illegal.already_laid",
    Illegal.NOT_YOUR_TURN: "illegal.not_your_turn",
    Illegal.NOT_YOUR_COUNT: "illegal.not_your_turn",
    Illegal.NOT_YOUR_CLAIM: "illegal.not_your_turn",
    Illegal.DISCARD_COUNT: "illegal.discard_count",
    Illegal.DISCARD_TWICE: "illegal.discard_twice",
    Illegal.NOT_HELD: "illegal.not_held",
    Illegal.OVER_31: "illegal.over_31",
    Illegal.CAN_STILL_PLAY: "illegal.can_still_play",
    Illegal.GAME_OVER: "illegal.game_over",
    Illegal.BAD_COUNT: "illegal.bad_count",
}
"""Refusals a member can cause from a panel; any other code means a move out of phase."""


def _shown(value: object) -> object:
    if isinstance(value, Card):
        return value.pretty()
    if isinstance(value, (tuple, list, frozenset)) and all(isinstance(c, Card) for c in value):
        return " ".join(c.pretty() for c in value)
    return value


def illegal_text(exc: IllegalAction, live: LiveGame, lang: Lang) -> str:
    """The refusal in `lang`: the player whose turn it is by name, cards as they are drawn."""
    if exc.code is Illegal.NOT_YOUR_CLAIM and exc.fields.get("claimants") is not None:
        return _claim_refusal(exc, live, lang)
    fields: dict[str, Any] = {name: _shown(value) for name, value in exc.fields.items()}
    to_act = exc.fields.get("to_act")
    fields["player"] = live.names[to_act] if isinstance(to_act, int) and 0 <= to_act < len(live.names) else "-"
    return t(_KEYS.get(exc.code, "illegal.not_now"), lang, **fields)


def _claim_refusal(exc: IllegalAction, live: LiveGame, lang: Lang) -> str:
    """Why this member may not call muggins now: their own count, their partner's, or they already passed."""
    seat, declarer = exc.fields.get("seat"), exc.fields.get("declarer")
    if exc.fields.get("passed"):
        return t("illegal.claim_passed", lang)
    if seat == declarer:
        return t("illegal.claim_own", lang)
    rules = live.game.rules
    if isinstance(seat, int) and isinstance(declarer, int) and rules.team_of(seat) == rules.team_of(declarer):
        return t("illegal.claim_partner", lang)
    return t("illegal.not_now", lang)
