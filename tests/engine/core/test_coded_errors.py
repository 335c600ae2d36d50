"""The engine's other refusals of user input as values: table mode, rules and counting practice."""

import pickle
from collections.abc import Callable

import pytest

from engine.analysis.practice import PracticeError, PracticeProblem, check, deal_drill
from engine.core.errors import CodedError
from engine.core.rules import Rules, RulesError, RulesProblem
from engine.table.session import Peg, Reason, TableProblem, TableScoreError, TableSession


def two() -> TableSession:
    return TableSession(Rules(), ["Ann", "Bob"])


def dealt() -> TableSession:
    session = two()
    session.set_dealer(0)
    return session


def won() -> TableSession:
    session = TableSession(Rules(target=61), ["Ann", "Bob"])
    for _ in range(3):
        session.peg(0, 29)
    return session


def stored(actions: list[object]) -> dict[str, object]:
    return {**two().to_json(), "actions": actions}


TABLE_CASES: list[tuple[Callable[[], object], TableProblem, dict[str, object], str]] = [
    (lambda: TableSession.from_json(stored(["peg 4"])), TableProblem.BAD_LOG,
     {"index": 0, "action": "peg 4", "cause": TableProblem.ACTION_NOT_OBJECT},
     "action 0 of the table log ('peg 4') does not replay: an action must be an object, not 'peg 4'"),
    (lambda: TableSession.from_json(stored([{"do": "shuffle"}])), TableProblem.BAD_LOG,
     {"index": 0, "action": {"do": "shuffle"}, "cause": TableProblem.UNKNOWN_ACTION},
     "action 0 of the table log ({'do': 'shuffle'}) does not replay: unknown action 'shuffle': expected one of "
     "peg, dealer, next_deal"),
    (lambda: two().peg(0, 3, "pegging"), TableProblem.BAD_REASON, {"reason": "pegging"},
     "reason 'pegging' is not one of play, go, last, heels, hand, crib, muggins, other"),
    (lambda: TableSession("rules", ["Ann", "Bob"]), TableProblem.NOT_RULES, {"rules": "rules"},
     "rules must be engine.core.rules.Rules, not 'rules'"),
    (lambda: TableSession(Rules(3), ["Ann", "Bob"]), TableProblem.NAME_COUNT,
     {"expected": 3, "got": 2, "names": ("Ann", "Bob")}, "3 seat names needed for 3 players, got 2: ['Ann', 'Bob']"),
    (lambda: TableSession(Rules(), ["Ann", " "]), TableProblem.BAD_NAME, {"seat": 1, "name": " "},
     "seat 1 name ' ' is not a non-empty text"),
    (lambda: TableSession(Rules(), ["Ann", "A\x1b[2Jnn"]), TableProblem.BAD_NAME, {"seat": 1, "name": "A\x1b[2Jnn"},
     "seat 1 name 'A\\x1b[2Jnn' holds a control character"),
    (lambda: TableSession(Rules(3), ["Ann", "Bob", "ＡＮＮ"]), TableProblem.SAME_NAME,
     {"seat": 2, "name": "ＡＮＮ", "other": 0},
     "seat 2 name 'ＡＮＮ' is the name of seat 0 ('Ann'): each player needs a name of their own"),
    (lambda: TableSession(Rules(), ["Ann", "1"]), TableProblem.NUMBER_NAME, {"seat": 1, "name": "1"},
     "seat 1 name '1' is a number: players are also typed by number, so a name must not be one"),
    (lambda: two().undo(), TableProblem.NOTHING_TO_UNDO, {}, "nothing to undo: the table log is empty"),
    (lambda: two().team_name(2), TableProblem.NO_TEAM, {"team": 2, "teams": 2}, "team 2 is not 0-1"),
    (lambda: TableSession.from_json([]), TableProblem.SESSION_NOT_OBJECT, {"session": []},
     "a table session must be an object, not list"),
    (lambda: TableSession.from_json({**two().to_json(), "format": "x"}), TableProblem.NOT_A_SESSION,
     {"format": "x", "version": 1}, "not a cribbage-table version 1 session: format 'x', version 1"),
    (lambda: TableSession.from_json({**two().to_json(), "rules": {"players": 7}}), TableProblem.BAD_RULES,
     {"rules": {"players": 7}, "error": "players must be 2, 3 or 4, not 7"},
     "the session's rules do not make a game: players must be 2, 3 or 4, not 7"),
    (lambda: TableSession.from_json({**two().to_json(), "names": "Ann"}), TableProblem.NAMES_NOT_LIST,
     {"names": "Ann"}, "the session's names must be a list, not 'Ann'"),
    (lambda: TableSession.from_json({**two().to_json(), "actions": None}), TableProblem.ACTIONS_NOT_LIST,
     {"actions": None}, "the session's actions must be a list, not None"),
    (lambda: two().peg(2, 4), TableProblem.NO_SEAT, {"seat": 2, "players": 2}, "seat 2 is not 0-1 in a 2-player game"),
    (lambda: won().peg(1, 1), TableProblem.GAME_OVER, {"seat": 0, "target": 61},
     "the game is over: seat 0 reached 61; undo to change it"),
    (lambda: two().peg(0, 30), TableProblem.BAD_POINTS, {"seat": 0, "points": 30, "most": 29},
     "points 30 for seat 0 is not 1-29"),
    (lambda: two().peg(0, 3, note="x" * 201), TableProblem.BAD_NOTE, {"note": "x" * 201, "most": 200},
     f"note {'x' * 201!r} is not a text of at most 200 characters"),
    (lambda: dealt().set_dealer(0), TableProblem.ALREADY_DEALS, {"seat": 0}, "seat 0 already deals"),
    (lambda: two().next_deal(), TableProblem.NO_DEALER, {}, "who deals is not known: set the dealer (the cut) first"),
    (lambda: two()._do("peg"), TableProblem.NOT_AN_ACTION, {"action": "peg"},
     "'peg' is not a table action (Peg, SetDealer or NextDeal)"),
]


