"""The pictures a game shows, built only from what is public (or from one seat's own observation).

These are pure functions of observations, so the public table can never show a hidden card:
the table and the board are built from a seat's observation using only its public fields.
Rendering is CPU work; callers run it off the event loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple
from functools import lru_cache

from bot.app.game.variants import teamed
from bot.app.shown.replies import Attachment
from bot.i18n import Lang, as_lang, breakdown_calls, catalog
from engine.core.cards import Card
from engine.core.events import Shown
from engine.core.game import Phase
from engine.core.observation import Observation
from engine.core.scoring import Breakdown
from render import (
    ENGLISH,
    FeltView,
    Labels,
    PegBoard,
    PlayedCard,
    breakdown_png,
    can_draw,
    hand_png,
    make_board,
)
from render.live import live_png
from render.show import MAX_COUNTS, ShownCount, show_png

LABEL_FIELDS = tuple(Labels.__dataclass_fields__)
"""Each `render.Labels` field is the catalog key `image.<field>`."""


@lru_cache(maxsize=4)
def catalog_labels(lang: Lang | str | None = Lang.EN) -> Labels:
    """The picture labels of a language as the catalog has them (render itself knows no catalog)."""
    lang = as_lang(lang)
    return Labels(**{name: _raw(f"image.{name}", lang) for name in LABEL_FIELDS})


def labels(lang: Lang | str | None = Lang.EN) -> Labels:
    """The labels to draw: the language's, when the pictures' font has their characters; else English.

    Pillow's built-in font has no Chinese characters: without a CJK font the Chinese words would
    be drawn as rows of empty boxes, and English words say more than boxes."""
    words = catalog_labels(lang)
    return words if words == ENGLISH or can_draw("".join(astuple(words))) else ENGLISH


def _raw(key: str, lang: Lang) -> str:
    """A catalog text with its `{fields}` left in (render fills them in)."""
    return catalog(lang)[key]


def public_table(obs: Observation, names: Sequence[str]) -> FeltView:
    """The table everyone sees: starter, the current series with who laid each card, the crib's size."""
    series_cards = list(obs.series)
    laid = [p for p in obs.plays if p.card is not None]
    tail = laid[len(laid) - len(series_cards):] if series_cards else []
    series = tuple(PlayedCard(p.card, p.seat) for p in tail if p.card is not None)
    rules = obs.rules
    if obs.phase is Phase.DISCARD:
        done = rules.players - len(obs.to_act)
        crib = done * rules.discard_each + rules.deck_to_crib
    else:
        crib = rules.players * rules.discard_each + rules.deck_to_crib
    to_play = obs.to_act[0] if obs.phase is Phase.PLAY and obs.to_act else None
    return FeltView(players=tuple(names), dealer=max(obs.dealer, 0), starter=obs.starter, series=series,
                     crib_size=min(crib, 4), to_play=to_play, partners=teamed(rules))


def team_names(obs: Observation, names: Sequence[str]) -> tuple[str, ...]:
    """One name per track: partners (seats k and k + 2 of four) share one, "Ann & Cat"."""
    rules = obs.rules
    return tuple(" & ".join(names[s] for s in range(rules.players) if rules.team_of(s) == k)
                 for k in range(rules.teams))


def public_board(obs: Observation, names: Sequence[str]) -> PegBoard:
    """One track per player, or per partnership of four: partners share a score and a pair of pegs."""
    teams = obs.rules.teams
    pegs = [(obs.scores[k], obs.backs[k]) for k in range(teams)]
    return make_board(pegs, list(team_names(obs, names)), obs.rules.target)


def live_image(obs: Observation, names: Sequence[str], lang: Lang | str = Lang.EN) -> Attachment:
    """The table and the pegboard in one picture: a message's only image is shown whole, two are cropped."""
    board = public_board(obs, names)
    scores = ", ".join(f"{t.name} {t.front}" for t in board.tracks)
    return Attachment("table.png", live_png(public_table(obs, names), board, labels=labels(lang)),
                      f"the table (starter, this series with the count, the crib) and the pegboard: {scores}")


def show_image(shows: Sequence[Shown], names: Sequence[str], lang: Lang | str = Lang.EN) -> Attachment | None:
    """Every count of a show (each hand, then the crib) in one picture; None for a show with none."""
    if not shows:
        return None
    words = labels(lang)
    counts = [ShownCount(f"{names[e.seat]} · {words.crib if e.crib else words.hand}", e.breakdown, e.seat)
              for e in shows[:MAX_COUNTS]]
    said = "; ".join(f"{names[e.seat]}'s {'crib' if e.crib else 'hand'} {e.breakdown.total}" for e in shows)
    return Attachment("show.png", show_png(counts, labels=words), f"the show: {said}")


def hand_image(hand: Sequence[Card]) -> Attachment | None:
    if not hand:
        return None
    return _hand_image(tuple(hand))


@lru_cache(maxsize=4096)
def _hand_image(hand: tuple[Card, ...]) -> Attachment:
    """Cached: a panel shown again (a refresh, a refused click, the other player's move) costs nothing."""
    text = "your hand: " + " ".join(c.pretty() for c in hand)
    return Attachment("hand.png", hand_png(hand, labels=True), text)


def warm(pause: float = 0.0) -> int:
    """Draw one of each picture so fonts and card faces are loaded before the first real reply;
    returns the process id (the controller warms each worker process with it)."""
    import os
    import time

    from engine.core.game import Game
    from engine.core.observation import observe

    obs = observe(Game(seed=0), 0)
    live_image(obs, ("a", "b"))
    hand_image(obs.hand)
    time.sleep(pause)
    return os.getpid()


def breakdown_image(b: Breakdown, filename: str, whose: str, lang: Lang | str = Lang.EN) -> Attachment:
    """A counted hand or crib; in Chinese the labels are Chinese and each call has its gloss beside it."""
    lang = as_lang(lang)
    calls = breakdown_calls(b, lang) if lang is not Lang.EN and b.items else None
    if calls is not None and not can_draw("".join(calls)):
        calls = None  # the glosses cannot be drawn in this font: the English calls alone
    said = f"{whose}: " if whose else ""
    return Attachment(filename, breakdown_png(b, labels=labels(lang), calls=calls), f"{said}{b.call} = {b.total}")
