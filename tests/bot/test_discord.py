"""The Discord adapter offline: command registration, and callbacks driven with mocked interactions."""

import asyncio
import itertools
import re
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from discord import app_commands

from bot.app.controller import Controller, NewGame
from bot.app.ids import BUTTON_VERBS, SELECT_VERBS, template
from bot.app.replies import Button, Option, Select, Style, Table
from bot.autopilot import autopilot, play_out
from bot.config import Config
from bot.discord_app import CribbageBot, CribbageGroup, DiscordFront, TableGroup, member_of
from bot.i18n import CatalogTranslator
from bot.model import Status
from bot.storage import SqliteStorage
from bot.views import GameButton, GameSelect, NumberModal, TableEditor, clip, to_view

CHANNEL, THREAD, TABLE_MSG = 100, 777, 555


class Fakes:
    """A guild text channel where the bot may open threads, the thread, and a client that finds them."""

    def __init__(self, threads: bool = True) -> None:
        self.channel = MagicMock(spec=discord.TextChannel)
        self.channel.id = CHANNEL
        self.channel.mention = f"<#{CHANNEL}>"
        perms = discord.Permissions(create_public_threads=threads, send_messages_in_threads=threads)
        self.channel.permissions_for = MagicMock(return_value=perms)
        self.thread = MagicMock(spec=discord.Thread)
        self.thread.id = THREAD
        self.thread.mention = f"<#{THREAD}>"
        self.table_message = MagicMock(id=TABLE_MSG)
        self.thread.send = AsyncMock(return_value=self.table_message)
        self.channel.send = AsyncMock(return_value=MagicMock(id=TABLE_MSG))
        self.channel.create_thread = AsyncMock(return_value=self.thread)
        self.partial = MagicMock()
        self.partial.edit = AsyncMock()
        for ch in (self.channel, self.thread):
            ch.get_partial_message = MagicMock(return_value=self.partial)
        self.client = MagicMock()
        self.client.get_channel = MagicMock(side_effect=lambda i: {CHANNEL: self.channel,
                                                                   THREAD: self.thread}.get(i))


def user(uid: int, name: str, bot: bool = False) -> Any:
    return SimpleNamespace(id=uid, display_name=name, name=name, bot=bot)


ANN, BOB, EVE = user(1, "ann"), user(2, "bob"), user(3, "eve")


def interaction(who: Any, fakes: Fakes, channel: Any = None, manage: bool = False,
                values: tuple[str, ...] = (), message: Any = None) -> Any:
    i = MagicMock()
    i.user = who
    i.channel = channel if channel is not None else fakes.channel
    i.channel_id = i.channel.id
    i.guild = MagicMock()
    i.permissions = discord.Permissions(manage_messages=manage)
    i.response.defer = AsyncMock()
    i.response.send_message = AsyncMock()
    i.followup.send = AsyncMock(return_value=MagicMock(edit=AsyncMock()))
    i.edit_original_response = AsyncMock()
    i.data = {"values": list(values)}
    i.message = message
    i.client.front = None  # set by the test when a dynamic item is driven
    return i


@pytest.fixture
def front() -> Any:
    counter = itertools.count(1)
    controller = Controller(SqliteStorage(":memory:"), ids=lambda: f"game{next(counter)}", seeds=lambda: 11)
    fakes = Fakes()
    f = DiscordFront(controller, Config(None, difficulty="easy", skunk=True), fakes.client, edit_interval=0.0)
    f.fakes = fakes  # type: ignore[attr-defined]
    yield f
    controller.close()


def sent(mock: AsyncMock, n: int = -1) -> tuple[tuple[Any, ...], dict[str, Any]]:
    call = mock.await_args_list[n]
    return call.args, call.kwargs


def view_ids(view: discord.ui.View | None) -> list[str]:
    return [item.custom_id for item in view.children] if view is not None else []  # type: ignore[attr-defined]


async def test_commands_are_registered_with_names_options_and_descriptions() -> None:
    controller = Controller(SqliteStorage(":memory:"))
    client = CribbageBot(Config(None), controller)
    (group,) = client.tree.get_commands()
    data = group.to_dict(client.tree)
    assert (data["name"], data["description"], data["dm_permission"]) == (
        "cribbage", "Play cribbage in this channel", False)
    subs = {o["name"]: o for o in data["options"]}
    assert list(subs) == ["play", "hand", "resign", "end", "record", "score", "analyze", "rules", "practice",
                          "review", "stats", "leaderboard", "board", "table"]
    play = subs["play"]
    assert play["description"] == "Start a game against the computer or another member"
    assert [(o["name"], o["type"], o["required"]) for o in play["options"]] == [
        ("opponent", 6, False), ("difficulty", 3, False), ("target", 4, False), ("count_myself", 5, False)]
    assert [c["value"] for c in play["options"][1]["choices"]] == ["easy", "normal", "hard", "expert"]
    assert [c["value"] for c in play["options"][2]["choices"]] == [121, 61]
    assert subs["end"]["description"] == "End an abandoned game here (needs Manage Messages)"
    assert subs["end"]["options"][0]["name"] == "game"
    assert subs["resign"]["description"] == "Resign your game here"
    controller.close()


