"""The pictures a game shows, built only from what is public (or from one seat's own observation).

These are pure functions of observations, so the public table can never show a hidden card:
the table and the board are built from a seat's observation using only its public fields.
Rendering is CPU work; callers run it off the event loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.replies import Attachment
from engine.cards import Card
from engine.game import Phase
from engine.observation import Observation
from engine.scoring import Breakdown
from render import PegBoard, PlayedCard, TableView, board_png, breakdown_png, hand_png, make_board, table_png


def public_table(obs: Observation, names: Sequence[str]) -> TableView:
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
    return TableView(players=tuple(names), dealer=max(obs.dealer, 0), starter=obs.starter, series=series,
                     crib_size=min(crib, 4), to_play=to_play)


def public_board(obs: Observation, names: Sequence[str]) -> PegBoard:
    return make_board(list(zip(obs.scores, obs.backs, strict=True)), list(names), obs.rules.target)


def table_image(obs: Observation, names: Sequence[str]) -> Attachment:
    return Attachment("table.png", table_png(public_table(obs, names)),
                      "the table: starter, the cards of this series with the count, and the crib")


def board_image(obs: Observation, names: Sequence[str]) -> Attachment:
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, obs.scores, strict=True))
    return Attachment("board.png", board_png(public_board(obs, names)), f"the pegboard: {scores}")


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

    from engine.game import Game
    from engine.observation import observe

    obs = observe(Game(seed=0), 0)
    table_image(obs, ("a", "b"))
    board_image(obs, ("a", "b"))
    hand_image(obs.hand)
    time.sleep(pause)
    return os.getpid()


def breakdown_image(b: Breakdown, filename: str, whose: str) -> Attachment:
    return Attachment(filename, breakdown_png(b), f"{whose}: {b.call} = {b.total}")
