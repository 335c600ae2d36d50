"""The controller's typed commands with forged values (cards not held, None, huge or negative numbers,
unicode digits): each answers with a reply or raises one of the project's own errors, and the game it
touched stays whole (its log in step with memory, still playable)."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.app.commands import (
    AnalyzeDiscards,
    AnswerDrill,
    ChangeSetting,
    DailyHand,
    DeclareMuggins,
    DeclareOwnCount,
    MakeMove,
    ReviewDeal,
    ScoreHand,
    ShowHand,
    TablePeg,
    TableStart,
    TableStatus,
)
from bot.app.controller import Controller, ControllerError, Member, NewGame, TablePlayer, game_rules
from bot.app.game.moves import BadMove, ClaimMuggins, LayAway, PlayCard, SayGo
from bot.app.shown.replies import Answer, Reply
from bot.settings import Scope
from bot.storage import SqliteStorage
from engine.core.cards import DECK
from engine.core.rules import STANDARD, Rules
from tests.fuzz.fuzzing import hostile_text, scaled

ANN = Member("u1", "ann")
CURRENT = object()
"""Stands for the game's version at the moment the command is sent (so some forged moves are in time)."""

versions = st.one_of(st.just(CURRENT), st.just(CURRENT), st.integers(-(2**70), 2**70), hostile_text, st.none(),
                     st.booleans())
forged_card = st.one_of(st.sampled_from(DECK), st.none(), hostile_text, st.integers(), st.sampled_from(["5H", b"5H"]))
counts = st.one_of(st.integers(-(2**70), 2**70), st.integers(-3, 32), hostile_text, st.none(), st.floats(),
                   st.sampled_from(["²", "١٢", "9" * 5000, " 12 ", "-0"]))
commands = st.one_of(
    st.tuples(st.just("lay"), st.one_of(st.lists(forged_card, max_size=4), st.none(), hostile_text), versions),
    st.tuples(st.just("play"), forged_card, versions),
    st.tuples(st.just("go"), versions),
    st.tuples(st.just("muggins"), counts, versions),
    st.tuples(st.just("claim"), st.one_of(st.booleans(), st.none(), hostile_text), versions),
    st.tuples(st.just("declare"), st.integers(-5, 2**70), st.booleans(), counts),
    st.tuples(st.just("review"), st.one_of(st.integers(-(2**70), 2**70), st.none(), hostile_text)),
    st.tuples(st.just("hand"), st.one_of(st.just("u1"), hostile_text, st.none())),
)


@pytest.fixture(scope="module")
def controller() -> Iterator[Controller]:
    numbers = itertools.count()
    c = Controller(SqliteStorage(":memory:"), images=False, ids=lambda: f"g{next(numbers)}", seeds=lambda: 9)
    yield c
    c.close()
    c.storage.close()


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def send(c: Controller, game: str, command: tuple[Any, ...]) -> Reply | Answer:
    kind, *values = command
    now = run(c.run(ShowHand(ANN, game))).version
    values = [now if v is CURRENT else v for v in values]
    if kind == "lay":
        cards = tuple(values[0]) if isinstance(values[0], (list, tuple)) else values[0]  # a door's sequence, as given
        return run(c.run(MakeMove(ANN, game, values[1], LayAway(cards))))
    if kind == "play":
        return run(c.run(MakeMove(ANN, game, values[1], PlayCard(values[0]))))
    if kind == "go":
        return run(c.run(MakeMove(ANN, game, values[0], SayGo())))
    if kind == "muggins":
        return run(c.run(DeclareMuggins(ANN, game, values[1], values[0])))
    if kind == "claim":
        return run(c.run(MakeMove(ANN, game, values[1], ClaimMuggins(values[0]))))
    if kind == "declare":
        return run(c.run(DeclareOwnCount(ANN, game, values[0], values[1], values[2])))
    if kind == "review":
        return run(c.run(ReviewDeal(ANN, game, values[0])))
    return run(c.run(ShowHand(Member(values[0], "x") if isinstance(values[0], str) else values[0], game)))


