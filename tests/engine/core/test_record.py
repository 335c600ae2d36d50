import json

import pytest

from engine.computer.players import RandomPlayer
from engine.computer.selfplay import play_game
from engine.core.actions import Declare, Muggins
from engine.core.game import Game
from engine.core.record import RecordError, dumps, replay, to_record
from engine.core.rules import Overcount, Rules
from tests.engine.helpers import CarelessPlayer, cut_for, deal, play, play_first_legal


def test_record_matches_the_contract() -> None:
    game = Game()
    cut_for(game, 1)
    deal(game, ["10S JS 8D 6D 7D 5D", "KH QH 9S 2C 3C 4C"], ["7D 5D", "2C 3C"], "AH")
    play(game, "p:10S d:KH")
    rec = json.loads(dumps(to_record(game, ["alice", "computer:expert"])))
    assert rec["format"] == "cribbage-record" and rec["version"] == 1
    assert rec["rules"] == {"players": 2, "target": 121, "muggins": False, "skunk": False, "overcount": "correct"}
    assert rec["seats"] == ["alice", "computer:expert"]
    assert rec["cut"] == [{"seat": 0, "card": "KS"}, {"seat": 1, "card": "AS"}]
    d = rec["deals"][0]
    assert d["dealer"] == 1 and d["deck_to_crib"] == [] and d["starter"] == "AH"
    assert d["hands"][1] == ["KH", "QH", "9S", "2C", "3C", "4C"]
    assert d["discards"] == [["7D", "5D"], ["2C", "3C"]]
    assert d["plays"] == [{"seat": 0, "card": "10S", "count": 10}, {"seat": 1, "card": "KH", "count": 20}]
    assert rec["winner"] is None and rec["pegs"] == []
    again = replay(rec)
    assert again.game.count == 20 and again.seats == ("alice", "computer:expert")


def test_peg_entries() -> None:
    game = Game()
    cut_for(game, 0)
    deal(game, ["KH 5H 6H 8H 2C 3C", "10S 9S AC AD 4D QD"], ["2C 3C", "4D QD"], "2S")
    play(game, "p:10S d:KH p:9S d:go p:AC p:AD")
    rec = to_record(game)
    assert rec["pegs"] == [{"deal": 0, "seat": 1, "points": 4, "reason": "play",
                            "items": [{"kind": "thirty-one", "points": 2}, {"kind": "pair", "points": 2}],
                            "front": 4, "back": 0}]
    assert rec["deals"][0]["plays"][3] == {"seat": 0, "go": True}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_replay(players: int) -> None:
    for seed in range(5):
        rules = Rules(players=players, skunk=True)
        game = play_game(rules, [RandomPlayer(seed * 10 + s) for s in range(players)], seed)
        rec = json.loads(dumps(to_record(game)))
        again = replay(rec).game
        assert again.scores == game.scores and again.winner == game.winner
        assert rec["final"] == [game.score(s) for s in range(players)]
        assert rec["pegs"][-1]["front"] >= 121


def test_muggins_games_replay_with_declarations() -> None:
    game = play_game(Rules(muggins=True), [RandomPlayer(1), RandomPlayer(2)], 9)
    rec = json.loads(dumps(to_record(game)))
    assert "declarations" in rec["deals"][0]
    assert replay(rec).game.scores == game.scores


def muggins_deal(overcount: Overcount = Overcount.PENALTY) -> Game:
    """Three players, a muggins show: seat 1 misses 1 (seat 2 passes, seat 0 claims), seat 2 over-claims 3,
    seat 0 counts right, the crib misses 1 (both seats pass)."""
    game = Game.at_position(Rules(players=3, muggins=True, overcount=overcount), [0, 0, 0], dealer=0)
    deal(game, ["4H 4D 6C 6D 9C", "5C 5D 5H JS 2H", "KS QS 10D 8C 7C"], ["9C", "2H", "7C"], "5S", "AC")
    play_first_legal(game)
    for action in (Declare(1, 28), Muggins(2, False), Muggins(0, True), Declare(2, 9), Declare(0, 24),
                   Declare(0, 3), Muggins(1, False), Muggins(2, False)):
        game.apply(action)
    return game


