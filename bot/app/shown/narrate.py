"""Game events as the lines a table hears: who played what, the count, and every call.

Lines come from the message catalog in the game's language (public lines use the server's). Counting
calls keep their English words in both languages, players say them at real tables, with the Chinese
gloss beside them (`bot.i18n.breakdown_calls`, `peg_call`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Lang, as_lang, breakdown_calls, peg_call, t
from engine.core.events import (
    CardPlayed,
    CutCard,
    DealerChosen,
    DealStarted,
    Event,
    GameWon,
    LaidAway,
    Pegged,
    PegReason,
    SaidGo,
    SeriesReset,
    Shown,
    StarterTurned,
)


def side_names(names: Sequence[str], lang: Lang | str | None = Lang.EN) -> tuple[str, ...]:
    """Who scores together, by name: each player, or with four the partners opposite ("ann and cat")."""
    if len(names) != 4:
        return tuple(names)
    both = t("general.and", as_lang(lang)).join
    return both((names[0], names[2])), both((names[1], names[3]))


def scores_named(names: Sequence[str], scores: Sequence[int], lang: Lang | str | None = Lang.EN) -> str:
    """A score line with each side's name: "ann 6 · bob 4 · cat 1"; partners share one ("ann and cat 14 · bob and
    dan 3"). `scores` by seat or by side (with four, seats 0 and 1 stand for the two sides)."""
    lang = as_lang(lang)
    sides = side_names(names, lang)
    return t("general.score_list_sep", lang).join(
        t("general.score_named", lang, name=name, score=score) for name, score in zip(sides, scores, strict=False))


def describe(event: Event, names: Sequence[str], lang: Lang | str | None = Lang.EN,
             for_them: bool = False) -> str | None:
    """One line for a public event, or None for events a table does not announce. `for_them`: the game made this
    go or play for a member (it was their only move), so the line says it was not their press."""
    lang = as_lang(lang)
    match event:
        case CutCard(seat, card):
            return t("narrate.cut", lang, name=names[seat], card=card.pretty())
        case DealerChosen(seat):
            return t("narrate.dealer_chosen", lang, name=names[seat])
        case DealStarted(deal, dealer):
            return t("narrate.deal", lang, deal=deal + 1, name=names[dealer])
        case LaidAway(seat, count):
            return t("narrate.laid_away_many" if count > 1 else "narrate.laid_away_one", lang, name=names[seat],
                     count=count)
        case StarterTurned(card):
            return t("narrate.starter", lang, card=card.pretty())
        case CardPlayed(seat, card, count):
            return t("narrate.plays_last" if for_them else "narrate.plays", lang, name=names[seat], card=card.pretty(),
                     count=count)
        case SaidGo(seat):
            return t("narrate.go_said" if for_them else "narrate.go", lang, name=names[seat])
        case SeriesReset(leader):
            if leader is None:
                return t("narrate.reset", lang)
            return t("narrate.reset_lead", lang, name=names[leader])
        case Shown(seat, crib, breakdown, declared):
            whose = t("narrate.whose_crib" if crib else "narrate.whose_hand", lang, name=names[seat])
            cards = " ".join(c.pretty() for c in breakdown.hand)
            calls = breakdown.call if lang is Lang.EN else t("general.list_sep", lang).join(
                breakdown_calls(breakdown, lang))
            if declared is not None:  # muggins: the table hears the declaration; the truth comes out in claims
                return t("narrate.declares", lang, whose=whose, cards=cards, starter=breakdown.starter.pretty(),
                         declared=declared)
            return t("narrate.shown", lang, whose=whose, cards=cards, starter=breakdown.starter.pretty(),
                     calls=calls, total=breakdown.total)
        case Pegged(move):
            if move.reason in (PegReason.HAND, PegReason.CRIB):
                return t("narrate.pegs", lang, name=names[move.seat], points=move.points, front=move.front)
            call = peg_call(move.items, move.call, lang)
            return t("narrate.pegged", lang, name=names[move.seat], call=call, front=move.front)
        case GameWon(winner, final, skunk):
            scores = scores_named(names, final, lang)
            tail = t("narrate.skunk_tail", lang, skunk=skunk) if skunk else ""
            if len(names) == 4:  # the partnership wins: both partners are named
                return t("narrate.won_side", lang, names=side_names(names, lang)[winner % 2], scores=scores,
                         tail=tail)
            return t("narrate.won", lang, name=names[winner], scores=scores, tail=tail)
    return None
