"""The daily hand in a server, with an injected clock: the day's post made once among several processes (and
again by another when its holder stopped before sending it), members' private answers changeable until 00:00 UTC
and refused after, the close with the tally and the analyzer's exact values, and a member's record."""

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.app.commands import AnswerDaily, ChangeSetting, DailyHand, DailyOpen, DuePosts, MemberStats, PostDone
from bot.app.companion.calendar import LEASE
from bot.app.controller import Controller
from bot.app.shown.replies import Select
from bot.i18n import Lang
from bot.settings import Scope
from engine.daily.problem import discards_of, same_discard
from tests.bot.conftest import make_controller
from tests.fuzz.fuzzing import hostile_text

JAN4 = datetime(2027, 1, 4, 0, 0, 5, tzinfo=UTC).timestamp()
JAN5 = datetime(2027, 1, 5, 0, 0, 1, tzinfo=UTC).timestamp()
A_Q, EIGHT_A, FIVE_Q = "7", "0", "12"
"""2027-01-04's discards (8♦ A♠ 7♣ 5♠ Q♠ 6♦, pone) by their place: the best, another, the obvious."""


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(JAN4)


@pytest.fixture
def two(tmp_path: Path, clock: Clock) -> Iterator[tuple[Controller, Controller]]:
    """Two bot processes over one database."""
    path = tmp_path / "games.sqlite3"
    yield make_controller(path, clock=clock), make_controller(path, clock=clock)


async def enable(c: Controller, guild: str = "g1", channel: str = "555") -> None:
    await c.run(ChangeSetting(Scope.SERVER, guild, "daily_channel", channel))
    assert (await c.run(ChangeSetting(Scope.SERVER, guild, "daily", "on"))).ok


async def test_a_day_is_posted_once_answered_privately_closed_with_the_tally_and_the_next_day_posted(
        two: tuple[Controller, Controller], clock: Clock) -> None:
    a, b = two
    await enable(a)
    (post,) = await a.run(DuePosts())
    assert await b.run(DuePosts()) == []  # claimed: once among processes
    assert (post.key, post.channel, post.edit) == ("daily:post:g1:2027-01-04", "555", "")
    assert post.text.splitlines() == [
        "Daily hand for 2027-01-04 (easy): 8♦ A♠ 7♣ 5♠ Q♠ 6♦, they deal (the crib is theirs).",
        "Which two cards do you lay away? Pick them below: only you see your answer, and you can change it until "
        "00:00 UTC, when this post shows the answer and everyone's choices.",
        "Answers so far: 0."]
    assert [f.filename for f in post.files] == ["daily-2027-01-04.png"]
    (select,) = post.controls
    assert isinstance(select, Select) and (select.custom_id, len(select.options), select.max_values) == (
        "crib:d20270104:0:daily", 15, 1)
    assert (select.options[7].label, select.options[12].label) == ("A♠ Q♠", "5♠ Q♠")
    await a.run(PostDone(post.key, "m1"))
    clock.now += LEASE + 1
    assert await b.run(DuePosts()) == [] and await a.run(DuePosts()) == []

    said = []
    for who, pick in (("ann", FIVE_Q), ("bob", FIVE_Q), ("eve", EIGHT_A), ("ann", A_Q)):  # ann changes hers
        done = await b.run(AnswerDaily("g1", who, "d20270104", 0, (pick,)))
        assert done.post is not None and (done.post.channel, done.post.message) == ("555", "m1")
        said.append((done.answer.text, done.post.text.splitlines()[-1]))
    assert said[0] == ("Your answer for 2027-01-04: 5♠ Q♠. You can change it until 00:00 UTC; nobody sees it "
                       "before the close.", "Answers so far: 1.")
    assert [s[1] for s in said] == ["Answers so far: 1.", "Answers so far: 2.", "Answers so far: 3.",
                                    "Answers so far: 3."]
    mine = await a.run(DailyHand(None, Lang.EN, "g1", "ann"))
    assert mine.text.splitlines()[1:] == [
        "Your answer so far: A♠ Q♠ (you can change it below until 00:00 UTC).",
        "You have no answered daily hand in this server yet (a day counts once it has closed)."]

    clock.now = JAN5  # 00:00:01: the day is over before any sweep closes its post
    late = await a.run(AnswerDaily("g1", "bob", "d20270104", 0, (A_Q,)))
    assert (late.answer.ok, late.answer.text, late.post) == (
        False, "The daily hand for 2027-01-04 is closed: no more answers, and its answer is on the post. Try it "
               "privately with /cribbage daily day:2027-01-04.", None)
    close, new = await b.run(DuePosts())
    assert await a.run(DuePosts()) == []
    assert (close.key, close.channel, close.edit, close.controls) == ("daily:close:g1:2027-01-04", "555", "m1", ())
    assert [f.filename for f in close.files] == ["daily-2027-01-04.png"]
    assert close.text.splitlines()[:6] == [
        "Daily hand for 2027-01-04 (easy): 8♦ A♠ 7♣ 5♠ Q♠ 6♦, they deal (the crib is theirs).",
        "Closed. The answer: A♠ Q♠. 1 of 3 found it; on average an answer gave up 1.72 points.",
        "A♠ Q♠: hand 9.65, crib -3.95, net 5.70 ← best · chosen by 1",
        "8♦ A♠: hand 7.87, crib -3.96, net 3.91 · chosen by 1",
        "8♦ Q♠: hand 6.65, crib -3.49, net 3.16 · chosen by 0",
        "5♠ Q♠: hand 9.52, crib -7.20, net 2.32 ← most points in hand · chosen by 1"]
    assert len(close.text.splitlines()) == 2 + 15 and close.text.splitlines()[-1] == (
        "8♦ 5♠: hand 2.09, crib -5.75, net -3.67 · chosen by 0")
    assert (new.key, new.edit) == ("daily:post:g1:2027-01-05", "")
    await b.run(PostDone(close.key, "m1"))
    assert a.storage.daily_post("g1", "2027-01-04").closed  # type: ignore[union-attr]
    stats = await a.run(MemberStats("g1", "ann", "ann"))
    assert stats.text.splitlines()[-1] == "Your daily hands here: 1 answered, 1 right (100%), a streak of 1 (best 1)."
    bob = await a.run(DailyHand("2027-01-04", Lang.EN, "g1", "bob"))
    assert bob.text.splitlines()[0] == ("You answered 2027-01-04 in this server. Your answer 5♠ Q♠ is not the best: "
                                        "A♠ Q♠ is; yours gives up 3.38 points.")
    assert bob.text.splitlines()[-1] == "Your daily hands here: 1 answered, 0 right (0%), a streak of 0 (best 0)."


