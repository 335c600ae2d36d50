"""Two bot processes on one database, each with its own Controller (its own cache, locks and sweep), as
`cribbage bot --shards` runs them: the same click made in both at the same moment is applied once and
refused as stale in the other; a reminder and a forfeit fire once across both; a move made in one is seen
by the other; two players pegging a real table from two processes both count. On SQLite (one file) and on
PostgreSQL."""

from __future__ import annotations

import asyncio
import multiprocessing
import queue
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.app.commands import (
    GameInfo,
    MakeMove,
    ShowHand,
    Sweep,
    TablePeg,
    TableStart,
)
from bot.app.controller import Controller, Member, NewGame, TablePlayer
from bot.app.game.autopilot import autopilot
from bot.app.game.moves import move_of
from bot.app.shown.ids import ComponentId
from bot.storage import SqliteStorage, Storage
from bot.storage.values import Status
from tests.waiting import Clock

ANN = Member("u1", "ann")
REMIND, FORFEIT = 300.0, 1800.0
SPAWN = multiprocessing.get_context("spawn")


def open_store(where: str) -> Storage:
    if where.startswith("postgresql://"):
        from bot.storage.postgres import PostgresStorage

        return PostgresStorage(where, pool_size=2)
    return SqliteStorage(where)


def serve(where: str, inbox: Any, outbox: Any, barrier: Any) -> None:
    """One bot process: commands from the test, each answered with what the reply said."""
    clock = Clock()
    controller = Controller(open_store(where), images=False, clock=clock, remind_after=REMIND,
                            forfeit_after=FORFEIT, seeds=lambda: 7)
    loop = asyncio.new_event_loop()
    try:
        while (command := inbox.get()) is not None:
            kind, *args = command
            if kind == "at":
                clock.now = args[0]
                barrier.wait(20)
            outbox.put(loop.run_until_complete(run(controller, kind, args)))
    finally:
        controller.close()
        loop.close()


async def run(controller: Controller, kind: str, args: list[Any]) -> Any:
    if kind == "new":
        reply = await controller.run(NewGame("chan", ANN, ("easy",), seed=5))
        return reply.game
    if kind == "panel":
        panel = (await controller.run(ShowHand(ANN, args[0]))).panel
        assert panel is not None
        custom_id, values = autopilot(panel) or ("", ())
        return custom_id, values
    if kind == "at":  # a click or a sweep at a moment both processes reach together
        what, *rest = args[1:]
        if what == "click":
            game, custom_id, values = rest
            cid = ComponentId.parse(custom_id)
            reply = await controller.run(MakeMove(ANN, game, cid.version, move_of(cid, tuple(values))))
            return reply.ok, reply.note, reply.version
        if what == "sweep":
            return [(r.game, r.note) for r in await controller.run(Sweep())]
        if what == "peg":
            answer = await controller.run(TablePeg("table", ANN, 0, 2))
            return answer.ok, answer.text
    if kind == "table":
        answer = await controller.run(TableStart("table", [TablePlayer("ann", "u1"), TablePlayer("bob")], ANN))
        return answer.ok
    if kind == "meta":
        meta = await controller.run(GameInfo(args[0]))
        assert meta is not None
        return meta.status.value, meta.rev
    raise AssertionError(kind)


@dataclass
class Bots:
    """Two processes on one database, driven in step."""

    inboxes: list[Any]
    outbox: Any
    procs: list[Any]

    def ask(self, n: int, *command: Any) -> Any:
        self.inboxes[n].put(command)
        return self.outbox.get(timeout=60)

    def both(self, *command: Any) -> list[Any]:
        """The same command in both processes, released at the same moment (a shared barrier)."""
        for inbox in self.inboxes:
            inbox.put(command)
        answers = []
        for _ in self.inboxes:
            try:
                answers.append(self.outbox.get(timeout=60))
            except queue.Empty:
                raise AssertionError(f"no answer to {command}") from None
        return answers


