"""The Discord door with games, on the wire: gateway payloads in, the HTTP requests it makes out.

Every test drives the real client: a slash command goes through the CommandTree, a click through
the registered DynamicItems (from the message it is on), a pad through the client's modal handling;
what is asserted is the JSON sent to Discord (see tests/bot/discord_helpers.py).
"""

import asyncio
import json
import re
from typing import Any

import discord

from bot.app.commands import GameInfo, GamesAt, Resign, ViewGame
from bot.app.shown.ids import BUTTON_VERBS, SELECT_VERBS, template
from bot.app.shown.replies import Button, LiveMessage, Option, Select, Style
from bot.discord.publishing import LiveEditor
from bot.discord.views import GameButton, GameSelect, clip, to_view
from bot.storage.values import Status
from tests.bot.conftest import make_controller, start_bot
from tests.bot.discord_helpers import (
    ANN,
    BOB,
    CHANNEL,
    EPHEMERAL,
    EVE,
    MANAGE,
    NO_THREADS,
    Harness,
    Person,
    channel_json,
    exchange,
    settle,
)

THREAD = 10003
"""The thread the first game's table opens in (the fake Discord numbers what it creates)."""
PRIVATE_THINKING = [("callback", 5, EPHEMERAL), ("edit-original", None, 0)]
"""A private answer that needs time: a deferred ephemeral 'thinking' response, then that message filled in."""


def thread() -> dict[str, Any]:
    return channel_json(THREAD, thread_of=CHANNEL, name="cribbage: ann vs computer (easy)")


def options_of(message: dict[str, Any]) -> list[str]:
    return [o["value"] for row in message["components"] for c in row["components"] for o in c.get("options", ())]


async def start_against_the_computer(bot: Harness, who: Person = ANN, **kwargs: Any) -> dict[str, Any]:
    """/cribbage play, then Open my panel on the table in the game's thread: the member's private panel there."""
    await bot.command("play", who, **kwargs)
    payload = await bot.click(bot.last_message(THREAD), "crib:game1:0:hand", who, channel=thread())
    return bot.original(payload)


def test_dynamic_item_templates_never_overlap() -> None:
    buttons, selects = re.compile(template(BUTTON_VERBS)), re.compile(template(SELECT_VERBS))
    for cid in ("crib:g1:0:hand", "crib:g1:7:play:10H", "crib:g1:7:go", "crib:g1:0:accept"):
        assert buttons.fullmatch(cid) and not selects.fullmatch(cid)
    assert selects.fullmatch("crib:g1:3:lay") and not buttons.fullmatch("crib:g1:3:lay")
    assert GameButton.__discord_ui_compiled_template__.pattern == template(BUTTON_VERBS)


async def test_views_are_persistent_dynamic_items() -> None:
    view = to_view((Select("crib:g1:1:lay", "Choose 2", (Option("5H", "5♥"), Option("JS", "J♠"),
                                                         Option("2C", "2♣")), 2, 2),
                    Button("crib:g1:1:play:5H", "5♥", Style.PRIMARY, disabled=True)))
    assert view is not None and view.timeout is None and view.is_persistent()
    select, button = view.children
    assert isinstance(select, GameSelect) and isinstance(button, GameButton)
    assert (select.cid.game, select.cid.version, select.cid.verb.value) == ("g1", 1, "lay")
    assert (select.item.min_values, select.item.max_values) == (2, 2)
    assert [o.value for o in select.item.options] == ["5H", "JS", "2C"]
    assert (button.item.label, button.item.disabled, button.cid.arg) == ("5♥", True, "5H")
    assert button.item.style is discord.ButtonStyle.primary
    assert to_view(()) is None


def test_clip_keeps_the_newest_lines() -> None:
    text = "head\n" + "\n".join(f"line {i}" for i in range(500))
    clipped = clip(text)
    assert len(clipped) <= 2000 and clipped.startswith("head\n…") and clipped.endswith("line 499")


