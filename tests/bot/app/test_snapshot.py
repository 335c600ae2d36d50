"""A game at rest as bytes: the engine's values pickle as their fields and come back equal through their classes'
makers (tests/bot/app/test_game_cache.py reads them in a process that never installed them)."""

from __future__ import annotations

import pickle

from bot.app.game import snapshot
from engine.computer.players import make_player
from engine.core.cards import parse_card
from engine.core.events import CardPlayed
from engine.core.game import Game
from engine.core.observation import observe


def played_game(decisions: int) -> Game:
    game = Game(seed=5)
    players = [make_player("greedy", seat) for seat in range(2)]
    for _ in range(decisions):
        seat = game.to_act()[0]
        game.apply(players[seat].choose(observe(game, seat)))
    return game


def test_a_game_comes_back_equal_and_plays_on_the_same() -> None:
    snapshot.install()
    game = played_game(40)
    back = pickle.loads(pickle.dumps(game, pickle.HIGHEST_PROTOCOL))
    assert back.events == game.events and back.version == game.version and back.scores == game.scores
    assert observe(back, 0) == observe(game, 0)
    players = [make_player("greedy", seat) for seat in range(2)]
    for _ in range(20):  # both go on alike
        seat = game.to_act()[0]
        action = players[seat].choose(observe(game, seat))
        game.apply(action)
        back.apply(action)
    assert back.events == game.events


def test_a_value_pickles_as_its_classs_maker_and_fields() -> None:
    snapshot.install()
    data = pickle.dumps(CardPlayed(1, parse_card("5H"), 15), pickle.HIGHEST_PROTOCOL)
    assert b"make_engine_core_events_CardPlayed" in data
    assert b"count" not in data  # the fields' values, not their names
    assert pickle.loads(data) == CardPlayed(1, parse_card("5H"), 15)
