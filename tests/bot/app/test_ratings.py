"""Ratings at a game's end through the controller: two, three and four members, each unrated case (casual, the
server's default, a computer opponent, a moderator's end, farming), a resignation as a loss, a member who left a
group game, and /cribbage rating and the leaderboard by rating."""

import itertools

from bot.app.commands import AcceptInvite, BoardOrder, ChangeSetting, EndGame, Leaderboard, Resign, ShowRating
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.autopilot import play_out
from bot.app.shown.replies import Reply
from bot.i18n import Lang
from bot.settings import Scope
from bot.storage import SqliteStorage
from engine.core.rules import Rules
from tests.waiting import Clock

ANN, BOB, CAT, DAN = Member("u1", "ann"), Member("u2", "bob"), Member("u3", "cat"), Member("u4", "dan")
GUILD = "srv"


def make(clock: Clock | None = None) -> Controller:
    counter = itertools.count(1)
    return Controller(SqliteStorage(":memory:"), images=False, ids=lambda: f"g{next(counter)}", clock=clock or Clock(),
                      remind_after=300, forfeit_after=1800)


async def started(c: Controller, *guests: Member | str, seed: int = 3, lang: Lang = Lang.EN,
                  **settings: object) -> Reply:
    invite = await c.run(NewGame("chan", ANN, guests, Rules(target=61), seed=seed, guild=GUILD, lang=lang,
                                 settings=settings))
    assert invite.game is not None
    reply = invite
    for guest in guests:
        if isinstance(guest, Member):
            reply = await c.run(AcceptInvite(guest, invite.game))
    return reply


def end_text(reply: Reply) -> str:
    return reply.posts[-1].text if reply.posts else ""


def rating_lines(reply: Reply) -> list[str]:
    return [line for post in reply.posts for line in post.text.splitlines()
            if line.startswith(("Ratings:", "等级分："))]


async def test_two_members_rated_game_says_both_changes() -> None:
    c = make()
    end = await play_out(c, await started(c, BOB))
    winner = "ann" if "ann wins" in end_text(end) else "bob"
    loser = "bob" if winner == "ann" else "ann"
    changes = {winner: "1500 → 1662", loser: "1500 → 1338"}
    assert rating_lines(end) == [f"Ratings: ann {changes['ann']}, bob {changes['bob']}"]
    shown = await c.run(ShowRating(GUILD, "u1", "ann"))
    lines = shown.text.splitlines()
    assert lines[0] == f"Rating of ann: {changes['ann'][-4:]}? (deviation 290)"
    assert lines[1:4] == ["Provisional (?): not ranked until the deviation is 110 or less (about ten rated games).",
                          "Rated games: 1", "Last games, newest first:"]
    assert lines[4] == ("+162 · beat bob" if winner == "ann" else "-162 · lost to bob")


async def test_a_casual_game_and_a_computer_game_change_nothing() -> None:
    c = make()
    casual = await play_out(c, await started(c, BOB, rated=False))
    assert casual.finished and rating_lines(casual) == []
    computer = await play_out(c, await started(c, "easy"))
    assert computer.finished and rating_lines(computer) == []
    assert (await c.run(ShowRating(GUILD, "u1", "ann"))).text.startswith("ann has no rated games in this server")


async def test_the_servers_default_makes_games_casual_unless_the_game_says_rated() -> None:
    c = make()
    said = await c.run(ChangeSetting(Scope.SERVER, GUILD, "rated", "off", Lang.EN))
    assert said.text == "Games are now casual in this server unless started with rated:True."
    assert rating_lines(await play_out(c, await started(c, BOB))) == []
    rated = await play_out(c, await started(c, BOB, rated=True))
    assert len(rating_lines(rated)) == 1


async def test_a_resignation_is_a_loss_and_a_moderators_end_rates_nothing() -> None:
    c = make()
    game = await started(c, BOB)
    resigned = await c.run(Resign(BOB, game.game or ""))
    assert resigned.note.splitlines()[-1] == "Ratings: ann 1500 → 1662, bob 1500 → 1338"
    second = await started(c, BOB)
    ended = await c.run(EndGame(second.game or "", Member("u9", "mod")))
    assert "Ratings" not in ended.note
    assert (await c.run(ShowRating(GUILD, "u2", "bob"))).text.splitlines()[2] == "Rated games: 1"