def test_dynamic_item_templates_never_overlap() -> None:
    buttons, selects = re.compile(template(BUTTON_VERBS)), re.compile(template(SELECT_VERBS))
    for cid in ("crib:g1:0:hand", "crib:g1:7:play:10H", "crib:g1:7:go", "crib:g1:0:accept"):
        assert buttons.fullmatch(cid) and not selects.fullmatch(cid)
    assert selects.fullmatch("crib:g1:3:lay") and not buttons.fullmatch("crib:g1:3:lay")
    assert GameButton.__discord_ui_compiled_template__.pattern == template(BUTTON_VERBS)


def test_views_are_persistent_dynamic_items() -> None:
    view = to_view((Select("crib:g1:1:lay", "Choose 2", (Option("5H", "5♥"), Option("JS", "J♠"),
                                                         Option("2C", "2♣")), 2, 2),
                    Button("crib:g1:1:play:5H", "5♥", Style.PRIMARY, disabled=True)))
    assert view is not None and view.timeout is None and view.is_persistent()
    select, button = view.children
    assert isinstance(select, GameSelect) and isinstance(button, GameButton)
    assert (select.item.min_values, select.item.max_values) == (2, 2)
    assert [o.value for o in select.item.options] == ["5H", "JS", "2C"]
    assert (button.item.label, button.item.disabled) == ("5♥", True)
    assert button.item.style is discord.ButtonStyle.primary
    assert to_view(()) is None


def test_clip_keeps_the_newest_lines() -> None:
    text = "head\n" + "\n".join(f"line {i}" for i in range(500))
    clipped = clip(text)
    assert len(clipped) <= 2000 and clipped.startswith("head\n…") and clipped.endswith("line 499")


async def test_play_against_the_computer_opens_a_thread_and_answers_privately(front: Any) -> None:
    fakes = front.fakes
    i = interaction(ANN, fakes)
    group = CribbageGroup(front)
    await group.play.callback(group, i, None, None, None)
    i.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    fakes.channel.create_thread.assert_awaited_once()
    assert fakes.channel.create_thread.await_args.kwargs["name"] == "cribbage: ann vs the computer"
    args, kwargs = sent(fakes.thread.send)
    assert args[0].startswith("Cribbage to 121: ann 0 · computer (easy) 0")
    assert [f.filename for f in kwargs["files"]] == ["table.png", "board.png"]
    assert view_ids(kwargs["view"]) == ["crib:game1:0:hand"]
    args, kwargs = sent(i.followup.send)
    assert kwargs["ephemeral"] is True
    assert args[0].startswith(f"Your game is in <#{THREAD}>. Your hand (0 to 0). Lay away 2 for ")
    assert [f.filename for f in kwargs["files"]] == ["hand.png"]
    assert view_ids(kwargs["view"]) == ["crib:game1:1:lay"]
    meta = await front.controller.meta("game1")
    assert (meta.place, meta.message, meta.rules.skunk) == (str(THREAD), str(TABLE_MSG), True)


async def test_a_game_goes_in_the_channel_when_threads_are_not_allowed() -> None:
    controller = Controller(SqliteStorage(":memory:"), ids=lambda: "solo", seeds=lambda: 5)
    fakes = Fakes(threads=False)
    f = DiscordFront(controller, Config(None), fakes.client, edit_interval=0.0)
    i = interaction(ANN, fakes)
    await f.start_game(i, None, "easy", 61)
    fakes.channel.create_thread.assert_not_awaited()
    args, _ = sent(fakes.channel.send)
    assert args[0].startswith("Cribbage to 61:")
    assert (await controller.meta("solo")).place == str(CHANNEL)
    controller.close()