@pytest.mark.parametrize("muggins", [False, True])
def test_forged_moves_are_answered_or_refused_and_the_game_stays_whole(controller: Controller, muggins: bool) -> None:
    reply = run(controller.run(NewGame(f"chan-{muggins}", ANN, ("easy",), Rules(muggins=muggins),
                                            self_count=not muggins)))
    game = reply.game
    assert game is not None

    @scaled(1.0)
    @given(st.lists(commands, min_size=1, max_size=6))
    def forged(sequence: list[tuple[Any, ...]]) -> None:
        for command in sequence:
            try:
                answer = send(controller, game, command)
            except (BadMove, ControllerError):
                continue
            assert isinstance(answer, Reply | Answer)
            note = getattr(answer, "note", "") or getattr(answer, "text", "")
            assert len(note) < 2000, note[:200]
        hand = run(controller.run(ShowHand(ANN, game)))
        assert hand.ok and hand.version == controller.storage.action_count(game)  # memory and the log agree
        controller.games.forget(game)
        assert run(controller.run(ShowHand(ANN, game))).version == hand.version  # and the log replays to the same place

    forged()


@scaled(0.6)
@given(st.one_of(st.integers(-(2**80), 2**80), st.none()), st.one_of(st.sampled_from([121, 61]), st.integers()),
       st.one_of(st.sampled_from(["easy", "expert"]), hostile_text))
def test_a_new_game_with_any_options_starts_or_says_why_not(seed: int | None, target: int, difficulty: str) -> None:
    numbers = itertools.count()
    c = Controller(SqliteStorage(":memory:"), images=False, ids=lambda: f"n{next(numbers)}")
    try:
        rules = game_rules(STANDARD, {"target": target})
        reply = run(c.run(NewGame("here", ANN, (difficulty,), rules, seed=seed)))
        assert reply.ok and reply.game is not None
    except ControllerError as exc:
        assert len(str(exc)) < 300 and exc.code is not None
    finally:
        c.close()
        c.storage.close()


table_values = st.one_of(st.sampled_from(["²", "١", "٣", "0", "1", "ann", "ANN ", "-1", "9" * 5000, "5H 5C 5D JS 5S",
                                          "5H 5C 5D JS 5S crib", "29", "30"]),
                         hostile_text, st.integers(-(2**70), 2**70), st.none(), st.lists(st.integers(), max_size=2))


def test_table_pegs_with_unicode_digits_and_any_values(controller: Controller) -> None:
    started = run(controller.run(TableStart("table-place", [TablePlayer("ann", "u1"), TablePlayer("bob", "u2")], ANN,
                                         target=121)))
    assert started.ok

    @scaled(1.0)
    @given(st.lists(st.tuples(table_values, table_values, st.one_of(st.none(), hostile_text)), max_size=5))
    def pegs(sequence: list[tuple[Any, Any, Any]]) -> None:
        for seat, points, reason in sequence:
            answer = run(controller.run(TablePeg("table-place", ANN, seat, points, reason)))
            assert isinstance(answer, Answer) and len(answer.text) < 3000
        assert run(controller.run(TableStatus("table-place"))).ok

    pegs()


@scaled(0.6)
@given(hostile_text, hostile_text, st.one_of(st.none(), hostile_text), st.integers(-(2**80), 2**80), counts)
def test_the_companion_commands_answer_any_text(controller: Controller, cards: str, starter: str, scores: Any,
                                                seed: int, declared: Any) -> None:
    for answer in (run(controller.run(ScoreHand(cards, starter))),
                   run(controller.run(AnalyzeDiscards(cards, True, scores))),
                   run(controller.run(AnswerDrill(ANN, seed, False, declared))),
                   run(controller.run(DailyHand(cards))),
                   run(controller.run(ChangeSetting(Scope.MEMBER, "u1", starter, declared)))):
        assert isinstance(answer, Answer) and len(answer.text) < 3000
