"""One picture of every kind from realistic sample data, for people to look at and for the benchmark.

The samples are fixed (seeded), so the gallery is the same on every run. The analyzer chart uses
the engine's exact analyzer when it is there, else a seeded estimate of the crib made for the picture.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import partial
from itertools import combinations

from engine.analysis.discards import DiscardOption
from engine.core.cards import DECK, Card, parse_card, parse_cards
from engine.core.scoring import score_hand, score_total
from render.board import PegBoard, PegTrack, board_png
from render.breakdown import breakdown_png
from render.cards import back_png, card_png, deck_png, hand_png
from render.charts import ChartMarker, analysis_png, winprob_png
from render.felt import FeltView, PlayedCard, felt_png
from render.live import live_png
from render.samples import sample_live, sample_show
from render.show import show_png
from render.style import FOUR_COLOUR, LIGHT


def sample_options(six: tuple[Card, ...], dealer: bool) -> list[DiscardOption]:
    """All 15 ways to lay away two of `six`, best first: the analyzer's, or exact hand values with a
    seeded estimate of the crib where the analyzer is missing."""
    try:
        from engine.analysis.discards import analyze
    except ImportError:
        pass
    else:
        return list(analyze(six, dealer).options)
    rng = random.Random(7)
    rest = [c for c in DECK if c not in six]
    options = []
    for discard in combinations(six, 2):
        keep = tuple(c for c in six if c not in discard)
        hand = [score_total(keep, s) for s in rest]
        crib = []
        for _ in range(300):
            starter, a, b = rng.sample(rest, 3)
            crib.append(score_total((*discard, a, b), starter, crib=True))
        hand_ev, crib_ev = sum(hand) / len(hand), sum(crib) / len(crib)
        net = hand_ev + crib_ev if dealer else hand_ev - crib_ev
        options.append(DiscardOption(discard, keep, round(hand_ev, 2), min(hand), max(hand),
                                     round(crib_ev, 2), round(net, 2)))
    return sorted(options, key=lambda o: -o.net)


def sample_game(seed: int = 3) -> tuple[list[float], list[ChartMarker]]:
    """A made-up game's win chances, one per peg move, with a marker where each deal starts."""
    rng = random.Random(seed)
    me = them = 0
    probs: list[float] = []
    markers: list[ChartMarker] = []
    deal = 0
    while me < 121 and them < 121:
        deal += 1
        markers.append(ChartMarker(len(probs), f"deal {deal}"))
        for _ in range(rng.randint(5, 9)):
            if rng.random() < 0.5:
                me += rng.choice((1, 1, 2, 2, 2, 3, 4, 6, 8, 12))
            else:
                them += rng.choice((1, 1, 2, 2, 2, 3, 4, 6, 8, 12))
            left = max(1, 121 - min(me, them))
            p = 1 / (1 + math.exp(-(me - them) / (2.2 * math.sqrt(left))))
            probs.append(1.0 if me >= 121 else 0.0 if them >= 121 else round(p, 4))
            if me >= 121 or them >= 121:
                break
    return probs, markers


def sample_table() -> FeltView:
    series = tuple(PlayedCard(c, i % 2) for i, c in enumerate(parse_cards("7H 8S 9D 6C")))
    return FeltView(("Alice", "Bob"), dealer=1, starter=parse_card("5D"), series=series, crib_size=4,
                     to_play=0)


def sample_boards() -> dict[str, PegBoard]:
    return {
        "board": PegBoard((PegTrack("Alice", 87, 80), PegTrack("Bob", 95, 91))),
        "board_4": PegBoard((PegTrack("Alice & Carol", 118, 109), PegTrack("Bob & Dan", 124, 112)), 121),
        "board_3": PegBoard((PegTrack("Ann", 58, 51), PegTrack("Ben", 66, 54), PegTrack("Cy", 29, 27))),
        "board_61": PegBoard((PegTrack("Ann", 33, 29), PegTrack("Ben", 45, 33), PegTrack("Cy", 0, 0)), 61),
    }


def gallery() -> dict[str, Callable[[], bytes]]:
    """Each picture's file stem and how to render it (the data is made first, so timing a call
    times the drawing only)."""
    six = parse_cards("5H 5C 6D 7S JH KD")
    probs, markers = sample_game()
    as_dealer, as_pone = sample_options(six, dealer=True), sample_options(six, dealer=False)
    hand = score_hand(parse_cards("4H 5H 6H 6C"), parse_card("5S"))
    crib = score_hand(parse_cards("5C 5D JS QS"), parse_card("5S"), crib=True)
    table = sample_table()
    qh, ten = parse_card("QH"), parse_card("10D")
    items: dict[str, Callable[[], bytes]] = {
        "card_QH": lambda: card_png(qh),
        "card_10D_four_colour": lambda: card_png(ten, deck=FOUR_COLOUR),
        "card_back": lambda: back_png(),
        "deck": lambda: deck_png(),
        "deck_four_colour": lambda: deck_png(FOUR_COLOUR),
        "hand": lambda: hand_png(six, labels=True),
        "table": lambda: felt_png(table),
        "breakdown": lambda: breakdown_png(hand),
        "breakdown_crib_light": lambda: breakdown_png(crib, LIGHT),
        "analysis": lambda: analysis_png(as_dealer, dealer=True),
        "analysis_pone_light": lambda: analysis_png(as_pone, dealer=False, theme=LIGHT),
        "winprob": lambda: winprob_png(probs, markers=markers, player="Alice", opponent="Bob"),
    }
    for name, board in sample_boards().items():
        items[name] = partial(board_png, board)
    for name, (view, pegs) in sample_live().items():
        items[name] = partial(live_png, view, pegs)
    items["show"] = partial(show_png, sample_show(2))
    items["show_4"] = partial(show_png, sample_show(4))
    return items