async def test_clicks_on_the_private_panel_edit_it_and_the_table(front: Any) -> None:
    fakes = front.fakes
    await front.start_game(interaction(ANN, fakes), None, None, None)
    lay = view_ids(sent(interaction_followup := fakes.thread.send)[1]["view"])  # the table's My hand
    assert lay == ["crib:game1:0:hand"] and interaction_followup.await_count == 1
    # My hand from the public table: a new private message
    i = interaction(ANN, fakes, channel=fakes.thread)
    await front.on_component(i, "crib:game1:0:hand", ())
    i.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    args, kwargs = sent(i.followup.send)
    assert kwargs["ephemeral"] is True and view_ids(kwargs["view"]) == ["crib:game1:1:lay"]
    cards = [o.value for o in kwargs["view"].children[0].item.options]
    # lay away two, driven through the dynamic select as Discord would
    i = interaction(ANN, fakes, channel=fakes.thread, values=tuple(cards[:2]))
    i.client.front = front
    await GameSelect(discord.ui.Select(custom_id="crib:game1:1:lay")).callback(i)
    i.response.defer.assert_awaited_once_with()
    edit = i.edit_original_response.await_args.kwargs
    assert edit["content"].startswith("Your hand (0 to 0; starter ")
    assert [f.filename for f in edit["attachments"]] == ["hand.png"]
    assert {cid.split(":")[2] for cid in view_ids(edit["view"])} == {"3"}  # ann laid away, the computer led
    i.followup.send.assert_not_awaited()
    await front.editor.flush()
    table_edit = fakes.partial.edit.await_args.kwargs
    assert "ann lays away 2 cards" in table_edit["content"]
    assert [f.filename for f in table_edit["attachments"]] == ["table.png", "board.png"]
    # the same select again: stale, refused privately, nothing changed
    i = interaction(ANN, fakes, channel=fakes.thread, values=tuple(cards[:2]))
    await front.on_component(i, "crib:game1:1:lay", tuple(cards[:2]))
    args, kwargs = sent(i.followup.send)
    assert args[0] == ("That choice was from an earlier moment of the game; nothing changed. "
                       "Here is your hand now.")
    assert kwargs == {"ephemeral": True}
    assert front.controller.storage.action_count("game1") == 3
    # a spectator's click on My hand
    i = interaction(EVE, fakes, channel=fakes.thread)
    await front.on_component(i, "crib:game1:0:hand", ())
    assert sent(i.followup.send) == (("Only ann and computer (easy) play in this game; you can watch.",),
                                     {"ephemeral": True})


async def test_invitation_accept_and_refusals(front: Any) -> None:
    fakes = front.fakes
    i = interaction(ANN, fakes)
    await front.start_game(i, BOB, None, 61)
    args, kwargs = sent(fakes.channel.send)
    assert args[0] == "<@2> bob, ann invites you to a game of cribbage to 61. Only you can accept."
    assert view_ids(kwargs["view"]) == ["crib:game1:0:accept", "crib:game1:0:decline"]
    assert kwargs["allowed_mentions"].users is True and kwargs["allowed_mentions"].everyone is False
    assert sent(i.followup.send) == (("Invitation sent to bob.",), {"ephemeral": True})
    invitation = MagicMock(content=args[0])
    invitation.edit = AsyncMock()
    # eve cannot accept
    i = interaction(EVE, fakes, message=invitation)
    i.client.front = front
    await GameButton(discord.ui.Button(custom_id="crib:game1:0:accept")).callback(i)
    assert sent(i.followup.send) == (("Only bob can answer this invitation.",), {"ephemeral": True})
    # bob accepts: a thread with the table, the invitation loses its buttons, bob gets his hand
    i = interaction(BOB, fakes, message=invitation)
    await front.on_component(i, "crib:game1:0:accept", ())
    assert fakes.channel.create_thread.await_args.kwargs["name"] == "cribbage: ann vs bob"
    assert invitation.edit.await_args.kwargs == {
        "content": args[0] + f"\nAccepted: the game is in <#{THREAD}>.", "view": None}
    text, kwargs = sent(i.followup.send)
    assert text[0].startswith(f"The game is in <#{THREAD}>. Your hand (0 to 0).") and kwargs["ephemeral"]
    # bots cannot be invited
    i = interaction(ANN, fakes)
    await front.start_game(i, user(9, "robot", bot=True), None, None)
    assert sent(i.followup.send)[0] == ("Bots cannot be invited; leave the opponent out to play me.",)


