""""I count my own hands" in games: the show waits for the player's declaration (or a timeout), the game
always goes on with the true count, and declared counts join the member's counting tally."""

import itertools
from pathlib import Path

from bot.app.commands import (
    DeclareOwnCount,
    GameMessage,
    MemberStats,
    ShowHand,
    Sweep,
)
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.autopilot import autopilot
from bot.app.shown.ids import ComponentId, Verb
from bot.app.shown.replies import Button, Reply
from bot.storage import SqliteStorage
from tests.bot.app_helpers import click
from tests.waiting import Clock

ANN = Member("u1", "ann")
HAND_PROMPT = ("Count your hand: 4♣ 5♥ 5♠ 9♠ + starter 9♣. Declare your total; the game goes on with the "
               "true count.")
CRIB_PROMPT = ("Count your crib: Q♣ 8♣ 6♣ 10♥ + starter 9♣. Declare your total; the game goes on with the "
               "true count.")
SHOW = ("The show:\n"
        "computer (easy)'s hand: A♥ 2♦ 3♥ A♦ + 9♣ — fifteen two, fifteen four, a pair is six, a run of three is "
        "nine, another run of three is twelve = 12\n"
        "  computer (easy) pegs 12 → 12\n"
        "ann's hand: 4♣ 5♥ 5♠ 9♠ + 9♣ — a pair is two, another pair is four = 4\n"
        "  ann pegs 4 → 9\n"
        "ann's crib: Q♣ 8♣ 6♣ 10♥ + 9♣ — fifteen two, a run of three is five = 5\n"
        "  ann pegs 5 → 14")


def make(path: str | Path = ":memory:", clock: Clock | None = None) -> Controller:
    counter = itertools.count(1)
    return Controller(SqliteStorage(path), images=False, ids=lambda: f"game{next(counter)}",
                      clock=clock or Clock(), remind_after=300, forfeit_after=1800)


def declare_button(reply: Reply) -> ComponentId | None:
    assert reply.panel is not None
    for control in reply.panel.controls:
        if isinstance(control, Button) and ComponentId.parse(control.custom_id).verb is Verb.DECLARE:
            return ComponentId.parse(control.custom_id)
    return None


async def to_the_show(c: Controller) -> Reply:
    """ann (counting her own hands) against the computer, played until her first show."""
    reply = await c.run(NewGame("chan", ANN, ("easy",), seed=11, self_count=True, settings={"auto_go": False}))  # every
    turn = 0  # forced move pressed: the script's choices as written
    while declare_button(reply) is None:
        assert reply.panel is not None and not reply.posts
        reply = await click(c, ANN, *autopilot(reply.panel, turn))
        assert reply.ok, reply.note
        turn += 1
    return reply


async def test_the_show_waits_and_a_right_count_is_recorded() -> None:
    c = make()
    held = await to_the_show(c)
    assert held.posts == ()  # the show is held: no post, no line of it, the table's pegs before it
    assert held.lines == ("ann plays 4♣: 30", "  ann: a run of four for four → 4", "  ann: one for last → 5",
                          "count goes back to 0", "— deal 2: computer (easy) deals —",
                          "computer (easy) lays away 2 cards")
    assert held.live is not None
    assert held.live.text.splitlines()[:2] == ["Cribbage to 121: ann 5 · computer (easy) 0",
                                                "Deal 2, computer (easy) deals. Laying away: ann. ann counting."]
    assert "pegs" not in held.live.text
    assert held.waiting == ("u1",)
    assert held.panel is not None and held.panel.text == HAND_PROMPT and held.panel.scores == (5, 0)
    assert declare_button(held) == ComponentId("game1", 0, Verb.DECLARE, "hand")
    assert held.panel.controls[0].label == "Declare my hand"  # type: ignore[union-attr]

    hand = await c.run(DeclareOwnCount(ANN, "game1", 0, False, "4"))
    assert (hand.ok, hand.note) == (True, "Right: 4.\nYour counting: 1 of 1 exact (100%); points missed 0, "
                                          "over-claimed 0.")
    assert hand.posts == () and hand.panel is not None and hand.panel.text == CRIB_PROMPT
    crib = await c.run(DeclareOwnCount(ANN, "game1", 0, True, " 5 "))
    assert crib.ok and crib.note.startswith("Right: 5.")
    (post,) = crib.posts
    assert post.text == SHOW + "\nann declared 4 for the hand: right.\nann declared 5 for the crib: right."
    assert crib.lines[0].startswith("computer (easy)'s hand: A♥ 2♦ 3♥ A♦")
    assert crib.panel is not None and crib.panel.text.startswith("Your hand (ann 14 · computer (easy) 12). Lay away 2")
    assert crib.live is not None and crib.live.text.startswith("Cribbage to 121: ann 14 · computer (easy) 12")
    assert c.practice_drills.tally("u1").to_json() == {"attempts": 2, "exact": 2, "points_missed": 0, "points_over": 0}
    again = await c.run(DeclareOwnCount(ANN, "game1", 0, True, "5"))  # settled: refused, nothing counted twice
    assert (again.ok, again.note) == (False, "That count is already settled; here is your hand now.")
    assert c.practice_drills.tally("u1").attempts == 2
    stats = await c.run(MemberStats("", "u1", "ann"))
    assert "Counting: 2 of 2 exact (100%); points missed 0, over-claimed 0." in stats.text.splitlines()


