"""Label texts passed in: the English defaults draw exactly the pictures they always did, other words
change the pixels and nothing else about the pictures, and the same labels give the same bytes."""

from __future__ import annotations

import dataclasses

import pytest

from engine.analysis.discards import analyze
from engine.core.cards import parse_card, parse_cards
from engine.core.scoring import score_hand
from render import ENGLISH, Labels, analysis_png, board_png, breakdown_png, can_draw, felt_png, make_board
from render.board import skunk_lines
from render.felt import FeltView, PlayedCard
from render.style import RenderError
from tests.render.render_helpers import decode

OTHER = Labels(starter="Cut", the_play="Pegging", count="total", total="Sum", hand="Mine", skunk_line="{score} sk",
               double_skunk="{score} dsk", moved="+{points} was {back}", crib_of="crib of {name}")


def view() -> FeltView:
    played = tuple(PlayedCard(c, i % 2) for i, c in enumerate(parse_cards("7H 8S 9D")))
    return FeltView(("Alice", "Bob"), 0, parse_card("5C"), played, 4, to_play=1)


def test_the_defaults_are_english_and_change_nothing() -> None:
    assert Labels() == ENGLISH and dataclasses.fields(Labels)[0].name == "starter"
    assert ENGLISH.starter == "Starter" and ENGLISH.total == "Total" and ENGLISH.count == "count"
    b = score_hand(parse_cards("5H 5C 5D JS", count=4), parse_card("5S"))
    board = make_board([(40, 35), (22, 18)], ["Alice", "Bob"])
    assert felt_png(view()) == felt_png(view(), labels=Labels())
    assert breakdown_png(b) == breakdown_png(b, labels=Labels(), calls=[i.call for i in b.items])
    assert board_png(board) == board_png(board, Labels())


def test_other_words_change_the_pixels_deterministically() -> None:
    b = score_hand(parse_cards("5H 5C 5D JS", count=4), parse_card("5S"))
    board = make_board([(40, 35), (22, 18)], ["Alice", "Bob"])
    for default, other, again in (
            (felt_png(view()), felt_png(view(), labels=OTHER), felt_png(view(), labels=OTHER)),
            (breakdown_png(b), breakdown_png(b, labels=OTHER), breakdown_png(b, labels=OTHER)),
            (board_png(board), board_png(board, OTHER), board_png(board, OTHER))):
        assert other != default and other == again
        assert decode(other).size == decode(default).size


def test_skunk_lines_take_their_label_and_calls_must_match_the_items() -> None:
    assert skunk_lines(121, OTHER) == ((61, "61 dsk"), (91, "91 sk"))
    assert skunk_lines(61) == ((31, "31 · skunk line"),)
    b = score_hand(parse_cards("5H 5C 5D JS", count=4), parse_card("5S"))
    with pytest.raises(RenderError, match="calls for"):
        breakdown_png(b, calls=["fifteen two"])


def test_the_analysis_chart_takes_labels_too() -> None:
    options = analyze(parse_cards("5H 5C 6D JS KD 2C", count=6), dealer=True).options
    default = analysis_png(options, dealer=True)
    assert default == analysis_png(options, dealer=True, labels=Labels())
    other = analysis_png(options, dealer=True, labels=Labels(analysis="Throws", keep="hold", bar_net="sum"))
    assert other != default and decode(other).size == decode(default).size


def test_can_draw_tells_characters_the_font_lacks() -> None:
    assert can_draw("Starter") and can_draw("61 · double skunk") and can_draw("Nothing scores: “nineteen”.")
    assert not can_draw("\ue000") and not can_draw("a\ue001b")
    assert can_draw("") and can_draw("   ")


def test_chinese_is_drawn_with_a_chinese_font_when_one_is_installed() -> None:
    from render.style import cjk_font_file, font, font_for, text_width

    if cjk_font_file() is None:
        assert not can_draw("手牌") and font_for("手牌", 12) is font(12)
    else:
        assert can_draw("手牌") and font_for("手牌", 12) is not font(12)
        assert text_width("手牌", 12) > text_width("ab", 12)
    assert font_for("Starter", 12) is font(12)  # Latin text keeps the built-in font either way
