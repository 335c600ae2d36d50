"""A knockout through the controller: made with its match length, seeded by rating as it starts, each round's
matches played game after game between the same two entrants (seat 0 alternating) until one has won, two
computers' match played out at once, the winners advancing, byes to the top seeds, double elimination with its
second final, and the champion posted once."""

from __future__ import annotations

import itertools
from pathlib import Path

from bot.app.commands import (
    AddEventComputer,
    CreateEvent,
    EventPosted,
    EventsDue,
    EventStandings,
    JoinEvent,
    LeaveEvent,
    StartEvent,
)
from bot.app.companion.calendar import LEASE
from bot.app.companion.event_values import EventNews
from bot.app.controller import Controller
from bot.storage import SqliteStorage
from bot.storage.rating_values import RatedGame
from engine.rating.rated import Pairing
from tests.bot.app.test_club_night import ANN, BOB, EVE, Clock, play_out, refused
from tests.bot.conftest import make_controller


async def shown(c: Controller, news: EventNews) -> tuple[str, tuple[str, ...], list[tuple[str | None, tuple[str, ...]]],
                                                          list[str]]:
    """A post's key, pings, games opened (with their players' names) and lines; then marked sent."""
    await c.run(EventPosted(news.key))
    return news.key, news.mentions, [(g.game, g.names) for g in news.games], news.text.splitlines()


async def test_a_four_entrant_knockout_of_best_of_three_matches_is_played_to_its_champion() -> None:
    c = make_controller()
    assert await refused(c, CreateEvent("g1", "555", ANN, True, format="ladder")) == \
        "An event is a club night, a knockout or a league, not ladder."
    assert await refused(c, CreateEvent("g1", "555", ANN, True, format="knockout", best_of=2)) == \
        "A knockout match is best of 1, 3 or 5 games, not 2."
    made = await c.run(CreateEvent("g1", "555", ANN, True, format="knockout"))
    assert made.answer.text.startswith("Knockout created: matches best of 3 to 121.")
    assert made.post is not None and made.post.text.splitlines()[:2] == [
        "**Knockout**", "Matches best of 3 to 121, single elimination, seeded by rating, not rated"]
    for who in (ANN, BOB):
        assert (await c.run(JoinEvent("g1", who))).answer.ok
    before = await c.run(EventStandings("g1"))
    assert before.text.splitlines() == [
        "**Knockout bracket** (stage 0)", "Matches best of 3 to 121, single elimination, seeded by rating, not rated",
        "The bracket is drawn, seeded by rating, when the knockout starts."]
    for _ in range(2):
        assert (await c.run(AddEventComputer("g1", "u1", False, "easy"))).answer.ok
    started = await c.run(StartEvent("g1", "u1", False))
    assert started.answer.text == "The knockout has begun: round 1's matches are posted."
    (news,) = started.news  # nobody rated: seeded by joining order, 1 v 4 and 2 v 3
    assert await shown(c, news) == ("event:round:game1:1", ("u1", "u2"), [
        ("game2", ("ann", "computer 2 (easy)")), ("game3", ("bob", "computer 1 (easy)"))], [
        "**Knockout, stage 1: the matches starting**", "Round 1, match 1: ann v computer 2 (easy)",
        "Round 1, match 2: bob v computer 1 (easy)"])
    assert await refused(c, LeaveEvent("g1", BOB)) == \
        "A knockout under way cannot be left: resign your games to give up your match."
    assert await c.run(EventsDue()) == []
    await play_out(c, "game2")  # ann loses 113-121
    (second,) = await c.run(EventsDue())  # the match's second game, seats turned
    assert await shown(c, second) == ("event:game:game1:1:1", ("u1",), [("game4", ("computer 2 (easy)", "ann"))], [
        "**Round 1, match 1, game 2**: computer 2 (easy) v ann (match: ann 0-1 computer 2 (easy))"])
    await play_out(c, "game3")  # bob loses 117-121
    await play_out(c, "game4")  # ann wins 121-114
    (third, bobs) = await c.run(EventsDue())  # by the matches' places
    assert [n.key for n in (third, bobs)] == ["event:game:game1:1:2", "event:game:game1:1:101"]
    assert (await shown(c, third))[2:] == ([("game5", ("ann", "computer 2 (easy)"))], [
        "**Round 1, match 1, game 3**: ann v computer 2 (easy) (match: ann 1-1 computer 2 (easy))"])
    assert (await shown(c, bobs))[2] == [("game6", ("computer 1 (easy)", "bob"))]
    await play_out(c, "game6")  # bob wins 121-120
    (bobs,) = await c.run(EventsDue())
    await c.run(EventPosted(bobs.key))
    assert [(g.game, g.names) for g in bobs.games] == [("game7", ("bob", "computer 1 (easy)"))]
    now = await c.run(EventStandings("g1"))
    assert now.public and now.text.splitlines() == [
        "**Knockout bracket** (stage 1)", "Matches best of 3 to 121, single elimination, seeded by rating, not rated",
        "Round 1, match 1: ann v computer 2 (easy), 1-1 in games",
        "Round 1, match 2: bob v computer 1 (easy), 1-1 in games"]
    await play_out(c, "game5")  # ann loses 85-121: out
    assert await c.run(EventsDue()) == []  # the final waits for bob's match
    await play_out(c, "game7")  # bob wins 121-90
    (final_round,) = await c.run(EventsDue())
    assert await shown(c, final_round) == ("event:round:game1:2", ("u2",), [("game8", ("computer 2 (easy)", "bob"))], [
        "**Results of stage 1**", "Round 1, match 1: computer 2 (easy) beat ann 2-1",
        "Round 1, match 2: bob beat computer 1 (easy) 2-1", "",
        "**Knockout, stage 2: the matches starting**", "Final: computer 2 (easy) v bob"])
    for game, after in (("game8", "game9"), ("game9", "game10")):  # 107-121, then 121-116: one all
        await play_out(c, game)
        (news,) = await c.run(EventsDue())
        assert [g.game for g in news.games] == [after]
        await c.run(EventPosted(news.key))
    await play_out(c, "game10")  # bob loses 120-121
    (champion,) = await c.run(EventsDue())
    bracket = ["Matches best of 3 to 121, single elimination, seeded by rating, not rated",
               "Round 1, match 1: computer 2 (easy) beat ann 2-1", "Round 1, match 2: bob beat computer 1 (easy) 2-1",
               "Final: computer 2 (easy) beat bob 2-1"]
    assert await shown(c, champion) == ("event:final:game1", ("u1", "u2"), [], [
        "**computer 2 (easy) wins the knockout!**", *bracket])
    assert await c.run(EventsDue()) == []  # once
    assert (await c.run(EventStandings("g1"))).text.splitlines() == [
        "**Knockout bracket** (stage 2)", *bracket, "Champion: computer 2 (easy)"]


