import io
import itertools
import json
import re
from pathlib import Path

import pytest

from bot.app.commands import (
    GameRecord,
)
from bot.app.controller import Controller, NewGame
from bot.cli.main import main
from bot.settings import of_game
from bot.storage import SqliteStorage
from bot.storage.values import Status
from bot.terminal.local_game import final_line, local_member, play_at_terminal
from engine.core.rules import Rules

FIRST_DEAL = [  # seed 8 against the easy computer: what ann sees up to her first prompt
    "Cribbage to 121. Type cards like 5H or 10d, or their numbers.",
    "? says what to type; q quits (the game is saved).",
    "ann cuts 2♥",
    "computer (easy) cuts J♥",
    "ann cut low and deals first",
    "— deal 1: ann deals —",
    "computer (easy) lays away 2 cards",
    "[ann 0 – computer (easy) 0]  your hand  1:10♠  2:Q♦  3:2♥  4:Q♠  5:5♦  6:J♥",
]
LAY = "lay away 2 for your crib: "
PLAY = "count 6: play a card: "


@pytest.fixture(autouse=True)
def no_local_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The commands read ./config.toml and $CRIBBAGE_CONFIG: a developer's own must not change these tests."""
    monkeypatch.delenv("CRIBBAGE_CONFIG", raising=False)
    monkeypatch.delenv("CRIBBAGE_RESUME", raising=False)
    monkeypatch.chdir(tmp_path)


def scripted(rounds: int = 2000) -> io.StringIO:
    # card numbers in turn, a typo, a wrong count of cards, and go; every wrong answer is asked again
    lines: list[str] = []
    for _ in range(rounds):
        lines += ["1 2", "zz", "1", "2", "3", "4", "", "go"]
    return io.StringIO("\n".join(lines) + "\n")


async def session(typed: list[str], *, seed: int = 8, muggins: bool = False, auto_go: bool = True,
                  **options: object) -> tuple[int, str, Controller]:
    storage = SqliteStorage(":memory:")
    controller = Controller(storage, images=False, ids=lambda: "local1")
    me = local_member("ann")
    out = io.StringIO()
    stdin = typed if isinstance(typed, io.StringIO) else io.StringIO("".join(f"{line}\n" for line in typed))
    status = await play_at_terminal(controller, me, stdin, out, **options,  # type: ignore[arg-type]
                                    new=NewGame("terminal", me, ("easy",), Rules(muggins=muggins), seed=seed,
                                                settings={"auto_go": auto_go}))
    return status, out.getvalue(), controller


async def test_terminal_game_plays_to_the_end_through_the_controller() -> None:
    status, text, controller = await session(scripted())  # type: ignore[arg-type]
    assert status == 0
    assert text.splitlines()[:8] == FIRST_DEAL
    assert "starter:" in text and " wins (ann " in text and "count 6: play a card: " in text
    assert "unknown rank 'z' in 'zz'" in text and "too few: name 2 cards, you named 1" in text
    assert "→ " in text  # every peg move is announced with its call and the new score
    assert text.splitlines()[-2:] == ["final: computer (easy) 123 – ann 68",
                                      "(the game record is in the database as game local1)"]
    assert controller.storage.load("local1").meta.status is Status.OVER  # type: ignore[attr-defined]


def test_what_a_panel_asks_is_read_from_its_values() -> None:
    from bot.app.shown.replies import Button, Option, Panel, Select
    from bot.terminal.local_game import Ask, asked
    from engine.core.cards import parse_cards

    hand = parse_cards("KH 5S 9D")
    cards = tuple(Button(f"b{i}", c.pretty(), disabled=c.rank == 13) for i, c in enumerate(hand))
    go = Button("go", "Go", disabled=True)
    assert asked(Panel("u", 0, "", hand, (*cards, go), prompt="count 25: play a card", phase="play",
                       playable=hand[1:])) == Ask("play", playable=hand[1:])
    none_fit = tuple(Button(b.custom_id, b.label, disabled=True) for b in cards)
    assert asked(Panel("u", 0, "", hand, (*none_fit, Button("go", "Go")), prompt="count 29", phase="play",
                       can_go=True)) == Ask("go")
    lay = Select("s", "", tuple(Option(c.text, c.pretty()) for c in hand), 1, 1)
    assert asked(Panel("u", 0, "", hand, (lay,), prompt="lay away 1", phase="discard")) == Ask("lay", 1)
    assert asked(Panel("u", 0, "", (), (), prompt="declare", phase="show")) == Ask("declare")
    assert asked(Panel("u", 0, "", (), (go,), prompt="claim?", phase="muggins")) == Ask("claim")
    assert asked(Panel("u", 0, "waiting for bo", hand, cards, phase="play")) == Ask("none")


