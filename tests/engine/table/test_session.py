import json

import pytest

from engine.analysis.coaching import Par, Stance
from engine.analysis.winprob import Unavailable
from engine.core.rules import Rules, RulesError
from engine.table.session import (
    BoardPicture,
    DealCounts,
    NextDeal,
    Peg,
    Pegs,
    Reason,
    SetDealer,
    Skunk,
    TableScoreError,
    TableSession,
)


def two(target: int = 121) -> TableSession:
    return TableSession(Rules(2, target), ["Ann", "Bob"])


def snapshot(s: TableSession) -> tuple:
    return (s.tracks, s.dealer, s.deals, s.winner, s.log, s.result(), s.board())


def test_pegs_after_moves_front_and_back() -> None:
    s = two()
    assert s.tracks == (Pegs(0, 0), Pegs(0, 0))
    assert s.peg(0, 2, "heels") == Pegs(2, 0)
    assert s.peg(1, 6, Reason.PLAY) == Pegs(6, 0)
    assert s.peg(0, 12, "hand", note="15-8 and a pair") == Pegs(14, 2)
    assert s.peg(1, 29, "HAND") == Pegs(35, 6)
    assert s.scores == (14, 35)
    assert (s.front(1), s.back(1)) == (35, 6)
    assert s.log == (Peg(0, 2, Reason.HEELS), Peg(1, 6, Reason.PLAY), Peg(0, 12, Reason.HAND, "15-8 and a pair"),
                     Peg(1, 29, Reason.HAND))
    assert s.winner is None and s.result() is None and not s.over


def test_undo_restores_exactly_and_repeats_back_to_the_start() -> None:
    s = two()
    states = [snapshot(s)]
    s.set_dealer(1)
    states.append(snapshot(s))
    for seat, points in ((0, 5), (1, 3), (0, 1), (1, 8)):
        s.peg(seat, points, "play")
        states.append(snapshot(s))
    s.next_deal()
    states.append(snapshot(s))
    s.peg(0, 10, "hand")
    states.append(snapshot(s))
    assert s.tracks == (Pegs(16, 6), Pegs(11, 3))
    undone = []
    while s.log:
        states.pop()
        undone.append(s.undo())
        assert snapshot(s) == states[-1]
    assert undone == [Peg(0, 10, Reason.HAND), NextDeal(), Peg(1, 8, Reason.PLAY), Peg(0, 1, Reason.PLAY),
                      Peg(1, 3, Reason.PLAY), Peg(0, 5, Reason.PLAY), SetDealer(1)]
    assert s.tracks == (Pegs(0, 0), Pegs(0, 0)) and s.dealer is None
    with pytest.raises(TableScoreError, match="nothing to undo: the table log is empty"):
        s.undo()


def test_undo_puts_the_back_peg_where_it_was() -> None:
    s = two()
    s.peg(0, 7)
    s.peg(0, 4)
    s.peg(0, 9)
    assert s.pegs(0) == Pegs(20, 11)
    s.undo()
    assert s.pegs(0) == Pegs(11, 7)
    s.undo()
    assert s.pegs(0) == Pegs(7, 0)


def test_win_at_121_refuses_more_and_undo_unwins() -> None:
    s = two()
    for _ in range(4):
        s.peg(0, 29, "hand")
    s.peg(1, 29, "crib")
    s.peg(1, 29, "crib")
    s.peg(1, 28, "crib")
    assert s.tracks == (Pegs(116, 87), Pegs(86, 58))
    s.peg(0, 3, "play")
    assert s.winner is None  # 119: not yet
    s.peg(0, 2, "go")
    assert s.tracks == (Pegs(121, 119), Pegs(86, 58))
    assert s.winner == 0 and s.over
    result = s.result()
    assert result is not None
    assert (result.winner, result.team, result.scores, result.skunks, result.skunk) == (
        0, 0, (121, 86), (None, Skunk.SKUNK), Skunk.SKUNK)
    with pytest.raises(TableScoreError, match="the game is over: seat 0 reached 121; undo to change it"):
        s.peg(1, 4)
    with pytest.raises(TableScoreError, match="the game is over"):
        s.next_deal()
    with pytest.raises(TableScoreError, match="the game is over"):
        s.set_dealer(1)
    assert s.tracks == (Pegs(121, 119), Pegs(86, 58))
    assert s.undo() == Peg(0, 2, Reason.GO)
    assert s.winner is None and s.result() is None
    s.peg(1, 5)
    assert s.tracks == (Pegs(119, 116), Pegs(91, 86))


