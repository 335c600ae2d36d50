import io
import itertools
import json
from pathlib import Path

import pytest
from PIL import Image

from bot.app.commands import (
    DeclareMuggins,
    EndGame,
    GameMessage,
    Resign,
    ShowHand,
    Sweep,
)
from bot.app.controller import Controller, ControllerError, Member, NewGame, game_rules
from bot.app.game.autopilot import autopilot, play_out
from bot.app.game.play import NewGameProblem
from bot.app.shown.ids import ComponentId, Verb
from bot.app.shown.replies import Button, Reply, Select
from bot.i18n import Lang
from bot.storage import SqliteStorage
from bot.storage.values import Status
from engine.core.cards import parse_card
from engine.core.record import replay
from engine.core.rules import STANDARD, Overcount, Rules
from tests.bot.app_helpers import click
from tests.waiting import Clock

ANN = Member("u1", "ann")
BOB = Member("u2", "bob")
EVE = Member("u3", "eve")


def make(path: str | Path = ":memory:", images: bool = False, clock: Clock | None = None,
         prefix: str = "game") -> Controller:
    counter = itertools.count(1)
    return Controller(SqliteStorage(path), images=images, ids=lambda: f"{prefix}{next(counter)}",
                      clock=clock or Clock(), remind_after=300, forfeit_after=1800)


async def start_duel(c: Controller, seed: int = 12, target: int = 61) -> Reply:
    invite = await c.run(NewGame("chan", ANN, (BOB,), Rules(target=target), seed=seed))
    accept = invite.posts[0].controls[0]
    assert isinstance(accept, Button)
    return await click(c, BOB, accept.custom_id)


async def test_whole_game_against_the_computer() -> None:
    c = make()
    first = await c.run(NewGame("chan", ANN, ("easy",), seed=11, settings={"auto_go": False}))  # every go pressed
    assert first.ok and first.game == "game1" and first.version == 1  # the computer laid away already
    assert first.lines[:4] == ("ann cuts 3♦", "computer (easy) cuts 10♦", "ann cut low and deals first",
                               "— deal 1: ann deals —")
    assert first.waiting == ("u1",)
    assert first.panel is not None and first.panel.prompt == "lay away 2 for your crib"
    lines: list[str] = []
    last = await play_out(c, first, on_reply=lambda r: lines.extend(r.lines))
    assert last.finished and last.version == 116
    assert last.posts[-1].text == "Game over: computer (easy) wins (ann 101 · computer (easy) 123)."
    assert lines.index("  ann: a run of four for four → 4") < lines.index("  ann: one for last → 5")
    assert "  computer (easy): thirty-one for two → 17" in lines
    record = json.loads(last.posts[-1].files[-1].data)
    assert last.posts[-1].files[-1].filename == "cribbage-game1.json"
    assert record["seats"] == ["ann", "computer (easy)"] and record["final"] == [101, 123]
    assert replay(record).game.winner == 1
    stored = c.storage.load("game1")
    assert stored is not None and stored.meta.status is Status.OVER and stored.meta.winner == 1
    assert len(stored.actions) == 116


async def test_whole_game_between_two_members() -> None:
    c = make()
    invite = await c.run(NewGame("chan", ANN, (BOB,), Rules(target=61), seed=12, settings={"auto_go": False}))
    assert invite.posts[0].text == "bob, ann invites you to a game of cribbage to 61. Only you can accept."
    assert invite.posts[0].mentions == ("u2",)
    accept = invite.posts[0].controls[0]
    refused = await click(c, EVE, accept.custom_id)
    assert (refused.ok, refused.note) == (False, "Only bob can answer this invitation.")
    early = await c.run(ShowHand(ANN, "game1"))
    assert (early.ok, early.note) == (False, "The game starts when the invitation is accepted.")
    started = await click(c, BOB, accept.custom_id)
    assert started.ok and started.waiting == ("u1", "u2")
    again = await click(c, BOB, accept.custom_id)
    assert (again.ok, again.note) == (False, "This invitation has already been answered.")
    last = await play_out(c, started)
    assert last.finished and last.version == 70
    assert last.posts[-1].text == "Game over: ann wins (ann 67 · bob 44)."


async def test_declined_invitation() -> None:
    c = make()
    invite = await c.run(NewGame("chan", ANN, (BOB,), seed=3))
    decline = invite.posts[0].controls[1]
    reply = await click(c, BOB, decline.custom_id)
    assert reply.ok and reply.finished and reply.posts[0].text == "bob declined the game."
    assert c.storage.load("game1").meta.status is Status.DECLINED