async def test_resign_end_and_record_commands(front: Any) -> None:
    fakes = front.fakes
    await front.start_game(interaction(ANN, fakes), None, None, None)
    group = CribbageGroup(front)
    # record, then end without and with the permission
    i = interaction(EVE, fakes, channel=fakes.thread)
    await group.record.callback(group, i)
    args, kwargs = sent(i.followup.send)
    assert kwargs["file"].filename == "cribbage-game1.json" and kwargs["ephemeral"] is True
    i = interaction(EVE, fakes, channel=fakes.thread)
    await group.end.callback(group, i, None)
    assert sent(i.followup.send)[0] == ("Only members who may manage messages can end a game.",)
    i = interaction(EVE, fakes, channel=fakes.thread)
    await group.resign.callback(group, i)
    assert sent(i.followup.send)[0] == ("You have no game going on here. Start one with /cribbage play.",)
    i = interaction(EVE, fakes, channel=fakes.thread)
    i.locale = discord.Locale("zh-CN")
    await group.end.callback(group, i, None)
    assert sent(i.followup.send)[0] == ("只有能管理消息的成员才能结束游戏。",)
    i = interaction(ANN, fakes, channel=fakes.thread)
    await group.resign.callback(group, i)
    assert sent(i.followup.send) == (("You resigned.",), {"ephemeral": True})
    args, kwargs = sent(fakes.thread.send)
    assert args[0] == "ann resigns. computer (easy) wins, 0 to 0."
    assert [f.filename for f in kwargs["files"]] == ["cribbage-game1.json"]
    assert (await front.controller.meta("game1")).status is Status.RESIGNED
    await front.start_game(interaction(BOB, fakes), None, None, None)
    i = interaction(EVE, fakes, channel=fakes.thread, manage=True)
    await group.end.callback(group, i, "game2")
    assert sent(i.followup.send)[0] == ("eve ended this game at 0 to 0; no one wins.",)
    assert (await front.controller.meta("game2")).status is Status.ENDED


async def test_table_edits_are_batched() -> None:
    edits: list[str] = []

    async def edit(game: str, table: Table) -> None:
        edits.append(table.text)

    editor = TableEditor(edit, interval=0.05)
    editor.submit("g", Table("v0", (), ()))
    await asyncio.sleep(0.01)
    for n in range(1, 10):
        editor.submit("g", Table(f"v{n}", (), ()))
    await editor.flush()
    assert edits == ["v0", "v9"]  # the first at once, then only the newest after the pause


async def test_the_other_players_open_panel_follows_the_game_until_its_token_expires(front: Any) -> None:
    fakes = front.fakes
    now = [0.0]
    front.clock = lambda: now[0]
    await front.start_game(interaction(ANN, fakes), BOB, None, 61)
    i = interaction(BOB, fakes, message=MagicMock(content="invite", edit=AsyncMock()))
    await front.on_component(i, "crib:game1:0:accept", ())
    assert i.followup.send.await_args.kwargs["wait"] is True
    bob_panel = i.followup.send.return_value  # bob's private panel message
    # ann opens her hand and lays away from it: bob's open panel is refreshed through his token
    i = interaction(ANN, fakes, channel=fakes.thread)
    await front.on_component(i, "crib:game1:0:hand", ())
    cards = [o.value for o in i.followup.send.await_args.kwargs["view"].children[0].item.options]
    ann_lay = interaction(ANN, fakes, channel=fakes.thread)
    await front.on_component(ann_lay, "crib:game1:0:lay", tuple(cards[:2]))
    ann_lay.followup.send.assert_not_awaited()
    refreshed = bob_panel.edit.await_args.kwargs
    assert refreshed["content"].startswith("Your hand (0 to 0). Lay away 2 for ")
    assert view_ids(refreshed["view"]) == ["crib:game1:1:lay"]
    # fourteen minutes later ann's panel token is left alone (Discord would refuse it)
    ann_lay.edit_original_response.reset_mock()
    now[0] = 14 * 60 + 1
    bob_lay = (await front.controller.hand("2", "game1")).panel.controls[0]
    i = interaction(BOB, fakes, channel=fakes.thread)
    await front.on_component(i, bob_lay.custom_id, tuple(o.value for o in bob_lay.options[:2]))
    assert i.edit_original_response.await_count == 1  # bob's own panel, through his fresh click
    ann_lay.edit_original_response.assert_not_awaited()
    assert ("game1", "1") not in front._panels


async def test_a_failure_gets_a_private_answer(front: Any) -> None:
    fakes = front.fakes
    front.controller.press = AsyncMock(side_effect=RuntimeError("database is locked"))
    i = interaction(ANN, fakes, channel=fakes.thread)
    i.client.front = front
    i.response.is_done = MagicMock(return_value=True)
    await GameButton(discord.ui.Button(custom_id="crib:game1:0:hand")).callback(i)
    assert sent(i.followup.send) == ((
        "Something went wrong on my side. Every move that was accepted is saved; /cribbage hand shows "
        "where your game stands.",), {"ephemeral": True})


