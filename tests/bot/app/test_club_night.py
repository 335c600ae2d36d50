"""A club night through the controller: made, entered, refused every bad request with its code (nothing changed),
started, its rounds paired and their games started, each result kept as the game ends (by the cards or a
resignation), the standings after each game and the final results once among processes."""

from __future__ import annotations

import itertools
from pathlib import Path

from bot.app.commands import (
    AddEventComputer,
    CreateEvent,
    EndGame,
    EventPosted,
    EventsDue,
    EventStandings,
    JoinEvent,
    LeaveEvent,
    MakeMove,
    Resign,
    SetMessage,
    StartEvent,
)
from bot.app.companion.calendar import LEASE
from bot.app.controller import Controller, Member
from bot.app.game.moves import LayAway, Move, PlayCard, SayGo
from bot.storage import SqliteStorage
from bot.storage.values import SeatKind
from engine.computer.players import make_player
from engine.core.actions import Discard, Play
from engine.core.observation import observe
from tests.bot.conftest import make_controller

ANN, BOB, EVE = Member("u1", "ann"), Member("u2", "bob"), Member("u3", "eve")


async def play_out(c: Controller, game_id: str) -> None:
    """The members of a game play it to its end (each as the easy computer would)."""
    while True:
        live = c.games.load(game_id)
        assert live is not None
        if not live.meta.status.live:
            return
        game = live.game
        seat = next(s for s in game.to_act() if live.meta.seats[s].kind is SeatKind.HUMAN)
        action = make_player("greedy", game.version).choose(observe(game, seat))
        move: Move = LayAway(action.cards) if isinstance(action, Discard) else PlayCard(action.card) \
            if isinstance(action, Play) else SayGo()
        reply = await c.run(MakeMove(live.meta.seats[seat].user, game_id, game.version, move))
        assert reply.ok, reply.note


async def refused(c: Controller, command: object) -> str:
    done = await c.run(command)  # type: ignore[arg-type]
    assert done.answer.ok is False
    return done.answer.text


