"""Table mode's typed inputs: players typed by number count from 1, names a person can tell apart (no two alike,
none a number, no control characters), points in ASCII digits only, and an ended table that stays ended."""

from __future__ import annotations

import itertools

import pytest

from bot.app.commands import (
    ReadTable,
    TableEnd,
    TablePeg,
    TableStart,
    TableStatus,
    TableUndo,
)
from bot.app.companion.tablemode import TablePlayer
from bot.app.controller import Controller, Member
from bot.app.shown.replies import Button
from bot.i18n import Lang
from bot.storage import SqliteStorage
from bot.storage.values import StoredTable
from engine.core.rules import Rules
from engine.table.session import TableSession

ANN, BOB = Member("u1", "Ann"), Member("u2", "Bob")
SEATS = (TablePlayer("Ann", "u1"), TablePlayer("Bob", "u2"), TablePlayer("Cy"))


def make() -> Controller:
    ids = itertools.count(1)
    c = Controller(SqliteStorage(":memory:"), images=False, seeds=lambda: 7, ids=lambda: f"game{next(ids)}")
    c.tables._table_ids = lambda: f"t{next(ids)}"
    return c


async def scores(c: Controller) -> tuple[int, ...]:
    session = await c.run(ReadTable("chan"))
    assert session is not None
    return session.scores


async def test_a_typed_player_number_counts_from_one() -> None:
    c = make()
    assert (await c.run(TableStart("chan", SEATS, ANN, 121))).ok
    assert (await c.run(TablePeg("chan", ANN, "1", 2, None))).text.startswith("Ann +2 → 2")
    assert (await c.run(TablePeg("chan", ANN, " 3 ", 4, None))).text.startswith("Cy +4 → 4")
    for typed in ("0", "4", "99999999999999999999999"):
        answer = await c.run(TablePeg("chan", ANN, typed, 2, None))
        assert not answer.ok
        assert answer.text == (f"There is no player {typed} at this table: players are numbered 1 to 3 in seat "
                               "order, or named.")
    for typed in ("+1", "#2", "١", "１", "1_0", "②"):  # a number in another form: refused, never a seat
        assert not (await c.run(TablePeg("chan", ANN, typed, 2, None))).ok, typed
    assert (await c.run(TablePeg("chan", ANN, 1, 5, None))).text.startswith("Bob +5 → 5")  # a button's index: from 0
    assert await scores(c) == (2, 5, 4)
    zh = await c.run(TablePeg("chan", ANN, "0", 2, None, Lang.ZH))
    assert zh.text == "这张牌桌没有第 0 位玩家：玩家按座位从 1 到 3 编号，也可以用名字。"


@pytest.mark.parametrize(("names", "says"), [
    (["Ann", "Ann"], "Players 1 and 2 are both called 'Ann'"),
    (["Ann", "Bob", "ann"], "Players 1 and 3 are both called 'ann'"),
    (["Zoë", "Zoe\u0308"], "Players 1 and 2 are both called 'Zoe\u0308'"),  # composed and decomposed: one name
    (["Ann", "ＡＮＮ "], "Players 1 and 2 are both called 'ＡＮＮ'"),
    (["Ann", "Bob", "Ann  Lee", "ann lee"], "Players 3 and 4 are both called 'ann lee'"),
    (["1", "0"], "'1' is a number, and players are also named by number (1 is the first): give player 1 a name"),
    (["Ann", "٣"], "'٣' is a number"),
    (["Ann", "+2"], "'+2' is a number"),
    (["Ann", "A\x1b[2Jnn"], "Player 2's name 'A\\x1b[2Jnn' cannot be used: a name is text without control"),
    (["Ann", "B\x00b"], "Player 2's name 'B\\x00b' cannot be used"),
    (["Ann", "Bo\u202eb"], "Player 2's name 'Bo\\u202eb' cannot be used"),
])
async def test_names_a_table_refuses(names: list[str], says: str) -> None:
    c = make()
    answer = await c.run(TableStart("chan", [TablePlayer(n) for n in names], ANN, 121))
    assert not answer.ok and answer.text.startswith(says), answer.text
    assert await c.run(ReadTable("chan")) is None


async def test_a_name_refusal_in_chinese() -> None:
    answer = await make().run(TableStart("chan", [TablePlayer("Ann"), TablePlayer("ann")], ANN, 121, Lang.ZH))
    assert answer.text == "第 1 位和第 2 位玩家都叫“ann”：请给每位玩家起不同的名字（大小写、全角半角不算不同）。"


async def test_names_are_matched_as_they_are_compared() -> None:
    c = make()
    await c.run(TableStart("chan", [TablePlayer("Zoë"), TablePlayer("Bob")], ANN, 121))
    assert (await c.run(TablePeg("chan", ANN, "ZOE\u0308", 3, None))).text.startswith("Zoë +3 → 3")
    assert (await c.run(TablePeg("chan", ANN, "ｂｏｂ", 2, None))).text.startswith("Bob +2 → 2")


