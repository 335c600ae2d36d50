"""Whole games through discord.py's CommandTree, looked at as each member and a spectator sees them after every action
(tests/bot/discord/screens.py): 2, 3 and 4 players, muggins, English and Chinese, pictures on."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pytest

from bot.app.commands import (
    GameInfo,
)
from tests.bot.conftest import start_bot
from tests.bot.discord.screens import NOT_NEWEST, OUTSIDE, PERSONAL, Screens, summary
from tests.bot.discord.test_discord_group import (
    CAT,
    DAN,
    Members,
    Turn,
    answer,
    answers,
    controls,
    enabled,
    group_controller,
    invite,
    moves,
    schedule,
    thread_of,
)
from tests.bot.discord_helpers import ANN, BOB, EPHEMERAL, EVE, Harness, Person, exchange
from tests.waiting import Clock

SEED = 48_271
"""Large enough that a number in a message is never the seed by chance."""


@dataclass
class Watched(Members):
    """Members playing a game, with every action looked at through `screens`."""

    screens: Screens | None = None

    async def press(self, turn: Turn) -> None:
        offered = sum(choices_of(c) for c in moves(turn.message))
        await super().press(turn)
        assert self.screens is not None
        verb = turn.control["custom_id"].split(":")[3]
        cards = [c for c in controls(turn.message) if c["custom_id"].split(":")[3] == "play"]
        kind = f"{verb} (the last card held)" if verb == "play" and len(cards) == 1 else verb
        await self.screens.step(f"{turn.who.name} {turn.control.get('label', turn.control['custom_id'])}",
                                str(turn.who.id), offered, kind)


def choices_of(control: dict[str, Any]) -> int:
    """How many different answers a control gives: a select's choices of its number of cards, a count's number pad
    (0 to 29), a button's one."""
    if control["type"] == 3:
        return math.comb(len(control["options"]), control["min_values"])
    return 30 if ":declare:" in control["custom_id"] else 1


async def watch(bot: Harness, clock: Clock, seated: dict[str, Person], panel_of: dict[str, Any],
                **kwargs: Any) -> Watched:
    here = thread_of(bot)
    screens = Screens(bot.fake, bot.front.controller, "game1", here["id"], {u: p.name for u, p in seated.items()})
    await screens.step("start")
    return Watched(bot, clock, "game1", here, seated, panel_of=panel_of, screens=screens, **kwargs)


def misplaced(screens: Screens) -> list[str]:
    """Every time the live table was not the thread's newest public message, every public message that carried a
    control only one member may press, and every message outside the thread that offered a move or showed cards."""
    return [p for p in screens.problems if NOT_NEWEST in p or PERSONAL in p or OUTSIDE in p]


def held_to(screens: Screens) -> dict[str, object]:
    """The checks every game is held to, and the summary printed with them: no leak, nothing stale, one picture a
    message, the table at the bottom, no personal control in public, at most 2 new public messages and 1 new private
    message a member in a deal."""
    figures = summary(screens)
    assert screens.leaks == [] and stale(screens) == [] and misplaced(screens) == []
    assert figures["public_posts_per_deal"] <= 2  # type: ignore[operator]
    assert figures["private_new_per_member_per_deal"] <= 1  # type: ignore[operator]
    return figures


async def ann_reviews_the_deal(members: Watched, lang: str = "en") -> None:
    """After the first show, ann's own panel (not the public show) offers her review of that deal, answered privately
    in the thread."""
    panel = members.panel(ANN)
    (review,) = [c for c in enabled(panel) if c["custom_id"].endswith(":review")]
    assert review["custom_id"] == f"crib:{members.game}:0:review"
    assert review["label"] == {"en": "My review of deal 1", "zh": "我在第 1 副牌的复盘"}[lang]
    payload = await members.bot.click(panel, review["custom_id"], ANN, channel=members.thread, **members.locale)
    calls = members.bot.of(payload)
    assert exchange(calls) == [("callback", 5, EPHEMERAL), ("edit-original", None, 0)]
    callback = calls[-1]
    assert callback.content.startswith({"en": "Your review of deal 1", "zh": "第 1 副牌"}[lang]), callback.content
    assert members.bot.fake.messages[members.bot.fake.originals[payload["token"]]]["channel_id"] == members.thread["id"]
    assert members.screens is not None
    await members.screens.step("ann My review of deal 1")