async def test_a_post_whose_holder_stopped_before_sending_it_is_taken_by_another_after_the_lease(
        two: tuple[Controller, Controller], clock: Clock) -> None:
    a, b = two
    await enable(a)
    assert len(await a.run(DuePosts())) == 1  # a claims it, then stops before sending (a restart)
    clock.now += LEASE - 1
    assert await b.run(DuePosts()) == []
    clock.now += 2
    (again,) = await b.run(DuePosts())
    assert (again.key, again.channel) == ("daily:post:g1:2027-01-04", "555")
    await b.run(PostDone(again.key, "m2"))
    assert a.storage.daily_post("g1", "2027-01-04").message == "m2"  # type: ignore[union-attr]
    clock.now += LEASE + 1
    assert await a.run(DuePosts()) == [] and await b.run(DuePosts()) == []


async def test_a_post_that_could_not_be_sent_is_given_up_and_its_close_edits_nothing(clock: Clock) -> None:
    c = make_controller(clock=clock)
    await enable(c)
    (post,) = await c.run(DuePosts())
    await c.run(PostDone(post.key, ""))  # the channel is gone
    clock.now = JAN5
    (new,) = await c.run(DuePosts())  # today's post only: yesterday's is closed with nothing to edit
    assert new.key == "daily:post:g1:2027-01-05"
    assert c.storage.daily_post("g1", "2027-01-04").closed  # type: ignore[union-attr]


async def test_a_pick_that_is_not_a_discard_or_not_for_an_open_post_is_refused_and_changes_nothing(
        clock: Clock) -> None:
    c = make_controller(clock=clock)
    await enable(c)
    (post,) = await c.run(DuePosts())
    await c.run(PostDone(post.key, "m1"))
    bad = "That is not one of this daily hand's discards: pick one in the menu."
    refusals = [
        (("g1", "ann", "d20270104", 0, ("15",)), bad), (("g1", "ann", "d20270104", 0, ("1", "2")), bad),
        (("g1", "ann", "d20270104", 0, ("x",)), bad), (("g1", "ann", "d20270104", 0, ()), bad),
        (("g1", "ann", "d20261231", 0, ("1",)), bad), (("g1", "ann", "d2027010", 0, ("1",)), bad),
        (("g1", "ann", "d20270103", 0, ("1",)), "The daily hand for 2027-01-03 is closed: no more answers, and its "
                                                "answer is on the post. Try it privately with /cribbage daily "
                                                "day:2027-01-03."),
        (("g2", "ann", "d20270104", 0, ("1",)), "The daily hand for 2027-01-04 is closed: no more answers, and its "
                                                "answer is on the post. Try it privately with /cribbage daily "
                                                "day:2027-01-04."),
        (("g1", "ann", "d20270104", 1, ("1",)), "The daily hand for 2027-01-04 is not published yet: each day's "
                                                "comes at 00:00 UTC."),
    ]
    for args, text in refusals:
        done = await c.run(AnswerDaily(*args))
        assert (done.answer.ok, done.answer.text, done.post) == (False, text, None)
    assert c.storage.daily_answers("g1", "2027-01-04") == {} and c.storage.daily_answers("g2", "2027-01-04") == {}
    zh = await c.run(AnswerDaily("g1", "ann", "d20270104", 0, ("99",), Lang.ZH))
    assert zh.answer.text == "这不是本题的扣牌之一：请在菜单里选择。"


