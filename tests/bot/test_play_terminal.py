import io
import itertools
import json
from pathlib import Path

import pytest

from bot.app.controller import Controller, NewGame
from bot.cli import main
from bot.model import Status
from bot.storage import SqliteStorage
from bot.terminal import local_member, play_at_terminal


@pytest.fixture(autouse=True)
def no_local_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The commands read ./config.toml and $CRIBBAGE_CONFIG: a developer's own must not change these tests."""
    monkeypatch.delenv("CRIBBAGE_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)


def scripted(rounds: int = 2000) -> io.StringIO:
    # card numbers in turn, a typo, a wrong count of cards, and go; every wrong answer is asked again
    lines: list[str] = []
    for _ in range(rounds):
        lines += ["1 2", "zz", "1", "2", "3", "4", "", "go"]
    return io.StringIO("\n".join(lines) + "\n")


async def test_terminal_game_plays_to_the_end_through_the_controller() -> None:
    storage = SqliteStorage(":memory:")
    controller = Controller(storage, images=False, ids=lambda: "local1")
    me = local_member("ann")
    out = io.StringIO()
    status = await play_at_terminal(controller, me, scripted(), out,
                                    new=NewGame("terminal", me, difficulty="easy", seed=8))
    text = out.getvalue()
    assert status == 0
    assert text.startswith("Cribbage to 121. Type cards like 5H or 10d, or their numbers; 'q' quits")
    assert "ann cuts" in text and "starter:" in text and " wins, " in text
    assert "[0 – 0]  your hand  1:" in text and "lay away 2 for " in text and "count 0: play a card: " in text
    assert "unknown rank 'z' in 'zz'" in text and "name 2 different cards from your hand" in text
    assert "→ " in text  # every peg move is announced with its call and the new score
    assert storage.load("local1").meta.status is Status.OVER
    controller.close()


async def test_terminal_quits_cleanly_and_keeps_the_game() -> None:
    storage = SqliteStorage(":memory:")
    controller = Controller(storage, images=False, ids=lambda: "local1")
    me = local_member("ann")
    out = io.StringIO()
    status = await play_at_terminal(controller, me, io.StringIO("q\n"), out,
                                    new=NewGame("terminal", me, difficulty="easy", seed=1))
    assert status == 1
    assert out.getvalue().rstrip().endswith("bye — the game is saved; run `cribbage play` again to go on")
    assert storage.load("local1").meta.status is Status.ACTIVE
    controller.close()


def test_cribbage_play_resumes_from_the_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.sqlite3")
    monkeypatch.setattr("sys.stdin", io.StringIO("1 2\n1\nq\n"))
    assert main(["play", "--db", db, "--seed", "3", "--name", "ann", "--difficulty", "easy"]) == 1
    first = capsys.readouterr().out
    assert "ann lays away 2 cards" in first and "ann plays" in first
    monkeypatch.setattr("sys.stdin", scripted())
    assert main(["play", "--db", db, "--name", "ann"]) == 0
    second = capsys.readouterr().out
    assert second.startswith("Resuming your game ")
    assert " wins, " in second and "final: ann " in second
    # the finished game is not resumed again: a new one starts
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--db", db, "--name", "ann"]) == 1
    assert capsys.readouterr().out.startswith("Cribbage to 121.")


def test_cribbage_play_in_memory_and_bad_options(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--memory", "--seed", "2", "--name", "bo", "--target", "61"]) == 1
    assert capsys.readouterr().out.startswith("Cribbage to 61.")
    assert main(["play", "--memory", "--difficulty", "genius"]) == 2
    assert "unknown difficulty 'genius'; choose from easy, normal, hard, expert" in capsys.readouterr().err
    assert main(["play", "--memory", "--target", "100"]) == 2
    assert "--target must be 121 or 61, not 100" in capsys.readouterr().err


def test_ids_are_unique_per_game() -> None:
    from bot.app.controller import new_game_id

    ids = {new_game_id() for _ in range(200)}
    assert len(ids) == 200 and all(len(i) == 10 and i.isalnum() and i.islower() for i in
                                   itertools.islice(ids, 20))


async def test_the_pegs_are_mirrored_on_a_simulated_led_board() -> None:
    from board_driver import sim
    from board_driver.model import Track
    from bot.pegboard import PegMirror

    board = sim.create_board("terminal-test")
    mirror = PegMirror("sim://terminal-test")
    storage = SqliteStorage(":memory:")
    controller = Controller(storage, images=False, ids=lambda: "local1")
    me = local_member("ann")
    drawings: list[str] = []

    def on_pegs(panel):  # type: ignore[no-untyped-def]
        if mirror.show(panel.scores, panel.backs, panel.winner):
            drawings.append(mirror.drawing() or "")
        return None

    try:
        status = await play_at_terminal(controller, me, scripted(), io.StringIO(), on_pegs=on_pegs,
                                        new=NewGame("terminal", me, difficulty="easy", seed=8, target=61))
        assert status == 0 and mirror.driver.wait_synced(5.0)
        record = json.loads((await controller.record("local1")).data)
        final, pegs = record["final"], record["pegs"]
        backs = [max((p["back"] for p in pegs if p["seat"] == s), default=0) for s in (0, 1)]
        assert [(t.front, t.back) for t in board.state.tracks] == [(min(final[0], 121), backs[0]),
                                                                     (min(final[1], 121), backs[1])]
        assert isinstance(board.state.tracks[0], Track) and board.state.effects.winner == record["winner"]
        assert drawings[-1].startswith("LED pegboard sim://terminal-test")
    finally:
        mirror.close()
        sim.remove_board("terminal-test")
        controller.close()
