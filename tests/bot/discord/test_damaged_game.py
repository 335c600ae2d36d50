"""A game whose stored log is not the one its row counts (a damaged index cut it short) is refused by the
Discord door in the member's language, from the damage's code: never resumed from where the short log ends."""

from __future__ import annotations

from bot.discord.front import failure_text
from bot.i18n import Lang
from bot.storage.errors import log_mismatch, state_mismatch
from bot.storage.values import Status
from tests.bot.discord_helpers import ANN, CHANNEL, Harness, channel_json

THREAD = 10003
"""The thread the first game's table opens in (the fake Discord numbers what it creates)."""


def test_each_damage_is_worded_by_its_code_in_both_languages() -> None:
    assert failure_text(log_mismatch("g1", 13, 0), Lang.EN) == (
        "This game's saved record cannot be read (its row records 13 moves but 0 were read from its log), so it "
        "cannot go on. A moderator can end it with /cribbage end; other games are not affected.")
    assert failure_text(log_mismatch("g1", 13, 0), Lang.ZH) == (
        "这局游戏保存的记录无法读取（记录里写着 13 步，但从日志读到 0 步），无法继续。"
        "管理员可以用 /cribbage end 结束它；其他游戏不受影响。")
    assert "its log plays the game to its end, which its row does not record" in failure_text(
        state_mismatch("g1", "active", True), Lang.EN)
    assert "its row records the game as over, but its log stops before the end" in failure_text(
        state_mismatch("g1", "over", False), Lang.EN)


async def test_a_game_whose_log_lost_rows_is_refused_not_resumed(bot: Harness) -> None:
    await bot.command("play", ANN)
    controller = bot.front.controller
    (kept,) = controller.storage._db.execute("SELECT moves FROM games WHERE id = 'game1'").fetchone()
    controller.storage._db.execute("UPDATE games SET moves = moves + 2 WHERE id = 'game1'")  # two rows unseen
    controller.games.forget("game1")
    thread = channel_json(THREAD, thread_of=CHANNEL)
    hand = await bot.click(bot.last_message(THREAD), "crib:game1:0:hand", ANN, channel=thread)
    assert bot.of(hand)[-1].content == (
        f"This game's saved record cannot be read (its row records {kept + 2} moves but {kept} were read from its "
        "log), so it cannot go on. A moderator can end it with /cribbage end; other games are not affected.")
    assert [m.status for m in controller.storage.every_game()] == [Status.ACTIVE]  # nothing written
    assert controller.storage.action_count("game1") == kept
