"""A game's row and its log's rows: the columns every backend reads, in order, and the values written."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage.codec.actions import encode_action
from bot.storage.errors import StorageError
from bot.storage.values import GameMeta, Seat, SeatChange, SeatKind, Status
from engine.core.actions import PlayerAction
from engine.core.errors import clip
from engine.core.rules import Rules

GAME_COLUMNS = ("id, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, "
                "self_count, lang, changes, settings, rev")
"""A game's row, in the order `game_meta` reads it."""

NEW_GAME_COLUMNS = ("id, rules, seats, seed, status, place, message, winner, created, updated, guild, self_count, "
                    "lang, changes, moves, settings")
"""What a new game's row is written with, in the order of `new_game_row` (the rest take their defaults)."""

LIVE = tuple(s.value for s in Status if s.live)
"""The statuses of a game still being played, as its row holds them."""

LANGS = ("en", "zh")
"""The languages a game's messages may be in (bot.i18n.Lang, which the storage may not import: a test holds the
two the same)."""

DIFFICULTIES = ("easy", "normal", "hard", "expert")
"""The computer's strengths a seat may name (engine.computer.players.DIFFICULTIES, too heavy an import for
reading a row: a test holds the two the same)."""


def new_game_row(meta: GameMeta, moves: int) -> tuple[Any, ...]:
    """The values of NEW_GAME_COLUMNS for a new game whose log starts with `moves` actions."""
    return (meta.id, json.dumps(meta.rules.to_json()), seats_json(meta.seats), meta.seed, meta.status.value,
            meta.place, meta.message, meta.winner, meta.created, meta.updated, meta.guild,
            ",".join(str(s) for s in meta.self_count), meta.lang, changes_json(meta.changes), moves,
            settings_json(meta.settings))


def action_rows(game_id: str, first: int, actions: Sequence[PlayerAction]) -> list[tuple[str, int, str]]:
    """The log rows (game, seq, action) of `actions` numbered from `first`."""
    return [(game_id, first + i, encode_action(a)) for i, a in enumerate(actions)]


def seats_json(seats: Sequence[Seat]) -> str:
    return json.dumps([s.to_json() for s in seats])


def settings_json(settings: Sequence[tuple[str, str]]) -> str:
    """A game's settings as a JSON object of texts; empty text when it has none (as in rows from before them)."""
    return json.dumps(dict(sorted(settings))) if settings else ""


def read_settings(text: str) -> tuple[tuple[str, str], ...]:
    """A row's settings; ValueError for anything but a JSON object of texts."""
    if not text:
        return ()
    found = json.loads(text)
    if not isinstance(found, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in found.items()):
        raise ValueError(f"settings that are not names and texts: {clip(text, 60)}")
    return tuple(sorted(found.items()))


def changes_json(changes: Sequence[SeatChange]) -> str:
    """The changes of seat so far; empty text when there are none (as in rows from before them)."""
    return json.dumps([c.to_json() for c in changes]) if changes else ""


def game_meta(row: Sequence[Any]) -> GameMeta:
    """A game from its GAME_COLUMNS row; StorageError naming the game when any column does not read."""
    (gid, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, counts, lang,
     changes, settings, rev) = row
    try:
        meta = GameMeta(
            id=gid, rules=Rules.from_json(json.loads(rules)),
            seats=tuple(Seat.from_json(s) for s in json.loads(seats)), seed=int(seed),
            status=Status(status), place=place, created=float(created), updated=float(updated),
            winner=winner, message=message, reminded=bool(reminded), guild=guild,
            self_count=tuple(int(x) for x in counts.split(",") if x), lang=lang or "en",
            changes=tuple(SeatChange.from_json(c) for c in json.loads(changes)) if changes else (),
            settings=read_settings(settings), rev=int(rev))
        check_meta(meta)
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError, RecursionError) as exc:
        raise StorageError(f"game {gid}: unreadable row: {clip(str(exc), 120)}") from None
    return meta


def check_meta(meta: GameMeta) -> None:
    """ValueError naming what in a game's row no game this program makes could hold, so that what reads is what
    the application can play: a seat for each player, a person in at most one seat, a computer of a known
    strength, seats counting their own hands and a winner among the seats, a known language."""
    players = range(meta.rules.players)
    if len(meta.seats) != len(players):
        raise ValueError(f"{len(meta.seats)} seat(s) for {len(players)} players")
    people = [s.user for s in meta.seats if s.kind is SeatKind.HUMAN]
    if "" in people:
        raise ValueError("a person's seat with no member")
    twice = sorted({user for user in people if people.count(user) > 1})
    if twice:
        raise ValueError(f"the member {clip(twice[0], 40)} in two seats")
    for seat in meta.seats:
        if seat.kind is SeatKind.COMPUTER and seat.difficulty not in DIFFICULTIES:
            raise ValueError(f"a computer of unknown strength {seat.difficulty!r}")
    if sorted(set(meta.self_count)) != sorted(meta.self_count) or not set(meta.self_count) <= set(players):
        raise ValueError(f"self-counting seats {meta.self_count} for {len(players)} players")
    if meta.winner is not None and (not isinstance(meta.winner, int) or isinstance(meta.winner, bool)
                                    or meta.winner not in players):
        raise ValueError(f"a winner {meta.winner!r} not among {len(players)} seats")
    for change in meta.changes:
        if change.seat not in players or change.by not in DIFFICULTIES:
            raise ValueError(f"a seat change to seat {change.seat} by {change.by!r}")
    if meta.lang not in LANGS:
        raise ValueError(f"unknown language {meta.lang!r}")
