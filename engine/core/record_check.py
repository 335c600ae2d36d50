"""What a replayed record is checked against once its actions have gone through the engine: every peg move (its
items too), the result (winner, final, skunk), the seed that dealt it and the seat changes. A record that states
anything the game it describes did not do is refused, saying the first difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action, Cut, Deal, Starter
from engine.core.errors import excerpt
from engine.core.game import Game, GameError

CHANCE = (Cut, Deal, Starter)
"""The actions chance takes: a seeded game draws these itself."""


class RecordMismatch(ValueError):
    """A record's field that is not what the replayed game makes (engine.core.record turns it into a RecordError)."""


def same(stored: object, made: object) -> bool:
    """Whether a record's value is the engine's, kind and all: true is not seat 1, false not seat 0, 121.0 not 121."""
    if isinstance(made, list):
        return isinstance(stored, list) and len(stored) == len(made) and all(map(same, stored, made))
    if isinstance(made, dict):
        return isinstance(stored, dict) and stored.keys() == made.keys() and all(same(stored[k], made[k]) for k in made)
    return type(stored) is type(made) and stored == made


PEG_KEYS = ("deal", "seat", "points", "reason", "front", "back")


def check_pegs(expected: list[Any], made: list[dict[str, Any]]) -> None:
    """Every peg move as the record has it against the engine's, its items (kind and points, in order) too."""
    for i, (want, got) in enumerate(zip(expected, made, strict=False)):
        if not isinstance(want, dict):
            raise RecordMismatch(f"peg {i} must be a JSON object, not {excerpt(want)}")
        for key in PEG_KEYS:
            if not same(want.get(key), got[key]):
                raise RecordMismatch(f"peg {i}: {key} is {excerpt(want.get(key))} in the record, "
                                     f"the engine makes it {got[key]!r}")
        _check_items(i, want.get("items"), got["items"])
    if len(expected) != len(made):
        raise RecordMismatch(f"the record has {len(expected)} peg moves, the engine makes {len(made)}")


def _check_items(peg: int, stored: object, made: list[dict[str, Any]]) -> None:
    """A move's items as the record lists them (keys a reader does not know are passed over): the first that
    differs is named."""
    if not isinstance(stored, list):
        raise RecordMismatch(f"peg {peg}: items must be a list, not {excerpt(stored)}")
    for j, want in enumerate(made):
        item = stored[j] if j < len(stored) else None
        if not (isinstance(item, dict) and same(item.get("kind"), want["kind"])
                and same(item.get("points"), want["points"])):
            said = excerpt(item, 80) if j < len(stored) else "missing"
            raise RecordMismatch(f"peg {peg}: item {j} is {said} in the record, the engine makes {want['kind']} "
                                 f"{want['points']}")
    if len(stored) > len(made):
        raise RecordMismatch(f"peg {peg}: item {len(made)} is {excerpt(stored[len(made)], 80)} in the record, "
                             f"the engine makes no more items")


def check_result(game: Game, record: dict[str, Any]) -> None:
    """`winner`, `final` and `skunk` as the game ended, or left out (or null) while it runs: a result stated for an
    unfinished game, a skunk invented or dropped, is a difference."""
    if not same(record.get("winner"), game.winner):
        raise RecordMismatch(f"winner is {excerpt(record.get('winner'))} in the record, "
                             f"the engine makes it {game.winner!r}")
    final = [game.score(s) for s in range(game.rules.players)] if game.winner is not None else None
    if not same(record.get("final"), final):
        said = "the game has not ended" if final is None else f"the engine makes {final}"
        raise RecordMismatch(f"final is {excerpt(record.get('final'))} in the record, {said}")
    skunk = game.skunk()
    if "skunk" not in record and skunk is None:
        return
    if not same(record.get("skunk", "missing"), skunk):
        why = "the game has not ended" if game.winner is None else \
            "its rules report no skunks" if not game.rules.skunk else \
            "the game ended with no skunk" if skunk is None else f"the engine makes it {skunk!r}"
        shown = "missing" if "skunk" not in record else excerpt(record["skunk"])
        raise RecordMismatch(f"skunk is {shown} in the record, {why}")


def check_seed(record: dict[str, Any], game: Game, applied: Sequence[Action]) -> None:
    """A whole-number seed must deal what the record holds: the players' actions (of `applied`, every action the
    replay took) are played again on a game dealt by the seed, and its cuts, hands and starters compared.
    A null seed (a game dealt from outside, such as a real table) is not checked."""
    seed = record.get("seed")
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordMismatch(f"seed must be a whole number or null, not {excerpt(seed)}")
    dealt = _dealt(game, seed)
    for action in applied:
        if isinstance(action, CHANCE):
            continue
        try:
            dealt.apply(action)
        except GameError:
            break  # the seed dealt other cards: the comparison names the first difference
    _compare_chance(seed, game, dealt)


def _dealt(game: Game, seed: int) -> Game:
    """A new game as `game` began (at its given scores and dealer, when it had them), dealt by `seed`."""
    if game.start_scores is None:
        return Game(game.rules, seed=seed)
    return Game.at_position(game.rules, game.start_scores, game.deals[0].dealer, seed=seed)


def _compare_chance(seed: int, game: Game, dealt: Game) -> None:
    if game.cuts != dealt.cuts[:len(game.cuts)]:
        raise RecordMismatch(f"seed {seed} cuts {_cards(c for _, c in dealt.cuts)}, the record's cut is "
                             f"{_cards(c for _, c in game.cuts)}")
    for i, log in enumerate(game.deals):
        if not log.hands:
            continue
        made = dealt.deals[i] if i < len(dealt.deals) else None
        if made is None or (made.hands, made.deck_to_crib) != (log.hands, log.deck_to_crib):
            raise RecordMismatch(f"deal {i}: seed {seed} does not deal the record's hands")
        if log.starter is not None and made.starter != log.starter:
            raise RecordMismatch(f"deal {i}: seed {seed} turns {made.starter} for the starter, the record has "
                                 f"{log.starter}")


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards) or "nothing"


def check_seat_changes(record: dict[str, Any], game: Game, actions: int) -> None:
    """`seat_changes`, when present: each a seat of the game, names as text, at a number of actions the game had,
    in order."""
    changes = record.get("seat_changes")
    if changes is None:
        return
    if not isinstance(changes, list):
        raise RecordMismatch(f"seat_changes must be a list, not {excerpt(changes)}")
    last = 0
    for k, change in enumerate(changes):
        if not isinstance(change, dict):
            raise RecordMismatch(f"seat change {k} must be a JSON object, not {excerpt(change)}")
        seat, version = change.get("seat"), change.get("version")
        if type(seat) is not int or not 0 <= seat < game.rules.players:
            raise RecordMismatch(f"seat change {k}: seat {excerpt(seat)} is not a seat of the game")
        if not all(isinstance(change.get(key), str) for key in ("was", "by")):
            raise RecordMismatch(f"seat change {k}: was and by must be names")
        if type(version) is not int or not last <= version <= actions:
            raise RecordMismatch(f"seat change {k}: version {excerpt(version)} is not a point of the game "
                                 f"(from {last} to {actions})")
        last = version


def check_whole(record: dict[str, Any]) -> None:
    """A member's or a spectator's view of a running game leaves out what they did not see: it does not replay."""
    view = record.get("view")
    if isinstance(view, dict) and view.get("redacted") is True:
        raise RecordMismatch("a redacted view of a running game does not replay (the finished game's record does)")