async def test_refusals_change_nothing() -> None:
    c = make()
    await start_duel(c)
    panel = (await c.run(ShowHand(ANN, "game1"))).panel
    select = panel.controls[0]
    assert isinstance(select, Select)
    assert [o.value for o in select.options] == ["QS", "3H", "8H", "QC", "9S", "JD"]
    # a spectator
    spectator = await click(c, EVE, select.custom_id, ("QS", "3H"))
    assert (spectator.ok, spectator.note) == (False, "Only ann and bob play in this game; you can watch.")
    assert (await c.run(ShowHand(EVE, "game1"))).note == "Only ann and bob play in this game; you can watch."
    # a card ann does not hold, and a wrong count of cards
    wrong = await click(c, ANN, select.custom_id, ("QS", "AS"))
    assert (wrong.ok, wrong.note) == (False, "You do not hold A♠; nothing changed.")
    one = await click(c, ANN, select.custom_id, ("QS",))
    assert one.note == "Lay away exactly 2 cards, not 1; nothing changed."
    twice = await click(c, ANN, select.custom_id, ("QS", "QS"))
    assert twice.note == "You cannot lay away the same card twice (Q♠ Q♠); nothing changed."
    assert twice.panel is not None and twice.panel.controls == panel.controls
    ok = await click(c, ANN, select.custom_id, ("QS", "3H"))
    assert ok.ok and ok.version == 1
    # the doubled click: same id, now stale
    double = await click(c, ANN, select.custom_id, ("QS", "3H"))
    assert (double.ok, double.note) == (False, "That choice was from an earlier moment of the game; "
                                                "nothing changed. Here is your hand now.")
    assert double.panel is not None and "You laid away Q♠ 3♥" in double.panel.text
    assert c.storage.action_count("game1") == 1


async def test_wrong_turn_and_past_31_are_refused() -> None:
    c = make()
    reply = await start_duel(c, seed=4)
    reply = await play_out(c, reply, moves=2)  # both lay away; the pone leads
    assert c.storage.action_count("game1") == 2
    leader = reply.waiting[0]
    other = BOB.user if leader == ANN.user else ANN.user
    panel = (await c.run(ShowHand(other, "game1"))).panel
    card_button = panel.controls[0]
    assert isinstance(card_button, Button) and card_button.disabled
    early = await click(c, other, card_button.custom_id)
    leader_name = "ann" if leader == ANN.user else "bob"
    assert (early.ok, early.note) == (False, f"It is {leader_name}'s turn, not yours; nothing changed.")
    # play on until someone holds a card that would pass 31, and try it
    for _ in range(40):
        user = reply.waiting[0]
        panel = (await c.run(ShowHand(user, "game1"))).panel
        blocked = [b for b in panel.controls if isinstance(b, Button)
                   and ComponentId.parse(b.custom_id).verb is Verb.PLAY and b.disabled]
        if blocked:
            card = parse_card(ComponentId.parse(blocked[0].custom_id).arg)
            count = int(panel.prompt.split()[1].rstrip(":"))
            before = c.storage.action_count("game1")
            refused = await click(c, user, blocked[0].custom_id)
            assert refused.ok is False
            assert refused.note == f"{card.pretty()} would take the count from {count} past 31; nothing changed."
            assert c.storage.action_count("game1") == before
            break
        reply = await click(c, user, *autopilot(panel))
    else:
        pytest.fail("no card was ever blocked by the count")


async def test_game_over_refuses_moves_and_resignations() -> None:
    c = make()
    first = await c.run(NewGame("chan", ANN, ("easy",), Rules(target=61), seed=11))
    panel = first.panel
    last = await play_out(c, first)
    assert last.finished
    late = await click(c, ANN, panel.controls[0].custom_id, ("5H", "6H"))
    assert late.ok is False and late.note.startswith("This game is over: ")
    resign = await c.run(Resign(ANN, "game1"))
    assert resign.ok is False and resign.note.startswith("This game is over: ")
    assert (await click(c, ANN, "crib:nosuch:0:hand")).note == "That game no longer exists."
    assert (await click(c, ANN, "hello")).note == "not a cribbage custom id: 'hello'"


