"""The daily hand through the CommandTree, with real Interaction objects over the fake Discord and an injected
clock: a server turns it on with its channel, the day's hand is posted (a picture, a select of the 15 discards, the
count of answers), three members answer privately (one changes hers), the count is edited as they come, a late
answer is refused, and at 00:00 UTC the post is edited to the tally and the analyzer's exact values while the next
day's goes up; /cribbage daily and /cribbage stats then show each member's record."""

import copy
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.app.commands import DuePosts
from tests.bot.conftest import make_controller, start_bot
from tests.bot.discord.test_discord_mentions import MANAGE_SERVER
from tests.bot.discord_helpers import ANN, BOB, EPHEMERAL, EVE, GUILD, Harness, Room, exchange, settle

DAILY = 555
"""The channel the server chose for the daily hand."""
SELECT = "crib:d20270104:0:daily"
A_Q, EIGHT_A, FIVE_Q = "7", "0", "12"
"""2027-01-04's discards (8♦ A♠ 7♣ 5♠ Q♠ 6♦, pone) by their place: the best, another, the obvious."""
PRIVATE_THINKING = [("callback", 5, EPHEMERAL), ("edit-original", None, 0)]


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def settings(bot: Harness, given: dict[str, Any]) -> str:
    """/cribbage settings with options, by a member with Manage Server."""
    payload = await bot.command("settings", ANN, given, permissions=MANAGE_SERVER)
    return str(bot.of(payload)[-1].content)


def posts(bot: Harness) -> list[dict[str, Any]]:
    """The public messages in the daily channel (the answers there are private)."""
    return [copy.deepcopy(m) for m in bot.fake.messages.values()
            if m["channel_id"] == str(DAILY) and not m["flags"] & EPHEMERAL]


async def test_a_daily_hand_is_posted_answered_by_three_members_closed_with_the_tally_and_exact_values(
        fake: Any) -> None:
    clock = Clock(datetime(2027, 1, 4, 0, 0, 5, tzinfo=UTC).timestamp())
    bot = await start_bot(make_controller(clock=clock), fake)
    assert await settings(bot, {"daily": "on"}) == (
        "daily cannot be turned on before daily_channel is set: give both in one command, such as /cribbage "
        "settings daily_channel:#channel daily:on.")
    assert await settings(bot, {"daily": "on", "daily_channel": Room(DAILY, "daily")}) == (
        "daily_channel is now <#555>.\nThe daily hand is on: each day's problem is posted at 00:00 UTC in the "
        "daily_channel, and the day before's post then shows its answer and everyone's choices.")

    assert await bot.front.channel_posts.post_due(DuePosts()) == 1
    assert await bot.front.channel_posts.post_due(DuePosts()) == 0  # posted once
    (post,) = posts(bot)
    assert post["content"].splitlines() == [
        "Daily hand for 2027-01-04 (easy): 8♦ A♠ 7♣ 5♠ Q♠ 6♦, they deal (the crib is theirs).",
        "Which two cards do you lay away? Pick them below: only you see your answer, and you can change it until "
        "00:00 UTC, when this post shows the answer and everyone's choices.",
        "Answers so far: 0."]
    assert [a["filename"] for a in post["attachments"]] == ["daily-2027-01-04.png"]
    (select,) = post["components"][0]["components"]
    assert (select["custom_id"], select["min_values"], select["max_values"], len(select["options"])) == (
        SELECT, 1, 1, 15)
    assert [o["label"] for o in select["options"]][6:8] == ["A♠ 5♠", "A♠ Q♠"]

    answers = []
    for who, pick in ((ANN, FIVE_Q), (BOB, FIVE_Q), (EVE, EIGHT_A), (ANN, A_Q)):  # ann changes hers
        click = await bot.click(post, SELECT, who, values=[pick])
        assert exchange(bot.of(click)) == PRIVATE_THINKING  # only the member sees their answer
        answers.append(bot.of(click)[-1].content)
        assert posts(bot)[0]["content"].splitlines()[-1] == f"Answers so far: {min(len(answers), 3)}."
    assert answers[0] == ("Your answer for 2027-01-04: 5♠ Q♠. You can change it until 00:00 UTC; nobody sees it "
                          "before the close.")
    assert answers[3].startswith("Your answer for 2027-01-04: A♠ Q♠.")
    assert posts(bot)[0]["content"].splitlines()[:2] == post["content"].splitlines()[:2]  # names no answer

    clock.now = datetime(2027, 1, 5, 0, 0, 1, tzinfo=UTC).timestamp()
    late = await bot.click(post, SELECT, BOB, values=[A_Q], locale="zh-CN")
    assert bot.of(late)[-1].content == ("2027-01-04 的每日一手已截止：不再接受作答，答案见帖子。可用 /cribbage daily "
                                        "day:2027-01-04 私下再做一次。")
    assert await bot.front.channel_posts.post_due(DuePosts()) == 2  # yesterday's closed, today's posted
    closed, new = posts(bot)
    assert closed["id"] == post["id"] and closed["components"] == []
    assert closed["content"].splitlines()[:6] == [
        "Daily hand for 2027-01-04 (easy): 8♦ A♠ 7♣ 5♠ Q♠ 6♦, they deal (the crib is theirs).",
        "Closed. The answer: A♠ Q♠. 1 of 3 found it; on average an answer gave up 1.72 points.",
        "A♠ Q♠: hand 9.65, crib -3.95, net 5.70 ← best · chosen by 1",
        "8♦ A♠: hand 7.87, crib -3.96, net 3.91 · chosen by 1",
        "8♦ Q♠: hand 6.65, crib -3.49, net 3.16 · chosen by 0",
        "5♠ Q♠: hand 9.52, crib -7.20, net 2.32 ← most points in hand · chosen by 1"]
    assert len(closed["content"].splitlines()) == 17
    assert new["content"].startswith("Daily hand for 2027-01-05 (easy): 8♥ 5♠ 9♣ 7♠ 6♥ K♣")
    assert new["components"][0]["components"][0]["custom_id"] == "crib:d20270105:0:daily"

    mine = await bot.command("daily", ANN)
    assert bot.of(mine)[-1].content.splitlines()[1:] == [
        "You have not answered yet: pick below or in the daily post, until 00:00 UTC.",
        "Your daily hands here: 1 answered, 1 right (100%), a streak of 1 (best 1)."]
    stats = await bot.command("stats", BOB)
    assert bot.of(stats)[-1].content.splitlines()[-1] == (
        "Your daily hands here: 1 answered, 0 right (0%), a streak of 0 (best 0).")
    await bot.client.close()