async def test_buttons_keep_working_after_a_restart(tmp_path: Any) -> None:
    path = tmp_path / "bot.sqlite3"
    fakes = Fakes()
    first = Controller(SqliteStorage(path), ids=lambda: "game1", seeds=lambda: 11)
    f1 = DiscordFront(first, Config(None, difficulty="easy"), fakes.client, edit_interval=0.0)
    i = interaction(ANN, fakes)
    await f1.start_game(i, None, None, None)
    lay = sent(i.followup.send)[1]["view"].children[0]
    cards = tuple(o.value for o in lay.item.options[:2])
    first.close()
    # a new process: new controller, new front end, the same database; the old panel's select is clicked
    fakes.partial.edit.reset_mock()
    second = Controller(SqliteStorage(path))
    f2 = DiscordFront(second, Config(None), fakes.client, edit_interval=0.0)
    i = interaction(ANN, fakes, channel=fakes.thread, values=cards)
    i.client.front = f2
    await GameSelect(discord.ui.Select(custom_id=lay.custom_id)).callback(i)
    assert i.edit_original_response.await_args.kwargs["content"].startswith("Your hand (0 to 0; starter ")
    i.followup.send.assert_not_awaited()
    await f2.editor.flush()
    fakes.thread.get_partial_message.assert_called_with(TABLE_MSG)
    assert "ann lays away 2 cards" in fakes.partial.edit.await_args.kwargs["content"]
    second.close()


async def test_reminders_are_posted_in_the_game_thread_with_a_mention(front: Any) -> None:
    fakes = front.fakes
    clock = [1000.0]
    front.controller.clock = lambda: clock[0]
    await front.start_game(interaction(ANN, fakes), None, None, None)
    clock[0] += 301
    (reminder,) = await front.controller.sweep()
    await front.publish(reminder)
    args, kwargs = sent(fakes.thread.send)
    assert args[0] == ("<@1> ann: it is your turn. A game with no move for 30 minutes is lost by the player "
                       "who is holding it up.")
    assert kwargs["allowed_mentions"].users is True


async def test_setup_hook_registers_dynamic_items_and_syncs_to_the_dev_guild() -> None:
    controller = Controller(SqliteStorage(":memory:"))
    client = CribbageBot(Config(None, dev_guild=42, shard_count=2), controller)
    assert client.shard_count == 2
    client.tree.sync = AsyncMock(return_value=[])
    await client.setup_hook()
    patterns = {p.pattern for p in client._connection._view_store._dynamic_items}
    assert patterns == {template(BUTTON_VERBS), template(SELECT_VERBS)}
    assert client.tree.sync.await_args.kwargs["guild"].id == 42
    assert [c.name for c in client.tree.get_commands(guild=discord.Object(id=42))] == ["cribbage"]
    client._sweeper.cancel()
    controller.close()


# ---------------------------------------------------------------------- the companion commands

GUILD = 900


def make_front() -> DiscordFront:
    counter = itertools.count(1)
    controller = Controller(SqliteStorage(":memory:"), ids=lambda: f"game{next(counter)}", seeds=lambda: 7)
    controller.companion._table_ids = lambda: f"t{next(counter)}"
    fakes = Fakes()
    front = DiscordFront(controller, Config(None, difficulty="easy"), fakes.client, edit_interval=0.0)
    front.fakes = fakes  # type: ignore[attr-defined]
    return front


def member_interaction(front: DiscordFront, who: Any, locale: str = "en-US", guild_locale: str | None = None,
                       **options: Any) -> Any:
    i = interaction(who, front.fakes, **options)  # type: ignore[attr-defined]
    i.locale = discord.Locale(locale)
    i.guild_locale = discord.Locale(guild_locale) if guild_locale else None
    i.guild.id = GUILD
    i.response.send_modal = AsyncMock()
    i.client.front = front
    return i


async def test_the_new_commands_are_registered_and_translated() -> None:
    controller = Controller(SqliteStorage(":memory:"))
    client = CribbageBot(Config(None), controller)
    (group,) = client.tree.get_commands()
    subs = {o["name"]: o for o in group.to_dict(client.tree)["options"]}
    assert subs["score"]["description"] == "Count a hand or crib from a real table, with the calls"
    assert [(o["name"], o["type"], o["required"]) for o in subs["score"]["options"]] == [
        ("cards", 3, True), ("starter", 3, True), ("crib", 5, False)]
    assert [(o["name"], o["required"]) for o in subs["analyze"]["options"]] == [
        ("cards", True), ("role", True), ("scores", False)]
    assert [c["value"] for c in subs["analyze"]["options"][1]["choices"]] == ["dealer", "pone"]
    assert [c["value"] for c in subs["rules"]["options"][0]["choices"]] == [
        "overview", "deal", "starter", "play", "show", "winning", "players", "muggins", "mistakes", "faq", "tips",
        "calls"]
    assert subs["stats"]["options"][0]["type"] == 6 and subs["leaderboard"]["options"] == []
    table = {o["name"]: o for o in subs["table"]["options"]}
    assert list(table) == ["start", "add", "undo", "status", "end"]
    assert [(o["name"], o.get("min_value"), o.get("max_value")) for o in table["add"]["options"]] == [
        ("player", None, None), ("points", 1, 29), ("reason", None, None)]
    translator = CatalogTranslator()
    await client.tree.set_translator(translator)
    payload = await group.get_translated_payload(client.tree, translator)
    subs = {o["name"]: o for o in payload["options"]}
    start = next(o for o in subs["table"]["options"] if o["name"] == "start")
    assert start["description_localizations"]["zh-CN"] == "开始为一局实体对局记分"
    role = next(o for o in subs["analyze"]["options"] if o["name"] == "role")
    assert role["choices"][0]["name_localizations"]["zh-CN"] == "庄家（牌池归我）"
    controller.close()


