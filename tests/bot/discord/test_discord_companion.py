"""The Discord door's companion commands on the wire: registration and translation, score, analyze,
rules, the LED board, table mode (buttons and the number pad), practice, reviews and statistics,
"I count my own hands", and which language each answer speaks."""

from collections.abc import Iterator
from typing import Any

import pytest

from bot.app.controller import Controller, Member, NewGame
from bot.app.game.autopilot import play_out
from bot.storage import SqliteStorage
from engine.core.rules import Rules
from tests.bot.conftest import make_controller
from tests.bot.discord_helpers import (
    ANN,
    BOB,
    CHANNEL,
    EPHEMERAL,
    EVE,
    GUILD,
    Harness,
    Person,
    channel_json,
    exchange,
)

PRIVATE_THINKING = [("callback", 5, EPHEMERAL), ("edit-original", None, 0)]
PUBLIC_THINKING = [("callback", 5, 0), ("edit-original", None, 0)]
CLICK_EDITS = [("callback", 6, 0), ("edit-original", None, 0)]
ANNIE = Person(1, "ann", nick="Annie")


@pytest.fixture
def controller() -> Iterator[Controller]:
    c = make_controller(seeds=7)
    yield c


def answer(bot: Harness, payload: dict[str, Any]) -> tuple[int, int, str, tuple[str, ...], list[str]]:
    """An immediate answer (callback type 4): (type, flags, content, files, component ids)."""
    (callback,) = bot.of(payload)
    return callback.body["type"], callback.flags, callback.content, callback.files, callback.ids


async def test_the_commands_are_synced_with_names_options_and_translations(bot: Harness) -> None:
    (sync,) = bot.fake.find("PUT /applications/4000/commands")
    (group,) = sync.body
    assert (group["name"], group["description"], group["dm_permission"]) == (
        "cribbage", "Play cribbage in this channel", False)
    assert group["description_localizations"]["zh-CN"] == "在本频道玩克里比奇（cribbage）"
    subs = {o["name"]: o for o in group["options"]}
    assert list(subs) == ["play", "hand", "resign", "seat", "end", "record", "score", "analyze", "rules", "practice",
                          "review", "stats", "leaderboard", "rating", "daily", "season", "settings", "mentions",
                          "table", "board", "event"]
    assert [o["name"] for o in subs["board"]["options"]] == ["status", "show", "auto"]
    event = {o["name"]: o for o in subs["event"]["options"]}
    assert list(event) == ["create", "join", "leave", "computer", "start", "standings"]
    assert [(o["name"], o["type"]) for o in event["create"]["options"]] == [
        ("games", 4), ("target", 4), ("rated", 5), ("closes", 4), ("most", 4), ("format", 3), ("best_of", 4),
        ("double", 5), ("deadline", 4), ("period", 4)]
    assert event["create"]["description_localizations"]["zh-CN"] == \
        "在本频道创建俱乐部之夜、淘汰赛或联赛（需管理服务器权限）"
    play = subs["play"]
    assert play["description"] == "Start a game against the computer or other members"
    assert [(o["name"], o["type"], o["required"]) for o in play["options"]] == [
        ("opponent", 6, False), ("difficulty", 3, False), ("target", 4, False), ("muggins", 5, False),
        ("skunk", 5, False), ("overcount", 3, False), ("count_myself", 5, False), ("second", 6, False),
        ("third", 6, False), ("computers", 4, False), ("partners", 3, False),
        ("auto_go", 5, False), ("rated", 5, False)]  # the rules' options after difficulty
    options = {o["name"]: o for o in play["options"]}
    assert (options["computers"]["min_value"], options["computers"]["max_value"]) == (0, 3)
    assert [c["name_localizations"]["zh-CN"] for c in options["partners"]["choices"]] == [
        "切牌定搭档", "按列出顺序（我与第二人搭档）"]
    assert [c["value"] for c in options["difficulty"]["choices"]] == ["easy", "normal", "hard", "expert"]
    assert [c["value"] for c in options["target"]["choices"]] == [121, 61]
    assert subs["end"]["description"] == "End an abandoned game here (needs Manage Messages)"
    assert subs["end"]["options"][0]["name"] == "game"
    assert subs["resign"]["description"] == "Resign your game here"
    assert [(o["name"], o["type"], o["required"]) for o in subs["score"]["options"]] == [
        ("cards", 3, True), ("starter", 3, True), ("crib", 5, False)]
    assert [(o["name"], o["required"]) for o in subs["analyze"]["options"]] == [
        ("cards", True), ("role", True), ("scores", False)]
    role = subs["analyze"]["options"][1]
    assert [c["value"] for c in role["choices"]] == ["dealer", "pone"]
    assert role["choices"][0]["name_localizations"]["zh-CN"] == "庄家（牌池归我）"
    assert [c["value"] for c in subs["rules"]["options"][0]["choices"]] == [
        "overview", "deal", "starter", "play", "show", "winning", "players", "muggins", "mistakes", "faq", "tips",
        "calls"]
    assert [(o["name"], o.get("min_value"), o.get("max_value")) for o in subs["review"]["options"]] == [
        ("deal", 1, 999)]
    assert subs["stats"]["options"][0]["type"] == 6
    (order,) = subs["leaderboard"]["options"]
    assert (order["name"], order["required"], [c["value"] for c in order["choices"]]) == (
        "order", False, ["wins", "rating"])
    assert [c["name_localizations"]["zh-CN"] for c in order["choices"]] == ["按胜局", "按等级分"]
    assert [(o["name"], o["type"], o["required"]) for o in subs["rating"]["options"]] == [("member", 6, False)]
    assert subs["rating"]["description_localizations"]["zh-CN"] == "成员的等级分：排名、局数、最近战绩与走势图"
    table = {o["name"]: o for o in subs["table"]["options"]}
    assert list(table) == ["start", "add", "undo", "status", "end"]
    assert table["start"]["description_localizations"]["zh-CN"] == "开始为一局实体对局记分"
    assert [(o["name"], o["type"], o.get("min_value"), o.get("max_value")) for o in table["add"]["options"]] == [
        ("player", 3, None, None), ("points", 4, 1, 29), ("reason", 3, None, None)]