async def test_an_earlier_day_is_tried_privately_from_its_select(fake: Any) -> None:
    bot = await start_bot(make_controller(clock=lambda: datetime(2027, 1, 4, 12, 0, tzinfo=UTC).timestamp()), fake)
    daily = await bot.command("daily", ANN, {"day": "2027-01-03"})
    assert exchange(bot.of(daily)) == PRIVATE_THINKING
    shown = bot.original(daily)
    assert shown["content"].splitlines()[-2] == (
        "Try it: pick your discard below and the exact answer follows, only for you (it does not count in your "
        "record).")
    tried = await bot.click(shown, "crib:d20270103:1:daily", ANN, values=["5"])
    lines = bot.of(tried)[-1].content.splitlines()
    assert (len(lines), lines[0], lines[3]) == (
        18, "Your answer K♣ K♥ is the best discard.", "K♣ K♥: hand 4.00, crib +5.16, net 9.16, win 12.8% ← best")
    await bot.client.close()


def sent(storage: Any, day: str) -> bool:
    post = storage.daily_post(str(GUILD), day)
    return post is not None and bool(post.message)


def closed(storage: Any, day: str) -> bool:
    post = storage.daily_post(str(GUILD), day)
    return post is not None and bool(post.closed)


async def test_two_processes_sweeping_post_the_day_once_and_close_it_once(fake: Any, tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    clock = Clock(datetime(2027, 1, 4, 0, 0, 5, tzinfo=UTC).timestamp())
    one, two = make_controller(path, clock=clock), make_controller(path, clock=clock)
    first = await start_bot(one, fake, sweep_every=0.01)
    second = await start_bot(two, fake, sweep_every=0.01)
    await settings(first, {"daily": "on", "daily_channel": Room(DAILY, "daily")})
    await settle(first.client, until=lambda: sent(one.storage, "2027-01-04"))
    clock.now = datetime(2027, 1, 5, 0, 0, 1, tzinfo=UTC).timestamp()
    await settle(first.client, until=lambda: sent(two.storage, "2027-01-05") and closed(two.storage, "2027-01-04"))
    await first.client.close()
    await second.client.close()
    posts_sent = fake.find(f"POST /channels/{DAILY}/messages")
    edits = fake.find(f"PATCH /channels/{DAILY}/messages")
    assert [c.content.splitlines()[0][:33] for c in posts_sent] == ["Daily hand for 2027-01-04 (easy):",
                                                                    "Daily hand for 2027-01-05 (easy):"]
    assert [c.content.splitlines()[1][:26] for c in edits] == ["Closed. The answer: A♠ Q♠."]