async def test_play_against_the_computer_opens_a_thread_and_answers_privately(bot: Harness) -> None:
    payload = await bot.command("play", ANN)
    fake = bot.fake
    assert exchange(bot.of(payload)) == PRIVATE_THINKING
    assert fake.last("POST /channels/100/threads").body == {
        "name": "cribbage: ann vs computer (easy)", "auto_archive_duration": 1440, "type": 11, "invitable": True,
        "rate_limit_per_user": None}
    # in the thread: the start post, which names the member (which adds them to the thread), then the table
    start, table = fake.find(f"POST /channels/{THREAD}/messages")
    assert start.content == ("<@1> The game is on. Each player: press “Open my panel” on the table below to see "
                             "your cards and play (only you see your panel).")
    assert start.body["allowed_mentions"] == {"parse": ["users"], "replied_user": True}
    assert table.content.startswith("Cribbage to 121: ann 0 · computer (easy) 0\nDeal 1, ann deals.")
    assert table.files == ("table.png",) and table.ids == ["crib:game1:0:hand"]
    assert table.body["components"][0]["components"][0]["label"] == "Open my panel"
    # the answer in the channel points to the thread: a private panel there would be played from the channel
    pointer = fake.last("PATCH /webhooks/4000/token-7000001/messages/@original")
    assert pointer.content == (f"Your game is in <#{THREAD}>: press “Open my panel” on its table there to see your "
                               "cards and play.")
    assert pointer.files == () and pointer.ids == []
    meta = await bot.front.controller.run(GameInfo("game1"))
    assert (meta.place, meta.message, meta.rules.skunk) == (str(THREAD), "10005", True)
    # the panel opens in the thread, from the table
    opened = await bot.click(bot.last_message(THREAD), "crib:game1:0:hand", ANN, channel=thread())
    panel = bot.of(opened)[-1]
    assert panel.content == "Your hand (ann 0 · computer (easy) 0). Lay away 2 for your crib."
    assert panel.files == ("hand.png",) and panel.ids == ["crib:game1:1:lay"]
    assert fake.owners[fake.originals[opened["token"]]] == "1"
    assert fake.messages[fake.originals[opened["token"]]]["channel_id"] == str(THREAD)
    # /cribbage hand in the channel points to the thread too
    elsewhere = await bot.command("hand", ANN)
    assert bot.of(elsewhere)[-1].content == (f"Your game is in <#{THREAD}>; use the command there. The “Open my "
                                             "panel” button on its table shows your cards.")


async def test_a_game_goes_in_the_channel_when_threads_are_not_allowed(bot: Harness) -> None:
    await bot.command("play", ANN, {"target": 61}, app_permissions=NO_THREADS)
    assert not bot.fake.find("POST /channels/100/threads")
    assert bot.fake.last("POST /channels/100/messages").content.startswith("Cribbage to 61:")
    assert (await bot.front.controller.run(GameInfo("game1"))).place == str(CHANNEL)


async def test_clicks_on_the_private_panel_edit_it_and_the_table(bot: Harness) -> None:
    fake = bot.fake
    await start_against_the_computer(bot)
    table = bot.last_message(THREAD)
    # Open my panel on the public table: a new private message (the one opened before becomes a 'moved' line)
    hand = await bot.click(table, "crib:game1:0:hand", ANN, channel=thread())
    assert exchange(bot.of(hand)) == PRIVATE_THINKING
    panel = bot.original(hand)
    assert panel["content"] == "Your hand (ann 0 · computer (easy) 0). Lay away 2 for your crib."
    cards = options_of(panel)
    # lay away two through the select on that panel: the panel is edited in place, the table follows
    lay = await bot.click(panel, "crib:game1:1:lay", ANN, cards[:2], channel=thread())
    assert exchange(bot.of(lay)) == [("callback", 6, 0), ("edit-original", None, 0)]
    edit = bot.of(lay)[-1]
    assert edit.content.startswith("Your hand (ann 0 · computer (easy) 0; starter ") and edit.files == ("hand.png",)
    assert {cid.split(":")[2] for cid in edit.ids} == {"3"}  # ann laid away, the computer led
    table_edit = fake.last(f"PATCH /channels/{THREAD}/messages/10005")
    assert "ann lays away 2 cards" in table_edit.content and table_edit.files == ("table.png",)
    # the same select again (from the old message): stale, refused privately, nothing changed; the refusal is on
    # top of the hand it names, in the panel the member pressed
    again = await bot.click(panel, "crib:game1:1:lay", ANN, cards[:2], channel=thread())
    assert exchange(bot.of(again)) == [("callback", 6, 0), ("edit-original", None, 0)]
    refused = bot.of(again)[-1]
    assert refused.content == ("That choice was from an earlier moment of the game; nothing changed. Here is your hand "
                               "now.\n\n" + edit.content)
    assert refused.files == ("hand.png",) and refused.ids == edit.ids
    assert bot.front.controller.storage.action_count("game1") == 3
    # a spectator's click on Open my panel: a watcher's view of what the table shows, with nothing to press
    spectator = await bot.click(table, "crib:game1:0:hand", EVE, channel=thread())
    assert exchange(bot.of(spectator)) == PRIVATE_THINKING
    watched = bot.of(spectator)[-1]
    assert watched.content.startswith(
        "You are watching ann, computer (easy): you hold no seat, so you see what the table shows everyone.\n"
        "Cribbage to 121: ann 0 · computer (easy) 0\nDeal 1, ann deals.")
    assert watched.ids == [] and watched.files == ()


