"""What the real discord.py client did wrong against Discord's API, each pinned by a test on the wire:

1. mentions in a string option were never resolved ("Keeping score for player1, player2");
2. after a resignation, an end or a timeout the other players' open panels still offered moves;
3. a number pad open across a restart was never answered ("This interaction failed");
4. /cribbage record after the game ended found no game;
5. the first answer after a 'thinking' defer went out as a follow-up (a deprecated path);
6. an interaction delivered twice logged an ERROR with a traceback and tried a third answer.
Also: the group's on_error, and an integer option outside its range.
"""

import logging
from collections.abc import Iterator
from typing import Any

import pytest

from bot.app.commands import Leaderboard
from bot.app.controller import Controller
from bot.app.shown.replies import Answer
from tests.bot.conftest import make_controller, start_bot
from tests.bot.discord_helpers import (
    ANN,
    BOB,
    CHANNEL,
    EPHEMERAL,
    EVE,
    MANAGE,
    FakeDiscord,
    Harness,
    Person,
    channel_json,
    exchange,
    settle,
)
from tests.waiting import Clock

PRIVATE_THINKING = [("callback", 5, EPHEMERAL), ("edit-original", None, 0)]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def controller(clock: Clock) -> Iterator[Controller]:
    c = make_controller(clock=clock)
    yield c


async def invite_and_accept(bot: Harness) -> tuple[dict[str, Any], dict[str, Any]]:
    """ann invites bob, bob accepts and opens his panel from the table in the game's thread: (that interaction,
    whose original is his panel), the thread."""
    await bot.command("play", ANN, {"opponent": BOB, "target": 61})
    await bot.click(bot.last_message(CHANNEL), "crib:game1:0:accept", BOB)
    thread = channel_json(int(bot.fake.last("POST /channels/100/threads").reply["id"]), thread_of=CHANNEL)
    opened = await bot.click(bot.live_message(int(thread["id"])), "crib:game1:0:hand", BOB, channel=thread)
    return opened, thread


# ---------------------------------------------------------------------- 1. members in a string option


async def test_mentioned_players_are_named_as_the_server_shows_them(bot: Harness) -> None:
    bot.fake.members.update({1: Person(1, "ann", nick="Alice"), 2: Person(2, "bob", nick="Bob")})
    payload = await bot.command("table start", ANN, {"players": "<@1> <@!2> Carol"})
    assert "resolved" not in payload["data"]  # Discord resolves nothing in a string option
    assert [c.route for c in bot.fake.find("GET /guilds/")] == ["GET /guilds/900/members/1",
                                                                "GET /guilds/900/members/2"]
    (callback,) = bot.of(payload)
    assert (callback.body["type"], callback.flags) == (4, 0)
    assert callback.content.startswith("Keeping score for Alice, Bob, Carol, first to 121.")


async def test_a_mentioned_member_who_left_keeps_a_seat_by_number(bot: Harness) -> None:
    bot.fake.members[1] = Person(1, "ann")
    payload = await bot.command("table start", ANN, {"players": "<@1> <@8>"})
    assert bot.of(payload)[0].content.startswith("Keeping score for ann, player2, first to 121.")


# ---------------------------------------------------------------------- 2. open panels follow every change


async def test_a_resignation_refreshes_the_opponents_open_panel(bot: Harness) -> None:
    accept, thread = await invite_and_accept(bot)
    assert bot.original(accept)["components"]  # bob's panel offers his lay-away
    bot.fake.clear()
    resign = await bot.command("resign", ANN, channel=thread)
    assert exchange(bot.of(resign)) == PRIVATE_THINKING and bot.of(resign)[-1].content == "You resigned."
    refreshed = bot.fake.last(f"PATCH /webhooks/4000/{accept['token']}/messages/@original")
    assert refreshed.body["components"] == []
    assert refreshed.content == "This game is over: bob won by resignation. (ann 0 · bob 0)"
    assert not bot.front.panels.is_open("game1", "2")


