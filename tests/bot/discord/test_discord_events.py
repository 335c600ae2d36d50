"""A club night through the CommandTree, with real Interaction objects over the fake Discord: a member without
Manage Server cannot create one; the director creates a two-game night, two members join with the registration
post's button (a second press refused, the post redrawn each time), the director adds two computers, a member who
is not the director cannot start it, the director does: round 1's pairings ping the two members and each match
opens as a table in a thread of its own; the games are played (one to its end by the cards, one resigned), the
standings are posted after a game, round 2 follows by itself, and the final results once, every line checked by
hand against the ACC's scoring. And a four-entrant knockout of best-of-three matches created, joined, started and
played game by game (each game in a thread of its own) to its champion, posted once."""

from __future__ import annotations

import copy
from typing import Any

from bot.app.commands import MakeMove
from bot.app.controller import Controller
from bot.app.game.moves import LayAway, Move, PlayCard, SayGo
from bot.storage.values import SeatKind
from engine.computer.players import make_player
from engine.core.actions import Discard, Play
from engine.core.observation import observe
from tests.bot.app.test_club_night import Clock
from tests.bot.conftest import make_controller, start_bot
from tests.bot.discord.test_discord_mentions import MANAGE_SERVER
from tests.bot.discord_helpers import ANN, BOB, CHANNEL, EPHEMERAL, EVE, Harness, channel_json, http_error

JOIN, LEAVE = "crib:game1:0:join", "crib:game1:0:leave"


def public(bot: Harness, channel: int = CHANNEL) -> list[dict[str, Any]]:
    return [copy.deepcopy(m) for m in bot.fake.messages.values()
            if m["channel_id"] == str(channel) and not m["flags"] & EPHEMERAL]


def threads(bot: Harness) -> list[tuple[int, str]]:
    """The threads opened in the event's channel: id and name."""
    return [(int(c.reply["id"]), c.body["name"]) for c in bot.fake.find(f"POST /channels/{CHANNEL}/threads")]


def said(bot: Harness, payload: dict[str, Any]) -> str:
    return str(bot.of(payload)[-1].body["content"])


async def play_out(c: Controller, game_id: str) -> None:
    """The members of a game play it to its end, each as the easy computer would, through the controller."""
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
        assert (await c.run(MakeMove(live.meta.seats[seat].user, game_id, game.version, move))).ok