async def watcher_presses_the_table(members: Watched, lang: str = "en") -> None:
    """Someone without a seat presses the table's button: a private view of what the table shows, not a refusal."""
    meta = await members.controller.run(GameInfo(members.game))
    assert meta is not None
    table = members.bot.fake.messages[int(meta.message)]
    payload = await members.bot.click(table, f"crib:{members.game}:0:hand", EVE, channel=members.thread,
                                      **members.locale)
    calls = members.bot.of(payload)
    assert exchange(calls) == [("callback", 5, EPHEMERAL), ("edit-original", None, 0)]
    heads = {"en": "You are watching ann, bob: you hold no seat", "zh": "你在观看 ann，bob 的对局"}
    assert calls[-1].content.startswith(heads[lang]), calls[-1].content
    assert calls[-1].ids == [] and calls[-1].files == ()
    assert members.screens is not None
    await members.screens.step("eve Open my panel")


def stale(screens: Screens) -> list[str]:
    """Every enabled control anyone saw whose press would have been refused as out of date, and every message
    that carried more than one picture (Discord tiles and crops them)."""
    return [p for p in screens.problems if "out of date" in p or "already made" in p or "images" in p]


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
async def test_two_members_see_no_card_the_other_holds(fake: Any, locale: str) -> None:
    clock = Clock()
    bot = await start_bot(group_controller(clock=clock, seed=SEED, images=True), fake)
    lang = {"locale": locale, "guild_locale": locale}
    invitation = await invite(bot, {"opponent": BOB, "target": 61}, "Invitation sent to bob." if locale == "en-US"
                              else "已向 bob 发出邀请。", **lang)
    accepted, _, _ = await answer(bot, invitation, "accept", BOB, **lang)
    members = await watch(bot, clock, {"1": ANN, "2": BOB}, {"2": accepted}, locale=lang)
    assert await members.play_out(lambda who, control: len(members.shows) == 1) is not None
    await watcher_presses_the_table(members, "en" if locale == "en-US" else "zh")
    if not members.open("1"):
        await members.open_hand(ANN)
    await ann_reviews_the_deal(members, "en" if locale == "en-US" else "zh")
    assert await members.play_out() is None
    screens = members.screens
    assert screens is not None
    assert len(screens.deals) >= 3
    print(locale, held_to(screens))


async def test_three_members_with_muggins_see_no_card_another_holds(fake: Any) -> None:
    clock = Clock()
    bot = await start_bot(group_controller(clock=clock, seed=SEED, images=True), fake, sweep_every=0.02)
    invitation = await invite(bot, {"opponent": BOB, "second": CAT, "muggins": True, "target": 61},
                              "Invitation sent to bob and cat.")
    _, _, invitation = await answer(bot, invitation, "accept", BOB)
    accepted, _, _ = await answer(bot, invitation, "accept", CAT)
    members = await watch(bot, clock, {"1": ANN, "2": BOB, "4": CAT}, {"4": accepted},
                          declare=schedule("short", "true"), claim=answers((True,), (False,)))
    assert await members.play_out() is None
    assert members.screens is not None
    print("3 players", held_to(members.screens))


async def test_four_players_with_partners_see_no_card_another_holds_and_the_game_ends(fake: Any) -> None:
    clock = Clock()
    bot = await start_bot(group_controller(clock=clock, seed=SEED, images=True), fake)
    invitation = await invite(bot, {"opponent": BOB, "second": CAT, "third": DAN, "target": 61},
                              "Invitation sent to bob and dan and cat.")
    _, _, invitation = await answer(bot, invitation, "accept", BOB)
    _, _, invitation = await answer(bot, invitation, "accept", CAT)
    accepted, _, _ = await answer(bot, invitation, "accept", DAN)
    members = await watch(bot, clock, {"1": ANN, "2": BOB, "4": CAT, "5": DAN}, {"5": accepted})
    assert await members.play_out() is None
    assert members.screens is not None
    assert members.texts()[-1].startswith("Game over: ")
    print("4 players", held_to(members.screens))