async def test_a_card_that_does_not_read_is_refused_privately(bot: Harness) -> None:
    await start_against_the_computer(bot)
    panel = bot.original(await bot.click(bot.last_message(THREAD), "crib:game1:0:hand", ANN, channel=thread()))
    lay = await bot.click(panel, "crib:game1:1:lay", ANN, ["5X", "JS"], channel=thread())
    (callback,) = bot.of(lay)
    assert callback.body["type"] == 4 and callback.flags == EPHEMERAL
    assert callback.content.startswith("“5X” is not a card.")
    assert bot.front.controller.storage.action_count("game1") == 1


async def test_invitation_accept_and_refusals(bot: Harness) -> None:
    fake = bot.fake
    invite = await bot.command("play", ANN, {"opponent": BOB, "target": 61})
    post = fake.last("POST /channels/100/messages")
    assert post.body["content"] == "<@2> bob, ann invites you to a game of cribbage to 61. Only you can accept."
    assert post.ids == ["crib:game1:0:accept", "crib:game1:0:decline"]
    assert post.body["allowed_mentions"] == {"parse": ["users"], "replied_user": True}
    assert exchange(bot.of(invite)) == PRIVATE_THINKING
    assert bot.of(invite)[-1].content == "Invitation sent to bob."
    invitation = bot.last_message(CHANNEL)
    # eve cannot accept
    eve = await bot.click(invitation, "crib:game1:0:accept", EVE)
    assert bot.of(eve)[-1].content == "Only bob can answer this invitation."
    # bob accepts: a thread with the table, the invitation loses its buttons, bob gets his hand
    accept = await bot.click(invitation, "crib:game1:0:accept", BOB)
    assert fake.last("POST /channels/100/threads").body["name"] == "cribbage: ann vs bob"
    thread_id = fake.last("POST /channels/100/threads").reply["id"]
    edited = fake.last(f"PATCH /channels/100/messages/{invitation['id']}")
    assert edited.body["components"] == []
    assert edited.content == ("ann's game of cribbage with bob (accepted), to 61.\nThe game has started: it is in "
                              f"<#{thread_id}>.")
    assert exchange(bot.of(accept)) == PRIVATE_THINKING
    assert bot.of(accept)[-1].content == (f"The game is in <#{thread_id}>: press “Open my panel” on its table there "
                                          "to see your cards and play.")
    assert fake.find(f"POST /channels/{thread_id}/messages")[0].content.startswith("<@1> <@2> The game is on.")
    # bots cannot be invited
    robot = await bot.command("play", ANN, {"opponent": Person(9, "robot", bot=True)})
    assert bot.of(robot)[-1].content == "Bots cannot be invited; leave the opponent out to play me."