async def test_a_club_night_refuses_bad_requests_and_runs_to_its_final_results(tmp_path: Path) -> None:
    a = make_controller(tmp_path / "db.sqlite3")
    other = itertools.count(1)  # a second process over the same database
    b = Controller(SqliteStorage(tmp_path / "db.sqlite3"), ids=lambda: f"b{next(other)}", seeds=lambda: 11)
    assert await refused(a, CreateEvent("g1", "555", ANN, False, games=2)) == \
        "Creating an event needs the Manage Server permission."
    assert await refused(a, CreateEvent("g1", "555", ANN, True, games=0)) == \
        "A club night has 1 to 30 games, not 0."
    assert (await refused(a, JoinEvent("g1", BOB))).startswith("This server has no event")
    made = await a.run(CreateEvent("g1", "555", ANN, True, games=2))
    assert made.answer.ok and made.post is not None and made.post.text.splitlines() == [
        "**Club night**", "2 games to 121, Swiss pairings, not rated", "Director: <@u1>",
        "Entrants (0 of at most 64):", "nobody yet", "Press Join to enter, Leave to leave."]
    assert await refused(a, CreateEvent("g1", "555", ANN, True)) == \
        "This server already has an event taking entries or being played."
    assert await refused(a, StartEvent("g1", "u1", False)) == \
        "An event needs at least 2 entrants to start; it has 0."
    joined = await a.run(JoinEvent("g1", ANN))
    assert joined.answer.text == "You are in the event (entrant 1)."
    assert await refused(b, JoinEvent("g1", ANN)) == "You are entered already."
    assert (await a.run(JoinEvent("g1", EVE))).answer.ok
    assert (await a.run(LeaveEvent("g1", EVE))).answer.text == "You have left the event."
    assert await refused(a, LeaveEvent("g1", EVE)) == "You are not entered in the event."
    assert (await a.run(JoinEvent("g1", BOB))).answer.ok
    assert await refused(a, AddEventComputer("g1", "u2", False, "easy")) == \
        "Only the night's director (<@u1>) or a member with Manage Server can do that."
    assert await refused(a, AddEventComputer("g1", "u1", False, "silly")) == \
        "No computer plays at silly: choose from easy, normal, hard, expert."
    for _ in range(2):
        assert (await a.run(AddEventComputer("g1", "u1", False, "easy"))).answer.ok
    assert await refused(a, StartEvent("g1", "u2", False)) == \
        "Only the night's director (<@u1>) or a member with Manage Server can do that."
    started = await a.run(StartEvent("g1", "u1", False))
    assert started.answer.ok and started.post is not None and started.post.controls == ()
    (news,) = started.news
    assert (news.key, news.channel, news.mentions) == ("event:round:game1:1", "555", ("u1", "u2"))
    assert news.text.splitlines() == ["**Round 1 of 2**", "Table 1: ann v computer 1 (easy)",
                                      "Table 2: bob v computer 2 (easy)"]
    assert [(g.game, g.place, g.names) for g in news.games] == [
        ("game2", "555", ("ann", "computer 1 (easy)")), ("game3", "555", ("bob", "computer 2 (easy)"))]
    assert await refused(a, JoinEvent("g1", EVE)) == "The event's entries are closed."
    assert await refused(a, StartEvent("g1", "u1", False)) == "The event's entries are closed."
    await a.run(EventPosted(news.key))
    assert await a.run(EventsDue()) == []  # nothing finished yet

    await play_out(a, "game2")  # ann loses 113-121
    (after,) = await b.run(EventsDue())
    assert await a.run(EventsDue()) == []  # claimed by the other process
    assert (after.key, after.text.splitlines()) == ("event:standings:game1:1", [
        "**Standings after game 1**",
        "1. computer 1 (easy): 2 pts, won 1 lost 0, spread +8",
        "2. bob: 0 pts, won 0 lost 0, spread +0 (tied)",
        "3. computer 2 (easy): 0 pts, won 0 lost 0, spread +0 (tied)",
        "4. ann: 0 pts, won 0 lost 1, spread -8"])
    await b.run(EventPosted(after.key))
    assert (await a.run(Resign(BOB, "game3"))).ok  # a forfeit: 2 points and 30 of spread to the computer

    (second,) = await a.run(EventsDue())
    assert second.key == "event:round:game1:2" and second.mentions == ("u1", "u2")
    assert second.text.splitlines() == [  # by hand: ACC game points, then games won, then spread
        "**Standings after round 1**",
        "1. computer 2 (easy): 2 pts, won 1 lost 0, spread +30",  # bob resigned: a forfeit, 30 of spread
        "2. computer 1 (easy): 2 pts, won 1 lost 0, spread +8",  # beat ann 121-113
        "3. ann: 0 pts, won 0 lost 1, spread -8",
        "4. bob: 0 pts, won 0 lost 1, spread -30",
        "",
        "**Round 2 of 2**",
        "Table 1: computer 2 (easy) v computer 1 (easy), played at once: 121-115",
        "Table 2: ann v bob"]
    await a.run(EventPosted(second.key))
    (game,) = second.games
    assert (game.game, game.names) == ("game4", ("ann", "bob"))
    await play_out(a, "game4")  # bob wins 121-84: a skunk, 3 game points
    (final,) = await b.run(EventsDue())
    assert (final.key, final.mentions) == ("event:final:game1", ("u1", "u2"))
    table = ["1. computer 2 (easy): 4 pts, won 2 lost 0, spread +36",  # +30 +6
             "2. bob: 3 pts, won 1 lost 1, spread +7",  # -30 +37
             "3. computer 1 (easy): 2 pts, won 1 lost 1, spread +2",  # +8 -6
             "4. ann: 0 pts, won 0 lost 2, spread -45"]  # -8 -37
    assert final.text.splitlines() == ["**Final results: computer 2 (easy) wins the club night!**", *table]
    await b.run(EventPosted(final.key))
    assert await a.run(EventsDue()) == [] and await b.run(EventsDue()) == []  # posted once; the night is over
    shown = await a.run(EventStandings("g1"))
    assert shown.public and shown.text.splitlines() == ["**Standings** (round 2 of 2)", *table]
    assert (await refused(a, JoinEvent("g1", EVE))).startswith("This server has no event")
    assert (await a.run(CreateEvent("g1", "555", ANN, True))).answer.ok  # the next night may be made


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def test_bad_settings_a_full_night_closed_entries_a_bye_and_a_withdrawal() -> None:
    clock = Clock(1_000.0)
    c = make_controller(clock=clock)
    bad = [CreateEvent("g1", "555", ANN, True, target=100), CreateEvent("g1", "555", ANN, True, most=1),
           CreateEvent("g1", "555", ANN, True, closes=-1), CreateEvent("g1", "555", ANN, True, games="9")]  # type: ignore[arg-type]
    assert [await refused(c, command) for command in bad] == [
        "Games are to 121 or 61, not 100.", "An event takes 2 to 256 entrants at most, not 1.",
        "Entries close within 0 to 10080 minutes, not -1.", "A club night has 1 to 30 games, not 9."]
    made = await c.run(CreateEvent("g1", "555", ANN, True, games=2, most=4, closes=10))
    assert made.post is not None and made.post.text.splitlines()[3] == "Entries close <t:1600:R>."
    for who in (ANN, BOB, EVE):
        assert (await c.run(JoinEvent("g1", who))).answer.ok
    assert (await c.run(AddEventComputer("g1", "u1", False, "hard"))).answer.ok
    assert await refused(c, JoinEvent("g1", Member("u4", "dan"))) == "The event is full (4 entrants)."
    assert await refused(c, AddEventComputer("g1", "u1", False, "hard")) == "The event is full (4 entrants)."
    assert (await c.run(LeaveEvent("g1", BOB))).answer.ok
    clock.now += 601
    assert await refused(c, JoinEvent("g1", BOB)) == "The event's entries are closed."
    started = await c.run(StartEvent("g1", "u9", True))  # a member with Manage Server may start it too
    (news,) = started.news
    assert news.text.splitlines() == ["**Round 1 of 2**", "Table 1: ann v computer 1 (hard)",
                                      "eve has the bye (a win: 2 game points, spread 0)."]
    assert news.mentions == ("u1",) and news.players == (("u1",),)
    await c.run(EventPosted(news.key))
    assert await refused(c, LeaveEvent("g1", BOB)) == "You are not entered in the event."
    left = await c.run(LeaveEvent("g1", EVE))
    assert left.answer.text == "You have withdrawn from the event: you will not be paired again."
    assert (await c.run(EndGame("game2", Member("u9", "mod")))).ok  # no winner: both forfeit
    (second,) = await c.run(EventsDue())
    assert second.text.splitlines() == [
        "**Standings after round 1**",
        "1. eve (withdrawn): 2 pts, won 1 lost 0, spread +0",  # the bye: a win, spread 0
        "2. ann: 0 pts, won 0 lost 1, spread -30 (tied)",  # both forfeited: a loss each, -30 each
        "3. computer 1 (hard): 0 pts, won 0 lost 1, spread -30 (tied)",
        "",
        "**Round 2 of 2**",
        "Table 1: ann v computer 1 (hard)"]  # eve is not paired again: the same two meet (no other choice)
    await c.run(EventPosted(second.key))
    (game,) = second.games
    assert game.game is not None and (await c.run(Resign(ANN, game.game))).ok
    (final,) = await c.run(EventsDue())
    assert final.text.splitlines() == [
        "**Final results: eve (withdrawn) wins the club night!**",
        "1. eve (withdrawn): 2 pts, won 1 lost 0, spread +0 (tied)",  # level with the computer but for joining
        "2. computer 1 (hard): 2 pts, won 1 lost 1, spread +0 (tied)",  # -30, then ann's resignation: +30
        "3. ann: 0 pts, won 0 lost 2, spread -60"]