async def test_score_is_public_and_a_typo_private_in_the_members_language(bot: Harness) -> None:
    score = await bot.command("score", ANN, {"cards": "5H 5C 5D JS", "starter": "5S"})
    kind, flags, content, files, _ = answer(bot, score)
    assert (kind, flags, files) == (4, 0, ("breakdown.png",)) and content.endswith("\nTotal: 29")
    typo = await bot.command("score", ANN, {"cards": "5H 5C 5X JS", "starter": "5S"}, locale="zh-CN",
                             guild_locale="en-US")
    kind, flags, content, files, _ = answer(bot, typo)
    assert (kind, flags, files) == (4, EPHEMERAL, ()) and content.startswith("“5X”不是一张牌。")
    public = await bot.command("score", ANN, {"cards": "5H 5C 5D JS", "starter": "5S"}, guild_locale="zh-CN")
    assert answer(bot, public)[2].endswith("合计：29 分")  # public: the server's language


async def test_analyze_rules_and_the_board_answer_privately(bot: Harness) -> None:
    analyze = await bot.command("analyze", ANN, {"cards": "5H 5C 6D JS KD 2C", "role": "dealer", "scores": "95,88"})
    assert exchange(bot.of(analyze)) == PRIVATE_THINKING
    filled = bot.of(analyze)[-1]
    assert filled.files == ("analysis.png",)
    assert filled.content.splitlines()[2] == ("Most wins: lay away 6♦ 2♣, 88% to win (400 deals played out per "
                                              "option).")
    rules = await bot.command("rules", ANN, {"topic": "muggins"})
    kind, flags, content, _, _ = answer(bot, rules)
    assert (kind, flags) == (4, EPHEMERAL) and content.startswith("**Cribbage rules: Muggins**")
    board = await bot.command("board status", ANN, locale="zh-CN")
    assert answer(bot, board) == (4, EPHEMERAL, "没有配置 LED 计分板。", (), [])