def test_a_muggins_record_keeps_every_answer_and_replays_it() -> None:
    game = muggins_deal()
    rec = json.loads(dumps(to_record(game, ["ann", "bob", "cy"])))
    assert rec["rules"] == {"players": 3, "target": 121, "muggins": True, "skunk": False, "overcount": "penalty"}
    assert rec["deals"][0]["declarations"] == [
        {"seat": 1, "crib": False, "declared": 28, "claimed": True, "claimant": 0, "passes": [2]},
        {"seat": 2, "crib": False, "declared": 9, "claimed": None, "claimant": None, "passes": []},
        {"seat": 0, "crib": False, "declared": 24, "claimed": None, "claimant": None, "passes": []},
        {"seat": 0, "crib": True, "declared": 3, "claimed": False, "claimant": None, "passes": [1, 2]},
    ]
    show = [(p["seat"], p["points"], p["reason"], p["items"], p["front"], p["back"]) for p in rec["pegs"][-6:]]
    assert [row for row in show if row[2] != "hand" and row[2] != "crib"] == [
        (0, 1, "muggins", [{"kind": "muggins", "points": 1}], 2, 1),
        (0, 3, "muggins", [{"kind": "muggins", "points": 3}], 5, 2),
    ]
    assert [(row[0], row[1], row[2]) for row in show] == [
        (1, 28, "hand"), (0, 1, "muggins"), (2, 6, "hand"), (0, 3, "muggins"), (0, 24, "hand"), (0, 3, "crib")]
    again = replay(rec).game
    assert to_record(again, ["ann", "bob", "cy"]) == rec
    assert again.version == game.version  # every pass and claim applied again, in order


def test_a_record_whose_answers_the_engine_refuses_is_caught() -> None:
    rec = json.loads(dumps(to_record(muggins_deal())))
    rec["deals"][0]["declarations"][0]["passes"] = [0]
    rec["deals"][0]["declarations"][0]["claimant"] = 2
    rec["deals"][0]["declarations"][0]["claimed"] = False
    with pytest.raises(RecordError, match="deal 0: declaration 0 is .* in the record, the engine makes it "
                                          r"\{.*'claimed': True, 'claimant': 2, 'passes': \[0\]\}"):
        replay(rec)
    rec = json.loads(dumps(to_record(muggins_deal())))
    rec["deals"][0]["declarations"][0]["claimant"] = 1
    with pytest.raises(RecordError, match="deal 0: seat 1 cannot claim muggins on its own count; seat 0 may"):
        replay(rec)


def test_records_written_before_every_opponent_could_claim_still_replay() -> None:
    """Old records have no `overcount`, `claimant` or `passes`: one answer came from the declarer's left."""
    game = Game.at_position(Rules(players=3, muggins=True), [0, 0, 0], dealer=0)
    deal(game, ["4H 4D 6C 6D 9C", "5C 5D 5H JS 2H", "KS QS 10D 8C 7C"], ["9C", "2H", "7C"], "5S", "AC")
    play_first_legal(game)
    for action in (Declare(1, 28), Muggins(2, True), Declare(2, 9), Declare(0, 24), Declare(0, 3),
                   Muggins(1, False), Muggins(2, False)):
        game.apply(action)
    new = json.loads(dumps(to_record(game)))
    old = json.loads(dumps(new))
    del old["rules"]["overcount"]
    for decl in old["deals"][0]["declarations"]:
        del decl["claimant"], decl["passes"]
    assert [d["claimed"] for d in old["deals"][0]["declarations"]] == [True, None, None, False]
    again = replay(old).game
    assert again.scores == game.scores == [28, 30, 12]
    assert to_record(again) == new


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("overcount", list(Overcount))
def test_careless_muggins_games_replay_exactly(players: int, overcount: Overcount) -> None:
    rules = Rules(players=players, target=61, muggins=True, overcount=overcount)
    for seed in range(3):
        game = play_game(rules, [CarelessPlayer(seed * 10 + s) for s in range(players)], seed)
        rec = json.loads(dumps(to_record(game)))
        again = replay(rec).game
        assert to_record(again) == {**rec, "seed": None}  # a replayed game takes its chance from the record


def test_readers_accept_other_spellings() -> None:
    game = play_game(Rules(), [RandomPlayer(1), RandomPlayer(2)], 4)
    text = dumps(to_record(game)).replace('"10H"', '"th"').replace('"5S"', '"5♠"')
    assert replay(json.loads(text)).game.scores == game.scores


def test_tampered_records_are_caught() -> None:
    game = play_game(Rules(), [RandomPlayer(1), RandomPlayer(2)], 4)
    rec = json.loads(dumps(to_record(game)))
    rec["pegs"][0]["points"] += 1
    with pytest.raises(RecordError, match=r"peg 0: points is \d+ in the record, the engine makes it \d+"):
        replay(rec)
    rec = json.loads(dumps(to_record(game)))
    rec["deals"][0]["starter"] = rec["deals"][0]["hands"][0][0]
    with pytest.raises(RecordError, match="deal 0: the starter .* was dealt to a hand or the crib"):
        replay(rec)
    with pytest.raises(RecordError, match="format must be 'cribbage-record'"):
        replay({"format": "chess"})
