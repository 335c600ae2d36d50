"""Table mode's inputs as a person types them, against a model of the table: names (any text, in any script, with
control characters), players typed by number or name, points typed in any form, undo, next deal and end in any
order. A table starts only with names a person can tell apart; a typed number pegs the player it counts to from 1;
only points in ASCII digits from 1 to 29 move a peg; an ended table never changes; and no reply carries a
control character or runs long, whatever was typed. Also: `clip`, the one way typed text is shown back."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.app.commands import (
    ReadTable,
    TableEnd,
    TableNextDeal,
    TablePeg,
    TableStart,
    TableStatus,
    TableUndo,
)
from bot.app.controller import Controller, Member, TablePlayer
from bot.app.shown.replies import Answer
from bot.storage import SqliteStorage
from engine.core.errors import clip, escaped
from engine.core.typed import is_number_like, whole_number
from engine.table.session import name_key
from tests.fuzz.fuzzing import FUZZ, any_char, hostile_text, scaled

ANN = Member("u1", "ann")
places = itertools.count()

name_text = st.one_of(hostile_text, st.sampled_from(["Ann", "ann", "ＡＮＮ", "Zoë", "Zoe\u0308", "1", "0", "٣", "+2",
                                                     "A\x1bnn", "B\nob", "C\x00y", "Dee\u202e", "Ed", "ed ", "#1"]))
seat_text = st.one_of(st.sampled_from(["1", "2", "3", "4", "0", "5", " 2 ", "01", "١", "２", "+1", "#1", "1_0", "-1",
                                       "9" * 30]), name_text, st.integers(-2, 5))
point_text = st.one_of(st.sampled_from(["1", "5", "29", "30", "0", "-5", " 12 ", "1_0", "+5", "５", "١٢", "²", "12.0",
                                        "9" * 5000, "5H 5C 5D JS 5S", "5H 5C 5D JS 5S crib"]), hostile_text,
                       st.integers(-3, 32))
actions = st.lists(st.one_of(st.tuples(st.just("peg"), seat_text, point_text, st.one_of(st.none(), hostile_text)),
                             st.tuples(st.just("undo")), st.tuples(st.just("deal")), st.tuples(st.just("status")),
                             st.tuples(st.just("end"))), max_size=8)


@pytest.fixture(scope="module")
def controller() -> Iterator[Controller]:
    c = Controller(SqliteStorage(":memory:"), images=False, seeds=lambda: 9)
    yield c
    c.close()
    c.storage.close()


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def clean(answer: Answer) -> None:
    """A reply whatever was typed: its lines free of control characters, and short."""
    assert isinstance(answer, Answer) and len(answer.text) < 3000, answer.text[:300]
    assert all(escaped(line) == line for line in answer.text.split("\n")), answer.text[:300]


def seat_of(typed: Any, names: tuple[str, ...]) -> int | None:
    """The model: the seat a typed player means, or None when it names none (or two)."""
    if isinstance(typed, int):
        return typed if 0 <= typed < len(names) else None
    text = str(typed).strip()
    if is_number_like(text):
        number = whole_number(text, 1, len(names))
        return None if number is None else number - 1
    found = [i for i, name in enumerate(names) if name_key(name) == name_key(text)]
    return found[0] if len(found) == 1 else None


def points_of(typed: Any) -> int | None:
    """The model: points a typed value pegs as a number (cards are scored, and left out here)."""
    if isinstance(typed, int):
        return typed if 1 <= typed <= 29 else None
    return whole_number(str(typed).strip(), 1, 29)


@scaled(1.0)
@given(st.lists(name_text, min_size=2, max_size=4))
def test_a_table_starts_only_with_names_a_person_can_tell_apart(controller: Controller, names: list[str]) -> None:
    place = f"names-{next(places)}"
    answer = run(controller.run(TableStart(place, [TablePlayer(n) for n in names], ANN, 121)))
    clean(answer)
    kept = [n.strip()[:32] for n in names]
    sound = (all(k and escaped(k) == k and not is_number_like(k) for k in kept)
             and len({name_key(k) for k in kept}) == len(kept))
    assert answer.ok == sound, (names, answer.text)
    if answer.ok:
        session = run(controller.run(ReadTable(place)))
        assert session is not None and session.names == tuple(kept)


@FUZZ
@given(actions)
def test_typed_pegs_hit_the_seat_counted_from_one_and_an_ended_table_stays_ended(controller: Controller,
                                                                                 steps: list[tuple[Any, ...]]) -> None:
    place = f"pegs-{next(places)}"
    names = ("Ann", "Bob", "Cy")
    assert run(controller.run(TableStart(place, [TablePlayer(n, "u1" if n == "Ann" else "") for n in names], ANN,
                                      121))).ok
    table = _table_id(controller, place)
    ended = False
    for step in steps:
        before = run(controller.run(ReadTable(table)))
        answer = _do(controller, place, table, step)
        clean(answer)
        after = run(controller.run(ReadTable(table)))
        if step[0] == "end":
            ended = ended or answer.ok
        elif ended:  # nothing changes an ended table
            assert after.to_json() == before.to_json() and (step[0] == "status" or not answer.ok), step
        elif step[0] == "peg":
            _check_peg(step, answer, before.over, before.scores, after.scores, names)


def _do(controller: Controller, place: str, table: str, step: tuple[Any, ...]) -> Answer:
    if step[0] == "peg":
        return run(controller.run(TablePeg(table, ANN, *step[1:])))
    if step[0] == "undo":
        return run(controller.run(TableUndo(table, ANN)))
    if step[0] == "deal":
        return run(controller.run(TableNextDeal(table, ANN)))
    if step[0] == "status":
        return run(controller.run(TableStatus(table)))
    return run(controller.run(TableEnd(place, ANN)))


def _check_peg(step: tuple[Any, ...], answer: Answer, over: bool, before: tuple[int, ...], after: tuple[int, ...],
               names: tuple[str, ...]) -> None:
    """A peg moves the typed seat's peg by the typed points, or is refused and moves nothing."""
    _, seat, points, _ = step
    who, value = seat_of(seat, names), points_of(points)
    if over or who is None:
        assert not answer.ok and after == before, step
    elif value is not None:
        assert answer.ok, (step, answer.text)
        assert after == tuple(s + value if k == who else s for k, s in enumerate(before)), step
    elif isinstance(points, int) or is_number_like(str(points).strip()):  # '+5', '1_0', '５', 30: never points
        assert not answer.ok and after == before, (step, answer.text)
    else:  # cards, scored, or refused
        assert after == before if not answer.ok else after[who] > before[who], step


def _table_id(controller: Controller, place: str) -> str:
    stored = controller.storage.table_at(place, live_only=False)
    assert stored is not None
    return stored.id


@FUZZ
@given(st.text(any_char, max_size=300), st.integers(2, 120))
def test_clip_shows_no_control_character_and_keeps_to_its_limit(text: str, limit: int) -> None:
    shown = clip(text, limit)
    assert len(shown) <= limit and escaped(shown) == shown
    if len(text) <= limit and escaped(text) == text:
        assert shown == text
    elif shown.endswith("…"):
        assert escaped(text).startswith(shown[:-1])
    else:
        assert shown == escaped(text)
