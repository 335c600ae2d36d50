"""Game records (docs/record-format.md): write a game as one JSON object, and rebuild a game from one.

Rebuilding feeds the record's chance events and actions through the engine, so a record that
replays proves every point in it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.actions import Action, Cut, Deal, Declare, Discard, Go, Muggins, Play, Starter
from engine.core.cards import Card, CardError, parse_card
from engine.core.errors import excerpt
from engine.core.events import Event, PegMove
from engine.core.game import Game, GameError
from engine.core.muggins import MugginsDeclaration
from engine.core.record_check import (
    RecordMismatch,
    check_pegs,
    check_result,
    check_seat_changes,
    check_seed,
    check_whole,
    same,
)
from engine.core.rules import Rules, RulesError, stored_flag

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
            deal["declarations"] = [declaration_json(d) for d in log.declarations]
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


def declaration_json(decl: MugginsDeclaration) -> dict[str, Any]:
    """A declared count with every answer to it: the passes in order, then the claim, if one came."""
    return {"seat": decl.seat, "crib": decl.crib, "declared": decl.declared, "claimed": decl.claimed,
            "claimant": decl.claimant, "passes": list(decl.passes)}


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


MALFORMED = (GameError, CardError, KeyError, TypeError, ValueError, OverflowError, IndexError, RecursionError)
"""What reading a record of the wrong shape can raise (a seat of Infinity overflows int(), a list where an
object belongs has no key...): each becomes a RecordError naming where."""


class _Logged(Game):
    """A game that keeps every action it was given, so the record's seed can deal them again."""

    def __init__(self, rules: Rules | None = None, seed: int | None = None) -> None:
        super().__init__(rules, seed)
        self.applied: list[Action] = []

    def apply(self, action: Action) -> list[Event]:
        events = super().apply(action)
        self.applied.append(action)
        return events


def replay(record: object) -> Replayed:
    """Rebuild the game a record describes and check every field of the record against it (record_check): its
    pegs, result, seed and seat changes. Any record, whatever its shape, either replays or raises RecordError
    saying where it goes wrong."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {excerpt(record)}")
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {excerpt(record.get('format'))}")
    if type(record.get("version")) is not int or record.get("version") != VERSION:  # true is no version 1
        raise RecordError(f"unsupported record version {excerpt(record.get('version'))}")
    where = "rules"
    try:
        check_whole(record)
        rules = Rules.from_json(record.get("rules", {}))
        seats = record.get("seats")
        if not isinstance(seats, list) or len(seats) != rules.players or not all(isinstance(s, str) for s in seats):
            raise RecordError(f"seats must list {rules.players} names")
        where = "start"
        game = _start(rules, record.get("start"))
        where = "cut"
        for entry in _list(record, "cut"):
            entry = _object(entry, "a cut")
            game.apply(Cut(_seat(entry["seat"]), _card(entry["card"])))
        if game.dealer < 0 and _list(record, "deals"):
            raise RecordError("cut: the record's cut chooses no dealer, yet it has deals")
        for i, deal in enumerate(_list(record, "deals")):
            where = f"deal {i}"
            _replay_deal(game, _object(deal, "a deal"), where)
        where = "pegs"
        check_pegs(_list(record, "pegs"), [peg_json(m) for m in game.pegs])
        check_result(game, record)
        check_seed(record, game, game.applied)
        check_seat_changes(record, game, len(game.applied))
    except RecordError:
        raise
    except RecordMismatch as exc:
        raise RecordError(str(exc)) from None
    except RulesError as exc:
        raise RecordError(f"rules: {exc}") from None
    except MALFORMED as exc:
        raise RecordError(f"{where}: {_reason(exc)}") from None
    return Replayed(game, tuple(seats))


def _reason(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"{excerpt(exc.args[0] if exc.args else '')} is missing"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc)[:200] or type(exc).__name__


def _start(rules: Rules, start: object) -> _Logged:
    if not start:
        return _Logged(rules)
    start = _object(start, "start")
    scores = start["scores"]
    if not isinstance(scores, list) or not all(type(s) is int for s in scores):
        raise RecordError(f"start: scores must be a list of whole numbers, not {excerpt(scores)}")
    game = _Logged.at_position(rules, scores, _seat(start["dealer"]))
    assert isinstance(game, _Logged)
    return game


def _object(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError(f"{what} must be a JSON object, not {excerpt(value)}")
    return value


def _seat(value: object) -> int:
    """A seat number as the record writes it: a small whole number (not Infinity, a numeral or true)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 4:
        raise ValueError(f"a seat is 0 to 3, not {excerpt(value)}")
    return value


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise TypeError(f"{what} must be a list of cards, not {excerpt(value)}")
    return tuple(_card(c) for c in value)