async def test_a_club_night_is_created_joined_started_and_played_to_its_final_results(fake: Any) -> None:
    c = make_controller()
    bot = await start_bot(c, fake)
    refused = await bot.command("event create", BOB, {"games": 2})
    assert said(bot, refused) == "Creating an event needs the Manage Server permission."
    assert public(bot) == []
    made = await bot.command("event create", ANN, {"games": 2}, permissions=MANAGE_SERVER)
    assert said(bot, made).startswith("Club night created: 2 games to 121.")
    (post,) = public(bot)
    assert post["content"].splitlines() == [
        "**Club night**", "2 games to 121, Swiss pairings, not rated", "Director: <@1>",
        "Entrants (0 of at most 64):", "nobody yet", "Press Join to enter, Leave to leave."]
    assert [(b["label"], b["custom_id"]) for b in post["components"][0]["components"]] == [
        ("Join", JOIN), ("Leave", LEAVE)]
    answers = [said(bot, await bot.click(post, JOIN, who)) for who in (ANN, BOB, BOB)]
    assert answers == ["You are in the event (entrant 1).", "You are in the event (entrant 2).",
                       "You are entered already."]
    assert public(bot)[0]["content"].splitlines()[3:6] == ["Entrants (2 of at most 64):", "1. ann", "2. bob"]
    for number in (3, 4):
        added = await bot.command("event computer", ANN, {"strength": "easy"})  # the director, no permission
        assert said(bot, added) == f"computer {number - 2} (easy) joins the event (entrant {number})."
    start = await bot.command("event start", BOB)
    assert said(bot, start) == "Only the night's director (<@1>) or a member with Manage Server can do that."
    start = await bot.command("event start", ANN)
    assert said(bot, start) == "The club night has begun: round 1's pairings are posted."
    registration, pairings = public(bot)  # each match in a thread of its own
    assert [name for _, name in threads(bot)] == ["cribbage: ann vs computer 1 (easy)",
                                                  "cribbage: bob vs computer 2 (easy)"]
    tables = [m for thread, _ in threads(bot) for m in public(bot, thread)]
    assert registration["components"] == [] and registration["content"].splitlines()[-1] == (
        "Entries are closed: the night has begun.")
    assert [(a["filename"], a["width"]) for a in pairings["attachments"]] == [("event-game1-round-1.png", 560)]
    assert pairings["content"].splitlines() == [
        "<@1> <@2> **Round 1 of 2**", "Table 1: ann v computer 1 (easy)", "Table 2: bob v computer 2 (easy)"]
    starts = [m["content"] for m in tables if "Club night match" in m["content"]]
    assert starts == ["<@1> Club night match: open your hand with the table's button below.",
                      "<@2> Club night match: open your hand with the table's button below."]
    assert [m["content"].splitlines()[0] for m in tables if m["content"].startswith("Cribbage")] == [
        "Cribbage to 121: ann 0 · computer 1 (easy) 0", "Cribbage to 121: bob 0 · computer 2 (easy) 0"]
    assert await bot.front.events.post_due() == 0  # nothing finished yet

    await play_out(c, "game2")  # ann loses 113-121
    assert await bot.front.events.post_due() == 1
    assert public(bot)[-1]["content"].splitlines()[:2] == [
        "**Standings after game 1**", "1. computer 1 (easy): 2 pts, won 1 lost 0, spread +8"]
    bobs = threads(bot)[1][0]
    resign = await bot.command("resign", BOB, channel=channel_json(bobs, thread_of=CHANNEL))
    assert said(bot, resign) == "You resigned."  # a forfeit: a win and 30 of spread to computer 2
    assert await bot.front.events.post_due() == 1
    second = [m["content"] for m in public(bot) if "**Round 2 of 2**" in m["content"]]
    assert second[0].splitlines() == [
        "<@1> <@2> **Standings after round 1**",
        "1. computer 2 (easy): 2 pts, won 1 lost 0, spread +30",
        "2. computer 1 (easy): 2 pts, won 1 lost 0, spread +8",
        "3. ann: 0 pts, won 0 lost 1, spread -8",
        "4. bob: 0 pts, won 0 lost 1, spread -30",
        "",
        "**Round 2 of 2**",
        "Table 1: computer 2 (easy) v computer 1 (easy), played at once: 121-115",
        "Table 2: ann v bob"]
    third, name = threads(bot)[2]
    assert name == "cribbage: ann vs bob" and public(bot, third)[0]["content"] == (
        "<@1> <@2> Club night match: open your hand with the table's button below.")
    assert public(bot, third)[-1]["content"].startswith("Cribbage to 121: ann 0 · bob 0")
    await play_out(c, "game4")  # bob wins 121-84: a skunk
    assert await bot.front.events.post_due() == 1
    assert await bot.front.events.post_due() == 0  # once
    table = ["1. computer 2 (easy): 4 pts, won 2 lost 0, spread +36",  # forfeit +30, then 121-115
             "2. bob: 3 pts, won 1 lost 1, spread +7",  # -30, then a skunk: 3 points and +37
             "3. computer 1 (easy): 2 pts, won 1 lost 1, spread +2",  # +8, then -6
             "4. ann: 0 pts, won 0 lost 2, spread -45"]  # -8, then -37
    final = public(bot)[-1]
    assert final["content"].splitlines() == [
        "<@1> <@2> **Final results: computer 2 (easy) wins the club night!**", *table]
    assert [(a["filename"], a["width"], a["height"]) for a in final["attachments"]] == [
        ("event-game1-final.png", 560, 278)]  # four rows
    shown = await bot.command("event standings", EVE)
    assert said(bot, shown).splitlines() == ["**Standings** (round 2 of 2)", *table]
    await bot.client.close()


