"""Games at rest between commands are kept as bytes, so the garbage collector's full passes do not walk
them; a command gets the game back exactly as it was left."""

from __future__ import annotations

import gc
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app.controller import Controller, NewGame
from bot.app.game import snapshot
from bot.app.game.autopilot import autopilot
from bot.app.game.live_game import LiveGame
from bot.i18n import Lang
from engine.core.game import Game
from engine.core.observation import observe
from engine.core.rules import Rules
from tests.bot.app.test_controller import ANN, make
from tests.bot.app_helpers import click
from tests.engine.helpers import cut_for, deal, play


async def play_some(c: Controller, games: int, clicks: int) -> list[str]:
    ids = []
    for seed in range(games):
        reply = await c.run(NewGame("chan", ANN, ("normal",), Rules(skunk=True), seed=seed))
        for n in range(clicks):
            assert reply.panel is not None
            choice = autopilot(reply.panel, n)
            assert choice is not None
            reply = await click(c, ANN, choice[0], choice[1])
            assert reply.ok, reply.note
        ids.append(reply.game)
    return ids


def alive(kind: type) -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is kind)


async def test_games_at_rest_are_no_objects_for_the_collector() -> None:
    c = make()
    ids = await play_some(c, games=4, clicks=6)
    assert len(set(ids)) == 4
    assert alive(LiveGame) == 0
    assert alive(Game) == 0
    metas = [c.games.meta(i) for i in ids]
    assert [m.status.value if m else None for m in metas] == ["active"] * 4


async def test_a_resting_game_comes_back_exactly() -> None:
    c = make()
    [game_id] = await play_some(c, games=1, clicks=5)
    woken = c.games.load(game_id)
    assert woken is not None
    assert c.games.load(game_id) is woken  # one copy while a command works on it
    events, version, rev = list(woken.game.events), woken.game.version, woken.meta.rev
    c.games.park(game_id)
    again = c.games.load(game_id)
    assert again is not None and again is not woken
    assert (again.game.events, again.game.version, again.meta.rev) == (events, version, rev)
    c.games.park(game_id)


async def test_moves_after_a_rest_continue_the_same_game() -> None:
    """A game played click by click (resting between each) ends exactly as one replayed from its log."""
    c = make()
    [game_id] = await play_some(c, games=1, clicks=30)
    rested = c.games.load(game_id)
    assert rested is not None
    c.games.park(game_id)
    c.games.forget(game_id)
    replayed = c.games.load(game_id)
    assert replayed is not None
    assert replayed.game.events == rested.game.events
    assert replayed.game.scores == rested.game.scores


async def test_a_game_that_cannot_be_pickled_is_replayed_next_time(caplog: pytest.LogCaptureFixture) -> None:
    c = make()
    [game_id] = await play_some(c, games=1, clicks=3)
    live = c.games.load(game_id)
    assert live is not None
    events = list(live.game.events)
    live.langs = {0: lambda: Lang.EN}  # type: ignore[dict-item]  # something no pickle can hold
    c.games.park(game_id)
    assert "could not be put at rest" in caplog.text
    again = c.games.load(game_id)
    assert again is not None and again is not live
    assert again.game.events == events and again.langs == {}


def test_the_engine_s_values_pickle_as_their_fields_and_read_back_anywhere() -> None:
    """A process that never installed the quick pickling (a worker process) reads what it wrote."""
    assert snapshot.install() == 29
    game = Game()
    cut_for(game, 1)
    deal(game, ["5H 9C 4D KD 2S 3S", "QH QC 7S 8S AC AD"], ["2S 3S", "AC AD"], "6H")
    play(game, "p:5H d:7S")
    obs = observe(game, 0)
    data = pickle.dumps((game.events, obs), protocol=pickle.HIGHEST_PROTOCOL)
    assert data.count(b"make_engine_core_events_CardPlayed") == 1  # a class's maker named once, memoized
    code = ("import pickle, sys; events, obs = pickle.loads(sys.stdin.buffer.read()); "
            "print(len(events), obs.count, [str(c) for c in obs.hand], type(events[-1]).__name__)")
    out = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, check=True,
                         cwd=Path(__file__).resolve().parents[3])
    assert out.stdout.decode().split("\n")[0] == f"{len(game.events)} 12 ['9C', '4D', 'KD'] CardPlayed"
    assert pickle.loads(data) == (game.events, obs)