@pytest.mark.parametrize(("call", "code", "fields", "message"), TABLE_CASES,
                         ids=[f"{i}-{case[1].name}" for i, case in enumerate(TABLE_CASES)])
def test_table_refusal_has_its_code_and_fields(call: Callable[[], object], code: TableProblem,
                                               fields: dict[str, object], message: str) -> None:
    with pytest.raises(TableScoreError) as caught:
        call()
    assert (caught.value.code, dict(caught.value.fields), str(caught.value)) == (code, fields, message)


@pytest.mark.parametrize(("action", "cause", "inner"), [
    ({"do": "peg", "seat": 0, "points": 3, "colour": "red"}, TableProblem.UNEXPECTED_FIELDS,
     "unexpected field(s) 'colour' in a peg action"),
    ({"do": "dealer", "seat": "0"}, TableProblem.NO_SEAT, "seat '0' is not 0-1 in a 2-player game"),
    ({"do": "peg", "seat": 1, "points": 40}, TableProblem.BAD_POINTS, "points 40 for seat 1 is not 1-29"),
])
def test_a_stored_action_is_checked_as_a_move_is(action: dict[str, object], cause: TableProblem, inner: str) -> None:
    with pytest.raises(TableScoreError) as caught:
        TableSession.from_json(stored([action]))
    assert caught.value.code is TableProblem.BAD_LOG
    assert dict(caught.value.fields) == {"index": 0, "action": action, "cause": cause}
    assert str(caught.value) == f"action 0 of the table log ({action!r}) does not replay: {inner}"


def test_every_table_problem_is_triggered() -> None:
    causes = {case[2].get("cause") for case in TABLE_CASES} | {TableProblem.UNEXPECTED_FIELDS}
    assert {case[1] for case in TABLE_CASES} | causes - {None} == set(TableProblem)


def test_a_stored_log_replays_into_the_same_moves() -> None:
    session = dealt()
    session.peg(1, 4, "hand", note="a double run")
    assert TableSession.from_json(session.to_json()).log == session.log
    assert session.log[-1] == Peg(1, 4, Reason.HAND, "a double run")


@pytest.mark.parametrize(("make", "code", "fields", "message"), [
    (lambda: Rules(players=5), RulesProblem.PLAYERS, {"players": 5, "allowed": (2, 3, 4)},
     "players must be 2, 3 or 4, not 5"),
    (lambda: Rules(target=100), RulesProblem.TARGET, {"target": 100, "allowed": (121, 61)},
     "target must be 121 or 61, not 100"),
    (lambda: Rules.from_json([2]), RulesProblem.NOT_AN_OBJECT, {"rules": [2]}, "rules must be an object, not [2]"),
])
def test_rules_refusals(make: Callable[[], object], code: RulesProblem, fields: dict[str, object],
                        message: str) -> None:
    with pytest.raises(RulesError) as caught:
        make()
    assert (caught.value.code, dict(caught.value.fields), str(caught.value)) == (code, fields, message)


def test_stored_rules_still_take_numerals_and_refuse_other_types() -> None:
    assert Rules.from_json({"players": "3", "target": 61.0}) == Rules(3, 61)
    with pytest.raises(TypeError, match="a whole number is needed, not NoneType None"):
        Rules.from_json({"players": None})


def test_practice_refusal() -> None:
    with pytest.raises(PracticeError) as caught:
        check(100, deal_drill(1).breakdown)
    assert (caught.value.code, dict(caught.value.fields), str(caught.value)) == (
        PracticeProblem.BAD_DECLARED, {"declared": 100, "most": 99},
        "a declared count is a whole number from 0 to 99, not 100")


def test_coded_errors_pickle_as_themselves() -> None:
    for exc in (RulesError(RulesProblem.TARGET, "target must be 121 or 61, not 100", target=100, allowed=(121, 61)),
                TableScoreError(TableProblem.NO_DEALER, "who deals is not known")):
        back = pickle.loads(pickle.dumps(exc))
        assert isinstance(back, CodedError) and type(back) is type(exc)
        assert (back.code, dict(back.fields), str(back)) == (exc.code, dict(exc.fields), str(exc))