async def test_five_entrants_seeded_by_rating_the_top_three_have_byes() -> None:
    c = make_controller()
    c.storage.rate_game(RatedGame("g1", "x1", 100.0, (Pairing("u3", "u2", 1.0),)))  # eve above bob; ann unrated
    await c.run(CreateEvent("g1", "555", ANN, True, format="knockout", best_of=1))
    for who in (ANN, BOB, EVE):
        await c.run(JoinEvent("g1", who))
    for _ in range(2):
        await c.run(AddEventComputer("g1", "u1", False, "easy"))
    (news,) = (await c.run(StartEvent("g1", "u1", False))).news  # seeds: eve, bob, ann, computer 1, computer 2
    assert await shown(c, news) == ("event:round:game1:1", ("u2", "u1"), [("game2", ("bob", "ann"))], [
        "**Knockout, stage 1: the matches starting**", "Round 1, match 1: eve has a bye",
        "Round 1, match 2: computer 2 (easy) beat computer 1 (easy) 1-0",  # 4 v 5, played at once
        "Round 1, match 3: bob has a bye", "Round 1, match 4: ann has a bye",
        "Round 2, match 2: bob v ann"])  # both walked over: they meet at once
    await play_out(c, "game2")  # bob wins 121-107
    (news,) = await c.run(EventsDue())
    assert (await shown(c, news))[2:] == ([("game3", ("eve", "computer 2 (easy)"))], [
        "**Results of stage 1**", "Round 1, match 2: computer 2 (easy) beat computer 1 (easy) 1-0",
        "Round 2, match 2: bob beat ann 1-0", "",
        "**Knockout, stage 2: the matches starting**", "Round 2, match 1: eve v computer 2 (easy)"])
    await play_out(c, "game3")  # eve loses 97-121
    (news,) = await c.run(EventsDue())
    assert (await shown(c, news))[2:] == ([("game4", ("computer 2 (easy)", "bob"))], [
        "**Results of stage 2**", "Round 2, match 1: computer 2 (easy) beat eve 1-0", "",
        "**Knockout, stage 3: the matches starting**", "Final: computer 2 (easy) v bob"])
    await play_out(c, "game4")  # bob wins 121-113
    (champion,) = await c.run(EventsDue())
    assert (await shown(c, champion))[1:] == (("u1", "u2", "u3"), [], [
        "**bob wins the knockout!**", "Matches best of 1 to 121, single elimination, seeded by rating, not rated",
        "Round 1, match 1: eve has a bye", "Round 1, match 2: computer 2 (easy) beat computer 1 (easy) 1-0",
        "Round 1, match 3: bob has a bye", "Round 1, match 4: ann has a bye",
        "Round 2, match 1: computer 2 (easy) beat eve 1-0", "Round 2, match 2: bob beat ann 1-0",
        "Final: bob beat computer 2 (easy) 1-0"])