async def test_setup_hook_installs_the_translator() -> None:
    controller = Controller(SqliteStorage(":memory:"))
    client = CribbageBot(Config(None), controller)
    client.tree.sync = AsyncMock(return_value=[])
    await client.setup_hook()
    assert isinstance(client.tree.translator, CatalogTranslator)
    client._sweeper.cancel()  # type: ignore[union-attr]
    controller.close()


async def test_score_is_public_and_a_typo_private_in_the_members_language() -> None:
    front = make_front()
    group = CribbageGroup(front)
    i = member_interaction(front, ANN)
    await group.score.callback(group, i, "5H 5C 5D JS", "5S", False)
    args, kwargs = sent(i.response.send_message)
    assert kwargs["ephemeral"] is False and [f.filename for f in kwargs["files"]] == ["breakdown.png"]
    assert args[0].endswith("\nTotal: 29")
    i = member_interaction(front, ANN, locale="zh-CN", guild_locale="en-US")
    await group.score.callback(group, i, "5H 5C 5X JS", "5S", False)
    args, kwargs = sent(i.response.send_message)
    assert kwargs["ephemeral"] is True and "files" not in kwargs
    assert args[0].startswith("“5X”不是一张牌。")
    i = member_interaction(front, ANN, locale="en-US", guild_locale="zh-CN")
    await group.score.callback(group, i, "5H 5C 5D JS", "5S", False)
    assert sent(i.response.send_message)[0][0].endswith("合计：29 分")  # public: the server's language
    front.controller.close()


async def test_analyze_and_rules_answer_privately() -> None:
    front = make_front()
    group = CribbageGroup(front)
    i = member_interaction(front, ANN)
    await group.analyze.callback(group, i, "5H 5C 6D JS KD 2C", app_commands.Choice(name="dealer", value="dealer"),
                                 "95,88")
    i.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    args, kwargs = sent(i.followup.send)
    assert kwargs["ephemeral"] is True and [f.filename for f in kwargs["files"]] == ["analysis.png"]
    assert args[0].splitlines()[2] == "Most wins: lay away 6♦ 2♣, 88% to win (400 deals played out per option)."
    i = member_interaction(front, ANN)
    await group.rules.callback(group, i, app_commands.Choice(name="Muggins", value="muggins"))
    args, kwargs = sent(i.response.send_message)
    assert kwargs["ephemeral"] is True and args[0].startswith("**Cribbage rules: Muggins**")
    i = member_interaction(front, ANN, locale="zh-CN")
    await group.board.callback(group, i)
    assert sent(i.response.send_message) == (("没有配置 LED 计分板。",), {"ephemeral": True})
    front.controller.close()


