"""Chinese wherever a member sees a game: narration, the table, panels and buttons, and picture labels.

Public messages use the game's language (the server's when it was started); private panels the member's.
Counting calls keep their English words with the Chinese gloss beside them.
"""

import dataclasses

import pytest

from bot.app.commands import (
    AnalyzeDiscards,
    Resign,
    ShowHand,
    Sweep,
)
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.autopilot import autopilot, play_out
from bot.app.shown import pictures
from bot.app.shown.narrate import describe, scores_named
from bot.app.shown.pictures import breakdown_image, catalog_labels, labels
from bot.app.shown.replies import Button, Select
from bot.i18n import Lang, catalog
from bot.storage import SqliteStorage
from engine.core.cards import parse_card, parse_cards
from engine.core.events import CardPlayed, DealStarted, GameWon, LaidAway, SaidGo, SeriesReset, Shown, StarterTurned
from engine.core.scoring import score_hand
from render import ENGLISH, Labels
from tests.bot.app_helpers import click

ANN = Member("u1", "ann")
NAMES = ("ann", "bob")


def make() -> Controller:
    return Controller(SqliteStorage(":memory:"), images=False, ids=lambda: "game1", clock=lambda: 1000.0)


def test_narration_in_chinese_for_known_events() -> None:
    assert describe(CardPlayed(0, parse_card("5H"), 15), NAMES, Lang.ZH) == "ann 出 5♥：15"
    assert describe(CardPlayed(0, parse_card("5H"), 15), NAMES) == "ann plays 5♥: 15"
    assert describe(StarterTurned(parse_card("JS")), NAMES, "zh") == "翻牌：J♠"
    assert describe(DealStarted(1, 1), NAMES, Lang.ZH) == "— 第 2 局：bob 发牌 —"
    assert describe(LaidAway(1, 2), NAMES, Lang.ZH) == "bob 放 2 张牌进底牌"
    assert describe(SaidGo(0), NAMES, Lang.ZH) == "ann：go（过）"
    assert describe(SeriesReset(1), NAMES, Lang.ZH) == "计数归零；bob 先出"
    assert describe(GameWon(1, (88, 121), "skunk"), NAMES, Lang.ZH) == "bob 获胜（ann 88 分，bob 121 分；skunk）"
    b = score_hand(parse_cards("5H 5C 5D JS", count=4), parse_card("5S"))
    shown = Shown(0, False, b)
    assert describe(shown, NAMES) == (
        "ann's hand: 5♥ 5♣ 5♦ J♠ + 5♠ — " + b.call + " = 29")
    zh = describe(shown, NAMES, Lang.ZH)
    assert zh is not None and zh.startswith("ann 的手牌：5♥ 5♣ 5♦ J♠ + 5♠ — fifteen two（十五 2 分），fifteen four（")
    assert zh.endswith(" = 29")


async def test_a_game_in_a_chinese_server_speaks_chinese_in_public_and_each_member_their_own() -> None:
    c = make()
    first = await c.run(NewGame("chan", ANN, ("easy",), seed=11, lang=Lang.ZH, member_lang=Lang.EN,
                                      settings={"auto_go": False}))
    assert first.lines == ("ann 切到 3♦", "computer (easy) 切到 10♦", "ann 切牌最小，先发牌", "— 第 1 局：ann 发牌 —",
                           "computer (easy) 放 2 张牌进底牌")
    assert first.live is not None
    assert first.live.text.splitlines()[:2] == ["克里比奇牌，121 分获胜：ann 0 分，computer (easy) 0 分",
                                                 "第 1 局，ann 发牌。正在放底牌：ann。"]
    assert first.live.controls == (Button("crib:game1:0:hand", "我的面板", first.live.controls[0].style),)
    assert first.live.moved == "牌桌已移到下方 ↓"
    # ann's own client is English: her panel is English (the prompt for text front ends stays English)
    assert first.panel is not None and first.panel.text == ("Your hand (ann 0 · computer (easy) 0). Lay away 2 for "
                                                            "your crib.")
    zh = (await c.run(ShowHand(ANN, "game1", Lang.ZH))).panel
    assert zh is not None and zh.text == "你的手牌（ann 0 分，computer (easy) 0 分）。请放 2 张牌进你的底牌。"
    (select,) = zh.controls
    assert isinstance(select, Select) and select.placeholder == "选 2 张牌放进你的底牌"
    assert zh.prompt == "lay away 2 for your crib"
    reply = await click(c, ANN, *autopilot(zh, 0), lang=Lang.ZH)
    assert reply.lines == ("ann 放 2 张牌进底牌", "翻牌：9♣", "computer (easy) 出 A♥：1")
    assert reply.panel is not None and reply.panel.text == ("你的手牌（ann 0 分，computer (easy) 0 分；"
                                                            "翻牌 9♣；计数 1）。轮到你：请出一张牌。")
    assert [b.label for b in reply.panel.controls if isinstance(b, Button)][-1] == "Go（过）"
    turn = 1
    while not reply.posts:
        reply = await click(c, ANN, *autopilot(reply.panel, turn), lang=Lang.ZH)  # type: ignore[arg-type]
        turn += 1
    show = reply.posts[0]
    assert show.text.splitlines()[:3] == [
        "亮牌：",
        "computer (easy) 的手牌：A♥ 2♦ 3♥ A♦ + 9♣ — fifteen two（十五 2 分），fifteen four（十五 4 分），"
        "a pair is six（一对，6 分），a run of three is nine（顺子，9 分），another run of three is twelve"
        "（顺子，12 分） = 12",
        "  computer (easy) 得 12 分 → 12"]
    assert show.controls == ()  # a review is one member's: it is offered in their own panel, never in public
    review = reply.panel.controls[-1]  # type: ignore[union-attr]
    assert isinstance(review, Button) and review.label == "我在第 1 副牌的复盘"
    lines: list[str] = []
    last = await play_out(c, reply, on_reply=lambda r: lines.extend(r.lines))
    assert "  ann：thirty-one for two（三十一，2 分） → 21" in lines
    assert "  computer (easy)：a pair for two（一对，2 分） → 38" in lines
    assert last.posts[-1].text == "游戏结束：computer (easy) 获胜（ann 98 分，computer (easy) 122 分）。"


