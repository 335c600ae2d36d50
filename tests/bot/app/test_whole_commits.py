"""A game starts, and a seat goes to the computer, in one commit: a process that dies at any of its writes
leaves no game, or the invitation waiting for the same answer, or the game started; never every seat filled
with the invitation still open (nobody could answer it again, and it would expire), nor the computer owing a
move (it would make it later, on another seed, than in the same game uninterrupted, or never)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.app.commands import (
    AcceptInvite,
    FillSeats,
    Resign,
)
from bot.app.controller import Controller, Member, NewGame
from bot.storage import SqliteStorage
from bot.storage.values import SeatKind, Status, StoredGame
from tests.bot.app_helpers import click

ANN = Member("u1", "ann")
BOB = Member("u2", "bob")


class Died(BaseException):
    """The process stops here: nothing after it runs (not an error the controller may handle)."""


class DiesAtWrite(SqliteStorage):
    """SQLite storage whose process dies just before its `die_at`-th write transaction from now (0: the next)."""

    die_at: int | None = None

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Cursor]:
        if self.die_at is not None:
            self.die_at -= 1
            if self.die_at < 0:
                raise Died
        with super()._transaction() as cur:
            yield cur


def loaded(path: Path) -> StoredGame | None:
    """The game as a new process would read it."""
    store = SqliteStorage(path)
    try:
        return store.load("g1")
    finally:
        store.close()


def stored(path: Path) -> tuple[Status, tuple[bool, ...], int]:
    game = loaded(path)
    assert game is not None
    return game.meta.status, tuple(s.accepted for s in game.meta.seats), len(game.actions)


@pytest.mark.parametrize("die_at", [0, 1])
async def test_a_new_game_against_the_computer_is_stored_with_the_computer_s_first_discard(
        tmp_path: Path, die_at: int) -> None:
    path = tmp_path / "games.sqlite3"
    store = DiesAtWrite(path)
    store.die_at = die_at
    c = Controller(store, images=False, ids=lambda: "g1")
    if die_at == 0:
        with pytest.raises(Died):
            await c.run(NewGame("chan", ANN, ("easy",), seed=11))
        assert loaded(path) is None
        return
    first = await c.run(NewGame("chan", ANN, ("easy",), seed=11))
    assert (first.ok, first.version, first.waiting) == (True, 1, ("u1",))
    assert stored(path) == (Status.ACTIVE, (True, True), 1)


@pytest.mark.parametrize("die_at", [0, 1, 2])
async def test_a_death_while_the_last_invitee_accepts_leaves_the_invitation_to_answer_again(
        tmp_path: Path, die_at: int) -> None:
    path = tmp_path / "games.sqlite3"
    store = DiesAtWrite(path)
    c = Controller(store, images=False, ids=lambda: "g1")
    assert (await c.run(NewGame("chan", ANN, (BOB,), seed=12))).ok
    store.die_at = die_at
    if die_at == 0:
        with pytest.raises(Died):
            await c.run(AcceptInvite(BOB, "g1"))
        assert stored(path) == (Status.INVITED, (True, False), 0)
    else:  # the start is one write: the answer is taken whole
        assert (await c.run(AcceptInvite(BOB, "g1"))).ok
        assert stored(path) == (Status.ACTIVE, (True, True), 0)
    again = Controller(SqliteStorage(path), images=False)
    answer = await click(again, BOB, "crib:g1:0:accept")
    if die_at == 0:
        assert (answer.ok, answer.waiting) == (True, ("u1", "u2"))
    else:
        assert (answer.ok, answer.note) == (False, "This invitation has already been answered.")
    assert stored(path) == (Status.ACTIVE, (True, True), 0)


async def test_a_death_while_the_host_fills_the_table_leaves_the_seats_open_to_fill_again(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = DiesAtWrite(path)
    c = Controller(store, images=False, ids=lambda: "g1")
    assert (await c.run(NewGame("chan", ANN, (BOB, "easy"), seed=3))).ok
    store.die_at = 0
    with pytest.raises(Died):
        await c.run(FillSeats(ANN, "g1", "easy"))
    assert stored(path) == (Status.INVITED, (True, False, True), 0)
    again = Controller(SqliteStorage(path), images=False)
    started = await again.run(FillSeats(ANN, "g1", "easy"))
    assert started.ok and started.waiting == ("u1",)
    game = loaded(path)
    assert game is not None
    assert [s.kind for s in game.meta.seats] == [SeatKind.HUMAN, SeatKind.COMPUTER, SeatKind.COMPUTER]
    assert (game.meta.status, len(game.actions)) == (Status.ACTIVE, 2)  # both computers laid away in the start's commit


@pytest.mark.parametrize("die_at", [0, 1])
async def test_a_death_while_the_computer_takes_a_seat_leaves_the_member_seated(tmp_path: Path, die_at: int) -> None:
    path = tmp_path / "games.sqlite3"
    store = DiesAtWrite(path)
    c = Controller(store, images=False, ids=lambda: "g1")
    assert (await c.run(NewGame("chan", ANN, (BOB, "easy"), seed=3))).ok
    assert (await c.run(AcceptInvite(BOB, "g1"))).ok
    assert stored(path)[2] == 1  # the computer laid away at the start
    store.die_at = die_at
    if die_at == 0:
        with pytest.raises(Died):
            await c.run(Resign(BOB, "g1"))
        assert stored(path) == (Status.ACTIVE, (True, True, True), 1)
        c = Controller(SqliteStorage(path), images=False)
    left = await c.run(Resign(BOB, "g1"))
    assert left.ok and left.names == ("ann", "computer 1 (easy)", "computer 2 (easy)")
    game = loaded(path)
    assert game is not None and len(game.actions) == 2  # bob's seat laid away in the same commit
    assert [(s.kind, s.name) for s in game.meta.seats] == [
        (SeatKind.HUMAN, "ann"), (SeatKind.COMPUTER, "computer 1 (easy)"), (SeatKind.COMPUTER, "computer 2 (easy)")]
    assert [(ch.seat, ch.was) for ch in game.meta.changes] == [(1, "bob")]
