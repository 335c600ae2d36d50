"""The game's pictures from observations: one image for the table and board, one for a show, in a language."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.app.shown import pictures
from bot.i18n import Lang
from engine.core.cards import parse_card, parse_cards
from engine.core.events import Shown
from engine.core.game import Game
from engine.core.observation import observe
from engine.core.rules import Rules
from engine.core.scoring import score_hand


def size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


def test_the_live_table_is_one_picture_of_table_and_board() -> None:
    obs = observe(Game(Rules(4, 61), seed=3), 0)
    image = pictures.live_image(obs, ("ann", "bob", "cat", "dan"))
    assert image.filename == "table.png" and size(image.data) == (1100, 707)
    assert image.description == ("the table (starter, this series with the count, the crib) and the pegboard: "
                                 "ann & cat 0, bob & dan 0")


def test_a_show_is_one_picture_of_every_count(monkeypatch: pytest.MonkeyPatch) -> None:
    starter = parse_card("5S")
    shows = [Shown(0, False, score_hand(parse_cards("4H 5H 6H 6C"), starter)),
             Shown(1, False, score_hand(parse_cards("JD QD KD 10C"), starter)),
             Shown(1, True, score_hand(parse_cards("5C 5D JS QS"), starter, crib=True))]
    en = pictures.show_image(shows, ("ann", "bob"))
    assert en is not None and en.filename == "show.png" and size(en.data) == (1100, 696)
    assert en.description == "the show: ann's hand 24; bob's hand 12; bob's crib 21"
    assert pictures.show_image([], ("ann", "bob")) is None
    monkeypatch.setattr(pictures, "can_draw", lambda text: True)  # as with a CJK font: the titles in Chinese
    zh = pictures.show_image(shows, ("ann", "bob"), Lang.ZH)
    assert zh is not None and zh.data != en.data and size(zh.data) == (1100, 696)