@pytest.fixture(params=["sqlite", "postgres"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgres":
        return str(request.getfixturevalue("pg_url"))
    return str(tmp_path / "shared.sqlite3")


@pytest.fixture
def bots(where: str) -> Iterator[Bots]:
    open_store(where).close()  # the schema made once, before both open it
    outbox, barrier = SPAWN.Queue(), SPAWN.Barrier(2)
    inboxes = [SPAWN.Queue(), SPAWN.Queue()]
    procs = [SPAWN.Process(target=serve, args=(where, inbox, outbox, barrier), daemon=True) for inbox in inboxes]
    for p in procs:
        p.start()
    yield Bots(inboxes, outbox, procs)
    for inbox in inboxes:
        inbox.put(None)
    for p in procs:
        p.join(30)
        if p.is_alive():
            p.kill()


def test_the_same_click_in_two_processes_is_applied_once(bots: Bots) -> None:
    game = bots.ask(0, "new")
    assert bots.ask(1, "panel", game) == bots.ask(0, "panel", game)  # both have the game in memory now
    for round_ in range(4):
        custom_id, values = bots.ask(0, "panel", game)
        answers = bots.both("at", 1000.0 + round_, "click", game, custom_id, values)
        applied = [a for a in answers if a[0]]
        refused = [a for a in answers if not a[0]]
        assert len(applied) == 1, answers
        assert len(refused) == 1, answers
        assert refused[0][1].startswith("That choice was from an earlier moment of the game; nothing changed.")
    status, rev = bots.ask(1, "meta", game)
    assert status == "active" and bots.ask(0, "meta", game) == (status, rev)


def test_a_reminder_and_a_forfeit_fire_once_across_processes(bots: Bots) -> None:
    game = bots.ask(0, "new")
    bots.ask(1, "panel", game)
    assert bots.both("at", 1000.0 + REMIND - 1, "sweep") == [[], []]
    reminders = bots.both("at", 1000.0 + REMIND + 1, "sweep")
    assert sorted(len(r) for r in reminders) == [0, 1]
    (said,) = [r for r in reminders if r]
    assert said[0][0] == game and said[0][1].startswith("ann: it is your turn.")
    assert bots.both("at", 1000.0 + REMIND + 60, "sweep") == [[], []]  # reminded once, by one of them
    forfeits = bots.both("at", 1000.0 + FORFEIT + 1, "sweep")
    assert sorted(len(r) for r in forfeits) == [0, 1]
    (said,) = [r for r in forfeits if r]
    assert said[0][1].startswith("ann did not play for 30 minutes and loses the game")
    assert bots.ask(0, "meta", game)[0] == bots.ask(1, "meta", game)[0] == Status.TIMED_OUT.value


def test_a_move_in_one_process_is_seen_by_the_other(bots: Bots) -> None:
    game = bots.ask(0, "new")
    first = bots.ask(1, "panel", game)
    custom_id, values = first
    bots.inboxes[0].put(("at", 1001.0, "click", game, custom_id, values))
    bots.inboxes[1].put(("at", 1001.0, "sweep"))
    answers = [bots.outbox.get(timeout=60) for _ in range(2)]
    assert [a for a in answers if isinstance(a, tuple)][0][0] is True
    after = bots.ask(1, "panel", game)  # process 1 cached the game before process 0 moved it
    assert ComponentId.parse(after[0]).version > ComponentId.parse(custom_id).version


def test_two_players_pegging_a_table_from_two_processes_both_count(bots: Bots) -> None:
    assert bots.ask(0, "table") is True
    assert bots.ask(1, "table") is False  # one live table a place, whichever process asks
    answers = bots.both("at", 1001.0, "peg")
    assert [ok for ok, _ in answers] == [True, True]
    assert sorted(text.splitlines()[0] for _, text in answers) == ["ann +2 → 2", "ann +2 → 4"]
