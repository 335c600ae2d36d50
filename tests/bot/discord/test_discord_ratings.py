"""Ratings through discord.py's CommandTree: two members play a rated game to its end, pressing their own panels;
its end says what it did to both ratings, and /cribbage rating shows them (with the chart); the leaderboard by
rating; a user who is not a member, and a member with no rated game, get a clear answer."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from tests.bot.conftest import start_bot
from tests.bot.discord.test_discord_group import Members, answer, group_controller, invite, thread_of
from tests.bot.discord_helpers import ANN, BOB, EVE, exchange
from tests.waiting import Clock

PRIVATE_THINKING = [("callback", 5, 64), ("edit-original", None, 0)]


async def test_two_members_play_a_rated_game_and_see_their_ratings_change(fake: Any) -> None:
    clock = Clock()
    controller = group_controller(clock=clock, seed=5)
    controller.rating_view.images = True  # the chart, without every move's pictures
    bot = await start_bot(controller, fake)
    try:
        invitation = await invite(bot, {"opponent": BOB, "target": 61}, "Invitation sent to bob.")
        await answer(bot, invitation, "accept", BOB)
        members = Members(bot, clock, "game1", thread_of(bot), {"1": ANN, "2": BOB})
        assert await members.play_out() is None
        end = members.posts()[-1].content
        over, ratings = end.splitlines()[0], end.splitlines()[-1]
        winner, loser = ("ann", "bob") if over.startswith("Game over: ann wins") else ("bob", "ann")
        after = {winner: 1662, loser: 1338}
        assert ratings == f"Ratings: ann 1500 → {after['ann']}, bob 1500 → {after['bob']}"

        mine = await bot.command("rating", ANN)
        assert exchange(bot.of(mine)) == PRIVATE_THINKING
        said = bot.of(mine)[-1]
        assert said.content.splitlines()[:5] == [
            f"Rating of ann: {after['ann']}? (deviation 290)",
            "Provisional (?): not ranked until the deviation is 110 or less (about ten rated games).",
            "Rated games: 1", "Last games, newest first:",
            f"{after['ann'] - 1500:+d} · {'beat' if winner == 'ann' else 'lost to'} bob"]
        assert said.files == ("rating-1.png",)
        assert Image.open(io.BytesIO(said.data["rating-1.png"])).size == (640, 340)
        theirs = await bot.command("rating", EVE, {"member": BOB}, locale="zh-CN")
        assert bot.of(theirs)[-1].content.splitlines()[0] == f"bob 的等级分：{after['bob']}?（偏差 290）"

        nobody = await bot.command("rating", ANN, {"member": EVE})
        assert bot.of(nobody)[-1].content.startswith("eve has no rated games in this server yet")
        board = await bot.command("leaderboard", ANN, {"order": "rating"})
        assert bot.of(board)[-1].content == ("Nobody is ranked here yet: a member is ranked once their deviation is "
                                             "110 or less (about ten rated games).")
    finally:
        await bot.client.close()


async def test_a_user_who_is_not_a_member_is_told_so(fake: Any) -> None:
    bot = await start_bot(group_controller(), fake)
    try:
        payload = bot.payloads.command("rating", ANN, {"member": EVE})
        del payload["data"]["resolved"]["members"]  # a user, not a member of this server
        await bot.send(payload)
        assert bot.of(payload)[-1].content == "eve is not a member of this server."
    finally:
        await bot.client.close()