async def test_the_host_who_calls_a_group_game_off_hears_that_they_withdrew_it(bot: Harness) -> None:
    await bot.command("play", ANN, {"opponent": BOB, "second": EVE})
    invitation = bot.last_message(CHANNEL)
    cancel = await bot.click(invitation, "crib:game1:0:cancel", ANN)
    assert bot.of(cancel)[-1].content == "You cancelled the invitation."
    edited = bot.fake.last(f"PATCH /channels/100/messages/{invitation['id']}")
    assert edited.content == ("ann's game of cribbage for 3, to 121. Seats: ann, bob (invited), eve (invited).\n"
                              "ann withdrew the invitation.") and edited.body["components"] == []
    assert (await bot.front.controller.run(GameInfo("game1"))).status is Status.DECLINED


async def test_a_declined_invitation_says_so_on_the_invitation(bot: Harness) -> None:
    await bot.command("play", ANN, {"opponent": BOB})
    invitation = bot.last_message(CHANNEL)
    decline = await bot.click(invitation, "crib:game1:0:decline", BOB)
    assert bot.of(decline)[-1].content == "You declined."
    edited = bot.fake.last(f"PATCH /channels/100/messages/{invitation['id']}")
    assert edited.content == "ann's game of cribbage with bob (invited), to 121.\nbob declined the game."
    assert edited.body["components"] == []
    assert (await bot.front.controller.run(GameInfo("game1"))).status is Status.DECLINED


async def test_resign_end_and_record_commands(bot: Harness) -> None:
    fake = bot.fake
    await start_against_the_computer(bot)
    here = {"channel": thread()}
    record = await bot.command("record", EVE, **here)  # a spectator: the game going on here
    assert exchange(bot.of(record)) == PRIVATE_THINKING
    assert bot.of(record)[-1].files == ("cribbage-game1.json",)
    assert bot.of(record)[-1].content == "The game record (docs/record-format.md):"
    seen = json.loads(bot.of(record)[-1].data["cribbage-game1.json"])
    assert "seed" not in seen and seen["view"] == {"seat": None, "redacted": True}
    assert seen["deals"][0]["hands"] == [[], []] and seen["deals"][0]["discards"] == [None, None]
    mine = json.loads(bot.of(await bot.command("record", ANN, **here))[-1].data["cribbage-game1.json"])
    assert "seed" not in mine and mine["view"] == {"seat": 0, "redacted": True}
    assert [len(h) for h in mine["deals"][0]["hands"]] == [6, 0]
    end = await bot.command("end", EVE, **here)
    assert bot.of(end)[-1].content == "Only members who may manage messages can end a game."
    resign = await bot.command("resign", EVE, **here)
    assert bot.of(resign)[-1].content == "You have no game going on here. Start one with /cribbage play."
    end = await bot.command("end", EVE, locale="zh-CN", **here)
    assert bot.of(end)[-1].content == "只有能管理消息的成员才能结束游戏。"
    resign = await bot.command("resign", ANN, **here)
    assert exchange(bot.of(resign)) == PRIVATE_THINKING and bot.of(resign)[-1].content == "You resigned."
    post = fake.last(f"POST /channels/{THREAD}/messages")
    assert post.content == "ann resigns. computer (easy) wins (ann 0 · computer (easy) 0)."
    assert post.files == ("cribbage-game1.json",)
    assert (await bot.front.controller.run(GameInfo("game1"))).status is Status.RESIGNED
    await bot.command("play", BOB)
    second = fake.last("POST /channels/100/threads")
    assert second.body["name"] == "cribbage: bob vs computer (easy)"
    there = channel_json(int(second.reply["id"]), thread_of=CHANNEL)
    end = await bot.command("end", EVE, {"game": "game2"}, permissions=MANAGE, channel=there)
    assert bot.of(end)[-1].content == "eve ended this game (bob 0 · computer (easy) 0); no one wins."
    assert (await bot.front.controller.run(GameInfo("game2"))).status is Status.ENDED