def test_picture_labels_come_from_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    assert labels(Lang.EN) == ENGLISH == Labels() == catalog_labels(Lang.EN)
    zh = catalog_labels(Lang.ZH)
    assert (zh.starter, zh.the_play, zh.count, zh.total, zh.hand) == ("翻牌", "出牌", "计数", "合计", "手牌")
    assert zh.skunk_line.format(score=91) == "91 · skunk 线"
    for field in dataclasses.fields(Labels):
        assert f"image.{field.name}" in catalog(Lang.EN) and f"image.{field.name}" in catalog(Lang.ZH)
    # drawn only when the pictures' font has the characters (Pillow's built-in font has no Chinese)
    monkeypatch.setattr(pictures, "can_draw", lambda text: True)
    assert labels(Lang.ZH) == zh
    monkeypatch.setattr(pictures, "can_draw", lambda text: False)
    assert labels(Lang.ZH) == ENGLISH


def test_a_chinese_breakdown_picture_differs_and_is_deterministic(monkeypatch: pytest.MonkeyPatch) -> None:
    b = score_hand(parse_cards("5H 5C 5D JS", count=4), parse_card("5S"))
    en = breakdown_image(b, "b.png", "ann's hand")
    monkeypatch.setattr(pictures, "can_draw", lambda text: True)  # as with a CJK font
    zh = breakdown_image(b, "b.png", "ann's hand", Lang.ZH)
    assert en.description == zh.description == "ann's hand: " + b.call + " = 29"
    assert zh.data != en.data and zh.data == breakdown_image(b, "b.png", "ann's hand", "zh").data
    monkeypatch.setattr(pictures, "can_draw", lambda text: False)  # Pillow's built-in font: English, no boxes
    assert breakdown_image(b, "b.png", "ann's hand", Lang.ZH).data == en.data


async def test_the_analyze_table_headings_in_chinese() -> None:
    c = make()
    a = await c.run(AnalyzeDiscards("5H 5C 6D JS KD 2C", True, "95,88", Lang.ZH))
    assert a.ok
    assert "扔出     留下           手牌   牌池    净值 胜率" in a.text.splitlines()
    en = await c.run(AnalyzeDiscards("5H 5C 6D JS KD 2C", True, "95,88"))
    assert "throw    keep           hand   crib    net win" in en.text.splitlines()


async def test_reminders_and_closing_notes_in_the_games_language() -> None:
    now = [1000.0]
    c = Controller(SqliteStorage(":memory:"), images=False, ids=lambda: "game1", clock=lambda: now[0],
                   remind_after=300, forfeit_after=1800)
    await c.run(NewGame("chan", ANN, ("easy",), seed=11, lang=Lang.ZH))
    now[0] += 301
    (reminder,) = await c.run(Sweep())
    assert reminder.posts[0].text == "ann：轮到你了。30 分钟没有动作的游戏，由拖延的一方判负。"
    resigned = await c.run(Resign(ANN, "game1"))
    assert resigned.note == "ann 认输。computer (easy) 获胜（ann 0 分，computer (easy) 0 分）。"
    assert resigned.live is not None and "这局游戏已结束：computer (easy) 因对方认输获胜。" in resigned.live.text


def test_score_lines_name_each_side_in_both_languages() -> None:
    four = ("ann", "bob", "cat", "dan")
    assert scores_named(four, (14, 3, 14, 3)) == "ann and cat 14 · bob and dan 3"
    assert scores_named(four, (14, 3), Lang.ZH) == "ann 和 cat 14 分，bob 和 dan 3 分"
    assert scores_named(("ann", "bob", "cat"), (6, 4, 1)) == "ann 6 · bob 4 · cat 1"
    assert describe(GameWon(3, (60, 61), None), four) == "bob and dan win (ann and cat 60 · bob and dan 61)"
    assert describe(GameWon(1, (60, 61), "skunk"), four, Lang.ZH) == (
        "bob 和 dan 获胜（ann 和 cat 60 分，bob 和 dan 61 分；skunk）")


async def test_a_chinese_panel_spaces_a_name_in_the_crib_prompt() -> None:
    c = make()
    # the computer deals
    await c.run(NewGame("chan", ANN, ("easy",), seed=14, lang=Lang.ZH, settings={"auto_go": False}))
    zh = (await c.run(ShowHand(ANN, "game1", Lang.ZH))).panel
    assert zh is not None
    (select,) = zh.controls
    assert isinstance(select, Select)
    assert zh.text == "你的手牌（ann 0 分，computer (easy) 0 分）。请放 2 张牌进 computer (easy) 的底牌。"
    assert select.placeholder == "选 2 张牌放进 computer (easy) 的底牌"