async def test_three_members_rate_each_pair_by_finishing_order() -> None:
    c = make()
    end = await play_out(c, await started(c, BOB, CAT))
    (line,) = rating_lines(end)
    assert line.startswith("Ratings: ") and [part.split()[0] for part in line[9:].split(", ")] == \
        ["ann", "bob", "cat"]
    winner = next(n for n in ("ann", "bob", "cat") if f"{n} wins" in end_text(end))
    assert f"{winner} 1500 → " in line
    after = {part.split()[0]: int(part.split()[-1]) for part in line[9:].split(", ")}
    assert after[winner] == max(after.values()) and after[winner] > 1600


async def test_four_members_rate_partnership_against_partnership() -> None:
    c = make()
    end = await play_out(c, await started(c, BOB, CAT, DAN, seed=7))
    (line,) = rating_lines(end)
    after = {part.split()[0]: int(part.split()[-1]) for part in line[9:].split(", ")}
    assert sorted(after) == ["ann", "bob", "cat", "dan"]
    assert sorted(after.values()) == [1253, 1253, 1747, 1747]  # two wins each, two losses each (Glicko-2 from 1500/350)


async def test_four_with_a_computer_seat_is_not_rated() -> None:
    c = make()
    end = await play_out(c, await started(c, BOB, CAT, "easy", seed=7))
    assert end.finished and rating_lines(end) == []


async def test_farming_leaves_the_pair_unrated_and_the_start_says_so() -> None:
    c = make()
    await c.run(ChangeSetting(Scope.SERVER, GUILD, "farming", "2", Lang.EN))
    for _ in range(2):
        assert len(rating_lines(await play_out(c, await started(c, BOB)))) == 1
    third = await started(c, BOB)
    said = "Not rated between ann and bob: they have played 2 rated games against each other in the last 24 hours."
    assert said in third.lines and said in [p.text for p in third.posts]
    assert rating_lines(await play_out(c, third)) == []


async def test_the_end_is_said_in_chinese() -> None:
    c = make()
    game = await started(c, BOB, lang=Lang.ZH)
    resigned = await c.run(Resign(BOB, game.game or ""))
    assert resigned.note.splitlines()[-1] == "等级分：ann（1500 → 1662），bob（1500 → 1338）"


async def test_the_leaderboard_by_rating_ranks_only_the_settled() -> None:
    c = make()
    assert (await c.run(Leaderboard(GUILD, Lang.EN, BoardOrder.RATING))).text == (
        "Nobody is ranked here yet: a member is ranked once their deviation is 110 or less (about ten rated games).")
    await c.run(ChangeSetting(Scope.SERVER, GUILD, "farming", "100", Lang.EN))
    for i in range(30):  # ann wins two of three against bob; cat plays once
        game = await started(c, BOB)
        await c.run(Resign(ANN if i % 3 == 2 else BOB, game.game or ""))
    game = await started(c, CAT)
    await c.run(Resign(CAT, game.game or ""))
    board = (await c.run(Leaderboard(GUILD, Lang.EN, BoardOrder.RATING))).text.splitlines()
    assert board[0] == "Ratings in this server (provisional members are not ranked)"
    assert board[1:] == ["1. ann: 1562 (±79, 31 games)", "2. bob: 1449 (±80, 30 games)"]  # cat: provisional
    bob = (await c.run(ShowRating(GUILD, "u2", "bob"))).text.splitlines()
    assert bob[:4] == ["Rating of bob: 1449 (deviation 80)", "Rank 2 in this server.", "Rated games: 30",
                       "Last games, newest first:"]
    assert len(bob[4:]) == 10 and bob[4].endswith(" · beat ann")  # the last game (i = 29): ann resigned
    wins = (await c.run(Leaderboard(GUILD, Lang.EN))).text
    assert wins.startswith("This server: 31 games")


async def test_a_member_who_left_a_group_game_is_rated_last() -> None:
    c = make()
    game = await started(c, BOB, CAT)
    left = await c.run(Resign(CAT, game.game or ""))
    assert left.ok and "cat" in left.note
    end = await play_out(c, left)
    (line,) = rating_lines(end)
    after = {part.split()[0]: int(part.split()[-1]) for part in line[9:].split(", ")}
    assert sorted(after) == ["ann", "bob", "cat"] and after["cat"] == min(after.values()) and after["cat"] < 1400
    (point,) = c.storage.rating_history(GUILD, "u3")
    assert sorted(point.results) == [("u1", 0.0), ("u2", 0.0)]
