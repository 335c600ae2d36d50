"""/cribbage daily's command (DailyHand): today's hand as a problem, an earlier day's with every discard's exact
values (the same as `cribbage daily show`), and clear refusals for a day that is not one, not yet published or
outside the pool."""

from datetime import UTC, datetime

import pytest

from bot.app.commands import AnswerDaily, DailyHand
from bot.app.shown.replies import Select
from bot.i18n import Lang
from tests.bot.conftest import make_controller

NOW = datetime(2027, 1, 4, 12, 0, tzinfo=UTC).timestamp()


async def answer(day: str | None, lang: Lang = Lang.EN) -> tuple[bool, str]:
    c = make_controller(clock=lambda: NOW)
    try:
        got = await c.run(DailyHand(day, lang))
    finally:
        c.close()
    return got.ok, got.text


async def test_today_s_hand_is_a_problem_without_its_answer() -> None:
    assert await answer(None) == (True, "Daily hand for 2027-01-04 (easy): 8♦ A♠ 7♣ 5♠ Q♠ 6♦, they deal (the crib is "
                                        "theirs).\nWhich two cards do you lay away? Today's answer is shown from "
                                        "tomorrow (00:00 UTC).")


async def test_an_earlier_day_is_tried_privately_then_shows_every_discard_with_the_best_and_the_obvious_marked(
) -> None:
    c = make_controller(clock=lambda: NOW)
    try:
        shown = await c.run(DailyHand("2027-01-03", Lang.EN))
        assert shown.text.splitlines() == [
            "Daily hand for 2027-01-03 (hard): 7♠ K♣ K♥ 8♥ Q♠ 2♦, you deal (the crib is yours).",
            "Scores before the deal: you 108, them 114 (to 121): the chance to win decides.",
            "Try it: pick your discard below and the exact answer follows, only for you (it does not count in your "
            "record)."]
        (select,) = shown.controls
        assert isinstance(select, Select) and select.custom_id == "crib:d20270103:1:daily"
        assert [o.label for o in select.options][:3] == ["7♠ K♣", "7♠ K♥", "7♠ 8♥"]
        tried = await c.run(AnswerDaily("", "ann", "d20270103", 1, ("3",)))  # 7♠ Q♠
        lines = tried.answer.text.splitlines()
        assert tried.post is None and len(lines) == 1 + 2 + 15
        assert lines[:5] == [
            "Your answer 7♠ Q♠ is not the best: K♣ K♥ is; yours gives up 5.8 percentage points of the chance to win.",
            "Daily hand for 2027-01-03 (hard): 7♠ K♣ K♥ 8♥ Q♠ 2♦, you deal (the crib is yours).",
            "Scores before the deal: you 108, them 114 (to 121): the chance to win decides.",
            "K♣ K♥: hand 4.00, crib +5.16, net 9.16, win 12.8% ← best",
            "7♠ 8♥: hand 4.00, crib +7.14, net 11.14, win 11.3%"]
        assert lines[7] == "Q♠ 2♦: hand 5.57, crib +4.19, net 9.75, win 9.5% ← most points in hand"
        best = await c.run(AnswerDaily("", "ann", "d20270103", 1, ("5",), Lang.ZH))  # K♣ K♥
        assert best.answer.text.splitlines()[0] == "你的答案 K♣ K♥ 是最佳扣牌。"
        assert best.answer.text.splitlines()[3] == "K♣ K♥：手牌 4.00，牌库 +5.16，合计 9.16，胜率 12.8% ← 最佳"
        assert c.storage.member_daily_answers("", "ann") == {}  # a try is not kept
    finally:
        c.close()


@pytest.mark.parametrize(("day", "text"), [
    ("2027-01-05", "The daily hand for 2027-01-05 is not published yet: each day's comes at 00:00 UTC."),
    ("2026-12-31", "There is no daily hand for 2026-12-31: they run from 2027-01-01 to 2028-01-01."),
    ("03/01/2027", "'03/01/2027' is not a day: write it YYYY-MM-DD, such as 2027-01-03."),
    ("２０２７-01-03", "'２０２７-01-03' is not a day: write it YYYY-MM-DD, such as 2027-01-03."),
    ("2027-02-30", "'2027-02-30' is not a day: write it YYYY-MM-DD, such as 2027-01-03."),
    ("\x1b[31m" + "9" * 500, "'\\x1b[31m9999999999999999999999999999999…' is not a day: write it "
                                "YYYY-MM-DD, such as 2027-01-03."),
])
async def test_a_day_that_cannot_be_shown_is_refused_in_one_line(day: str, text: str) -> None:
    assert await answer(day) == (False, text)
