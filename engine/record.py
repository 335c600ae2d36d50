"""Game records (docs/record-format.md): write a game as one JSON object, and rebuild a game from one.

Rebuilding feeds the record's chance events and actions through the engine, so a record that
replays proves every point in it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Cut, Deal, Declare, Discard, Go, Muggins, Play, Starter
from engine.cards import Card, CardError, parse_card
from engine.events import PegMove
from engine.game import Game, GameError
from engine.rules import Rules, RulesError

FORMAT = "cribbage-record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message says where."""


def to_record(game: Game, seats: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of a finished or running game."""
    n = game.rules.players
    names = list(seats) if seats is not None else [f"seat{i}" for i in range(n)]
    if len(names) != n:
        raise ValueError(f"{n} seat names needed, got {len(names)}")
    deals = []
    for log in game.deals:
        if not log.hands:
            continue  # a deal announced but not yet dealt
        deal: dict[str, Any] = {
            "dealer": log.dealer,
            "hands": [[str(c) for c in h] for h in log.hands],
            "deck_to_crib": [str(c) for c in log.deck_to_crib],
            "discards": [[str(c) for c in d] if d is not None else None for d in log.discards],
            "starter": str(log.starter) if log.starter is not None else None,
            "plays": [
                {"seat": s, "card": str(c), "count": k} if c is not None else {"seat": s, "go": True}
                for s, c, k in log.plays
            ],
        }
        if game.rules.muggins:
            deal["declarations"] = [
                {"seat": s, "crib": crib, "declared": d, "claimed": claimed}
                for s, crib, d, claimed in log.declarations
            ]
        deals.append(deal)
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.to_json(),
        "seats": names,
        "seed": game.seed,
        "cut": [{"seat": s, "card": str(c)} for s, c in game.cuts],
        **({"start": {"scores": list(game.start_scores), "dealer": game.deals[0].dealer}}
           if game.start_scores is not None and game.deals else {}),
        "deals": deals,
        "pegs": [peg_json(m) for m in game.pegs],
        "winner": game.winner,
        "final": [game.score(s) for s in range(n)] if game.winner is not None else None,
        "skunk": game.skunk(),
    }


def peg_json(move: PegMove) -> dict[str, Any]:
    return {
        "deal": move.deal,
        "seat": move.seat,
        "points": move.points,
        "reason": move.reason.value,
        "items": [{"kind": i.kind.value, "points": i.points} for i in move.items],
        "front": move.front,
        "back": move.back,
    }


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Replayed:
    game: Game
    seats: tuple[str, ...]


def replay(record: dict[str, Any]) -> Replayed:
    """Rebuild the game a record describes and check it against the record's pegs and result."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {record.get('format')!r}")
    if record.get("version") != VERSION:
        raise RecordError(f"unsupported record version {record.get('version')!r}")
    try:
        rules = Rules.from_json(record.get("rules", {}))
    except (RulesError, TypeError, ValueError) as exc:
        raise RecordError(f"rules: {exc}") from None
    seats = record.get("seats")
    if not isinstance(seats, list) or len(seats) != rules.players:
        raise RecordError(f"seats must list {rules.players} names")
    start = record.get("start")
    where = "cut"
    try:
        game = (Game.at_position(rules, start["scores"], int(start["dealer"])) if start
                else Game(rules))
    except (GameError, KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"start: {exc}") from None
    try:
        for entry in _list(record, "cut"):
            game.apply(Cut(int(entry["seat"]), _card(entry["card"])))
        for i, deal in enumerate(_list(record, "deals")):
            where = f"deal {i}"
            _replay_deal(game, deal, where)
    except (GameError, CardError, KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"{where}: {exc}") from None
    _check_pegs(game, record)
    return Replayed(game, tuple(str(s) for s in seats))


def _replay_deal(game: Game, deal: dict[str, Any], where: str) -> None:
    if deal.get("dealer") != game.dealer:
        raise RecordError(f"{where}: dealer {deal.get('dealer')!r}, but the rules make it {game.dealer}")
    hands = tuple(tuple(_card(c) for c in h) for h in deal["hands"])
    game.apply(Deal(hands, tuple(_card(c) for c in deal.get("deck_to_crib", []))))
    log = game.deals[-1]
    for seat, cards in enumerate(deal.get("discards") or []):
        if cards is not None:
            game.apply(Discard(seat, tuple(_card(c) for c in cards)))
    if deal.get("starter") is None:
        return
    game.apply(Starter(_card(deal["starter"])))
    for k, play in enumerate(deal.get("plays", [])):
        if game.over:
            raise RecordError(f"{where}: play {k} comes after the game was won")
        if play.get("go"):
            game.apply(Go(int(play["seat"])))
        else:
            game.apply(Play(int(play["seat"]), _card(play["card"])))
            if "count" in play and play["count"] != log.plays[-1][2]:
                raise RecordError(f"{where}: play {k} says count {play['count']}, "
                                  f"the cards make {log.plays[-1][2]}")
    for decl in deal.get("declarations", []):
        if game.over:
            break
        game.apply(Declare(int(decl["seat"]), int(decl["declared"])))
        if decl.get("claimed") is not None and not game.over:
            game.apply(Muggins(game.to_act()[0], bool(decl["claimed"])))


def _check_pegs(game: Game, record: dict[str, Any]) -> None:
    expected = _list(record, "pegs")
    actual = [peg_json(m) for m in game.pegs]
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        for key in ("deal", "seat", "points", "reason", "front", "back"):
            if want.get(key) != got[key]:
                raise RecordError(f"peg {i}: {key} is {want.get(key)!r} in the record, "
                                  f"the engine makes it {got[key]!r}")
    if len(expected) != len(actual):
        raise RecordError(f"the record has {len(expected)} peg moves, the engine makes {len(actual)}")
    if record.get("winner") != game.winner:
        raise RecordError(f"winner is {record.get('winner')!r} in the record, "
                          f"the engine makes it {game.winner!r}")
    if game.winner is not None:
        final = [game.score(s) for s in range(game.rules.players)]
        if record.get("final") != final:
            raise RecordError(f"final is {record.get('final')!r} in the record, the engine makes {final}")


def _list(record: dict[str, Any], key: str) -> list[Any]:
    value = record.get(key, [])
    if not isinstance(value, list):
        raise RecordError(f"{key} must be a list")
    return value


def _card(text: Any) -> Card:
    if not isinstance(text, str):
        raise CardError(f"a card is text like '5H', not {text!r}")
    return parse_card(text)


def read_lines(lines: Iterable[str]) -> Iterator[tuple[int, dict[str, Any] | RecordError]]:
    """(line number, record or the error reading it) for each non-blank JSON line."""
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield n, json.loads(line)
        except json.JSONDecodeError as exc:
            yield n, RecordError(f"not JSON: {exc}")