async def test_a_damaged_game_is_said_so_and_a_moderator_can_end_it(bot: Harness, caplog: Any) -> None:
    await start_against_the_computer(bot)
    controller = bot.front.controller
    controller.storage._db.execute("UPDATE actions SET action = '{\"t\": \"dance\"' WHERE game = 'game1'")
    controller.games.forget("game1")
    hand = await bot.click(bot.last_message(THREAD), "crib:game1:0:hand", ANN, channel=thread())
    assert exchange(bot.of(hand)) == PRIVATE_THINKING
    assert bot.of(hand)[-1].content == (
        "This game's saved record cannot be read (game game1: unreadable action "
        "'{\"t\": \"dance\"': Expecting ',' delimiter: line 1 column 14 (char 13)), so it cannot go on. A moderator "
        "can end it with /cribbage end; other games are not affected.")
    end = await bot.command("end", EVE, permissions=MANAGE, channel=thread())
    assert bot.of(end)[-1].content == "eve ended this game, whose saved record cannot be read; no one wins."
    assert bot.fake.last(f"POST /channels/{THREAD}/messages").content == bot.of(end)[-1].content
    assert await controller.run(GamesAt(str(THREAD))) == []


async def test_table_edits_are_batched() -> None:
    edits: list[tuple[str, str, str]] = []

    async def edit(place: str, message: str, table: LiveMessage) -> None:
        edits.append((place, message, table.text))

    editor = LiveEditor(edit, interval=0.05)
    editor.submit("g", "7", "8", LiveMessage("v0", (), ()))
    await asyncio.sleep(0.01)
    for n in range(1, 10):
        editor.submit("g", "7", "8", LiveMessage(f"v{n}", (), ()))
    await editor.flush()
    assert edits == [("7", "8", "v0"), ("7", "8", "v9")]  # the first at once, then only the newest after the pause


async def test_once_the_table_moved_no_edit_goes_to_its_old_message() -> None:
    edits: list[tuple[str, str]] = []
    release = asyncio.Event()

    async def edit(place: str, message: str, table: LiveMessage) -> None:
        edits.append((message, table.text))
        if table.text == "v1":
            await release.wait()  # the edit of the old message is still on its way when the table moves

    editor = LiveEditor(edit, interval=0.0)
    editor.submit("g", "7", "8", LiveMessage("v1", (), ()), version=1)
    await asyncio.sleep(0.01)
    editor.submit("g", "7", "8", LiveMessage("v2", (), ()), version=2)  # pending: older than the table posted anew
    moving = asyncio.create_task(editor.moved("g", "8", "9", version=3))
    await asyncio.sleep(0.01)
    assert not moving.done()  # the old message may be rewritten only once its edit in flight has landed
    release.set()
    await moving
    editor.submit("g", "7", "8", LiveMessage("v4", (), ()), version=4)  # a reply that named the old message
    editor.submit("g", "7", "8", LiveMessage("v3", (), ()), version=3)  # older than the newest: dropped
    await editor.flush()
    assert edits == [("8", "v1"), ("9", "v4")]
    assert editor.where("g", "8") == "9" and editor.where("g", "9") == "9"
    editor.finish("g")
    assert editor.where("g", "8") == "8"  # a finished game's moves are forgotten


async def test_the_other_players_open_panel_follows_the_game_until_its_token_expires(bot: Harness) -> None:
    now = [0.0]
    bot.front.panels.clock = lambda: now[0]
    await bot.command("play", ANN, {"opponent": BOB, "target": 61})
    accept = await bot.click(bot.last_message(CHANNEL), "crib:game1:0:accept", BOB)
    here = channel_json(int(bot.fake.last("POST /channels/100/threads").reply["id"]), thread_of=CHANNEL)
    table = bot.live_message(int(here["id"]))  # turn mentions below it
    # ann opens her hand and lays away from it: bob's open panel is refreshed through his token
    assert bot.of(accept)[-1].ids == []  # in the channel: a pointer to the thread, not a panel
    accept = await bot.click(table, "crib:game1:0:hand", BOB, channel=here)
    hand = await bot.click(table, "crib:game1:0:hand", ANN, channel=here)
    ann_panel = bot.original(hand)
    bot.fake.clear()
    lay = await bot.click(ann_panel, "crib:game1:0:lay", ANN, options_of(ann_panel)[:2], channel=here)
    assert exchange(bot.of(lay)) == [("callback", 6, 0), ("edit-original", None, 0)]
    refreshed = bot.fake.last(f"PATCH /webhooks/4000/{accept['token']}/messages/@original")
    assert refreshed.content == "Your hand (ann 0 · bob 0). Lay away 2 for ann's crib."
    assert refreshed.ids == ["crib:game1:1:lay"] and refreshed.files == ("hand.png",)
    # fourteen minutes later ann's panel token is left alone (Discord would refuse it)
    now[0] = 14 * 60 + 1
    bob_panel = bot.original(accept)
    bot.fake.clear()
    bob_lay = await bot.click(bob_panel, "crib:game1:1:lay", BOB, options_of(bob_panel)[:2], channel=here)
    assert exchange(bot.of(bob_lay)) == [("callback", 6, 0), ("edit-original", None, 0)]
    assert not bot.fake.find(f"PATCH /webhooks/4000/{lay['token']}")
    assert not bot.front.panels.is_open("game1", "1")