async def test_table_mode_buttons_edit_the_board_and_refusals_are_private() -> None:
    front = make_front()
    table_group = TableGroup(front)
    i = member_interaction(front, ANN)
    i.data = {"resolved": {"members": {"1": {"nick": "Annie"}}, "users": {"1": {"username": "ann"},
                                                                           "2": {"username": "bob"}}}}
    await table_group.start.callback(table_group, i, "<@1> <@2>", None)
    args, kwargs = sent(i.response.send_message)
    assert kwargs["ephemeral"] is False and [f.filename for f in kwargs["files"]] == ["board.png"]
    assert args[0].startswith("Keeping score for Annie, bob, first to 121. Annie deals first.")
    ids = view_ids(kwargs["view"])
    assert ids[:6] == ["crib:t1:1:peg:0.1", "crib:t1:1:peg:0.2", "crib:t1:1:peg:0.3", "crib:t1:1:peg:0.4",
                       "crib:t1:1:peg:0.6", "crib:t1:1:pad:0"]
    # Bob pegs 6 with the button on the board message: the message is edited in place
    i = member_interaction(front, BOB)
    await GameButton(discord.ui.Button(custom_id="crib:t1:1:peg:1.6")).callback(i)
    i.response.defer.assert_awaited_once_with()
    edit = i.edit_original_response.await_args.kwargs
    assert edit["content"].startswith("bob +6 → 6\nScore to 121: Annie 0 · bob 6")
    assert [f.filename for f in edit["attachments"]] == ["board.png"] and "crib:t1:2:undo" in view_ids(edit["view"])
    # the number pad: a modal, whose answer pegs 12 for a hand
    i = member_interaction(front, ANN)
    await GameButton(discord.ui.Button(custom_id="crib:t1:2:pad:0")).callback(i)
    modal = i.response.send_modal.await_args.args[0]
    assert isinstance(modal, NumberModal) and modal.reason is not None and modal.title == "Points for Annie"
    modal.number._value, modal.reason._value = "12", "hand"
    await modal.on_submit(i)
    assert i.edit_original_response.await_args.kwargs["content"].startswith("Annie +12 (hand) → 12")
    # someone else's press and a stale undo are refused privately
    i = member_interaction(front, EVE)
    await GameButton(discord.ui.Button(custom_id="crib:t1:3:peg:1.2")).callback(i)
    i.edit_original_response.assert_not_awaited()
    args, kwargs = sent(i.followup.send)
    assert (args[0], kwargs["ephemeral"]) == ("Only this table's players can move its pegs.", True)
    i = member_interaction(front, BOB)
    await GameButton(discord.ui.Button(custom_id="crib:t1:2:undo")).callback(i)
    assert sent(i.followup.send)[0][0].startswith("That button is from before the last move")
    # /cribbage table add with a mention, undo and status as commands
    i = member_interaction(front, BOB)
    await table_group.add.callback(table_group, i, "<@2>", 3, "go")
    assert sent(i.response.send_message)[0][0].startswith("bob +3 (go) → 9")
    i = member_interaction(front, BOB)
    await table_group.undo.callback(table_group, i)
    assert sent(i.response.send_message)[0][0].startswith("Took back bob's 3: 6 again.")
    i = member_interaction(front, EVE)
    await table_group.status.callback(table_group, i)
    args, kwargs = sent(i.response.send_message)
    assert kwargs["ephemeral"] is False and "No LED pegboard is configured." in args[0]
    i = member_interaction(front, ANN)
    await table_group.start.callback(table_group, i, "<@1>", None)
    args, kwargs = sent(i.response.send_message)
    assert (args[0], kwargs["ephemeral"]) == (
        "Name 2, 3 or 4 players (mentions or names, in seat order), not 1.", True)
    front.controller.close()


async def test_practice_through_the_modal() -> None:
    front = make_front()
    group = CribbageGroup(front)
    i = member_interaction(front, ANN)
    await group.practice.callback(group, i, False)
    i.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    args, kwargs = sent(i.followup.send)
    assert (args[0], kwargs["ephemeral"]) == ("Count this hand: 3♣ 8♥ 10♠ K♥, starter 4♠.", True)
    assert [f.filename for f in kwargs["files"]] == ["drill.png"] and view_ids(kwargs["view"]) == ["crib:7:0:count"]
    i = member_interaction(front, ANN)
    await GameButton(discord.ui.Button(custom_id="crib:7:0:count")).callback(i)
    modal = i.response.send_modal.await_args.args[0]
    assert isinstance(modal, NumberModal) and modal.reason is None
    modal.number._value = "2"
    await modal.on_submit(i)
    args, kwargs = sent(i.followup.send)
    assert kwargs["ephemeral"] is True and args[0].startswith("Right: 2.\nYour counting: 1 of 1 exact (100%)")
    assert [f.filename for f in kwargs["files"]] == ["breakdown.png"]
    assert view_ids(kwargs["view"]) == ["crib:p:0:drill", "crib:p:1:drill"]
    i = member_interaction(front, ANN)
    await GameButton(discord.ui.Button(custom_id="crib:p:1:drill")).callback(i)
    assert sent(i.followup.send)[0][0].startswith("Count this crib: ")
    front.controller.close()


async def test_review_stats_and_leaderboard() -> None:
    front = make_front()
    controller = front.controller
    first = await controller.new_game(NewGame(str(CHANNEL), member_of(ANN), difficulty="easy", target=61, seed=11,
                                              guild=str(GUILD)))
    await play_out(controller, first)
    group = CribbageGroup(front)
    i = member_interaction(front, ANN)
    await group.review.callback(group, i, 1)
    i.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    args, kwargs = sent(i.followup.send)
    assert kwargs["ephemeral"] is True and args[0].startswith("Your review of deal 1\nLay-away: ")
    i = member_interaction(front, BOB)
    await group.review.callback(group, i, None)
    assert sent(i.followup.send)[0][0] == "You have no game here to review. Play one with /cribbage play."
    i = member_interaction(front, ANN)
    await GameButton(discord.ui.Button(custom_id="crib:game1:1:review")).callback(i)
    assert sent(i.followup.send)[0][0].startswith("Your review of deal 2\n")
    i = member_interaction(front, BOB)
    await group.stats.callback(group, i, ANN)
    args, kwargs = sent(i.followup.send)
    assert kwargs["ephemeral"] is True and args[0].startswith("Statistics of ann\nGames 1, wins 0, losses 1")
    i = member_interaction(front, BOB)
    await group.leaderboard.callback(group, i)
    i.response.defer.assert_awaited_once_with(thinking=True)
    args, kwargs = sent(i.followup.send)
    assert kwargs["ephemeral"] is False
    assert args[0] == "This server: 1 games, 5 deals, 2 players.\nNobody has finished 3 games here yet."
    controller.close()