async def test_a_match_is_played_in_the_events_channel_when_no_thread_may_be_opened(fake: Any) -> None:
    bot = await start_bot(make_controller(), fake)
    fake.fail = lambda call: http_error(403, 50013, "Missing Permissions") if call.route.endswith("/threads") \
        else None
    await bot.command("event create", ANN, {"games": 1, "target": 61}, permissions=MANAGE_SERVER)
    post = public(bot)[0]
    for who in (ANN, BOB):
        await bot.click(post, JOIN, who)
    leave = await bot.click(public(bot)[0], LEAVE, EVE)
    assert said(bot, leave) == "You are not entered in the event."
    await bot.command("event start", ANN)
    assert [m["content"].splitlines()[0] for m in public(bot)] == [
        "**Club night**", "<@1> <@2> **Round 1 of 1**",
        "<@1> <@2> Club night match: open your hand with the table's button below.",
        "Cribbage to 61: ann 0 · bob 0"]
    await bot.client.close()


async def test_a_four_entrant_knockout_is_created_joined_started_and_played_to_its_champion(fake: Any) -> None:
    c = make_controller()
    bot = await start_bot(c, fake)
    made = await bot.command("event create", ANN, {"format": "knockout", "best_of": 3}, permissions=MANAGE_SERVER)
    assert said(bot, made).startswith("Knockout created: matches best of 3 to 121.")
    (post,) = public(bot)
    assert post["content"].splitlines()[:3] == [
        "**Knockout**", "Matches best of 3 to 121, single elimination, seeded by rating, not rated", "Director: <@1>"]
    answers = [said(bot, await bot.click(post, JOIN, who)) for who in (ANN, BOB)]
    assert answers == ["You are in the event (entrant 1).", "You are in the event (entrant 2)."]
    for _ in range(2):
        await bot.command("event computer", ANN, {"strength": "easy"})
    start = await bot.command("event start", ANN)
    assert said(bot, start) == "The knockout has begun: round 1's matches are posted."
    registration, stage = public(bot)
    assert stage["content"].splitlines() == [
        "<@1> <@2> **Knockout, stage 1: the matches starting**", "Round 1, match 1: ann v computer 2 (easy)",
        "Round 1, match 2: bob v computer 1 (easy)"]
    assert [(a["filename"], a["width"], a["height"]) for a in stage["attachments"]] == [
        ("event-game1-stage-1.png", 560, 198)]  # two matches
    assert [name for _, name in threads(bot)] == ["cribbage: ann vs computer 2 (easy)",
                                                  "cribbage: bob vs computer 1 (easy)"]
    assert public(bot, threads(bot)[0][0])[0]["content"] == (
        "<@1> Knockout match: open your hand with the table's button below.")
    assert registration["components"] == []
    leave = await bot.command("event leave", BOB)
    assert said(bot, leave) == "A knockout under way cannot be left: resign your games to give up your match."
    while not any("wins the knockout" in m["content"] for m in public(bot)):
        for game in [m.id for m in c.storage.live_games()]:
            await play_out(c, game)
        assert await bot.front.events.post_due() >= 1
    assert await bot.front.events.post_due() == 0  # the champion posted once
    champion = [m["content"].splitlines() for m in public(bot) if "wins the knockout" in m["content"]]
    bracket = ["Matches best of 3 to 121, single elimination, seeded by rating, not rated",
               "Round 1, match 1: computer 2 (easy) beat ann 2-1", "Round 1, match 2: bob beat computer 1 (easy) 2-1",
               "Final: computer 2 (easy) beat bob 2-1"]
    assert champion == [["<@1> <@2> **computer 2 (easy) wins the knockout!**", *bracket]]
    (final,) = [m for m in public(bot) if "wins the knockout" in m["content"]]
    assert [(a["filename"], a["width"], a["height"]) for a in final["attachments"]] == [
        ("event-game1-final.png", 560, 238)]  # three matches
    assert [name for _, name in threads(bot)] == [  # a thread for each game of each match
        "cribbage: ann vs computer 2 (easy)", "cribbage: bob vs computer 1 (easy)",
        "cribbage: computer 2 (easy) vs ann", "cribbage: computer 1 (easy) vs bob",
        "cribbage: ann vs computer 2 (easy)", "cribbage: bob vs computer 1 (easy)",
        "cribbage: computer 2 (easy) vs bob", "cribbage: bob vs computer 2 (easy)",
        "cribbage: computer 2 (easy) vs bob"]
    shown = await bot.command("event standings", EVE)
    assert said(bot, shown).splitlines() == ["**Knockout bracket** (stage 2)", *bracket, "Champion: computer 2 (easy)"]
    await bot.client.close()


