"""Statistics from running totals: a decided game is summarised with its end, once; an old database is
backfilled when the application starts; stats and the leaderboard never replay the history."""

import sqlite3
from pathlib import Path

from bot.app.commands import (
    AcceptInvite,
    Leaderboard,
    MemberStats,
    Resign,
)
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.autopilot import play_out
from bot.storage import SqliteStorage
from bot.storage.values import GameSummary, GuildTotals, PlayerLine
from engine.core.rules import Rules

ANN, BOB = Member("u1", "ann"), Member("u2", "bob")


def make(path: Path, start: int = 1) -> Controller:
    numbers = iter(range(start, start + 100))
    return Controller(SqliteStorage(path), images=False, ids=lambda: f"g{next(numbers)}", seeds=lambda: 11)


async def finished_games(c: Controller) -> None:
    for seed in (1, 2, 3):
        reply = await c.run(NewGame("chan", ANN, ("easy",), Rules(target=61), seed=seed, guild="srv",
                                            settings={"auto_go": False}))
        await play_out(c, reply)
    await c.run(NewGame("chan", ANN, (BOB,), Rules(target=61), seed=9, guild="srv", settings={"auto_go": False}))
    await c.run(AcceptInvite(BOB, "g4"))
    await c.run(Resign(BOB, "g4"))  # decided off the cards: ann wins


async def test_stats_come_from_totals_written_with_each_result_and_a_backfill_rebuilds_them(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    c = make(db)
    await finished_games(c)
    totals = c.storage.guild_totals("srv")
    assert (totals.games, totals.players) == (4, 3)
    ann = c.storage.player_totals("srv", "member:u1")
    assert ann is not None and ann.name == "ann" and ann.counts[0] == 4  # games
    stats = (await c.run(MemberStats("srv", "u1", "ann"))).text
    board = (await c.run(Leaderboard("srv"))).text
    assert stats.splitlines()[:2] == ["Statistics of ann", "Games 4, wins 1, losses 3 (25%)."]
    assert board.splitlines() == [f"This server: 4 games, {totals.deals} deals, 3 players.",
                                  "Leaderboard (at least 3 games)", "1. ann: won 1 of 4 (25%)"]
    c.close()
    with sqlite3.connect(db) as con:  # a database from before summaries
        con.execute("DELETE FROM summarized")
        con.execute("DELETE FROM player_totals")
        con.execute("DELETE FROM guild_totals")
    again = make(db, start=50)
    assert again.storage.guild_totals("srv") == totals  # backfilled as the application started
    assert (await again.run(MemberStats("srv", "u1", "ann"))).text == stats
    assert (await again.run(Leaderboard("srv"))).text == board
    assert again.statistics.backfill() == 0  # once


def test_a_summary_counts_once() -> None:
    store = SqliteStorage(":memory:")
    line = PlayerLine("member:u1", "ann", (1, 1, 0, 0, 0, 0, 5, 3, 12, 30, 9, 2))
    summary = GameSummary("g1", "srv", 5, (line,))
    assert store.add_summary(summary) and not store.add_summary(summary)
    assert store.player_totals("srv", "member:u1") == line
    assert store.top_players("srv", 1, 10) == [line] and store.top_players("srv", 2, 10) == []
    store.close()


def test_a_database_from_before_the_servers_totals_gets_them_from_its_summaries(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = SqliteStorage(path)
    ann = PlayerLine("member:u1", "ann", (1, 1, 0, 0, 0, 0, 5, 3, 12, 30, 9, 2))
    bob = PlayerLine("member:u2", "bob", (1, 0, 0, 0, 0, 0, 5, 2, 8, 25, 6, 0))
    cpu = PlayerLine("computer:easy", "computer (easy)", (1, 0, 0, 0, 0, 0, 6, 3, 7, 20, 5, 0))
    store.add_summary(GameSummary("g1", "srv", 5, (ann, bob)))
    store.add_summary(GameSummary("g2", "srv", 6, (ann, cpu)))
    store.add_summary(GameSummary("g3", "other", 7, (bob, cpu)))
    assert store.guild_totals("srv") == GuildTotals(2, 11, 3) and store.guild_totals("none") == GuildTotals(0, 0, 0)
    store.close()
    with sqlite3.connect(path) as con:
        con.execute("DROP TABLE guild_totals")
    again = SqliteStorage(path)
    assert (again.guild_totals("srv"), again.guild_totals("other")) == (GuildTotals(2, 11, 3), GuildTotals(1, 7, 2))
    again.close()
