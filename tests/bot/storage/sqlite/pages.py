"""Storage-fault helpers: a database of whole games and one going on, the pages SQLite keeps a table or an
index in (from its dbstat table), the cells of one page, and damage written straight into the file."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.storage import GameStore, SqliteStorage
from bot.storage.values import GameMeta, Seat, SeatKind, Status
from engine.computer.players import make_player
from engine.core.actions import PlayerAction
from engine.core.game import Game
from engine.core.observation import observe
from engine.core.rules import Rules

ANN = Seat(SeatKind.HUMAN, "ann", "local:ann")
CPU = Seat(SeatKind.COMPUTER, "computer (easy)", "", "easy")
GOING_ON = "game99"
"""The unfinished game of ann at the terminal: the last game, so its log's rows are the last of the table."""


def build(path: Path, finished: int = 16, moves: int = 13) -> dict[str, tuple[PlayerAction, ...]]:
    """`finished` whole games of two computers, then ann's game `moves` actions in (at her turn), each logged
    an action at a time as play does (the last with the game's end): every game's log, by id."""
    store = SqliteStorage(path, synchronous="OFF")
    try:
        return fill(store, finished, moves)
    finally:
        store.close()


def fill(store: GameStore, finished: int = 16, moves: int = 13) -> dict[str, tuple[PlayerAction, ...]]:
    """The games of `build`, in any store."""
    logs: dict[str, tuple[PlayerAction, ...]] = {}
    for i in range(finished + 1):
        gid, ours = (GOING_ON, True) if i == finished else (f"game{i:02d}", False)
        meta = GameMeta(gid, Rules(), (ANN if ours else CPU, CPU), 100 + i, Status.ACTIVE,
                        "terminal" if ours else f"place{i % 3}", 1.0 + i, 1.0 + i)
        store.create(meta)
        game, log = Game(Rules(), seed=100 + i), list[PlayerAction]()
        players = [make_player("greedy", 1), make_player("greedy", 2)]
        while not game.over:
            seat = game.to_act()[0]
            if ours and len(log) >= moves and seat == 0:
                break
            action = players[seat].choose(observe(game, seat))
            assert isinstance(action, PlayerAction)
            game.apply(action)
            store.append(gid, len(log), [action], now=2.0 + i, status=Status.OVER if game.over else None,
                         winner=game.winner)
            log.append(action)
        logs[gid] = tuple(log)
    return logs


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a b-tree page: where it starts in the page, and its first bytes."""

    offset: int
    head: bytes


def pages(path: Path, name: str, kind: str) -> list[int]:
    """The pages of table or index `name` of one kind ('internal', 'leaf'), in page order."""
    db = sqlite3.connect(path)
    try:
        return [p for (p,) in db.execute("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = ? ORDER BY pageno",
                                         (name, kind))]
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table")
    finally:
        db.close()


def page_size(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA page_size").fetchone()[0])
    finally:
        db.close()


def cells(path: Path, page: int) -> list[Cell]:
    """The cells of a b-tree page in key order (its cell pointer array read)."""
    size = page_size(path)
    data = path.read_bytes()[(page - 1) * size:page * size]
    top = 100 if page == 1 else 0
    header = 12 if data[top] in (2, 5) else 8  # interior pages carry a right-most child pointer
    count = int.from_bytes(data[top + 3:top + 5], "big")
    starts = [int.from_bytes(data[top + header + 2 * i:top + header + 2 * i + 2], "big") for i in range(count)]
    return [Cell(s, data[s:s + 48]) for s in starts]


def write(path: Path, page: int, offset: int, data: bytes) -> None:
    """Overwrite bytes at `offset` within `page`, as a failing disk or a stray write would."""
    with open(path, "r+b") as stream:
        stream.seek((page - 1) * page_size(path) + offset)
        stream.write(data)


def flip(path: Path, page: int, offset: int, bit: int = 0) -> None:
    """Flip one bit of the byte at `offset` within `page`."""
    size = page_size(path)
    with open(path, "r+b") as stream:
        stream.seek((page - 1) * size + offset)
        (byte,) = stream.read(1)
        stream.seek((page - 1) * size + offset)
        stream.write(bytes([byte ^ (1 << bit)]))


def integrity(path: Path) -> list[str]:
    """What SQLite's own PRAGMA integrity_check finds (nothing when the file is sound)."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        found = [str(r) for (r,) in db.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    finally:
        db.close()
    return [] if found == ["ok"] else found