async def test_a_failure_gets_a_private_answer(bot: Harness, caplog: Any) -> None:
    await start_against_the_computer(bot)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("database is locked")

    bot.front.controller.handlers[ViewGame] = broken
    hand = await bot.click(bot.last_message(THREAD), "crib:game1:0:hand", ANN, channel=thread())
    assert exchange(bot.of(hand)) == PRIVATE_THINKING
    assert bot.of(hand)[-1].content == ("Something went wrong on my side. Every move that was accepted is saved; "
                                        "/cribbage hand shows where your game stands.")
    assert [r.levelname for r in caplog.records if r.name.startswith("bot.discord")] == ["ERROR"]
    # a command's failure reaches the group's on_error: the same private answer
    bot.front.controller.handlers[Resign] = broken
    resign = await bot.command("resign", ANN, channel=thread())
    assert exchange(bot.of(resign)) == PRIVATE_THINKING
    assert bot.of(resign)[-1].content.startswith("Something went wrong on my side.")


async def test_buttons_keep_working_after_a_restart(tmp_path: Any, fake: Any) -> None:
    path = tmp_path / "bot.sqlite3"
    first = make_controller(path)
    bot = await start_bot(first, fake)
    panel = await start_against_the_computer(bot)
    await bot.client.close()
    first.close()
    # a new process: new controller, new client, the same database; the old panel's select is chosen
    second = make_controller(path)
    bot = await start_bot(second, fake)
    fake.clear()
    lay = await bot.click(panel, "crib:game1:1:lay", ANN, options_of(panel)[:2], channel=thread())
    assert exchange(bot.of(lay)) == [("callback", 6, 0), ("edit-original", None, 0)]
    assert bot.of(lay)[-1].content.startswith("Your hand (ann 0 · computer (easy) 0; starter ")
    assert "ann lays away 2 cards" in fake.last(f"PATCH /channels/{THREAD}/messages/10005").content
    await bot.client.close()


async def test_reminders_are_posted_in_the_game_thread_with_a_mention(fake: Any) -> None:
    clock = [1000.0]
    controller = make_controller(clock=lambda: clock[0])
    bot = await start_bot(controller, fake, sweep_every=0.01)
    await start_against_the_computer(bot)
    clock[0] += 301
    route = f"POST /channels/{THREAD}/messages"
    await settle(bot.client, until=lambda: len(fake.find(route)) == 4)  # start, table, the reminder, the table
    message = (await controller.run(GameInfo("game1"))).message
    await bot.client.close()
    controller.close()
    start, table, post, moved = fake.find(route)
    assert post.content == ("<@1> ann: it is your turn. A game with no move for 30 minutes is lost by the player "
                            "who is holding it up.")
    assert post.body["allowed_mentions"] == {"parse": ["users"], "replied_user": True}
    # the table stays the newest message: posted anew under the reminder (which must notify, so it is a new
    # message), and the old one says it moved, with nothing to press
    assert moved.content == table.content and moved.ids == table.ids == ["crib:game1:0:hand"]
    assert message == moved.reply["id"]
    old = fake.last(f"PATCH /channels/{THREAD}/messages/{table.reply['id']}")
    assert (old.content, old.body["attachments"], old.body["components"]) == ("The table moved down ↓", [], [])