def test_a_move_past_the_target_wins_with_its_full_points_and_the_board_caps_it() -> None:
    s = two()
    s.peg(1, 29)
    s.peg(1, 29)
    s.peg(1, 29)
    s.peg(1, 29)
    s.peg(0, 29)
    s.peg(0, 29)
    s.peg(0, 3)
    s.peg(1, 12, "hand")
    assert s.scores == (61, 128) and s.winner == 1
    result = s.result()
    assert result is not None and result.skunks == (Skunk.SKUNK, None) and result.skunk is Skunk.SKUNK
    assert s.board() == BoardPicture((Pegs(61, 58), Pegs(121, 116)), winner=1, dealer=None, skunk_line=91)


def test_double_skunk_in_the_121_game_and_none_past_91() -> None:
    s = two()
    s.peg(1, 29)
    s.peg(1, 29)
    for _ in range(4):
        s.peg(0, 25)
    s.peg(0, 26)  # 126
    result = s.result()
    assert result is not None and result.scores == (126, 58) and result.skunk is Skunk.DOUBLE
    assert s.board().skunk_line == 61
    t = two()
    for _ in range(4):
        t.peg(1, 23)  # 92
    for _ in range(5):
        t.peg(0, 25)
    result = t.result()
    assert result is not None and result.skunk is None and t.board().skunk_line is None


def test_win_at_61_and_its_skunk_line() -> None:
    s = two(61)
    s.peg(1, 20)
    s.peg(0, 29)
    s.peg(0, 29)
    assert s.winner is None and s.scores == (58, 20)
    s.peg(0, 3, "last")
    assert s.winner == 0 and s.tracks == (Pegs(61, 58), Pegs(20, 0))
    result = s.result()
    assert result is not None and result.skunk is Skunk.SKUNK and result.skunks == (None, Skunk.SKUNK)
    assert s.board() == BoardPicture((Pegs(61, 58), Pegs(20, 0)), 0, None, 31)
    s.undo()
    s.peg(1, 11)
    s.peg(0, 3)
    result = s.result()
    assert result is not None and result.scores == (61, 31) and result.skunk is None
    assert not s.in_dealer_zone(0)  # zones belong to the 121 game


def test_refusals_name_the_bad_value_and_change_nothing() -> None:
    s = two()
    s.peg(0, 4)
    before = snapshot(s)
    cases = [
        (lambda: s.peg(2, 4), r"seat 2 is not 0-1 in a 2-player game"),
        (lambda: s.peg(-1, 4), r"seat -1 is not 0-1"),
        (lambda: s.peg(True, 4), r"seat True is not 0-1"),
        (lambda: s.peg(0, 0), r"points 0 for seat 0 is not 1-29"),
        (lambda: s.peg(0, 30), r"points 30 for seat 0 is not 1-29"),
        (lambda: s.peg(1, 2.0), r"points 2.0 for seat 1 is not 1-29"),
        (lambda: s.peg(0, 3, "pegging"), r"reason 'pegging' is not one of play, go, last, heels, hand, crib, "
                                         r"muggins, other"),
        (lambda: s.peg(0, 3, 7), r"reason 7 is not one of"),
        (lambda: s.peg(0, 3, note="x" * 201), r"note 'x+' is not a text of at most 200 characters"),
        (lambda: s.next_deal(), r"who deals is not known: set the dealer \(the cut\) first"),
        (lambda: s.set_dealer(3), r"seat 3 is not 0-1"),
        (lambda: s.pegs(5), r"seat 5 is not 0-1"),
    ]
    for call, message in cases:
        with pytest.raises(TableScoreError, match=message):
            call()
        assert snapshot(s) == before
    s.set_dealer(0)
    with pytest.raises(TableScoreError, match="seat 0 already deals"):
        s.set_dealer(0)


def test_sessions_that_are_not_games() -> None:
    with pytest.raises(RulesError, match="players must be 2, 3 or 4, not 5"):
        TableSession(Rules(5), ["a"] * 5)
    with pytest.raises(RulesError, match="target must be 121 or 61, not 100"):
        TableSession(Rules(2, 100), ["a", "b"])
    with pytest.raises(TableScoreError, match=r"3 seat names needed for 3 players, got 2: \['Ann', 'Bob'\]"):
        TableSession(Rules(3), ["Ann", "Bob"])
    with pytest.raises(TableScoreError, match="seat 1 name ' ' is not a non-empty text"):
        TableSession(Rules(2), ["Ann", " "])


