"""Nothing forced, nobody forgotten, through discord.py's CommandTree: a member whose move or answer a game with other
people awaits is mentioned in the game's thread, the mention deleted once they act; the server's setting and a
member's own turn it off; a game against the computer never mentions. Go is said for a member who has no other move
(the table's lines say so), and a game started with auto_go off keeps the Go button."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.app.commands import (
    GameMessage,
)
from tests.bot.conftest import start_bot
from tests.bot.discord.test_discord_group import (
    CAT,
    MENTION,
    Members,
    Turn,
    answer,
    group_controller,
    invite,
    thread_of,
)
from tests.bot.discord_helpers import ANN, BOB, EPHEMERAL, Harness
from tests.waiting import Clock

MANAGE_SERVER = int(discord.Permissions(manage_guild=True).value)
SAID_GO = "can't play: go (said for them)"
LAID = "(the last card, laid for them)"


def mentions(bot: Harness, thread: str) -> dict[str, list[str]]:
    """The mention messages in the thread now: member -> their ids (a deleted one is gone)."""
    out: dict[str, list[str]] = {}
    for m in bot.fake.messages.values():
        found = MENTION.match(m["content"])
        if m["channel_id"] == thread and not m["flags"] & EPHEMERAL and found:
            out.setdefault(found.group(0)[2:-2], []).append(str(m["id"]))
    return out


@dataclass
class Told(Members):
    """Members playing, with the thread's mentions checked after every press against who the game awaits."""

    quiet: frozenset[str] = frozenset()
    """Members who must never be mentioned (opted out, or the server's setting)."""
    pressed: list[str] = field(default_factory=list)
    """The label of every control pressed."""
    deleted: set[str] = field(default_factory=set)
    """Mentions whose member acted: each was deleted."""
    checked: int = 0
    lines: set[str] = field(default_factory=set)
    """Every line the table's log showed after a press."""

    async def press(self, turn: Turn) -> None:
        before = mentions(self.bot, self.thread["id"]).get(str(turn.who.id), [])
        self.pressed.append(str(turn.control.get("label", "")))
        await super().press(turn)
        await self.check(str(turn.who.id), before)

    async def check(self, who: str = "", before: list[str] | None = None) -> None:
        state = await self.controller.run(GameMessage(self.game))
        self.lines.update(state.lines)
        now = mentions(self.bot, self.thread["id"])
        awaited = set() if state.finished else set(state.waiting) - self.quiet
        assert set(now) == awaited, (now, state.waiting)
        assert all(len(ids) == 1 for ids in now.values()), now  # never two pending mentions of one member
        if who and before and who not in state.waiting:
            deletes = {c.route.rsplit("/", 1)[1] for c in self.bot.fake.find(f"DELETE /channels/{self.thread['id']}")}
            assert set(before) <= deletes, (who, before)
            self.deleted.update(before)
        self.checked += 1


async def three_members(bot: Harness, clock: Clock, **kwargs: Any) -> Told:
    invitation = await invite(bot, {"opponent": BOB, "second": CAT, "target": 61}, "Invitation sent to bob and cat.")
    _, _, invitation = await answer(bot, invitation, "accept", BOB)
    accepted, _, _ = await answer(bot, invitation, "accept", CAT)
    return Told(bot, clock, "game1", thread_of(bot), {"1": ANN, "2": BOB, "4": CAT}, panel_of={"4": accepted},
                **kwargs)


def stop_after(n: int) -> Any:
    count = iter(range(n))
    return lambda who, control: next(count, None) is None


async def test_each_awaited_member_of_three_is_mentioned_and_the_mention_goes_when_they_act(fake: Any) -> None:
    clock = Clock()
    bot = await start_bot(group_controller(clock=clock), fake)
    members = await three_members(bot, clock)
    here = members.thread["id"]
    first = mentions(bot, here)
    assert sorted(first) == ["1", "2", "4"]  # everyone lays away at once: each is told
    posts = {c.reply["id"]: c for c in bot.fake.find(f"POST /channels/{here}/messages") if MENTION.match(c.content)}
    (bob,) = first["2"]
    assert posts[bob].content == "<@2> your move in the cribbage game."
    # at the start the thread's start post has just pinged everyone: these first mentions notify nobody
    assert posts[bob].body["allowed_mentions"] == {"parse": [], "replied_user": True}
    start = bot.fake.find(f"POST /channels/{here}/messages")[0]
    assert start.content.startswith("<@1> <@2> <@4> The game is on.")
    assert start.body["allowed_mentions"] == {"parse": ["users"], "replied_user": True}
    await members.check()
    assert await members.play_out() is None
    assert members.checked > 40 and len(members.deleted) > 20
    told = [c for c in bot.fake.find(f"POST /channels/{here}/messages") if MENTION.match(c.content)]
    pinged = [c for c in told if c.body["allowed_mentions"].get("users")]
    assert len(pinged) == len(told) - 3  # every mention after the start's three notifies its member, and only them
    assert all(c.body["allowed_mentions"]["users"] == [int(c.content[2:c.content.index(">")])] for c in pinged)
    assert mentions(bot, here) == {}  # the game is over: no mention is left
    kept = [m for m in bot.fake.messages.values() if m["channel_id"] == here and not m["flags"] & EPHEMERAL]
    assert not [m for m in kept if MENTION.match(m["content"])]


