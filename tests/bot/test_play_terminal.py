import io

from bot.commands.play import play_terminal
from engine.game import Game
from engine.players import RandomPlayer


def test_terminal_game_plays_to_the_end() -> None:
    game = Game(seed=8)
    answers = io.StringIO()
    # the person tries card numbers in turn, a typo, and go; every wrong answer is asked again
    lines = []
    for _ in range(2000):
        lines += ["1 2", "zz", "1", "2", "3", "4", "", "go"]
    answers = io.StringIO("\n".join(lines) + "\n")
    out = io.StringIO()
    status = play_terminal(game, RandomPlayer(2), "ann", answers, out)
    text = out.getvalue()
    assert status == 0 and game.over
    assert "ann cuts" in text and "starter:" in text and " wins, " in text
    assert "unknown rank 'z' in 'zz'" in text and "name 2 different cards from your hand" in text


def test_terminal_game_quits_cleanly() -> None:
    out = io.StringIO()
    assert play_terminal(Game(seed=1), RandomPlayer(2), "ann", io.StringIO("q\n"), out) == 1
    assert out.getvalue().rstrip().endswith("bye")