async def test_ending_a_game_refreshes_every_open_panel(bot: Harness) -> None:
    accept, thread = await invite_and_accept(bot)
    hand = await bot.command("hand", ANN, channel=thread)
    bot.fake.clear()
    await bot.command("end", EVE, permissions=MANAGE, channel=thread)
    for payload in (accept, hand):
        refreshed = bot.fake.last(f"PATCH /webhooks/4000/{payload['token']}/messages/@original")
        assert refreshed.body["components"] == []
        assert refreshed.content == "This game was ended by a moderator. (ann 0 · bob 0)"


async def test_a_timeout_found_by_the_sweep_refreshes_the_open_panels(controller: Controller, fake: FakeDiscord,
                                                                      clock: Clock) -> None:
    bot = await start_bot(controller, fake, sweep_every=0.01)
    accept, thread = await invite_and_accept(bot)
    fake.clear()
    clock.now += 31 * 60
    route = f"PATCH /webhooks/4000/{accept['token']}/messages/@original"
    await settle(bot.client, until=lambda: bool(fake.find(route)))
    assert fake.last(route).body["components"] == []
    assert fake.last(f"POST /channels/{thread['id']}/messages").content.startswith("Nobody played for a long while")
    await bot.client.close()


# ---------------------------------------------------------------------- 3. a number pad across a restart


async def test_a_pad_opened_before_a_restart_is_answered_after_it(tmp_path: Any, fake: FakeDiscord) -> None:
    path = tmp_path / "bot.sqlite3"
    first = make_controller(path)
    bot = await start_bot(first, fake)
    start = await bot.command("table start", ANN, {"players": "ann bob"})
    board = bot.original(start)
    await bot.click(board, "crib:t1:1:pad:1", ANN)
    assert bot.client._connection._view_store._modals == {}  # discord.py holds no pad in memory
    await bot.client.close()
    first.close()
    second = make_controller(path)
    bot = await start_bot(second, fake)
    submit = await bot.submit("crib:t1:1:pad:1", ANN, {"number": "12", "reason": "crib"}, message=board)
    assert exchange(bot.of(submit)) == [("callback", 6, 0), ("edit-original", None, 0)]
    assert bot.of(submit)[-1].content.startswith("bob +12 (crib) → 12")
    await bot.client.close()


async def test_a_practice_pad_needs_nothing_but_its_id(bot: Harness) -> None:
    submit = await bot.submit("crib:7:1:count", EVE, {"number": "29"})
    assert exchange(bot.of(submit)) == PRIVATE_THINKING
    assert " it is " in bot.of(submit)[-1].content or bot.of(submit)[-1].content.startswith("Right")


async def test_a_pad_that_is_not_ours_is_left_alone(bot: Harness) -> None:
    submit = await bot.submit("somebody-else:42", EVE, {"number": "3"})
    assert bot.of(submit) == []


# ---------------------------------------------------------------------- 4. the record of a finished game


async def test_the_record_of_a_game_that_ended_in_its_thread(bot: Harness) -> None:
    await bot.command("play", ANN)
    thread = channel_json(int(bot.fake.last("POST /channels/100/threads").reply["id"]), thread_of=CHANNEL)
    await bot.command("resign", ANN, channel=thread)
    record = await bot.command("record", ANN, channel=thread)
    assert exchange(bot.of(record)) == PRIVATE_THINKING
    filled = bot.of(record)[-1]
    assert (filled.content, filled.files) == ("The game record (docs/record-format.md):", ("cribbage-game1.json",))
    spectator = await bot.command("record", EVE, channel=thread)  # no seat, and nothing going on here
    assert bot.of(spectator)[-1].content == "You have no game going on here. Start one with /cribbage play."


# ---------------------------------------------------------------------- 5. the first answer after a defer


