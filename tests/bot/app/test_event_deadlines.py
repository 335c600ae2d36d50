"""An event game's deadline through the controller, with an injected clock and two processes over one database:
its players reminded once at half time, and at the deadline the player holding the game up forfeits it once (both
when neither has moved), its result flowing back to the event's standings (ACC forfeit: 2 points, 30 of spread)."""

from __future__ import annotations

import itertools
from pathlib import Path

from bot.app.commands import CreateEvent, EventPosted, EventsDue, JoinEvent, MakeMove, StartEvent, Sweep
from bot.app.controller import Controller
from bot.app.game.moves import LayAway
from bot.storage import SqliteStorage
from tests.bot.app.test_club_night import ANN, BOB, Clock, refused


def two_processes(path: Path, clock: Clock) -> tuple[Controller, Controller]:
    """Two bot processes over one database whose turn timers wait longer than the deadlines here."""
    made = []
    for name in ("a", "b"):
        counter = itertools.count(1)
        made.append(Controller(SqliteStorage(path), ids=lambda n=name, c=counter: f"{n}{next(c)}",  # type: ignore[misc]
                               seeds=lambda: 11, clock=clock, remind_after=9_000.0, forfeit_after=9_000.0))
    return made[0], made[1]


async def night_of_one_game(a: Controller, deadline: int) -> str:
    await a.run(CreateEvent("g1", "555", ANN, True, games=1, deadline=deadline))
    for who in (ANN, BOB):
        await a.run(JoinEvent("g1", who))
    (news,) = (await a.run(StartEvent("g1", "u1", False))).news
    await a.run(EventPosted(news.key))
    (game,) = news.games
    assert game.game is not None
    return game.game


async def test_a_deadline_out_of_range_or_in_the_past_is_refused(tmp_path: Path) -> None:
    a, _ = two_processes(tmp_path / "db.sqlite3", Clock(1_000.0))
    assert await refused(a, CreateEvent("g1", "555", ANN, True, deadline=-5)) == \
        "A game's deadline is 0 (none) to 10080 minutes after its start, not -5: a deadline cannot be in the past."
    assert await refused(a, CreateEvent("g1", "555", ANN, True, deadline=10_081)) == \
        "A game's deadline is 0 (none) to 10080 minutes after its start, not 10081: a deadline cannot be in the past."
    assert a.storage.events_in("g1", ["open", "running", "over"]) == []  # nothing made
    made = await a.run(CreateEvent("g1", "555", ANN, True, games=1, deadline=20))
    assert made.post is not None and made.post.text.splitlines()[3] == \
        "Each game's deadline: 20 minutes from its start; the player holding a game up then loses it by forfeit."


async def test_a_game_past_its_deadline_is_reminded_once_and_forfeited_once_by_the_player_holding_it_up(
        tmp_path: Path) -> None:
    clock = Clock(1_000.0)
    a, b = two_processes(tmp_path / "db.sqlite3", clock)
    game = await night_of_one_game(a, deadline=20)  # started at 1000: reminded at 1600, due at 2200
    clock.now = 1_060.0
    live = a.games.load(game)
    assert live is not None
    hand = live.game.deals[0].hands[0]
    assert (await a.run(MakeMove("u1", game, live.game.version, LayAway(tuple(hand[:2]))))).ok  # ann lays away
    clock.now = 1_599.0
    assert await a.run(Sweep()) == [] and await b.run(Sweep()) == []
    clock.now = 1_600.0
    (reminder,) = await b.run(Sweep())
    assert await a.run(Sweep()) == [] and await b.run(Sweep()) == []  # once among the processes
    assert (reminder.game, reminder.note, reminder.waiting) == (game, (
        "bob: this event game's deadline is <t:2200:R>; at the deadline the player holding the game up loses it by "
        "forfeit."), ("u2",))
    clock.now = 2_199.0
    assert await a.run(Sweep()) == [] and await b.run(Sweep()) == []
    clock.now = 2_200.0
    (forfeit,) = await a.run(Sweep())
    assert await b.run(Sweep()) == [] and await a.run(Sweep()) == []  # once: the game is over
    assert forfeit.note == ("The event game's deadline has passed: bob was holding it up and loses by forfeit; "
                            "ann wins (ann 0 · bob 0).")
    row = a.storage.event_game(game)
    assert row is not None and row.outcome == "away"  # bob, in the away seat, forfeited
    (final,) = await b.run(EventsDue())
    assert await a.run(EventsDue()) == []
    assert final.text.splitlines() == ["**Final results: ann wins the club night!**",
                                       "1. ann: 2 pts, won 1 lost 0, spread +30",  # ACC forfeit: 2, 30 of spread
                                       "2. bob: 0 pts, won 0 lost 1, spread -30"]


async def test_a_game_where_neither_player_moved_by_its_deadline_is_lost_by_both(tmp_path: Path) -> None:
    clock = Clock(1_000.0)
    a, b = two_processes(tmp_path / "db.sqlite3", clock)
    game = await night_of_one_game(a, deadline=10)
    clock.now = 1_600.0
    (forfeit,) = await b.run(Sweep())
    assert forfeit.game == game  # the reminder's time passed unswept: the deadline comes first
    assert forfeit.note == ("The event game's deadline has passed with neither player moving: both lose by "
                            "forfeit (ann 0 · bob 0).")
    assert await a.run(Sweep()) == []
    (final,) = await a.run(EventsDue())
    assert final.text.splitlines()[1:] == ["1. ann: 0 pts, won 0 lost 1, spread -30 (tied)",
                                           "2. bob: 0 pts, won 0 lost 1, spread -30 (tied)"]