async def test_double_elimination_plays_the_losers_bracket_and_a_second_final() -> None:
    c = make_controller()
    await c.run(CreateEvent("g1", "555", ANN, True, format="knockout", best_of=1, double=True))
    for who in (ANN, BOB):
        await c.run(JoinEvent("g1", who))
    for _ in range(2):
        await c.run(AddEventComputer("g1", "u1", False, "easy"))
    (news,) = (await c.run(StartEvent("g1", "u1", False))).news
    await c.run(EventPosted(news.key))
    stages = 1
    while True:
        for game in [m.id for m in c.storage.live_games()]:
            await play_out(c, game)
        (news,) = await c.run(EventsDue())
        await c.run(EventPosted(news.key))
        if news.key == "event:final:game1":
            break
        stages += 1
    assert stages == 5 and news.text.splitlines() == [
        "**computer 2 (easy) wins the knockout!**",
        "Matches best of 1 to 121, double elimination, seeded by rating, not rated",
        "Round 1, match 1: computer 2 (easy) beat ann 1-0", "Round 1, match 2: computer 1 (easy) beat bob 1-0",
        "Round 2, match 1: computer 2 (easy) beat computer 1 (easy) 1-0",
        "Losers' round 1, match 1: bob beat ann 1-0",  # the first round's losers
        "Losers' round 2, match 1: bob beat computer 1 (easy) 1-0",  # the winners' final's loser
        "Grand final: bob beat computer 2 (easy) 1-0",  # the unbeaten computer's first loss:
        "Grand final, second match: computer 2 (easy) beat bob 1-0"]  # a second final decides it


async def test_a_matchs_next_game_is_started_once_among_processes_and_again_if_its_maker_stopped(
        tmp_path: Path) -> None:
    clock = Clock(1_000.0)
    a = make_controller(tmp_path / "db.sqlite3", clock=clock)
    other = itertools.count(1)
    b = Controller(SqliteStorage(tmp_path / "db.sqlite3"), ids=lambda: f"b{next(other)}", seeds=lambda: 11,
                   clock=clock)
    await a.run(CreateEvent("g1", "555", ANN, True, format="knockout", best_of=3))
    for who in (ANN, BOB):
        await a.run(JoinEvent("g1", who))
    (news,) = (await a.run(StartEvent("g1", "u1", False))).news
    assert [(g.game, g.names) for g in news.games] == [("game2", ("ann", "bob"))]
    await a.run(EventPosted(news.key))
    await play_out(b, "game2")
    (second,) = await b.run(EventsDue())  # and process b stops before posting it
    assert await a.run(EventsDue()) == [] and await b.run(EventsDue()) == []
    assert [(g.game, g.names) for g in second.games] == [("b1", ("bob", "ann"))]
    clock.now += LEASE + 1
    (again,) = await a.run(EventsDue())  # a takes it up: the same game, not a new one
    assert (again.key, again.text) == (second.key, second.text)
    assert [(g.game, g.live is not None) for g in again.games] == [("b1", True)]
    await a.run(EventPosted(again.key))
    clock.now += LEASE + 1
    assert await a.run(EventsDue()) == [] and await b.run(EventsDue()) == []
    await play_out(a, "b1")
    rows = [(r.round, r.pairing, r.home, r.away, r.game, r.outcome != "") for r in a.storage.event_games("game1")]
    assert rows[:2] == [(1, 0, 1, 2, "game2", True), (1, 1, 2, 1, "b1", True)]
