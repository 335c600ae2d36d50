import json

import pytest

from engine.game import Game
from engine.players import RandomPlayer
from engine.record import RecordError, dumps, replay, to_record
from engine.rules import Rules
from engine.selfplay import play_game
from tests.engine.helpers import cut_for, deal, play


def test_record_matches_the_contract() -> None:
    game = Game()
    cut_for(game, 1)
    deal(game, ["10S JS 8D 6D 7D 5D", "KH QH 9S 2C 3C 4C"], ["7D 5D", "2C 3C"], "AH")
    play(game, "p:10S d:KH")
    rec = json.loads(dumps(to_record(game, ["alice", "computer:expert"])))
    assert rec["format"] == "cribbage-record" and rec["version"] == 1
    assert rec["rules"] == {"players": 2, "target": 121, "muggins": False, "skunk": False}
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
