"""The analyzer chart and the win-probability chart."""

from __future__ import annotations

import math

import pytest

from engine.analysis.discards import DiscardOption
from engine.core.cards import parse_cards
from render.charts import (
    PAD,
    ChartMarker,
    analysis_png,
    analysis_row_top,
    analysis_size,
    infer_dealer,
    ranked,
    winprob_png,
    winprob_point,
)
from render.style import DARK, LIGHT, PLAYER_COLOURS, RenderError, blend
from tests.render.render_helpers import decode, near, rgb_at

SIX = parse_cards("5H 5C 6D 7S JH KD")


def options(dealer: bool = True, count: int = 15) -> list[DiscardOption]:
    from itertools import combinations

    out = []
    for k, discard in enumerate(list(combinations(SIX, 2))[:count]):
        keep = tuple(c for c in SIX if c not in discard)
        hand, crib = 4.0 + (k * 7) % 9, 3.0 + (k * 5) % 4
        out.append(DiscardOption(discard, keep, hand, 2, 14, crib, hand + crib if dealer else hand - crib))
    return out


def test_analysis_size_and_best_row_marked() -> None:
    image = decode(analysis_png(options()))
    assert image.size == analysis_size(15)
    best_band = (PAD - 3, analysis_row_top(0) + 2)
    assert near(rgb_at(image, best_band), DARK.highlight)
    assert near(rgb_at(image, (PAD - 3, analysis_row_top(1) + 2)), DARK.background)


def test_ranked_best_first() -> None:
    rows = ranked(options())
    assert [o.net for o in rows] == sorted((o.net for o in rows), reverse=True)


def test_role_is_inferred_from_the_net() -> None:
    assert infer_dealer(options(True)[0])
    assert not infer_dealer(options(False)[0])


def test_pone_light_and_fewer_options() -> None:
    image = decode(analysis_png(options(False, count=5), theme=LIGHT))
    assert image.size == analysis_size(5)
    assert near(rgb_at(image, (PAD - 3, analysis_row_top(0) + 2)), LIGHT.highlight)


@pytest.mark.parametrize(("opts", "message"), [
    ([], "1 to 15 options, got 0"),
    (options() + options()[:1], "1 to 15 options, got 16"),
])
def test_analysis_count_errors(opts: list[DiscardOption], message: str) -> None:
    with pytest.raises(RenderError, match=message):
        analysis_png(opts)


def test_analysis_value_errors() -> None:
    o = options()[0]
    bad = DiscardOption(o.discard, o.keep, math.nan, 0, 0, 1.0, 1.0)
    with pytest.raises(RenderError, match="hand_ev nan is not a number"):
        analysis_png([bad])
    twice = DiscardOption(o.discard, (*o.keep[:3], o.discard[0]), 1.0, 0, 0, 1.0, 1.0)
    with pytest.raises(RenderError, match="distinct cards"):
        analysis_png([twice])


PROBS = [0.5, 0.6, 0.7, 0.55, 0.4, 0.3, 0.35, 0.8, 1.0]


def test_winprob_shades_who_is_ahead() -> None:
    image = decode(winprob_png(PROBS))
    n = len(PROBS)
    # Just above the even line under a point at 70%: the player's shade; under a point at 30%: the other's.
    mine, theirs = (blend(DARK.background, PLAYER_COLOURS[k], 0.35) for k in (0, 1))
    x, _ = winprob_point(2, 0.7, n)
    assert near(rgb_at(image, (x, winprob_point(2, 0.55, n)[1])), mine)
    x, _ = winprob_point(5, 0.3, n)
    assert near(rgb_at(image, (x, winprob_point(5, 0.45, n)[1])), theirs)


def test_winprob_markers_and_single_point() -> None:
    markers = [ChartMarker(0, "deal 1"), ChartMarker(4, "deal 2")]
    assert decode(winprob_png(PROBS, markers=markers, player="Alice", opponent="Bob")).size == (760, 350)
    assert decode(winprob_png([0.5])).size == (760, 350)


@pytest.mark.parametrize(("probs", "markers", "message"), [
    ([], [], "at least one probability"),
    ([0.5, 1.2], [], r"probability 1.2 \(move 2\) is not between 0 and 1"),
    ([0.5, math.nan], [], "probability nan"),
    ([0.5, 0.6], [ChartMarker(2, "deal 2")], "marker 'deal 2' at move 2 is outside"),
])
def test_winprob_errors(probs: list[float], markers: list[ChartMarker], message: str) -> None:
    with pytest.raises(RenderError, match=message):
        winprob_png(probs, markers=markers)


def test_deterministic() -> None:
    assert analysis_png(options()) == analysis_png(options())
    assert winprob_png(PROBS) == winprob_png(PROBS)