def test_the_result_line_puts_the_winner_first() -> None:
    assert final_line(("ann", "computer (easy)"), (68, 121), 1) == "final: computer (easy) 121 – ann 68"
    assert final_line(("ann", "bo"), (121, 100), 0) == "final: ann 121 – bo 100"


async def test_quitting_keeps_the_game_and_exits_0() -> None:
    status, text, controller = await session(["q"])
    assert status == 0
    assert text.splitlines() == [*FIRST_DEAL, LAY + "bye — the game is saved; run `cribbage play` again to go on"]
    assert controller.storage.load("local1").meta.status is Status.ACTIVE  # type: ignore[attr-defined]


class CtrlC(io.StringIO):
    """Standard input at which the person presses Ctrl-C (SIGINT raises KeyboardInterrupt in the read)."""

    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


async def test_ctrl_c_at_a_prompt_ends_the_session_at_once_with_130() -> None:
    status, text, controller = await session(CtrlC(), resume_command="python3 scripts/dev.py play")  # type: ignore[arg-type]
    assert status == 130
    assert text.splitlines()[-2:] == [
        LAY, "interrupted — the game is saved; run `python3 scripts/dev.py play` again to go on"]


async def test_every_wrong_answer_at_a_prompt_says_what_is_wrong() -> None:
    typed = ["help", "2h 6c", "", "1", "1 1", "1 2 3", "1 2", "?", "2h 6c", "", "go", "1", "q"]
    status, text, controller = await session(typed)
    assert status == 0
    lay_help = ("  lay away 2 cards for the crib: type their numbers (1 2) or names (5H 10d), spaces between\n"
                "  cards are rank then suit: A 2 … 10 J Q K (T for ten) and S H D C; q quits (the game is saved)")
    play_help = ("  play one card: its number (3) or its name (5H, 10d, qs); when no card fits under 31 you say go "
                 "by yourself\n"
                 "  cards are rank then suit: A 2 … 10 J Q K (T for ten) and S H D C; q quits (the game is saved)")
    assert text.split("\n", 8)[8].startswith(
        f"{LAY}{lay_help}\n"
        f"{LAY}  you do not hold 6♣\n"
        f"{LAY}  name 2 cards to lay away, e.g. 1 2 or 5H 10d\n"
        f"{LAY}  too few: name 2 cards, you named 1\n"
        f"{LAY}  you named 10♠ twice: name 2 different cards\n"
        f"{LAY}  too many: name 2 cards, you named 3\n"
        f"{LAY}ann lays away 2 cards\n"
        "starter: 7♦\n"
        "computer (easy) plays 6♥: 6\n"
        "[ann 0 – computer (easy) 0]  your hand  1:2♥  2:Q♠  3:5♦  4:J♥\n"
        f"{PLAY}{play_help}\n"
        f"{PLAY}  play one card at a time: you named 2 (2h 6c)\n"
        f"{PLAY}  name a card to play (its number or name; ? for help)\n"
        f"{PLAY}  you can still play a card, so you cannot say go\n"
        f"{PLAY}ann plays 2♥: 8\n")


async def test_go_is_said_for_the_player_who_cannot_play() -> None:
    status, text, controller = await session(["1 2", "1", "1", "1", "q"])
    assert status == 0
    assert ("computer (easy): go\n"
            "[ann 0 – computer (easy) 2]  your hand  1:5♦  2:J♥\n"
            "count 25: play a card: ann plays 5♦: 30\n"
            "ann can't play: go (said for them)\n"
            "  ann: one for the go → 1\n") in text


async def test_without_auto_go_the_player_says_go_with_enter() -> None:
    status, text, controller = await session(["1 2", "1", "1", "1", "", "q"], auto_go=False)
    assert status == 0
    assert ("count 25: play a card: ann plays 5♦: 30\n"
            "[ann 0 – computer (easy) 2]  your hand  1:J♥\n"
            "you cannot play: press Enter to say go: ann: go\n"
            "  ann: one for the go → 1\n") in text
    assert of_game(controller.storage.load("local1").meta, "auto_go") is False  # type: ignore[attr-defined]


async def test_a_muggins_game_asks_for_the_count() -> None:
    status, text, controller = await session(["1 2", "1", "1", "1", "?", "x", "4", "q"], muggins=True)  # the last card
    # is laid for ann
    assert status == 0
    assert text.startswith("Cribbage to 121 with muggins. Type cards like 5H or 10d")
    count = "your count (0-29): "
    assert (f"{count}  muggins: type what this hand (or crib) counts, 0 to 29; points you miss can be claimed\n"
            "  cards are rank then suit: A 2 … 10 J Q K (T for ten) and S H D C; q quits (the game is saved)\n"
            f"{count}  type what the hand counts: a number from 0 to 29\n"
            f"{count}ann's hand: 2♥ Q♠ 5♦ J♥ + 7♦ — declares 4\n"
            "  ann pegs 4 → 5\n") in text
    assert controller.storage.load("local1").meta.rules.muggins  # type: ignore[attr-defined]