async def test_a_short_count_is_shown_but_the_game_takes_the_true_count() -> None:
    c = make()
    await to_the_show(c)
    bad = await c.run(DeclareOwnCount(ANN, "game1", 0, False, "thirty"))
    assert (bad.ok, bad.note) == (False, "“thirty” is not a whole number.")
    wrong_step = await c.run(DeclareOwnCount(ANN, "game1", 0, True, "5"))  # the hand comes first
    assert wrong_step.ok is False
    hand = await c.run(DeclareOwnCount(ANN, "game1", 0, False, "2"))
    assert hand.note.splitlines()[0] == "You said 2; it is 4. You missed 2."
    crib = await c.run(DeclareOwnCount(ANN, "game1", 0, True, "7"))
    assert crib.note.splitlines()[0] == "You said 7; it is 5. That is 2 too many."
    (post,) = crib.posts
    assert post.text.endswith("\nann declared 2 for the hand; it counts 4: 2 missed."
                              "\nann declared 7 for the crib; it counts 5: 2 over-claimed.")
    assert "ann pegs 4 → 9" in post.text  # the true count was pegged
    assert crib.live is not None and crib.live.text.startswith("Cribbage to 121: ann 14 · computer (easy) 12")
    assert c.practice_drills.tally("u1").to_json() == {"attempts": 2, "exact": 0, "points_missed": 2, "points_over": 2}


async def test_moves_wait_for_the_count() -> None:
    c = make()
    held = await to_the_show(c)
    assert held.panel is not None
    lay = ComponentId("game1", held.version, Verb.LAY).encode()
    refused = await click(c, ANN, lay, ("9S", "4C"))
    assert (refused.ok, refused.note) == (False, "Declare your count first; the show waits for you.")
    assert refused.panel is not None and refused.panel.text == HAND_PROMPT
    assert (await c.run(ShowHand(ANN, "game1"))).panel.text == HAND_PROMPT  # type: ignore[union-attr]


async def test_a_timeout_lets_the_show_go_on_with_the_true_count() -> None:
    clock = Clock()
    c = make(clock=clock)
    await to_the_show(c)
    assert await c.run(Sweep()) == []
    clock.now += 301
    (reply,) = await c.run(Sweep())
    assert reply.note == "ann did not declare in time; the show goes on with the true count."
    assert reply.lines[0] == reply.note
    (post,) = reply.posts
    assert post.text == SHOW + ("\nann did not declare the hand in time; it counts 4."
                                "\nann did not declare the crib in time; it counts 5.")
    assert c.practice_drills.tally("u1").attempts == 0  # no declaration, nothing to judge
    panel = (await c.run(ShowHand(ANN, "game1"))).panel
    assert panel is not None and panel.text.startswith("Your hand (ann 14 · computer (easy) 12). Lay away 2")
    assert await c.run(Sweep()) == []  # the clock restarted with the show


async def test_a_restart_while_waiting_for_the_count_keeps_waiting(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    first = make(path)
    await to_the_show(first)
    hand = await first.run(DeclareOwnCount(ANN, "game1", 0, False, "4"))
    assert hand.ok and hand.posts == ()
    first.close()

    second = make(path)
    panel = (await second.run(ShowHand(ANN, "game1"))).panel
    assert panel is not None and panel.text == CRIB_PROMPT
    table = await second.run(GameMessage("game1"))
    assert table.live is not None and "ann counting" in table.live.text and "pegs" not in table.live.text
    crib = await second.run(DeclareOwnCount(ANN, "game1", 0, True, "5"))
    (post,) = crib.posts
    assert post.text == SHOW + "\nann declared 4 for the hand: right.\nann declared 5 for the crib: right."
    assert second.practice_drills.tally("u1").exact == 2


async def test_without_the_option_nothing_waits() -> None:
    c = make()
    reply = await c.run(NewGame("chan", ANN, ("easy",), seed=11))
    turn = 0
    while not reply.posts:
        assert declare_button(reply) is None
        reply = await click(c, ANN, *autopilot(reply.panel, turn))  # type: ignore[arg-type]
        turn += 1
    assert reply.posts[0].text == SHOW