async def test_a_league_rounds_deadline_forfeits_a_game_and_the_next_round_follows(fake: Any) -> None:
    clock = Clock(1_000.0)
    c = make_controller(clock=clock)
    bot = await start_bot(c, fake)
    made = await bot.command("event create", ANN, {"format": "league", "period": 24}, permissions=MANAGE_SERVER)
    assert said(bot, made).startswith("League created: a round robin to 121, one round every 24 hours.")
    (post,) = public(bot)
    assert post["content"].splitlines()[:3] == [
        "**League**", "A round robin to 121, one round every 24 hours, not rated", "Director: <@1>"]
    for who in (ANN, BOB):
        await bot.click(post, JOIN, who)
    await bot.command("event computer", ANN, {"strength": "easy"})
    start = await bot.command("event start", ANN)
    assert said(bot, start) == "The league has begun: round 1's pairings are posted."
    assert public(bot)[1]["content"].splitlines() == [
        "<@2> **Round 1 of 3**: its games are due by <t:87400:f>", "Table 1: bob v computer 1 (easy)",
        "ann has the bye (a win: 2 game points, spread 0)."]
    ((bobs, name),) = threads(bot)
    assert name == "cribbage: bob vs computer 1 (easy)"
    clock.now = 1_000.0 + 43_200  # half the round
    await bot.front.sweep_once()
    assert [m["content"].splitlines()[0] for m in public(bot, bobs)][:3] == [
        "<@2> League match: open your hand with the table's button below.", "The table moved down ↓",
        "<@2> bob: this event game's deadline is <t:87400:R>; at the deadline the player holding the game up loses "
        "it by forfeit."]
    assert public(bot, bobs)[-1]["content"].startswith("Cribbage to 121: bob 0 · computer 1 (easy) 0")  # redrawn
    assert public(bot, bobs)[2]["content"] == (
        "<@2> bob: this event game's deadline is <t:87400:R>; at the deadline the player holding the game up loses "
        "it by forfeit.")
    clock.now = 1_000.0 + 86_400  # the round's deadline: bob has not played, and forfeits; round 2 follows
    await bot.front.sweep_once()
    assert any(m["content"].startswith("The event game's deadline has passed: bob was holding it up and loses by "
                                       "forfeit; computer 1 (easy) wins") for m in public(bot, bobs))
    assert public(bot)[-1]["content"].splitlines() == [
        "<@1> **Standings after round 1**",
        "1. computer 1 (easy): 2 pts, won 1 lost 0, spread +30",  # bob's forfeit: a win and 30 of spread
        "2. ann: 2 pts, won 1 lost 0, spread +0",  # the bye: a win, spread 0
        "3. bob: 0 pts, won 0 lost 1, spread -30",
        "",
        "**Round 2 of 3**: its games are due by <t:173800:f>",
        "Table 1: computer 1 (easy) v ann",
        "bob has the bye (a win: 2 game points, spread 0)."]
    await bot.front.sweep_once()
    assert public(bot)[-1]["content"].startswith("<@1> **Standings after round 1**")  # posted once
    assert [name for _, name in threads(bot)] == ["cribbage: bob vs computer 1 (easy)",
                                                  "cribbage: computer 1 (easy) vs ann"]
    await bot.client.close()
