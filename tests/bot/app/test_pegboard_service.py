"""The application's one LED pegboard: games feed it, and a game's end waits for the final picture."""

import itertools

from board_driver import sim
from board_driver.driver import BoardDriver
from board_driver.model import Effects, default_track
from bot.app.commands import (
    GameRecord,
)
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.autopilot import play_out
from bot.storage import SqliteStorage
from engine.core.rules import Rules
from tests.bot.app.test_table_board import FAST

ANN = Member("u1", "ann")
_names = itertools.count()


def make(name: str) -> Controller:
    return Controller(SqliteStorage(":memory:"), images=False, ids=lambda: "g1", seeds=lambda: 3,
                      board_url=f"sim://{name}", driver_factory=lambda u: BoardDriver(u, timing=FAST).start())


async def test_a_game_ends_with_the_final_pegs_the_winner_and_the_skunk_line_on_the_board() -> None:
    name = f"service-{next(_names)}"
    board = sim.create_board(name)
    c = make(name)
    try:
        reply = await play_out(c, await c.run(NewGame("terminal", ANN, ("easy",), Rules(target=61), seed=4)))
        assert reply.finished and not any("LED board" in line for line in reply.lines)
        game = c.games.store.load("g1")
        assert game is not None and game.meta.winner is not None
        live = await c.run(GameRecord("g1"))
        assert live is not None
        panel = reply.panel
        assert panel is not None
        assert board.state.tracks == (default_track(0, min(panel.scores[0], 121), panel.backs[0]),
                                      default_track(1, min(panel.scores[1], 121), panel.backs[1]))
        loser = min(panel.scores)
        assert board.state.effects == Effects(winner=game.meta.winner, skunk=31 if loser < 31 else None)
        assert c.pegboard.showing is not None and c.pegboard.showing.title == "game g1 (ann vs computer (easy))"
    finally:
        c.close()
        sim.remove_board(name)


async def test_a_board_that_cannot_be_reached_at_the_end_is_said_in_one_line() -> None:
    name = f"service-{next(_names)}"
    board = sim.create_board(name)
    c = make(name)
    try:
        start = await c.run(NewGame("terminal", ANN, ("easy",), Rules(target=61), seed=4))
        assert c.pegboard.wait_synced(5.0)
        board.unplug()
        reply = await play_out(c, start)
        assert reply.finished
        said = [line for line in reply.lines if "LED board" in line]
        assert len(said) == 1 and said[0].startswith(
            f"The LED board (sim://{name}) could not be brought up to date with the final score: ")
        assert said[0] in reply.posts[-1].text  # the game's result post says it too
    finally:
        c.close()
        sim.remove_board(name)