async def test_a_round_whose_maker_stopped_before_posting_it_is_made_again_by_another_process(
        tmp_path: Path) -> None:
    clock = Clock(1_000.0)
    a = make_controller(tmp_path / "db.sqlite3", clock=clock)
    other = itertools.count(1)
    b = Controller(SqliteStorage(tmp_path / "db.sqlite3"), ids=lambda: f"b{next(other)}", seeds=lambda: 11,
                   clock=clock)
    await a.run(CreateEvent("g1", "555", ANN, True, games=1))
    for who in (ANN, BOB):
        await a.run(JoinEvent("g1", who))
    (news,) = (await a.run(StartEvent("g1", "u1", False))).news  # and process a stops before posting it
    assert [g.game for g in news.games] == ["game2"]
    assert await b.run(EventsDue()) == [] and await a.run(EventsDue()) == []  # a holds it; a's door posts it
    clock.now += LEASE + 1
    (again,) = await b.run(EventsDue())
    assert await a.run(EventsDue()) == []  # b holds it now
    assert (again.key, again.text, again.mentions) == (news.key, news.text, news.mentions)
    assert [(g.game, g.live is not None) for g in again.games] == [("game2", True)]  # the same game, not a new one
    await b.run(EventPosted(again.key))
    await a.run(SetMessage("game2", "555", "m2"))
    clock.now += LEASE + 1
    assert await a.run(EventsDue()) == [] and await b.run(EventsDue()) == []
    await play_out(b, "game2")
    (final,) = await a.run(EventsDue())
    assert final.text.splitlines()[0] == "**Final results: ann wins the club night!**"


async def test_a_night_with_fewer_than_two_entrants_left_ends_with_its_results(controller: Controller) -> None:
    c = controller
    await c.run(CreateEvent("g1", "555", ANN, True, games=3))
    for who in (ANN, BOB):
        await c.run(JoinEvent("g1", who))
    (news,) = (await c.run(StartEvent("g1", "u1", False))).news
    await c.run(EventPosted(news.key))
    assert (await c.run(LeaveEvent("g1", BOB))).answer.ok
    assert (await c.run(Resign(BOB, "game2"))).ok
    (final,) = await c.run(EventsDue())  # nobody for ann to meet in round 2: the night ends after one round
    assert final.text.splitlines() == ["**Final results: ann wins the club night!**",
                                       "1. ann: 2 pts, won 1 lost 0, spread +30",
                                       "2. bob (withdrawn): 0 pts, won 0 lost 1, spread -30"]