def test_four_players_in_two_teams() -> None:
    s = TableSession(Rules(4), ["Ann", "Bob", "Cat", "Dan"])
    assert [s.team_name(t) for t in (0, 1)] == ["Ann & Cat", "Bob & Dan"]
    assert len(s.tracks) == 2
    s.set_dealer(3)
    s.peg(0, 2, "play")
    s.peg(2, 3, "play")  # Cat pegs on Ann's track
    s.peg(1, 1, "go")
    s.peg(3, 12, "crib")
    assert s.tracks == (Pegs(5, 2), Pegs(13, 1))
    assert (s.front(2), s.back(2), s.front(3)) == (5, 2, 13)
    assert s.log[2] == Peg(2, 3, Reason.PLAY)
    assert s.next_deal() == 0  # to the left of seat 3
    assert s.next_deal() == 1
    assert s.deal_counts(0) == DealCounts(1, 1) and s.deal_counts(2) == DealCounts(1, 1)
    assert s.deal_counts(1) == DealCounts(1, 1)
    for _ in range(4):
        s.peg(2, 29)
    assert s.winner == 2 and s.tracks[0] == Pegs(121, 92)
    result = s.result()
    assert result is not None and (result.winner, result.team, result.skunk) == (2, 0, Skunk.DOUBLE)
    assert s.board().winner == 0
    with pytest.raises(TableScoreError, match="seat 4 is not 0-3 in a 4-player game"):
        TableSession(Rules(4), ["Ann", "Bob", "Cat", "Dan"]).peg(4, 1)


def test_three_players_skunks_each_loser() -> None:
    s = TableSession(Rules(3), ["Ann", "Bob", "Cat"])
    assert s.team_name(2) == "Cat"
    s.set_dealer(2)
    for _ in range(4):
        s.peg(1, 24)  # 96
    s.peg(2, 29)
    s.peg(2, 29)
    s.peg(2, 29)  # 87
    s.peg(0, 29)
    s.peg(0, 29)  # 58
    s.peg(1, 25)
    result = s.result()
    assert result is not None
    assert (result.winner, result.scores, result.skunks, result.skunk) == (
        1, (58, 121, 87), (Skunk.DOUBLE, None, Skunk.SKUNK), Skunk.SKUNK)
    assert s.board() == BoardPicture((Pegs(58, 29), Pegs(121, 96), Pegs(87, 58)), 1, None, 91)


def test_who_deals_deal_counts_and_pace_against_par() -> None:
    s = two()
    s.cut(1)
    assert (s.dealer, s.deal_number, s.board().dealer) == (1, 1, 1)
    s.peg(0, 10)
    s.peg(1, 18)
    assert s.next_deal() == 0
    s.peg(0, 20)
    s.peg(1, 8)
    s.next_deal()
    assert (s.dealer, s.deals, s.deal_number) == (1, 2, 3)
    assert s.deal_counts(0) == DealCounts(1, 1) and s.deal_counts(1) == DealCounts(1, 1)
    p = s.pace(0)
    assert (p.score, p.par, p.ahead) == (30, 26.0, 4.0)
    assert s.pace(1).ahead == 0.0
    assert s.pace(1, Par(20.0, 10.0, "test")).ahead == -4.0
    s.undo()
    assert s.dealer == 0 and s.deal_counts(0) == DealCounts(0, 1) and s.pace(0).par == 10.0
    s.set_dealer(1)  # a correction: counts no deal
    assert s.deals == 1 and s.dealer == 1
    s.undo()
    assert s.dealer == 0


def test_dealer_zone_and_coaching() -> None:
    s = two()
    s.peg(0, 29)
    s.peg(0, 29)
    s.peg(0, 22)  # 80
    assert s.in_dealer_zone(0) and not s.in_dealer_zone(1)
    c = s.coach(0)
    assert isinstance(c.p_win, Unavailable) and c.p_win.reason == "no win table loaded"
    assert c.zone and c.pace.score == 80 and c.par.source == "rule of thumb"
    three = TableSession(Rules(3), ["a", "b", "c"])
    assert three.coach(0, Unavailable("x")).p_win == Unavailable("x")


def test_coaching_with_a_win_table() -> None:
    from engine.analysis.winprob import build_table
    from engine.computer.table_build import simulate

    table = build_table(simulate(300, seed=2), (121,), {"strategy": "reference"})
    s = two()
    s.peg(0, 20)
    c = s.coach(0, table)
    assert c.p_win == Unavailable("who deals is not known yet")  # par still from the table
    assert c.par.source == "300 deals of the reference strategy"
    s.set_dealer(0)
    c = s.coach(0, table)
    assert isinstance(c.p_win, float) and 0.5 < c.p_win < 1.0
    assert isinstance(c.stance, Stance)
    three = TableSession(Rules(3), ["a", "b", "c"])
    three.set_dealer(0)
    assert three.coach(0, table).p_win == Unavailable("the win table is for two players or two teams")