async def test_setup_hook_registers_dynamic_items_and_syncs_to_the_dev_guild(controller: Any, fake: Any) -> None:
    from bot.config import Config
    from bot.discord.translator import CatalogTranslator

    bot = await start_bot(controller, fake, Config(None, dev_guild=42, shard_count=2))
    client = bot.client
    assert client.shard_count == 2 and isinstance(client.tree.translator, CatalogTranslator)
    patterns = {p.pattern for p in client._connection._view_store._dynamic_items}
    assert patterns == {template(BUTTON_VERBS), template(SELECT_VERBS)}
    (sync,) = fake.find("PUT /applications/4000/")
    assert sync.route == "PUT /applications/4000/guilds/42/commands" and [c["name"] for c in sync.body] == ["cribbage"]
    assert client._sweeper is not None and not client._sweeper.done()
    await client.close()
    assert client._sweeper.done()


def choose(message: dict[str, Any], turn: int) -> tuple[str, list[str]]:
    """What a person clicks on a panel message: two cards of the select, else the turn-th enabled button."""
    items = [c for row in message["components"] for c in row["components"]]
    for item in items:
        if item["type"] == 3:
            values = [o["value"] for o in item["options"]]
            start = turn % (len(values) - 1)
            return item["custom_id"], values[start:start + 2]
    buttons = [i for i in items if not i.get("disabled")]
    return buttons[turn % len(buttons)]["custom_id"], []


async def test_counting_my_own_hands_declares_privately_through_the_pad(bot: Harness) -> None:
    fake = bot.fake
    await bot.command("play", ANN, {"count_myself": True})
    meta = await bot.front.controller.run(GameInfo("game1"))
    assert meta is not None and meta.self_count == (0,) and meta.lang == "en"
    thread = channel_json(int(meta.place), thread_of=CHANNEL)
    play = await bot.click(bot.last_message(int(meta.place)), "crib:game1:0:hand", ANN, channel=thread)
    panel, turn = bot.original(play), 0
    while not any(":declare:" in cid for cid in ids_of(panel)):
        custom_id, values = choose(panel, turn)
        move = await bot.click(panel, custom_id, ANN, values, channel=thread)
        panel, turn = bot.original(move), turn + 1
    assert not [c for c in fake.find(f"POST /channels/{meta.place}/messages") if c.content.startswith("The show:")]
    pad = await bot.click(panel, "crib:game1:0:declare:hand", ANN, channel=thread)
    assert bot.of(pad)[0].body["data"]["title"] == "Your count"
    hand = await bot.submit("crib:game1:0:declare:hand", ANN, {"number": "4"}, message=panel, channel=thread)
    assert exchange(bot.of(hand)) == PRIVATE_THINKING
    said = bot.of(hand)[-1].content
    assert said.startswith("Right: 4.\nYour counting: 1 of 1 exact (100%)")
    assert said.endswith("Count your crib: Q♣ 8♣ 6♣ 10♥ + starter 9♣. Declare your total; the game goes on "
                         "with the true count.")
    assert bot.of(hand)[-1].ids == ["crib:game1:0:declare:crib"]
    crib = await bot.submit("crib:game1:0:declare:crib", ANN, {"number": "3"}, message=bot.original(hand),
                            channel=thread)
    assert bot.of(crib)[-1].content.startswith("You said 3; it is 5. You missed 2.")
    # the old table message becomes the show; the table is posted anew under it
    show = fake.last(f"PATCH /channels/{meta.place}/messages/{meta.message}")
    assert show.content.startswith("The show:\ncomputer (easy)'s hand: A♥ 2♦ 3♥ A♦ + 9♣")
    assert show.content.endswith("ann declared 4 for the hand: right.\n"
                                 "ann declared 3 for the crib; it counts 5: 2 missed.")
    assert show.files == ("show.png",) and show.body["components"] == []
    table = fake.last(f"POST /channels/{meta.place}/messages")
    assert table.content.startswith("Cribbage to 121:") and table.ids == ["crib:game1:0:hand"]
    assert (await bot.front.controller.run(GameInfo("game1"))).message == table.reply["id"]


def ids_of(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in message["components"] for c in row["components"] if "custom_id" in c]