async def test_a_round_whose_post_failed_is_made_again_by_the_same_process_once_its_lease_is_over() -> None:
    clock = Clock(1_000.0)
    c = make_controller(clock=clock)
    await c.run(CreateEvent("g1", "555", ANN, True, games=1))
    for who in (ANN, BOB):
        await c.run(JoinEvent("g1", who))
    (news,) = (await c.run(StartEvent("g1", "u1", False))).news  # the door could not post it (Discord's trouble)
    clock.now += LEASE - 1
    assert await c.run(EventsDue()) == []
    clock.now += 2
    (again,) = await c.run(EventsDue())
    assert (again.key, again.text) == (news.key, news.text)


async def test_a_restart_in_the_middle_of_a_round_loses_nothing(tmp_path: Path) -> None:
    a = make_controller(tmp_path / "db.sqlite3")
    await a.run(CreateEvent("g1", "555", ANN, True, games=2))
    for who in (ANN, BOB):
        await a.run(JoinEvent("g1", who))
    for _ in range(2):
        await a.run(AddEventComputer("g1", "u1", False, "easy"))
    (news,) = (await a.run(StartEvent("g1", "u1", False))).news
    await a.run(EventPosted(news.key))
    await play_out(a, "game2")
    a.close()  # the bot stops with bob's game going on and the standings after ann's not posted

    other = itertools.count(1)
    b = Controller(SqliteStorage(tmp_path / "db.sqlite3"), ids=lambda: f"b{next(other)}", seeds=lambda: 11)
    (after,) = await b.run(EventsDue())
    assert after.text.splitlines()[:2] == ["**Standings after game 1**",
                                           "1. computer 1 (easy): 2 pts, won 1 lost 0, spread +8"]
    await b.run(EventPosted(after.key))
    await play_out(b, "game3")  # bob's game, finished after the restart (121-119): its result flows back the same
    (second,) = await b.run(EventsDue())
    assert second.key == "event:round:game1:2"
    assert [g.game for g in second.games] == ["b1"]  # the new process names the new round's game
    assert second.text.splitlines()[1:5] == ["1. computer 1 (easy): 2 pts, won 1 lost 0, spread +8",
                                             "2. computer 2 (easy): 2 pts, won 1 lost 0, spread +2",
                                             "3. bob: 0 pts, won 0 lost 1, spread -2",
                                             "4. ann: 0 pts, won 0 lost 1, spread -8"]


async def test_a_result_lost_between_a_games_end_and_its_keeping_is_found_by_the_sweep(tmp_path: Path) -> None:
    a = make_controller(tmp_path / "db.sqlite3")
    await a.run(CreateEvent("g1", "555", ANN, True, games=1))
    for who in (ANN, BOB):
        await a.run(JoinEvent("g1", who))
    (news,) = (await a.run(StartEvent("g1", "u1", False))).news
    await a.run(EventPosted(news.key))
    a.ends.listeners.clear()  # the process stops right after the game's end is committed: its result never kept
    await play_out(a, "game2")
    table = a.storage.event_game("game2")
    assert table is not None and table.outcome == ""
    (final,) = await a.run(EventsDue())
    assert final.text.splitlines()[0] == "**Final results: ann wins the club night!**"


async def test_a_rated_nights_games_between_members_are_rated_and_an_unrated_nights_are_not(
        controller: Controller) -> None:
    c = controller
    await c.run(CreateEvent("g1", "555", ANN, True, games=1, rated=True))
    for who in (ANN, BOB):
        await c.run(JoinEvent("g1", who))
    (news,) = (await c.run(StartEvent("g1", "u1", False))).news
    rated = c.games.meta("game2")
    assert [g.game for g in news.games] == ["game2"] and rated is not None and rated.settings == ()  # rated
    await c.run(EventPosted(news.key))
    await play_out(c, "game2")
    assert (c.storage.member_rating("g1", "u1"), c.storage.member_rating("g1", "u2")) != (None, None)
    (final,) = await c.run(EventsDue())
    await c.run(EventPosted(final.key))

    await c.run(CreateEvent("g1", "555", ANN, True, games=1))  # not rated (the default)
    for who in (ANN, EVE):
        await c.run(JoinEvent("g1", who))
    (news,) = (await c.run(StartEvent("g1", "u1", False))).news
    (game,) = news.games
    assert game.game is not None
    meta = c.games.meta(game.game)
    assert meta is not None and meta.settings == (("rated", "false"),)
    await play_out(c, game.game)
    assert c.storage.member_rating("g1", "u3") is None