def played() -> TableSession:
    s = TableSession(Rules(2, 121), ["Ann", "Bob"])
    s.set_dealer(0)
    s.peg(1, 2, "heels")
    s.peg(0, 3, "play", "31 for 2 and a go")
    s.peg(1, 8, "hand")
    s.peg(0, 12, "hand")
    s.peg(0, 4, "crib")
    s.next_deal()
    s.peg(0, 2, None)
    return s


def test_json_round_trip_replays_the_same_state() -> None:
    s = played()
    data = s.to_json()
    assert data == {
        "format": "cribbage-table", "version": 1,
        "rules": {"players": 2, "target": 121, "muggins": False, "skunk": False, "overcount": "correct"},
        "names": ["Ann", "Bob"],
        "actions": [
            {"do": "dealer", "seat": 0},
            {"do": "peg", "seat": 1, "points": 2, "reason": "heels"},
            {"do": "peg", "seat": 0, "points": 3, "reason": "play", "note": "31 for 2 and a go"},
            {"do": "peg", "seat": 1, "points": 8, "reason": "hand"},
            {"do": "peg", "seat": 0, "points": 12, "reason": "hand"},
            {"do": "peg", "seat": 0, "points": 4, "reason": "crib"},
            {"do": "next_deal"},
            {"do": "peg", "seat": 0, "points": 2},
        ],
    }
    back = TableSession.from_json(json.loads(json.dumps(data)))
    assert snapshot(back) == snapshot(s)
    assert back.names == ("Ann", "Bob") and back.rules == s.rules
    assert back.tracks == (Pegs(21, 19), Pegs(10, 2)) and back.dealer == 1
    back.undo()
    assert back.tracks == (Pegs(19, 15), Pegs(10, 2))
    won = two(61)
    won.peg(0, 29)
    won.peg(0, 29)
    won.peg(0, 29)
    assert snapshot(TableSession.from_json(won.to_json())) == snapshot(won)


@pytest.mark.parametrize(("index", "bad", "message"), [
    (3, {"do": "peg", "seat": 1, "points": 40, "reason": "hand"}, "points 40 for seat 1 is not 1-29"),
    (1, {"do": "peg", "seat": 2, "points": 2}, "seat 2 is not 0-1"),
    (2, {"do": "peg", "seat": 0, "points": 3, "reason": "nobs"}, "reason 'nobs' is not one of"),
    (6, {"do": "shuffle"}, "unknown action 'shuffle'"),
    (4, {"do": "peg", "seat": 0, "points": 3, "colour": "red"}, "unexpected field\\(s\\) 'colour' in a peg"),
    (0, {"do": "next_deal"}, "who deals is not known"),
    (5, "peg 4", "an action must be an object"),
    (0, {"do": "dealer", "seat": "0"}, "seat '0' is not 0-1"),
])
def test_a_tampered_log_names_the_action(index: int, bad: object, message: str) -> None:
    data = played().to_json()
    data["actions"][index] = bad
    with pytest.raises(TableScoreError, match=f"action {index} of the table log .* does not replay: {message}"):
        TableSession.from_json(data)


def test_a_log_that_goes_on_after_the_win_is_refused() -> None:
    won = two(61)
    for _ in range(3):
        won.peg(0, 29)
    data = won.to_json()
    data["actions"].append({"do": "peg", "seat": 1, "points": 1})
    with pytest.raises(TableScoreError, match="action 3 of the table log .* the game is over: seat 0 reached 61"):
        TableSession.from_json(data)


def test_broken_session_objects() -> None:
    good = played().to_json()
    with pytest.raises(TableScoreError, match="a table session must be an object, not list"):
        TableSession.from_json([])
    with pytest.raises(TableScoreError, match="not a cribbage-table version 1 session: format 'x'"):
        TableSession.from_json({**good, "format": "x"})
    with pytest.raises(TableScoreError, match="the session's rules do not make a game: players must be 2, 3 or 4"):
        TableSession.from_json({**good, "rules": {"players": 7}})
    with pytest.raises(TableScoreError, match="the session's actions must be a list"):
        TableSession.from_json({**good, "actions": None})
    with pytest.raises(TableScoreError, match="2 seat names needed"):
        TableSession.from_json({**good, "names": ["Ann"]})