async def test_a_seat_handed_to_the_computer_loses_its_mention(fake: Any) -> None:
    clock = Clock()
    bot = await start_bot(group_controller(clock=clock), fake)
    members = await three_members(bot, clock)
    here = members.thread["id"]
    (cat,) = mentions(bot, here)["4"]
    await bot.command("seat", ANN, {"member": CAT}, channel=members.thread)
    assert sorted(mentions(bot, here)) == ["1", "2"]
    assert bot.fake.find(f"DELETE /channels/{here}/messages/{cat}")


async def test_a_member_who_turned_mentions_off_is_never_mentioned(fake: Any) -> None:
    clock = Clock()
    bot = await start_bot(group_controller(clock=clock), fake)
    off = await bot.command("mentions", BOB, {"state": "off"})
    assert bot.of(off)[-1].content == ("You will not be mentioned any more when it is your turn; /cribbage mentions "
                                       "on turns it back on.")
    zh = await bot.command("mentions", CAT, {"state": "on"}, locale="zh-CN")
    assert bot.of(zh)[-1].content == "与其他成员对局时，轮到你会提到你（除非本服务器关闭了提醒）。"
    members = await three_members(bot, clock, quiet=frozenset({"2"}))
    assert sorted(mentions(bot, members.thread["id"])) == ["1", "4"]
    assert await members.play_out(stop_after(12)) is not None
    assert members.checked == 12


async def test_the_server_setting_silences_every_mention_and_needs_manage_server(fake: Any) -> None:
    clock = Clock()
    bot = await start_bot(group_controller(clock=clock), fake)
    refused = await bot.command("settings", BOB, {"mentions": "off"})
    assert bot.of(refused)[-1].content == ("Only a member with the Manage Server permission can change this server's "
                                           "settings.")
    done = await bot.command("settings", ANN, {"mentions": "off"}, permissions=MANAGE_SERVER)
    assert bot.of(done)[-1].content == ("Turn mentions are off in this server: nobody is mentioned when it is their "
                                        "turn.")
    assert bot.of(done)[-1].flags == EPHEMERAL
    members = await three_members(bot, clock, quiet=frozenset({"1", "2", "4"}))
    assert mentions(bot, members.thread["id"]) == {}
    assert await members.play_out(stop_after(10)) is not None
    on = await bot.command("settings", ANN, {"mentions": "on"}, permissions=MANAGE_SERVER, locale="zh-CN")
    assert bot.of(on)[-1].content.startswith("本服务器已开启轮到提醒")


async def test_a_game_against_the_computer_never_mentions_and_says_go_for_the_member(fake: Any) -> None:
    clock = Clock()
    bot = await start_bot(group_controller(clock=clock, seed=3), fake)  # a game whose table shows both
    play = await bot.command("play", ANN, {"target": 61})
    members = Told(bot, clock, "game1", thread_of(bot), {"1": ANN}, quiet=frozenset({"1"}), panel_of={"1": play})
    assert await members.play_out() is None
    here = members.thread["id"]
    assert not [c for c in bot.fake.find(f"POST /channels/{here}/messages") if MENTION.match(c.content)]
    assert "Go" not in members.pressed
    said = {line for line in members.lines if line.startswith("ann ") and line.endswith((SAID_GO, LAID))}
    assert said == {f"ann {SAID_GO}", f"ann plays A♥: 31 {LAID}", f"ann plays A♥: 17 {LAID}",
                    f"ann plays 3♦: 13 {LAID}", f"ann plays 10♦: 10 {LAID}"}
    table = {line for verb in ("PATCH", "POST") for c in bot.fake.find(f"{verb} /channels/{here}/messages")
             for line in c.content.splitlines()}
    assert said <= table  # the table message showed them (edited, or posted anew under a show)


async def test_a_game_started_with_auto_go_off_keeps_the_go_button(fake: Any) -> None:
    clock = Clock()
    bot = await start_bot(group_controller(clock=clock), fake)
    play = await bot.command("play", ANN, {"target": 61, "auto_go": False})
    members = Told(bot, clock, "game1", thread_of(bot), {"1": ANN}, quiet=frozenset({"1"}), panel_of={"1": play})
    assert await members.play_out() is None
    assert "Go" in members.pressed
    here = members.thread["id"]
    lines = [line for c in bot.fake.find(f"PATCH /channels/{here}/messages") for line in c.content.splitlines()]
    assert "ann: go" in lines and not [line for line in lines if SAID_GO in line or LAID in line]


async def test_settings_without_an_option_shows_the_server_s_values_to_anyone(fake: Any) -> None:
    bot = await start_bot(group_controller(clock=Clock()), fake)
    shown = await bot.command("settings", BOB, {})
    assert bot.of(shown)[-1].content == (
        "This server's settings (/cribbage settings changes them, with Manage Server):\n"
        "mentions: on (Mention members in games with other people when it is their turn)\n"
        "rated: on (Games between members are rated unless started with rated:False)\n"
        "farming: 5 (Rated games two members may play each other in 24 hours; more are unrated)\n"
        "language: en (The language of the bot's own posts here: the daily hand, a season's results)\n"
        "seasons: off (Rating seasons: off, or a season a month or a quarter, with the final standings posted)\n"
        "season_channel: - (The channel where a season's final standings are posted)\n"
        "season_top: 3 (How many members a season's post names, from the top (1 to 10))\n"
        "daily_channel: - (The channel where the daily hand is posted each day)\n"
        "daily: off (Post the daily hand in daily_channel at 00:00 UTC every day)")
    await bot.command("settings", ANN, {"mentions": "off"}, permissions=MANAGE_SERVER)
    shown = await bot.command("settings", BOB, {}, locale="zh-CN")
    assert bot.of(shown)[-1].content.splitlines()[1].startswith("mentions：off（")
