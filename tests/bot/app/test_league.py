"""A league through the controller with an injected clock: a round robin of three entrants (a computer among
them), one round a day, each round's games started at its start and due by its end; a game unfinished at its
round's deadline forfeited by the player holding it up; the next round once the period is over and every game has
its result; the standings by the ACC scoring (2 a win, 3 a skunk, a bye a win with spread 0, a forfeit 30 of
spread) carried across the rounds, and the final results once."""

from __future__ import annotations

from pathlib import Path

from bot.app.commands import (
    AddEventComputer,
    CreateEvent,
    EventPosted,
    EventsDue,
    EventStandings,
    JoinEvent,
    LeaveEvent,
    Resign,
    StartEvent,
    Sweep,
)
from tests.bot.app.test_club_night import ANN, BOB, EVE, Clock, play_out, refused
from tests.bot.app.test_event_deadlines import two_processes

DAY = 86_400


async def test_a_three_entrant_league_forfeits_a_game_at_its_rounds_deadline_and_carries_its_standings(
        tmp_path: Path) -> None:
    clock = Clock(1_000.0)
    a, b = two_processes(tmp_path / "db.sqlite3", clock)
    assert await refused(a, CreateEvent("g1", "555", ANN, True, format="league", period=0)) == \
        "A league's period is 1 to 720 hours, not 0."
    made = await a.run(CreateEvent("g1", "555", ANN, True, format="league", period=24))
    assert made.answer.text.startswith("League created: a round robin to 121, one round every 24 hours.")
    assert made.post is not None and made.post.text.splitlines()[:2] == [
        "**League**", "A round robin to 121, one round every 24 hours, not rated"]
    for who in (ANN, BOB):
        assert (await a.run(JoinEvent("g1", who))).answer.ok
    assert (await a.run(AddEventComputer("g1", "u1", False, "easy"))).answer.ok
    started = await a.run(StartEvent("g1", "u1", False))
    assert started.answer.text == "The league has begun: round 1's pairings are posted."
    (first,) = started.news
    assert first.text.splitlines() == ["**Round 1 of 3**: its games are due by <t:87400:f>",
                                       "Table 1: bob v computer 1 (easy)",
                                       "ann has the bye (a win: 2 game points, spread 0)."]
    assert [(g.game, g.names) for g in first.games] == [("a2", ("bob", "computer 1 (easy)"))]
    await a.run(EventPosted(first.key))

    clock.now = 1_000.0 + DAY / 2  # half the round: bob is reminded, once
    (reminder,) = await b.run(Sweep())
    assert reminder.note.startswith("bob: this event game's deadline is <t:87400:R>")
    assert await a.run(Sweep()) == [] and await b.run(EventsDue()) == []  # the round goes on
    clock.now = 1_000.0 + DAY  # the round's deadline: bob, holding the game up, forfeits it
    (forfeit,) = await a.run(Sweep())
    assert await b.run(Sweep()) == []
    assert forfeit.note.startswith("The event game's deadline has passed: bob was holding it up and loses")
    (second,) = await b.run(EventsDue())
    assert await a.run(EventsDue()) == []
    assert second.text.splitlines() == [
        "**Standings after round 1**",
        "1. computer 1 (easy): 2 pts, won 1 lost 0, spread +30",  # bob's forfeit: 2 points, 30 of spread
        "2. ann: 2 pts, won 1 lost 0, spread +0",  # the bye: a win, spread 0
        "3. bob: 0 pts, won 0 lost 1, spread -30",
        "",
        f"**Round 2 of 3**: its games are due by <t:{1_000 + 2 * DAY}:f>",
        "Table 1: computer 1 (easy) v ann",
        "bob has the bye (a win: 2 game points, spread 0)."]
    await b.run(EventPosted(second.key))
    (game,) = second.games
    assert game.game is not None
    await play_out(a, game.game)
    (after,) = await a.run(EventsDue())  # the round's games are done but its period is not: the standings
    table = ["1. ann: 4 pts, won 2 lost 0, spread +2",  # the bye, then a win 121-119
             "2. computer 1 (easy): 2 pts, won 1 lost 1, spread +28",  # +30 -2
             "3. bob: 2 pts, won 1 lost 1, spread -30"]  # -30, then the bye
    assert (after.key, after.text.splitlines()) == ("event:standings:a1:2", ["**Standings after game 2**", *table])
    await a.run(EventPosted(after.key))
    assert await a.run(EventsDue()) == []
    clock.now = 1_000.0 + 2 * DAY
    (third,) = await a.run(EventsDue())
    assert third.text.splitlines() == ["**Standings after round 2**", *table, "",
                                       f"**Round 3 of 3**: its games are due by <t:{1_000 + 3 * DAY}:f>",
                                       "Table 1: ann v bob",
                                       "computer 1 (easy) has the bye (a win: 2 game points, spread 0)."]
    await a.run(EventPosted(third.key))
    (last,) = third.games
    assert last.game is not None and (await a.run(Resign(BOB, last.game))).ok
    (final,) = await b.run(EventsDue())  # the last round done: the final results at once
    table = ["1. ann: 6 pts, won 3 lost 0, spread +32",  # bob resigned: a forfeit, 30 of spread
             "2. computer 1 (easy): 4 pts, won 2 lost 1, spread +28",
             "3. bob: 2 pts, won 1 lost 2, spread -60"]
    assert (final.key, final.mentions) == ("event:final:a1", ("u1", "u2"))
    assert final.text.splitlines() == ["**Final results: ann wins the league!**", *table]
    await b.run(EventPosted(final.key))
    assert await a.run(EventsDue()) == [] and await b.run(EventsDue()) == []
    shown = await a.run(EventStandings("g1"))
    assert shown.text.splitlines() == ["**League standings** (round 3 of 3)", *table]


async def test_a_withdrawn_entrant_forfeits_the_league_games_not_yet_begun(tmp_path: Path) -> None:
    clock = Clock(1_000.0)
    a, _ = two_processes(tmp_path / "db.sqlite3", clock)
    await a.run(CreateEvent("g1", "555", ANN, True, format="league", period=1))
    assert (await a.run(EventStandings("g1"))).text == "**League standings** (round 0 of 0)"  # nobody yet
    for who in (ANN, BOB, EVE):
        await a.run(JoinEvent("g1", who))
    (first,) = (await a.run(StartEvent("g1", "u1", False))).news
    await a.run(EventPosted(first.key))
    assert first.text.splitlines()[1:] == ["Table 1: bob v eve", "ann has the bye (a win: 2 game points, spread 0)."]
    assert (await a.run(LeaveEvent("g1", EVE))).answer.ok  # eve withdraws: her game begun goes on
    (game,) = first.games
    assert game.game is not None
    await play_out(a, game.game)
    clock.now = 1_000.0 + 3_600
    (second,) = await a.run(EventsDue())
    assert second.key == "event:round:a1:2"
    assert second.text.splitlines()[-2:] == ["Table 1: eve v ann, forfeited by eve (withdrawn)",
                                             "bob has the bye (a win: 2 game points, spread 0)."]
    assert second.games == ()