async def test_table_mode_buttons_and_pad_edit_the_board_and_refusals_are_private(bot: Harness) -> None:
    bot.fake.members[1] = ANNIE
    bot.fake.members[2] = BOB
    start = await bot.command("table start", ANN, {"players": "<@1> <@2>"})
    kind, flags, content, files, ids = answer(bot, start)
    assert (kind, flags, files) == (4, 0, ("board.png",))
    assert content.startswith("Keeping score for Annie, bob, first to 121. Annie deals first.")
    assert ids[:6] == ["crib:t1:1:peg:0.1", "crib:t1:1:peg:0.2", "crib:t1:1:peg:0.3", "crib:t1:1:peg:0.4",
                       "crib:t1:1:peg:0.6", "crib:t1:1:pad:0"]
    board = bot.original(start)
    # Bob pegs 6 with the button on the board message: the message is edited in place
    peg = await bot.click(board, "crib:t1:1:peg:1.6", BOB)
    assert exchange(bot.of(peg)) == CLICK_EDITS
    edit = bot.of(peg)[-1]
    assert edit.content.startswith("bob +6 → 6\nScore to 121: Annie 0 · bob 6")
    assert edit.files == ("board.png",) and "crib:t1:2:undo" in edit.ids
    board = after_peg = bot.original(peg)
    # the number pad: a modal named for the seat on the button, whose answer pegs 12 for a hand
    pad = await bot.click(board, "crib:t1:2:pad:0", ANN)
    (callback,) = bot.of(pad)
    assert callback.body == {"type": 9, "data": {
        "custom_id": "crib:t1:2:pad:0", "title": "Points for Annie", "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": "number", "style": 1, "label":
                                        "Points (1-29), or cards: 5H 5C 5D JS 5S", "required": True,
                                        "min_length": 1, "max_length": 40}]},
            {"type": 1, "components": [{"type": 4, "custom_id": "reason", "style": 1, "label": "Reason (optional)",
                                        "required": False, "max_length": 100}]}]}}
    submit = await bot.submit("crib:t1:2:pad:0", ANN, {"number": "12", "reason": "hand"}, message=board)
    assert exchange(bot.of(submit)) == CLICK_EDITS
    assert bot.of(submit)[-1].content.startswith("Annie +12 (hand) → 12")
    board = bot.original(submit)
    # someone else's press and a stale undo are refused privately
    eve = await bot.click(board, "crib:t1:3:peg:1.2", EVE)
    assert exchange(bot.of(eve)) == [("callback", 6, 0), ("followup", None, EPHEMERAL)]
    assert bot.of(eve)[-1].content == "Only this table's players can move its pegs."
    stale = await bot.click(after_peg, "crib:t1:2:undo", BOB)
    assert bot.of(stale)[-1].content.startswith("That button is from before the last move")
    # /cribbage table add with a mention, undo and status as commands
    add = await bot.command("table add", BOB, {"player": "<@2>", "points": 3, "reason": "go"})
    assert answer(bot, add)[2].startswith("bob +3 (go) → 9")
    undo = await bot.command("table undo", BOB)
    assert answer(bot, undo)[2].startswith("Took back bob's 3: 6 again.")
    status = await bot.command("table status", EVE)
    kind, flags, content, _, _ = answer(bot, status)
    assert flags == 0 and "No LED pegboard is configured." in content
    alone = await bot.command("table start", ANN, {"players": "<@1>"})
    assert answer(bot, alone)[1:3] == (EPHEMERAL, "Name 2, 3 or 4 players (mentions or names, in seat order), not 1.")


async def test_practice_through_the_pad(bot: Harness) -> None:
    practice = await bot.command("practice", ANN)
    assert exchange(bot.of(practice)) == PRIVATE_THINKING
    drill = bot.of(practice)[-1]
    assert drill.content == "Count this hand: 3♣ 8♥ 10♠ K♥, starter 4♠."
    assert drill.files == ("drill.png",) and drill.ids == ["crib:7:0:count"]
    message = bot.original(practice)
    pad = await bot.click(message, "crib:7:0:count", ANN)
    (callback,) = bot.of(pad)
    assert (callback.body["type"], callback.body["data"]["custom_id"], callback.body["data"]["title"]) == (
        9, "crib:7:0:count", "Your count")
    submit = await bot.submit("crib:7:0:count", ANN, {"number": "2"}, message=message)
    assert exchange(bot.of(submit)) == PRIVATE_THINKING
    truth = bot.of(submit)[-1]
    assert truth.content.startswith("Right: 2.\nYour counting: 1 of 1 exact (100%)")
    assert truth.files == ("breakdown.png",) and truth.ids == ["crib:p:0:drill", "crib:p:1:drill"]
    crib = await bot.click(bot.original(submit), "crib:p:1:drill", ANN)
    assert exchange(bot.of(crib)) == PRIVATE_THINKING
    assert bot.of(crib)[-1].content.startswith("Count this crib: ")