async def test_counting_my_own_hands_declares_privately_through_the_modal() -> None:
    controller = Controller(SqliteStorage(":memory:"), ids=lambda: "game1", seeds=lambda: 11)
    fakes = Fakes()
    front = DiscordFront(controller, Config(None, difficulty="easy"), fakes.client, edit_interval=0.0)
    front.fakes = fakes  # type: ignore[attr-defined]
    group = CribbageGroup(front)
    await group.play.callback(group, member_interaction(front, ANN), None, None, None, True)
    meta = await controller.meta("game1")
    assert meta is not None and meta.self_count == (0,) and meta.lang == "en"
    reply = await controller.hand(member_of(ANN), "game1")
    turn = 0
    while not any("declare" in getattr(c, "custom_id", "") for c in reply.panel.controls):
        reply = await controller.press(member_of(ANN), *autopilot(reply.panel, turn))
        turn += 1
    shows = [c for c in fakes.thread.send.await_args_list if c.args[0].startswith("The show:")]
    assert shows == []  # held while ann counts
    i = member_interaction(front, ANN, channel=fakes.thread)
    await GameButton(discord.ui.Button(custom_id="crib:game1:0:declare:hand")).callback(i)
    modal = i.response.send_modal.await_args.args[0]
    assert isinstance(modal, NumberModal) and modal.reason is None and modal.title == "Your count"
    modal.number._value = "4"
    await modal.on_submit(i)
    i.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    args, kwargs = sent(i.followup.send)
    assert kwargs["ephemeral"] is True
    assert args[0].startswith("Right: 4.\nYour counting: 1 of 1 exact (100%)")
    assert args[0].endswith("Count your crib: Q♣ 8♣ 6♣ 10♥ + starter 9♣. Declare your total; the game goes on "
                            "with the true count.")
    assert view_ids(kwargs["view"]) == ["crib:game1:0:declare:crib"]
    i = member_interaction(front, ANN, channel=fakes.thread)
    await GameButton(discord.ui.Button(custom_id="crib:game1:0:declare:crib")).callback(i)
    modal = i.response.send_modal.await_args.args[0]
    modal.number._value = "3"
    await modal.on_submit(i)
    args, kwargs = sent(i.followup.send)
    assert kwargs["ephemeral"] is True and args[0].startswith("You said 3; it is 5. You missed 2.")
    args, kwargs = sent(fakes.thread.send)
    assert args[0].startswith("The show:\ncomputer (easy)'s hand: A♥ 2♦ 3♥ A♦ + 9♣")
    assert args[0].endswith("ann declared 4 for the hand: right.\nann declared 3 for the crib; it counts 5: 2 missed.")
    assert [f.filename for f in kwargs["files"]] == ["show-1.png", "show-2.png", "show-3.png"]
    controller.close()


async def test_a_game_speaks_the_servers_language_in_public_and_the_members_in_private() -> None:
    controller = Controller(SqliteStorage(":memory:"), ids=lambda: "game1", seeds=lambda: 11)
    fakes = Fakes()
    front = DiscordFront(controller, Config(None, difficulty="easy"), fakes.client, edit_interval=0.0)
    front.fakes = fakes  # type: ignore[attr-defined]
    group = CribbageGroup(front)
    i = member_interaction(front, ANN, locale="en-US", guild_locale="zh-CN")
    await group.play.callback(group, i, None, None, None)
    args, kwargs = sent(fakes.thread.send)
    assert args[0].startswith("克里比奇牌，121 分获胜：ann 0 · computer (easy) 0\n第 1 局，ann 发牌。")
    assert kwargs["view"].children[0].item.label == "我的手牌"
    args, kwargs = sent(i.followup.send)
    assert args[0] == f"Your game is in <#{THREAD}>. Your hand (0 to 0). Lay away 2 for your crib."
    assert kwargs["view"].children[0].item.placeholder == "Choose 2 cards for your crib"
    # the same member with a Chinese client asks for their hand: Chinese, privately
    i = member_interaction(front, ANN, locale="zh-CN", guild_locale="zh-CN", channel=fakes.thread)
    await front.on_component(i, "crib:game1:0:hand", ())
    args, kwargs = sent(i.followup.send)
    assert (args[0], kwargs["ephemeral"]) == ("你的手牌（0 比 0）。请放 2 张牌进你的底牌。", True)
    assert kwargs["view"].children[0].item.placeholder == "选 2 张牌放进你的底牌"
    controller.close()