@pytest.mark.parametrize(("points", "says"), [
    ("1_0", "Type points in the digits 0-9, from 1 to 29 (like 12), not '1_0'."),
    ("+5", "Type points in the digits 0-9, from 1 to 29 (like 12), not '+5'."),
    ("５", "Type points in the digits 0-9, from 1 to 29 (like 12), not '５'."),
    ("١٢", "Type points in the digits 0-9, from 1 to 29 (like 12), not '١٢'."),
    ("²", "Type points in the digits 0-9, from 1 to 29 (like 12), not '²'."),
    ("-5", "Peg from 1 to 29 points, not -5."),
    ("0", "Peg from 1 to 29 points, not 0."),
    ("9" * 5000, "Peg from 1 to 29 points, not 999999999999999999999999999999999999999…."),
])
async def test_points_are_ascii_digits(points: str, says: str) -> None:
    c = make()
    await c.run(TableStart("chan", SEATS, ANN, 121))
    answer = await c.run(TablePeg("chan", ANN, "2", points, None))
    assert (answer.ok, answer.text) == (False, says)
    assert (await c.run(TablePeg("chan", ANN, "2", " 12 ", None))).ok
    assert await scores(c) == (0, 12, 0)


async def test_an_ended_table_stays_ended() -> None:
    c = make()
    await c.run(TableStart("chan", SEATS, ANN, 121))
    await c.run(TablePeg("chan", ANN, "1", 5, None))
    pegged = await c.run(TablePeg("chan", ANN, "2", 7, None))
    undo_id = next(b.custom_id for b in pegged.controls if isinstance(b, Button) and b.label == "Undo")
    assert (await c.run(TableEnd("chan", ANN))).text == "Stopped keeping score. Final: Ann 5, Bob 7, Cy 0."
    for undo in (c.run(TableUndo("chan", ANN)), c.run(TableUndo("t1", ANN)), c.run(TableUndo("t1", ANN, version=3))):
        answer = await undo
        assert (answer.ok, answer.text) == (False, "This table was ended: it cannot be changed any more. "
                                                   "/cribbage table start begins a new one.")
    assert undo_id.startswith("crib:t1:3:undo")
    status = await c.run(TableStatus("t1"))
    assert status.ok and status.controls == ()  # no undo button on an ended table
    stored = c.storage.load_table("t1")
    assert stored is not None and not stored.live
    session = await c.run(ReadTable("t1"))
    assert session is not None and session.scores == (5, 7, 0) and len(session.log) == 3
    assert (await c.run(TableStart("chan", SEATS, ANN, 121))).ok  # the place is free for the next game


async def test_a_won_table_may_still_be_undone() -> None:
    c = make()
    await c.run(TableStart("chan", SEATS[:2], ANN, 61))
    for _ in range(3):
        won = await c.run(TablePeg("chan", ANN, "2", 21, None))
    assert "Bob wins 63 to 0" in won.text
    undone = await c.run(TableUndo("t1", ANN))
    assert undone.ok and undone.text.startswith("Took back Bob's 21: 42 again.")


async def test_a_stored_table_from_before_the_name_rules_reads_and_refuses_the_ambiguous_name() -> None:
    """A session kept with names a table now refuses (two alike, an escape in one): it still reads, shows the
    escape written out, and a name that fits two seats is refused rather than taken for the first."""
    c = make()
    session = TableSession(Rules(3), ["Ann", "ann", "E\x1b[31mve"], stored=True)
    session.set_dealer(0)
    data = {"session": session.to_json(), "users": ["u1", "", ""], "host": "u1", "lang": "en"}
    c.storage.save_table(StoredTable("t9", "chan", "", data, True, 1.0, 1.0))
    status = await c.run(TableStatus("chan"))
    assert "Ann 0 · ann 0 · E\\x1b[31mve 0" in status.text and "\x1b" not in status.text
    answer = await c.run(TablePeg("chan", ANN, "ANN", 2, None))
    assert answer.text == "ANN names more than one player at this table: use the player's number (1 to 3)."
    assert (await c.run(TablePeg("chan", ANN, "2", 2, None))).text.startswith("ann +2 → 2")


async def test_typed_text_is_quoted_escaped_and_short() -> None:
    c = make()
    await c.run(TableStart("chan", SEATS, ANN, 121))
    who = await c.run(TablePeg("chan", ANN, "Z\x1b[2J\nzz" + "z" * 120_000, 2, None))
    assert who.text == "Z\\x1b[2J\\nzzzzzzzzzzzzzzzzzzzzzzzzzzzzz… is not a player at this table."
    why = await c.run(TablePeg("chan", ANN, "1", 2, "go\x00\x1b]0;owned\x07" + "!" * 100_000))
    assert why.ok and "\x1b" not in why.text and "\x00" not in why.text and len(why.text) < 600
    assert why.text.startswith("Ann +2 (go\\x00\\x1b]0;owned\\x07!!!")
    cards = await c.run(TablePeg("chan", ANN, "1", "5H 5\x1bC 5D JS 5S", None))
    assert not cards.ok and "\x1b" not in cards.text