async def test_review_stats_and_leaderboard(bot: Harness) -> None:
    controller = bot.front.controller
    first = await controller.run(NewGame(str(CHANNEL), Member("1", "ann"), ("easy",), Rules(target=61), seed=11,
                                              guild=str(GUILD), settings={"auto_go": False}))
    await play_out(controller, first)
    review = await bot.command("review", ANN, {"deal": 1})
    assert exchange(bot.of(review)) == PRIVATE_THINKING
    assert bot.of(review)[-1].content.startswith("Your review of deal 1\nLay-away: ")
    nobody = await bot.command("review", BOB)
    assert bot.of(nobody)[-1].content == "You have no game here to review. Play one with /cribbage play."
    post = bot.fake.posted(CHANNEL, "ann wins", {"crib:game1:1:review": "Review deal 2"})
    again = await bot.click(post, "crib:game1:1:review", ANN)
    assert exchange(bot.of(again)) == PRIVATE_THINKING
    assert bot.of(again)[-1].content.startswith("Your review of deal 2\n")
    stats = await bot.command("stats", BOB, {"member": ANN})
    assert exchange(bot.of(stats)) == PRIVATE_THINKING
    assert bot.of(stats)[-1].content.startswith("Statistics of ann\nGames 1, wins 0, losses 1")
    board = await bot.command("leaderboard", BOB)
    assert exchange(bot.of(board)) == PUBLIC_THINKING
    assert bot.of(board)[-1].content == (
        "This server: 1 games, 5 deals, 2 players.\nNobody has finished 3 games here yet.")


async def test_the_led_board_shows_the_game_chosen_in_its_thread(fake: Any) -> None:
    from board_driver import sim
    from bot.config import Config
    from tests.bot.conftest import start_bot

    board = sim.create_board("discord-board")
    numbers = iter(range(1, 10))
    controller = Controller(SqliteStorage(":memory:"), ids=lambda: f"game{next(numbers)}", seeds=lambda: 11,
                            board_url="sim://discord-board")
    bot = await start_bot(controller, fake, Config(None, difficulty="easy", skunk=True))
    try:
        await bot.command("play", ANN)  # in a thread of its own (10003)
        await bot.command("play", BOB, channel=channel_json(20000, name="other"))
        assert controller.pegboard.showing is not None and controller.pegboard.showing.id == "game2"
        driver = controller.pegboard.driver  # the board's handshake runs in the driver's thread: let it finish
        assert driver is not None and driver.wait_connected(5.0)
        show = await bot.command("board show", ANN, channel=channel_json(10003, thread_of=CHANNEL))
        assert bot.of(show)[0].body["data"]["content"] == (
            "LED pegboard on sim://discord-board: connected, showing game game1 (ann vs computer (easy)).")
        assert controller.pegboard.wait_synced(5.0) and board.state.tracks[0].highlight
        await bot.command("play", EVE, channel=channel_json(20001, name="third"))
        assert controller.pegboard.showing.id == "game1"  # followed, whatever moves elsewhere
        nothing = await bot.command("board show", ANN, channel=channel_json(20002, name="empty"))
        assert bot.of(nothing)[0].body["data"]["content"] == (
            "No game or table is going on here for the LED board to show.")
        auto = await bot.command("board auto", ANN)
        assert bot.of(auto)[0].body["data"]["content"] == "The LED board now shows whichever game or table moved last."
    finally:
        await bot.client.close()
        controller.close()
        sim.remove_board("discord-board")


async def test_the_daily_hand_of_an_earlier_day_is_answered_privately_with_every_discard(fake: Any) -> None:
    from datetime import UTC, datetime

    from tests.bot.conftest import start_bot

    now = datetime(2027, 1, 4, 12, 0, tzinfo=UTC).timestamp()
    bot = await start_bot(make_controller(clock=lambda: now), fake)
    daily = await bot.command("daily", ANN, {"day": "2027-01-03"})
    assert exchange(bot.of(daily)) == PRIVATE_THINKING
    assert bot.of(daily)[-1].content.splitlines()[0] == (
        "Daily hand for 2027-01-03 (hard): 7♠ K♣ K♥ 8♥ Q♠ 2♦, you deal (the crib is yours).")
    tried = await bot.click(bot.original(daily), "crib:d20270103:1:daily", ANN, values=["5"])
    lines = bot.of(tried)[-1].content.splitlines()
    assert (len(lines), lines[1], lines[3]) == (
        18, "Daily hand for 2027-01-03 (hard): 7♠ K♣ K♥ 8♥ Q♠ 2♦, you deal (the crib is yours).",
        "K♣ K♥: hand 4.00, crib +5.16, net 9.16, win 12.8% ← best")
    later = await bot.command("daily", ANN, {"day": "2027-01-05"}, locale="zh-CN")
    assert bot.of(later)[-1].content == "2027-01-05 的每日一手尚未公布：每天的题目在 UTC 00:00 发布。"