async def test_a_game_speaks_the_servers_language_in_public_and_the_members_in_private(bot: Harness) -> None:
    play = await bot.command("play", ANN, guild_locale="zh-CN")
    assert bot.fake.last("POST /channels/100/threads").body["name"] == "克里比奇：ann vs computer (easy)"
    start, table = bot.fake.find("POST /channels/10003/messages")
    assert start.content == "<@1> 游戏开始。各位玩家：点击下方牌桌上的“我的面板”查看手牌并出牌（面板只有你能看到）。"
    assert table.content.startswith("克里比奇牌，121 分获胜：ann 0 分，computer (easy) 0 分\n第 1 局，ann 发牌。")
    assert table.body["components"][0]["components"][0]["label"] == "我的面板"
    assert bot.of(play)[-1].content == ("Your game is in <#10003>: press “Open my panel” on its table there to see "
                                        "your cards and play.")
    english = await bot.click(bot.last_message(10003), "crib:game1:0:hand", ANN, guild_locale="zh-CN",
                              channel=channel_json(10003, thread_of=CHANNEL))
    assert bot.of(english)[-1].body["components"][0]["components"][0]["placeholder"] == "Choose 2 cards for your crib"
    # the same member with a Chinese client asks for their hand: Chinese, privately
    hand = await bot.click(bot.last_message(10003), "crib:game1:0:hand", ANN, locale="zh-CN", guild_locale="zh-CN",
                           channel=channel_json(10003, thread_of=CHANNEL))
    assert exchange(bot.of(hand)) == PRIVATE_THINKING
    assert bot.of(hand)[-1].content == "你的手牌（ann 0 分，computer (easy) 0 分）。请放 2 张牌进你的底牌。"
    assert bot.of(hand)[-1].body["components"][0]["components"][0]["placeholder"] == "选 2 张牌放进你的底牌"



async def test_a_muggins_claim_is_a_move_from_the_panel(bot: Harness) -> None:
    await start_against_the_computer(bot)
    panel = bot.fake.posted(THREAD, "Claim muggins?", {"crib:game1:1:muggins:yes": "Muggins!"})
    claim = await bot.click(panel, "crib:game1:1:muggins:yes", ANN, channel=thread())
    assert exchange(bot.of(claim)) == [("callback", 6, 0), ("edit-original", None, 0)]
    assert bot.of(claim)[1].ids == ["crib:game1:1:lay"]  # the panel as it stands now, under the refusal
    assert bot.of(claim)[-1].content == ("That move is not possible now; nothing changed.\n\nYour hand (ann 0 · "
                                         "computer (easy) 0). Lay away 2 for your crib.")


async def test_no_game_id_in_public_and_a_moderator_picks_the_game_to_end_by_its_players(bot: Harness) -> None:
    fake = bot.fake
    await bot.command("play", ANN, app_permissions=NO_THREADS)
    await bot.command("play", BOB, app_permissions=NO_THREADS)
    public = [m["content"] for m in fake.messages.values() if not m["flags"] & EPHEMERAL]
    assert len(public) == 4 and all("game1" not in text and "game2" not in text for text in public)
    assert [text.splitlines()[0] for text in public[1::2]] == ["Cribbage to 121: ann 0 · computer (easy) 0",
                                                               "Cribbage to 121: bob 0 · computer (easy) 0"]
    # /cribbage end's game option suggests the games here by their players, as the moderator types
    typed = bot.payloads.command("end", EVE, {"game": "BOB"}, permissions=MANAGE)
    typed["type"] = 4
    typed["data"]["options"][0]["options"][0]["focused"] = True
    await bot.send(typed)
    (callback,) = bot.of(typed)
    assert callback.body == {"type": 8, "data": {"choices": [
        {"name": "bob vs computer (easy) (game2)", "value": "game2"}]}}
    several = await bot.command("end", EVE, permissions=MANAGE)
    assert bot.of(several)[-1].content == ("Several games are going on here: ann vs computer (easy) (game1), bob vs "
                                           "computer (easy) (game2). Pick one with game:.")
    ended = await bot.command("end", EVE, {"game": "game2"}, permissions=MANAGE)
    assert bot.of(ended)[-1].content == "eve ended this game (bob 0 · computer (easy) 0); no one wins."