async def test_resign_and_moderator_end() -> None:
    c = make()
    await c.run(NewGame("chan", ANN, ("easy",), seed=5))
    spectator = await c.run(Resign(EVE, "game1"))
    assert spectator.note == "Only ann and computer (easy) play in this game; you can watch."
    reply = await c.run(Resign(ANN, "game1"))
    assert reply.ok and reply.finished
    assert reply.posts[0].text == "ann resigns. computer (easy) wins (ann 0 · computer (easy) 0)."
    assert reply.posts[0].files[0].filename == "cribbage-game1.json"
    assert c.storage.load("game1").meta.status is Status.RESIGNED
    await start_duel(c, seed=6)
    ended = await c.run(EndGame("game2", Member("m", "mod")))
    assert ended.posts[0].text == "mod ended this game (ann 0 · bob 0); no one wins."
    assert c.storage.load("game2").meta.status is Status.ENDED


async def test_reminder_then_forfeit() -> None:
    clock = Clock()
    c = make(clock=clock)
    await start_duel(c, seed=7)
    laid = await click(c, ANN, *autopilot((await c.run(ShowHand(ANN, "game1"))).panel))
    assert laid.ok and laid.waiting == ("u2",)
    assert await c.run(Sweep()) == []
    clock.now += 301
    (reminder,) = await c.run(Sweep())
    assert reminder.posts[0].text == ("bob: it is your turn. A game with no move for 30 minutes is lost "
                                      "by the player who is holding it up.")
    assert reminder.posts[0].mentions == ("u2",)
    assert await c.run(Sweep()) == []  # reminded once
    clock.now += 1500
    (forfeit,) = await c.run(Sweep())
    assert forfeit.posts[0].text == ("bob did not play for 30 minutes and loses the game; ann wins (ann 0 · bob 0).")
    assert c.storage.load("game1").meta.status is Status.TIMED_OUT
    assert await c.run(Sweep()) == []


async def test_bad_requests_name_the_input() -> None:
    c = make()
    with pytest.raises(ControllerError, match="unknown difficulty 'genius'; choose from easy, normal, hard"):
        await c.run(NewGame("chan", ANN, ("genius",)))
    with pytest.raises(ControllerError, match="target must be 121 or 61, not 100"):
        game_rules(STANDARD, {"target": 100})
    with pytest.raises(ControllerError, match="you cannot invite yourself") as self_invite:
        await c.run(NewGame("chan", ANN, (ANN,)))
    assert self_invite.value.code is NewGameProblem.SELF_INVITE
    with pytest.raises(ControllerError) as seed:
        await c.run(NewGame("chan", ANN, seed=2**80))
    assert (seed.value.code, dict(seed.value.fields)) == (NewGameProblem.SEED, {"seed": 2**80, "most": 2**63 - 1})
    assert seed.value.text(Lang.EN) == f"A seed is a whole number from 0 to {2**63 - 1}, not {2**80}."
    with pytest.raises(ControllerError) as genius:
        await c.run(NewGame("chan", ANN, ("genius",)))
    assert genius.value.text(Lang.ZH) == "未知难度“genius”；请从 easy, normal, hard, expert 中选择。"


def test_rule_options_a_door_was_given_start_from_its_usual_rules_or_say_which_cannot_be_played() -> None:
    assert game_rules(Rules(skunk=True), {"target": 61, "overcount": "penalty"}) == Rules(
        target=61, skunk=True, overcount=Overcount.PENALTY)
    with pytest.raises(ControllerError) as target:
        game_rules(STANDARD, {"target": 100})
    assert (target.value.code, target.value.text(Lang.EN)) == (NewGameProblem.TARGET,
                                                              "A game is played to 121, 61 points, not 100.")
    with pytest.raises(ControllerError) as overcount:
        game_rules(STANDARD, {"overcount": "harsh"})
    assert (overcount.value.code, overcount.value.text(Lang.EN)) == (
        NewGameProblem.RULES, "These rules cannot make a game: overcount must be one of correct, penalty, not 'harsh'.")


