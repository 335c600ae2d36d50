"""Seasons through Discord: a server turns them on, and at the turn of the month the season's final standings are
posted once in its channel, with two bot processes sweeping the same database; /cribbage season shows them
again."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord

from tests.bot.conftest import make_controller, start_bot
from tests.bot.discord_helpers import ANN, BOB, EPHEMERAL, EVE, Room, settle
from tests.waiting import Clock

MANAGE_SERVER = int(discord.Permissions(manage_guild=True).value)
RESULTS = Room(555, "results")


def at(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def rated(path: Path, rows: list[tuple[str, str, str, float, float, float]]) -> None:
    """Rating changes as the ratings store writes them at rated games' ends: (member, game, at, rating, deviation)."""
    db = sqlite3.connect(path)
    with db:
        db.executemany("INSERT INTO rating_changes (guild, member, game, at, before, rating, deviation, volatility,"
                       " results) VALUES ('900', ?, ?, ?, 1500, ?, ?, 0.06, '[]')", rows)
    db.close()


async def test_a_season_ends_with_two_processes_running_and_its_standings_are_posted_once(
        fake: Any, tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    clock = Clock()
    clock.now = at("2026-12-10T18:00:00")
    one, two = make_controller(path, clock=clock), make_controller(path, clock=clock)
    first, second = await start_bot(one, fake, sweep_every=0.01), await start_bot(two, fake, sweep_every=0.01)
    voice = await first.command("settings", ANN, {"season_channel": Room(556, "lounge", type=2)},
                                permissions=MANAGE_SERVER)
    assert first.of(voice)[-1].content == "season_channel takes a text channel the bot can post in, not '#lounge'."
    done = await first.command("settings", ANN, {"seasons": "monthly", "season_channel": RESULTS},
                               permissions=MANAGE_SERVER)
    assert first.of(done)[-1].content.splitlines() == [
        "Seasons are monthly: on the first of each month at 00:00 UTC the final standings are posted in the season "
        "channel.", "season_channel is now <#555>."]
    await settle(first.client, until=lambda: bool(one.storage.latest_seasons(["900"])))
    none_yet = await second.command("season", BOB)
    assert second.of(none_yet)[-1].flags == EPHEMERAL
    assert second.of(none_yet)[-1].content.startswith("This server has no finished season yet")
    rated(path, [("1", "a1", at("2026-12-11T20:00:00"), 1530.0, 90.0),
                 ("2", "a1", at("2026-12-11T20:00:00"), 1470.0, 95.0),
                 ("1", "a2", at("2026-12-20T20:00:00"), 1544.0, 85.0),
                 ("3", "a2", at("2026-12-20T20:00:00"), 1590.0, 200.0),  # eve: provisional, listed unranked
                 ("2", "b1", at("2027-01-01T00:00:01"), 1480.0, 90.0)])  # after the turn: next season's
    clock.now = at("2027-01-01T00:00:03")
    route = f"POST /channels/{RESULTS.id}/messages"
    await settle(first.client, until=lambda: len(fake.find(route)) >= 1)
    await asyncio.sleep(0.2)  # twenty more sweeps of each process: nothing more is posted
    (post,) = fake.find(route)
    assert post.content.splitlines() == [
        "Season 1 (2026-12) is over. Final standings:",
        "3 members played rated games",
        "1. <@1>: 1544, played 2",
        "2. <@2>: 1470, played 1"]
    assert post.files == ("season-1.png",)
    assert post.body["allowed_mentions"] == {"parse": []}
    assert one.storage.season("900", 1).message == post.reply["id"]  # type: ignore[union-attr]
    again = await second.command("season", EVE, {"number": 1}, locale="zh-CN", guild_locale="zh-CN")
    shown = second.of(again)[-1]
    assert shown.flags == 0 and shown.content.splitlines()[0] == "第 1 赛季（2026-12）最终排名："
    missing = await second.command("season", EVE, {"number": 2})
    assert second.of(missing)[-1].content == "There is no season 2 here: the seasons are numbered 1 to 1."
    await first.client.close()
    await second.client.close()