def _replay_deal(game: Game, deal: dict[str, Any], where: str) -> None:
    if not same(deal.get("dealer"), game.dealer):
        raise RecordError(f"{where}: dealer {excerpt(deal.get('dealer'))}, but the rules make it {game.dealer}")
    hands = deal["hands"]
    if not isinstance(hands, list):
        raise TypeError(f"hands must be a list, not {excerpt(hands)}")
    game.apply(Deal(tuple(_cards(h, "a hand") for h in hands), _cards(deal.get("deck_to_crib", []), "deck_to_crib")))
    log = game.deals[-1]
    discards = deal.get("discards") or []
    if not isinstance(discards, list):
        raise TypeError(f"discards must be a list, not {excerpt(discards)}")
    for seat, cards in enumerate(discards):
        if cards is not None:
            game.apply(Discard(seat, _cards(cards, "a discard")))
    if deal.get("starter") is None:
        for key in ("plays", "declarations"):
            if _list(deal, key):
                raise RecordError(f"{where}: it has {key} but no starter")
        return
    game.apply(Starter(_card(deal["starter"])))
    for k, play in enumerate(_list(deal, "plays")):
        play = _object(play, f"play {k}")
        if game.over:
            raise RecordError(f"{where}: play {k} comes after the game was won")
        if stored_flag(play.get("go", False), "go"):
            game.apply(Go(_seat(play["seat"])))
        else:
            game.apply(Play(_seat(play["seat"]), _card(play["card"])))
            if "count" in play and not same(play["count"], log.plays[-1][2]):
                raise RecordError(f"{where}: play {k} says count {excerpt(play['count'])}, "
                                  f"the cards make {log.plays[-1][2]}")
    _replay_declarations(game, _list(deal, "declarations"), where)


def _replay_declarations(game: Game, declarations: list[Any], where: str) -> None:
    """Every count declared in a muggins show and the answers to it, each checked against the engine's."""
    log = game.deals[-1]
    for k, decl in enumerate(declarations):
        decl = _object(decl, "a declaration")
        if game.over:
            raise RecordError(f"{where}: declaration {k} comes after the game was won")
        declared = decl["declared"]
        if isinstance(declared, bool) or not isinstance(declared, int):
            raise ValueError(f"declared must be a whole number, not {excerpt(declared)}")
        game.apply(Declare(_seat(decl["seat"]), declared))
        _replay_answers(game, decl)
        made = declaration_json(log.declarations[-1])
        said = {"claimed": decl.get("claimed"), "claimant": decl.get("claimant"), "passes": decl.get("passes", [])}
        keys = tuple(said) if "claimant" in decl else ("claimed",)  # an older record has `claimed` alone
        if any(not same(said[key], made[key]) for key in keys):
            raise RecordError(f"{where}: declaration {k} is {excerpt(decl, 120)} in the record, "
                              f"the engine makes it {made}")


def _replay_answers(game: Game, decl: dict[str, Any]) -> None:
    """The answers to one declared count: every pass in order, then the claim. A record written before
    every opponent could claim has `claimed` alone: its one answer came from the declarer's left, and a
    pass there lost the miss, so every seat that may claim now passes."""
    if "claimant" in decl:
        passes = decl.get("passes", [])
        if not isinstance(passes, list):
            raise TypeError(f"passes must be a list of seats, not {excerpt(passes)}")
        for seat in passes:
            game.apply(Muggins(_seat(seat), False))
        if decl["claimant"] is not None:
            game.apply(Muggins(_seat(decl["claimant"]), True))
    elif decl.get("claimed") is True and game.claimants():
        game.apply(Muggins(game.claimants()[0], True))
    elif decl.get("claimed") is False:
        for seat in game.claimants():
            game.apply(Muggins(seat, False))


def _list(record: dict[str, Any], key: str) -> list[Any]:
    value = record.get(key, [])
    if not isinstance(value, list):
        raise RecordError(f"{key} must be a list, not {excerpt(value)}")
    return value


def _card(text: Any) -> Card:
    if not isinstance(text, str):
        raise CardError(f"a card is text like '5H', not {excerpt(text)}")
    return parse_card(text)


def read_lines(lines: Iterable[str | bytes]) -> Iterator[tuple[int, object | RecordError]]:
    """(line number, the JSON value or the error reading it) for each non-blank line. Bytes are decoded
    line by line, so a line that is not UTF-8 is one error and the lines around it still read; a UTF-8 byte-order
    mark at the start is read past."""
    for n, line in enumerate(lines, start=1):
        if n == 1:  # a byte-order mark, as Windows editors write, starts the file, not its first record
            line = line.removeprefix(b"\xef\xbb\xbf") if isinstance(line, bytes) else line.removeprefix("\ufeff")
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield n, RecordError(f"not UTF-8 text: byte {line[exc.start]:#04x} at column {exc.start + 1}")
                continue
        if not line.strip():
            continue
        try:
            yield n, json.loads(line.rstrip("\r\n"))
        except json.JSONDecodeError as exc:
            yield n, RecordError(f"not JSON: {exc.msg} at column {exc.colno}")
        except RecursionError:
            yield n, RecordError("not readable: JSON nested too deeply")
        except ValueError as exc:  # a number too long to convert (over 4,300 digits)
            yield n, RecordError(f"not readable: {str(exc).split(':')[0][:120]}")