def test_cribbage_play_resumes_from_the_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.sqlite3")
    monkeypatch.setattr("sys.stdin", io.StringIO("1 2\n1\nq\n"))
    assert main(["play", "--db", db, "--seed", "3", "--name", "ann", "--difficulty", "easy"]) == 0
    first = capsys.readouterr().out
    assert "ann lays away 2 cards" in first and "ann plays" in first
    assert first.endswith(f"bye — the game is saved; run `cribbage play --db {db} --name ann` again to go on\n")
    monkeypatch.setattr("sys.stdin", scripted())
    assert main(["play", "--db", db, "--name", "ann"]) == 0
    second = capsys.readouterr().out
    assert second.startswith("Resuming your game ")
    assert " wins (ann " in second and "final: " in second and "ann " in second.splitlines()[-2]
    # the finished game is not resumed again: a new one starts
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--db", db, "--name", "ann"]) == 0
    assert capsys.readouterr().out.startswith("Cribbage to 121.")


def test_resuming_names_options_that_differ_from_the_unfinished_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.sqlite3")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--db", db, "--name", "ann"]) == 0
    capsys.readouterr()
    monkeypatch.setenv("CRIBBAGE_RESUME", "python3 scripts/dev.py play")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--db", db, "--name", "ann", "--target", "61", "--difficulty", "expert", "--muggins"]) == 0
    out = capsys.readouterr().out.splitlines()
    game = re.fullmatch(r"Resuming your game (\w+) \(--new starts another\)\. The latest at the table:", out[2])
    assert game is not None
    assert out[:2] == [
        f"You asked for 61 points, the expert computer, muggins, but your unfinished game {game[1]} is to 121 "
        "against the normal computer: resuming it.",
        f"To start the game you asked for instead: python3 scripts/dev.py play --db {db} --name ann --new "
        "--target 61 --difficulty expert --muggins"]
    assert out[-1].endswith(f"bye — the game is saved; run `python3 scripts/dev.py play --db {db} --name ann` "
                            "again to go on")
    # the same options as the game's say nothing more
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--db", db, "--name", "ann", "--target", "121", "--difficulty", "normal"]) == 0
    assert capsys.readouterr().out.startswith(f"Resuming your game {game[1]} ")


def test_cribbage_play_in_memory_says_it_is_not_saved(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--memory", "--seed", "2", "--name", "bo", "--target", "61", "--muggins"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Cribbage to 61 with muggins. Type cards like 5H or 10d, or their numbers.\n"
                          "? says what to type; q quits (a --memory game is not saved).\n")
    assert out.endswith(": bye — a --memory game is not saved: this one is gone\n")


def test_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
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
    from board_driver.model import TrackState
    from board_driver.view import columns
    from bot.cli.commands.play import board_drawing

    board = sim.create_board("terminal-test")
    storage = SqliteStorage(":memory:")
    controller = Controller(storage, images=False, ids=lambda: "local1", board_url="sim://terminal-test")
    drawn = board_drawing(controller)
    assert drawn is not None
    drawings: list[str] = []

    def on_pegs(panel, names):  # type: ignore[no-untyped-def]
        drawing = drawn(panel, names)
        drawings.append(drawing or "")
        return drawing

    me = local_member("ann")
    try:
        status = await play_at_terminal(controller, me, scripted(), io.StringIO(), on_pegs=on_pegs,
                                        new=NewGame("terminal", me, ("easy",), Rules(target=61), seed=8))
        assert status == 0 and controller.pegboard.wait_synced(5.0)
        record = json.loads((await controller.run(GameRecord("local1"))).data)  # type: ignore[union-attr]
        final, pegs = record["final"], record["pegs"]
        backs = [max((p["back"] for p in pegs if p["seat"] == s), default=0) for s in (0, 1)]
        assert [(t.front, t.back) for t in board.state.tracks] == [(min(final[0], 121), backs[0]),
                                                                     (min(final[1], 121), backs[1])]
        assert isinstance(board.state.tracks[0], TrackState) and board.state.effects.winner == record["winner"]
        last = [d for d in drawings if d][-1].splitlines()
        assert last[0] == "LED pegboard sim://terminal-test"
        assert last[3].startswith("1  ann  ") and last[6].startswith("2  computer (easy)  ")
        assert max(columns(line) for drawing in drawings for line in drawing.splitlines()) <= 80
        assert "" in drawings  # a reply that moved no peg draws nothing new
    finally:
        sim.remove_board("terminal-test")
        controller.close()