async def test_every_deferred_answer_fills_the_deferred_message(bot: Harness) -> None:
    await bot.command("play", ANN)
    thread = channel_json(int(bot.fake.last("POST /channels/100/threads").reply["id"]), thread_of=CHANNEL)
    payloads = [
        await bot.command("hand", ANN, channel=thread),
        await bot.command("hand", EVE),
        await bot.command("analyze", ANN, {"cards": "5H 5C 6D JS KD 2C", "role": "pone"}),
        await bot.command("practice", ANN, {"crib": True}),
        await bot.command("review", ANN, channel=thread),
        await bot.command("stats", ANN),
        await bot.command("record", ANN, channel=thread),
        await bot.command("end", ANN, channel=thread),
        await bot.command("resign", ANN, channel=thread),
    ]
    for payload in payloads:  # (the resignation later refreshes the panel /cribbage hand showed)
        assert exchange(bot.of(payload))[:2] == PRIVATE_THINKING, payload["data"]["options"]
    assert not bot.fake.find("POST /webhooks/")


async def test_a_refusal_after_a_public_defer_is_said_privately(bot: Harness) -> None:
    def refused(*args: Any) -> Answer:
        return Answer(False, "The leaderboard is resting.")

    bot.front.controller.handlers[Leaderboard] = refused
    payload = await bot.command("leaderboard", ANN)
    assert exchange(bot.of(payload)) == [("callback", 5, 0), ("delete-original", None, 0),
                                         ("followup", None, EPHEMERAL)]
    assert bot.of(payload)[-1].content == "The leaderboard is resting."


# ---------------------------------------------------------------------- 6. an interaction delivered twice


def door_logs(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith(("bot.discord", "discord.app_commands", "discord.ui"))]


async def test_an_interaction_delivered_twice_is_answered_once(bot: Harness, caplog: pytest.LogCaptureFixture) -> None:
    board = bot.original(await bot.command("table start", ANN, {"players": "ann bob"}))
    caplog.clear()
    command = bot.payloads.command("hand", ANN)
    click = bot.payloads.click(board, "crib:t1:1:peg:0.2", ANN)
    pad = bot.payloads.submit("crib:t1:1:pad:1", ANN, {"number": "4"}, message=board)
    for payload in (command, click, pad):
        await bot.send(payload)
        await bot.send(payload)
        assert [c.route.rsplit("/", 1)[-1] for c in bot.of(payload)].count("callback") == 1
    assert [(r.levelname, r.exc_info) for r in door_logs(caplog)] == [("WARNING", None)] * 3
    assert all("arrived twice" in r.getMessage() for r in door_logs(caplog))


async def test_an_interaction_answered_elsewhere_is_one_warning(bot: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """The first delivery went to another process (or expired): Discord refuses the callback with 40060
    (or 10062); nothing more is tried and nothing is logged as an error."""
    board = bot.original(await bot.command("table start", ANN, {"players": "ann bob"}))
    caplog.clear()
    command = bot.payloads.command("hand", ANN)
    click = bot.payloads.click(board, "crib:t1:1:peg:0.2", ANN)
    for payload in (command, click):
        bot.fake.answered.add(payload["id"])
        await bot.send(payload)
        assert [c.route.rsplit("/", 1)[-1] for c in bot.of(payload)] == ["callback"]
    records = door_logs(caplog)
    assert [(r.levelname, r.exc_info) for r in records] == [("WARNING", None)] * 2
    assert all("answered already" in r.getMessage() and "40060" in r.getMessage() for r in records)


# ---------------------------------------------------------------------- the group's on_error


async def test_an_option_out_of_range_gets_a_friendly_private_answer(bot: Harness,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    await bot.command("table start", ANN, {"players": "ann bob"})
    add = await bot.command("table add", ANN, {"player": "bob", "points": 30})
    (callback,) = bot.of(add)
    assert callback.body == {"type": 4, "data": {
        "content": "30 is out of range: choose a number from 1 to 29.", "tts": False, "flags": EPHEMERAL}}
    review = await bot.command("review", ANN, {"deal": 0}, locale="zh-CN")
    assert bot.of(review)[0].content == "0 超出范围：请选一个 1 到 999 之间的数。"
    assert not [r for r in door_logs(caplog) if r.levelno >= logging.WARNING]
