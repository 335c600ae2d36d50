"""Seasons in the application: the turn's table made from the rating changes, kept once even when the process that
made it stopped before posting, a server with no channel keeping its seasons unposted, and /cribbage season's
refusals."""

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from bot.app.commands import ChangeSetting, DuePosts, PostDone, SeasonStandings
from bot.app.companion.calendar import LEASE
from bot.i18n import Lang
from bot.settings import Scope
from tests.bot.conftest import make_controller
from tests.waiting import Clock


def at(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


async def test_a_season_made_by_a_process_that_stopped_is_posted_by_another_with_the_same_number(
        tmp_path: Path) -> None:
    clock = Clock()
    clock.now = at("2027-02-14T12:00:00")
    one, two = make_controller(tmp_path / "db", clock=clock), make_controller(tmp_path / "db", clock=clock)
    for name, value in (("seasons", "quarterly"), ("season_channel", "555"), ("language", "zh")):
        assert (await one.run(ChangeSetting(Scope.SERVER, "900", name, value, Lang.EN))).ok
    assert await one.run(DuePosts()) == []  # the seasons begin now
    clock.now = at("2027-04-01T00:00:10")
    (made,) = await one.run(DuePosts())  # and the process stops before posting it
    assert (made.key, made.channel, made.text.splitlines()) == (
        f"season:900:{at('2027-04-01T00:00:00'):.0f}", "555",
        ["第 1 赛季（2027-02 – 2027-03）结束。最终排名：", "本赛季没有人下过计分对局。"])
    assert await two.run(DuePosts()) == []
    clock.now += LEASE
    (again,) = await two.run(DuePosts())
    assert again.text == made.text and again.files[0].filename == "season-1.png"
    await two.run(PostDone(again.key, "m77"))
    clock.now += LEASE
    assert await one.run(DuePosts()) == [] and await two.run(DuePosts()) == []
    shown = await one.run(SeasonStandings("900", "1", Lang.EN))
    assert (shown.ok, shown.public, shown.text.splitlines()[0]) == (True, True,
                                                                   "Season 1 (2027-02 – 2027-03), final standings:")
    for number, text in (("2", "There is no season 2 here: the seasons are numbered 1 to 1."),
                         ("0", "There is no season 0 here: the seasons are numbered 1 to 1."),
                         ("first", "There is no season first here: the seasons are numbered 1 to 1.")):
        refused = await one.run(SeasonStandings("900", number, Lang.EN))
        assert (refused.ok, refused.text) == (False, text)


async def test_a_server_with_no_channel_keeps_its_seasons_and_one_down_across_turns_posts_one(tmp_path: Path) -> None:
    clock = Clock()
    clock.now = at("2026-12-31T23:00:00")
    c = make_controller(tmp_path / "db", clock=clock)
    assert (await c.run(ChangeSetting(Scope.SERVER, "900", "seasons", "monthly", Lang.EN))).ok
    refused = await c.run(ChangeSetting(Scope.SERVER, "900", "seasons", "weekly", Lang.EN))
    assert (refused.ok, refused.text) == (False, "seasons is one of off, monthly, quarterly, not 'weekly'.")
    assert await c.run(DuePosts()) == []
    clock.now = at("2027-01-01T00:00:01")
    assert await c.run(DuePosts()) == []  # kept, not posted: no channel
    assert c.storage.season("900", 1).message == "-"  # type: ignore[union-attr]
    assert (await c.run(ChangeSetting(Scope.SERVER, "900", "season_channel", "555", Lang.EN))).ok
    clock.now = at("2027-04-02T08:00:00")  # the bot was down for three turns
    (post,) = await c.run(DuePosts())
    assert post.text.splitlines()[0] == "Season 2 (2027-01 – 2027-03) is over. Final standings:"
    await c.run(PostDone(post.key, ""))  # the channel could not be posted in: given up, kept
    assert (c.storage.season("900", 2).message, await c.run(DuePosts())) == ("-", [])  # type: ignore[union-attr]
    none = await make_controller(clock=clock).run(SeasonStandings("901", None, Lang.EN))
    assert (none.ok, none.text.split(" (")[0]) == (False, "This server has no finished season yet")


async def test_a_server_chooses_how_many_members_its_season_post_names(tmp_path: Path) -> None:
    clock = Clock()
    clock.now = at("2027-01-20T12:00:00")
    c = make_controller(tmp_path / "db", clock=clock)
    for name, value in (("seasons", "monthly"), ("season_channel", "555"), ("season_top", "1")):
        assert (await c.run(ChangeSetting(Scope.SERVER, "900", name, value, Lang.EN))).ok
    refused = await c.run(ChangeSetting(Scope.SERVER, "900", "season_top", "11", Lang.EN))
    assert (refused.ok, refused.text) == (False, "season_top is from 1 to 10, not 11.")
    assert await c.run(DuePosts()) == []
    db = sqlite3.connect(tmp_path / "db")
    with db:
        db.executemany("INSERT INTO rating_changes (guild, member, game, at, before, rating, deviation, volatility,"
                       " results) VALUES ('900', ?, 'g1', ?, 1500, ?, 80, 0.06, '[]')",
                       [("1", at("2027-01-21T10:00:00"), 1540.0), ("2", at("2027-01-21T10:00:00"), 1460.0)])
    db.close()
    clock.now = at("2027-02-01T00:00:01")
    (post,) = await c.run(DuePosts())
    assert post.text.splitlines() == ["Season 1 (2027-01) is over. Final standings:", "2 members played rated games",
                                      "1. <@1>: 1540, played 1"]