async def test_nothing_is_posted_where_the_daily_hand_is_off_or_outside_the_pool(clock: Clock) -> None:
    c = make_controller(clock=clock)
    await c.run(ChangeSetting(Scope.SERVER, "g1", "daily_channel", "555"))  # a channel, but not on
    assert await c.run(DuePosts()) == []
    await enable(c, "g2", "777")
    assert await c.run(DuePosts(owns=lambda guild: guild != "g2")) == []  # another process's shard
    clock.now = datetime(2029, 1, 1, tzinfo=UTC).timestamp()  # after the shipped pool's last day
    assert await c.run(DuePosts()) == []


async def test_a_members_record_counts_closed_days_only_with_the_streak_up_to_yesterday(clock: Clock) -> None:
    c = make_controller(clock=clock)
    await enable(c)
    best = {"2027-01-04": A_Q}
    for day in range(4, 8):
        clock.now = datetime(2027, 1, day, 0, 0, 5, tzinfo=UTC).timestamp()
        for work in await c.run(DuePosts()):
            await c.run(PostDone(work.key, f"m{day}"))
        problem = c.daily.problem(c.daily.today())
        assert problem is not None
        right = next(str(i) for i, d in enumerate(discards_of(problem.cards)) if same_discard(d, problem.best))
        best[problem.day.isoformat()] = right
        pick = right if day != 5 else str((int(right) + 1) % 15)  # wrong on the 5th
        assert (await c.run(AnswerDaily("g1", "ann", day_field(day), 0, (pick,)))).answer.ok
    record = c.daily.record_of("g1", "ann")  # the 7th is still open: not counted, the streak up to the 6th
    assert (record.answered, record.correct, record.streak, record.best_streak) == (3, 2, 1, 1)
    shown = await c.run(DailyHand(None, Lang.ZH, "g1", "ann"))
    assert shown.text.splitlines()[-1] == (
        "你在本服务器的每日一手：作答 3 天，答对 2 天（67%），连续答对 1 天（最长 1 天）。")


def day_field(day: int) -> str:
    return f"d202701{day:02d}"


async def test_any_pick_is_kept_or_refused_in_one_line_and_a_refusal_changes_nothing(clock: Clock) -> None:
    c = make_controller(clock=clock)
    await enable(c)
    (post,) = await c.run(DuePosts())
    await c.run(PostDone(post.key, "m1"))

    @settings(max_examples=200, deadline=None)
    @given(st.one_of(hostile_text, st.just("d20270104"), st.just("d20270103")), st.integers(0, 2),
           st.lists(st.one_of(hostile_text, st.sampled_from([str(i) for i in range(16)])), max_size=3))
    def pick(field: str, version: int, values: list[str]) -> None:
        before = c.storage.daily_answers("g1", "2027-01-04")
        answered = c.daily.answer("g1", "ann", field, version, tuple(values), Lang.EN)  # what AnswerDaily runs
        if not answered.answer.ok:
            assert answered.answer.text and "\n" not in answered.answer.text and answered.post is None
            assert c.storage.daily_answers("g1", "2027-01-04") == before

    pick()


async def test_a_servers_posts_and_counts_speak_its_language_setting(clock: Clock) -> None:
    c = make_controller(clock=clock)
    await enable(c)
    await c.run(ChangeSetting(Scope.SERVER, "g1", "language", "zh"))
    (post,) = await c.run(DuePosts())
    assert post.text.splitlines()[0] == "2027-01-04 的每日一手（易）：8♦ A♠ 7♣ 5♠ Q♠ 6♦，对方发牌（牌库归对方）。"
    await c.run(PostDone(post.key, "m1"))
    done = await c.run(AnswerDaily("g1", "ann", "d20270104", 0, (A_Q,), Lang.EN))  # the member's own language
    assert done.answer.text.startswith("Your answer for 2027-01-04: A♠ Q♠.")
    assert done.post is not None and done.post.text.splitlines()[-1] == "已作答：1 人。"


async def test_a_post_takes_answers_only_on_its_day_and_until_it_is_closed(clock: Clock) -> None:
    c = make_controller(clock=clock)
    await enable(c)
    assert await c.run(DailyOpen("g1", "2027-01-04")) is False  # not posted yet
    (post,) = await c.run(DuePosts())
    await c.run(PostDone(post.key, "m1"))
    assert await c.run(DailyOpen("g1", "2027-01-04")) is True
    assert await c.run(DailyOpen("g2", "2027-01-04")) is False
    clock.now = JAN5  # over, though not closed yet: a count waiting its turn is not drawn over the close
    assert await c.run(DailyOpen("g1", "2027-01-04")) is False
