"""Kill -9 a process that is playing games, at random moments, restart it, and check nothing was lost.

Run as a script this file is the process: it plays a fixed set of games through the controller
and SQLite (vs the computer and between two members), appending "game version" to an ack file
after each reply it receives, as a front end would acknowledge it to a player. A restarted
process continues every unfinished game from the database. The test checks, after every kill,
that each acknowledged version is in the database (nothing lost), and at the end that every game
equals the same game played without interruption (nothing applied twice, nothing changed). The same
runs against PostgreSQL (the session's server, tests/pg_server.py), held to the games played on SQLite.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bot.app.commands import (
    GameMessage,
    GameRecord,
    ShowHand,
)

GAMES = 6
ROOT = Path(__file__).resolve().parents[3]


def open_db(db: str, synchronous: str = "FULL") -> Any:
    """The storage at `db`: a PostgreSQL URL, or an SQLite file."""
    sys.path.insert(0, str(ROOT))
    if db.startswith("postgresql://"):
        from bot.storage.postgres import PostgresStorage

        return PostgresStorage(db, pool_size=2)
    from bot.storage import SqliteStorage

    return SqliteStorage(db, synchronous=synchronous)


async def drive(db: str, acks: str, synchronous: str = "FULL") -> None:
    sys.path.insert(0, str(ROOT))
    from bot.app.controller import Controller, Member, NewGame
    from bot.app.game.autopilot import autopilot
    from bot.storage.values import Status
    from engine.core.rules import Rules
    from tests.bot.app_helpers import click

    storage = open_db(db, synchronous)
    next_id: list[str] = []
    controller = Controller(storage, images=False, ids=next_id.pop)
    fd = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT)

    def ack(text: str) -> None:
        os.write(fd, (text + "\n").encode())

    ann, bob = Member("u1", "ann"), Member("u2", "bob")
    for n in range(GAMES):
        gid = f"crash{n}"
        meta = storage.load(gid)
        if meta is None:
            next_id.append(gid)
            duel = n % 2 == 1
            await controller.run(NewGame("chan", ann, (bob if duel else "easy",), Rules(skunk=True),
                                              seed=1000 + n))
            ack(f"{gid} created")
        if storage.load(gid).meta.status is Status.INVITED:
            reply = await click(controller, bob, f"crib:{gid}:0:accept")
            assert reply.ok, reply.note
            ack(f"{gid} accepted")
    latest = {m.id: await controller.run(GameMessage(m.id)) for m in storage.live_games()}
    while latest:
        for gid, last in list(latest.items()):
            if last.finished:
                del latest[gid]
                continue
            user = last.waiting[0]
            panel = last.panel if last.panel is not None and last.panel.user == user else None
            if panel is None:
                panel = (await controller.run(ShowHand(user, gid))).panel
            choice = autopilot(panel, last.version)  # a choice that depends only on the game
            assert choice is not None
            reply = await click(controller, user, *choice)
            assert reply.ok, reply.note
            ack(f"{gid} {reply.version}")
            latest[gid] = reply
    os.close(fd)
    controller.close()
    storage.close()


def start(db: Path | str, acks: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, __file__, str(db), str(acks)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def acked_versions(acks: Path) -> dict[str, int]:
    best: dict[str, int] = {}
    for line in acks.read_text().splitlines():
        gid, what = line.split()
        if what.isdigit():
            best[gid] = max(best.get(gid, 0), int(what))
    return best


def ack_count(acks: Path) -> int:
    return len(acks.read_text().splitlines()) if acks.exists() else 0


def logged(db: Path | str) -> dict[str, int]:
    if isinstance(db, str):
        import psycopg

        with psycopg.connect(db) as pg:
            rows = pg.execute("SELECT game, count(*) FROM actions GROUP BY game").fetchall()
            seqs = pg.execute("SELECT game, max(seq) + 1, count(*) FROM actions GROUP BY game").fetchall()
        return _no_gaps(rows, seqs)
    con = sqlite3.connect(db)
    try:
        rows = con.execute("SELECT game, count(*) FROM actions GROUP BY game").fetchall()
        seqs = con.execute("SELECT game, max(seq) + 1, count(*) FROM actions GROUP BY game").fetchall()
    finally:
        con.close()
    return _no_gaps(rows, seqs)


def _no_gaps(rows: list[Any], seqs: list[Any]) -> dict[str, int]:
    assert all(top == n for _, top, n in seqs), "a gap or a doubled action in the log"
    return dict(rows)


def records(db: Path | str) -> dict[str, str]:
    """Each game's full state, as its record, rebuilt through the engine from the log."""
    sys.path.insert(0, str(ROOT))
    from bot.app.controller import Controller

    async def collect() -> dict[str, str]:
        storage = open_db(str(db))
        controller = Controller(storage, images=False)
        out = {}
        for n in range(GAMES):
            record = await controller.run(GameRecord(f"crash{n}", whole=True))
            assert record is not None
            out[f"crash{n}"] = record.data.decode()
        controller.close()
        storage.close()
        return out

    return asyncio.run(collect())


def test_kill_minus_nine_loses_nothing_and_applies_nothing_twice(tmp_path: Path) -> None:
    ref_db, ref_acks = tmp_path / "ref.sqlite3", tmp_path / "ref.acks"
    asyncio.run(drive(str(ref_db), str(ref_acks), "OFF"))  # the same games, never interrupted
    db, acks = tmp_path / "crash.sqlite3", tmp_path / "crash.acks"
    kill_and_finish(db, acks, random.Random(7))
    assert records(db) == records(ref_db)
    assert logged(db) == logged(ref_db)


def test_kill_minus_nine_on_postgresql_loses_nothing(tmp_path: Path, pg_url: str) -> None:
    ref_db, ref_acks = tmp_path / "ref.sqlite3", tmp_path / "ref.acks"
    asyncio.run(drive(str(ref_db), str(ref_acks), "OFF"))  # the same games on SQLite, never interrupted
    acks = tmp_path / "crash.acks"
    kill_and_finish(pg_url, acks, random.Random(8))
    assert records(pg_url) == records(ref_db)
    assert logged(pg_url) == logged(ref_db)


def kill_and_finish(db: Path | str, acks: Path, rng: random.Random) -> None:
    """Start the playing process on `db` and kill -9 it at random moments (checking after each kill that
    every acknowledged version is stored), then let a last one finish every game."""
    kills = 0
    for _ in range(5):
        before = ack_count(acks)
        proc = start(db, acks)
        # kill it mid-run: once it has acknowledged something new, at a random moment shortly after
        while proc.poll() is None and ack_count(acks) == before:
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.25))
        if proc.poll() is not None:
            break
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        kills += 1
        if acks.exists():
            have = logged(db)
            for gid, version in acked_versions(acks).items():
                assert have.get(gid, 0) >= version, f"{gid}: version {version} was acknowledged, then lost"
    final = start(db, acks)
    assert final.wait(timeout=60) == 0, final.stderr.read().decode() if final.stderr else ""
    assert kills >= 3, "the games finished before the process could be killed enough times"


if __name__ == "__main__":
    asyncio.run(drive(sys.argv[1], sys.argv[2]))