async def test_restart_in_the_middle_of_a_deal_continues_exactly(tmp_path: Path) -> None:
    # uninterrupted
    ref = make(tmp_path / "ref.sqlite3")
    first = await ref.run(NewGame("chan", ANN, ("hard",), Rules(target=61), seed=21))
    done = await play_out(ref, first)
    ref.close()
    # the same game, with the process "restarted" twice in the middle of deals
    path = tmp_path / "live.sqlite3"
    a = make(path)
    reply = await a.run(NewGame("chan", ANN, ("hard",), Rules(target=61), seed=21))
    reply = await play_out(a, reply, moves=3)
    assert reply.live.text.splitlines()[1].startswith("Deal 1,")  # still in the first deal
    a.close()
    b = make(path, prefix="other")
    table = await b.run(GameMessage("game1"))
    assert table.version == reply.version and table.live.text == reply.live.text
    panel = (await b.run(ShowHand(ANN, "game1"))).panel
    assert panel == reply.panel
    reply = await play_out(b, Reply(True, game="game1", version=table.version, panel=panel,
                                    waiting=table.waiting), moves=10, turn=3)
    b.close()
    c = make(path, prefix="third")
    table = await c.run(GameMessage("game1"))
    rest = await play_out(c, Reply(True, game="game1", version=table.version, waiting=table.waiting), turn=13)
    assert rest.posts[-1].text == done.posts[-1].text
    assert rest.posts[-1].files[-1].data == done.posts[-1].files[-1].data  # the same record, byte for byte


async def test_public_table_never_shows_a_hand() -> None:
    c = make(images=True)
    started = await start_duel(c, seed=9)
    ann = (await c.run(ShowHand(ANN, "game1"))).panel
    bob = (await c.run(ShowHand(BOB, "game1"))).panel
    table = started.live
    assert table is not None
    public = "\n".join(line for line in table.text.splitlines() if " cuts " not in line)
    for card in ann.hand + bob.hand:
        assert card.pretty() not in public and card.text not in public
    assert set(ann.hand).isdisjoint(bob.hand)
    assert [a.filename for a in table.images] == ["table.png"]  # one picture: Discord crops two side by side
    assert all(a.data.startswith(b"\x89PNG") for a in table.images)
    assert Image.open(io.BytesIO(table.images[0].data)).size == (1100, 707)
    assert ann.image is not None and ann.image.filename == "hand.png"
    assert table.controls == (Button("crib:game1:0:hand", "Open my panel", table.controls[0].style),)


async def test_the_show_posts_each_hand_and_the_crib_with_pictures() -> None:
    c = make(images=True)
    reply = await c.run(NewGame("chan", ANN, ("easy",), seed=11))
    while not any(p.text.startswith("The show:") for p in reply.posts):
        reply = await click(c, ANN, *autopilot(reply.panel))
    show = next(p for p in reply.posts if p.text.startswith("The show:"))
    assert [f.filename for f in show.files] == ["show.png"]  # both hands and the crib in one picture
    assert Image.open(io.BytesIO(show.files[0].data)).size == (1100, 696)
    assert "'s crib:" in show.text


async def test_worker_processes_play_exactly_the_same_game() -> None:
    inline = make(images=True)
    pooled = Controller(SqliteStorage(":memory:"), images=True, ids=lambda: "game1", processes=1)
    await pooled.warm()
    ends = []
    for c in (inline, pooled):
        first = await c.run(NewGame("chan", ANN, ("easy",), Rules(target=61), seed=31))
        last = await play_out(c, first)
        ends.append((last.posts[-1].text, last.posts[-1].files[-1].data, last.live.images[0].data))
        c.close()
    assert ends[0] == ends[1]


async def test_a_muggins_show_asks_for_the_count_with_the_cards_and_pegs_what_was_declared() -> None:
    c = make()
    reply = await c.run(NewGame("chan", ANN, ("easy",), Rules(muggins=True), seed=5))
    turn = 0
    while reply.panel is not None and reply.panel.phase != "show":
        reply = await click(c, ANN, *autopilot(reply.panel, turn))  # type: ignore[misc]
        assert reply.ok, reply.note
        turn += 1
    panel = reply.panel
    assert panel is not None and panel.prompt in ("declare your hand (0-29)", "declare your crib (0-29)")
    assert [ComponentId.parse(b.custom_id).arg for b in panel.controls] == ["muggins"]
    game = c.games.load(reply.game or "")
    assert game is not None
    step = game.game.show_step()
    assert step is not None
    truth = game.game.show_breakdown(step)
    assert all(card.pretty() in panel.text for card in truth.hand) and truth.starter.pretty() in panel.text
    before = panel.scores[0]
    bad = await c.run(DeclareMuggins(ANN, reply.game or "", panel.version, "30"))
    assert (bad.ok, bad.note) == (False, "A count is a whole number from 0 to 29, not “30”.")
    said = await c.run(DeclareMuggins(ANN, reply.game or "", panel.version, 0))
    assert said.ok and said.panel is not None
    assert said.panel.scores[0] == before  # a count of 0 pegs nothing; the computer may claim the rest
    lines = " ".join(said.lines)
    assert truth.total == 6
    assert "computer (easy): muggins: 6 missed" in lines
