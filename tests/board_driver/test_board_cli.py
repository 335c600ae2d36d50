import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from serial.tools import list_ports
from serial.tools.list_ports_common import ListPortInfo

from board_driver import sim
from board_driver.faults import FaultPlan
from board_driver.model import BoardInfo, Effects, TrackState, default_track
from board_driver.protocol import Report, encode
from board_driver.ptysim import PtySim
from board_driver.sim import SimBoard
from bot.cli.commands.board import demo_game, format_report, report_json
from bot.cli.main import main
from firmware.pegboard import core

ROOT = Path(__file__).resolve().parents[2]

Attach = Callable[[SimBoard], str]


@pytest.fixture(params=["sim", "pty"])
def attach(request: pytest.FixtureRequest, board_name: str) -> Iterator[Attach]:
    """Put a board where a command can reach it: in this process (sim://) or behind a real pty."""
    ptys: list[PtySim] = []

    def put(board: SimBoard) -> str:
        if request.param == "sim":
            with sim._registry_lock:
                sim._registry[board_name] = board
            return f"sim://{board_name}"
        pty = PtySim(board).start()
        ptys.append(pty)
        if isinstance(board, GoneOnQuery):
            board.away = pty.unplug  # the pty's own cable, not only the board's
        return pty.path

    yield put
    for pty in ptys:
        pty.close()


def fake_port(device: str, vid: int | None = None, pid: int | None = None, **extra: str) -> ListPortInfo:
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid, info.pid = vid, pid
    for key, value in extra.items():
        setattr(info, key, value)
    return info


def test_ports_lists_usb_boards_first_with_their_ids(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(list_ports, "comports", lambda: [
        fake_port("/dev/ttyS0", description="ttyS0"),
        fake_port("/dev/ttyACM0", 0x2E8A, 0x000A, description="Board CDC", manufacturer="Raspberry Pi",
                  serial_number="E6614"),
        fake_port("/dev/ttyUSB0", 0x1A86, 0x7523, description="USB Serial"),
    ])
    assert main(["board", "ports"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "/dev/ttyACM0                 2E8A:000A  Board CDC  (Raspberry Pi RP2040/RP2350, Raspberry Pi, "
        "serial E6614)",
        "/dev/ttyUSB0                 1A86:7523  USB Serial  (CH340 USB-serial)",
        "/dev/ttyS0                   not USB    ttyS0",
    ]
    assert main(["board", "ports", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)[0]
    assert first == {"device": "/dev/ttyACM0", "vid": 0x2E8A, "pid": 0x000A, "usb_id": "2E8A:000A",
                      "description": "Board CDC", "serial_number": "E6614", "manufacturer": "Raspberry Pi",
                      "hint": "Raspberry Pi RP2040/RP2350"}


def test_ports_says_when_there_are_none(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(list_ports, "comports", lambda: [])
    assert main(["board", "ports"]) == 0
    assert "no serial ports found" in capsys.readouterr().out


def test_set_then_get_shows_what_the_board_reports(attach: Attach, capsys: pytest.CaptureFixture[str]) -> None:
    board = SimBoard(tracks=3)
    url = attach(board)
    assert main(["board", "set", "--port", url, "--pegs", "87/80,95/91", "--winner", "2", "--skunk", "91",
                 "--brightness", "40"]) == 0
    assert capsys.readouterr().out == (f"the board at {url} now shows track 1 87/80, track 2 95/91, track 3 dark; "
                                       "winner track 2 flashing; skunk line at hole 91; brightness 40\n")
    assert board.state.tracks[:2] == (default_track(0, 87, 80), default_track(1, 95, 91))
    assert (board.state.brightness, board.state.effects) == (40, Effects(winner=1, skunk=91))

    assert main(["board", "get", "--port", url]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "board sim-1.0, protocol 1, 3 tracks x 121 holes, 364 LEDs",
        "last seq 3, brightness 40",
        "track 1    87/80  #D55E00",
        "track 2    95/91  #56B4E9",
        "track 3      0/0  #000000",
        "effects: winner track 2 flashing, skunk line at 91",
    ]
    assert main(["board", "get", "--port", url, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {  # the REPORT's own fields: indexes from 0, as on the wire
        "board": {"protocol": 1, "firmware": "sim-1.0", "tracks": 3, "holes": 121, "leds": 364},
        "seq": 3, "brightness": 40, "effects": {"winner_index": 1, "skunk_hole": 91},
        "tracks": [{"index": 0, "front": 87, "back": 80, "colour": "#D55E00", "highlight": False},
                   {"index": 1, "front": 95, "back": 91, "colour": "#56B4E9", "highlight": False},
                   {"index": 2, "front": 0, "back": 0, "colour": "#000000", "highlight": False}],
        "power": None,  # the simulated board's REPORT has no power field
    }


def test_get_says_the_power_a_board_reports() -> None:
    info = BoardInfo(version=1, firmware="pegboard-1.1", tracks=2, holes=121, leds=244)
    report = Report(seq=7, brightness=128, effects=Effects(winner=0), tracks=(default_track(0, 121, 110),
                                                                            default_track(1, 80, 70)),
                    power=(895, 450))
    assert format_report(info, report).splitlines()[-2:] == [
        "effects: winner track 1 flashing",
        "power: the picture wants 895 mA of a 450 mA budget (dimmed to fit)"]
    assert report_json(info, report)["power"] == {"wanted_ma": 895, "budget_ma": 450}


def test_set_sends_the_whole_picture_so_nothing_earlier_stays_lit(attach: Attach,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    board = SimBoard()
    url = attach(board)
    assert main(["board", "set", "--port", url, "--pegs", "121/110,80/70", "--winner", "1", "--skunk", "91",
                 "--brightness", "200"]) == 0
    capsys.readouterr()
    assert main(["board", "set", "--port", url, "--pegs", "5/0"]) == 0
    assert capsys.readouterr().out == (f"the board at {url} now shows track 1 5/0, track 2 dark; no winner; "
                                       "no skunk line; brightness 128\n")
    assert board.state.effects == Effects() and board.state.brightness == 128


def test_every_command_counts_tracks_from_1_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("set", "get", "demo"):
        with pytest.raises(SystemExit):
            main(["board", command, "--help"])
        assert "Tracks are counted from 1" in " ".join(capsys.readouterr().out.split())
    with pytest.raises(SystemExit):
        main(["board", "get", "--help"])
    assert "0-based as on the wire" in " ".join(capsys.readouterr().out.split())


def test_set_gets_through_a_noisy_line(board_name: str, capsys: pytest.CaptureFixture[str]) -> None:
    board = sim.create_board(board_name, faults=FaultPlan(drop=0.2, garble=0.2, seed=12))
    assert main(["board", "set", "--port", f"sim://{board_name}", "--pegs", "12/4,30/22"]) == 0
    assert board.state.tracks == (default_track(0, 12, 4), default_track(1, 30, 22))
    assert board.injector.counts.dropped + board.injector.counts.garbled > 0


@pytest.mark.parametrize(("pegs", "message"), [
    ("87/80,95", "bad --pegs: track 2 is '95' in '87/80,95': expected FRONT/BACK like 95/91"),
    ("130/5", "bad --pegs: track 1 front peg 130 is past the last hole 121"),
    ("200/10", "bad --pegs: track 1 front peg 200 is past the last hole 121"),
    ("80/87", "bad --pegs: track 1 in '80/87': back peg 87 must be behind the front peg 80"),
    ("1/0,2/0,3/0", "bad --pegs: 3 tracks given in '1/0,2/0,3/0'; the board has 2"),
    ("5/0 --winner 2", "--winner 2 is not one of the 1 tracks in --pegs (tracks are counted from 1)"),
    ("5/0 --skunk 0", "--skunk 0 is not a hole (holes are counted from 1)"),
    ("5/0 --skunk 130", "--skunk 130 is past the last hole 121"),
])
def test_bad_pegs_are_usage_errors(board_name: str, capsys: pytest.CaptureFixture[str], pegs: str,
                                   message: str) -> None:
    assert main(["board", "set", "--port", f"sim://{board_name}", "--pegs", *pegs.split()]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cribbage board: " + message.format(name=board_name))
    assert err.count("\n") == 1


def test_a_short_board_refuses_pegs_past_its_holes_before_anything_is_sent(
        attach: Attach, capsys: pytest.CaptureFixture[str]) -> None:
    board = SimBoard(holes=61)
    assert main(["board", "set", "--port", attach(board), "--pegs", "70/60"]) == 2
    assert capsys.readouterr().err == "cribbage board: bad --pegs: track 1 front peg 70 is past the last hole 61\n"
    assert board.received["SetState"] == 0


def test_a_missing_port_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "get", "--port", "/dev/ttyUSB-no-such"]) == 2
    assert capsys.readouterr().err == ("cribbage board: no board at '/dev/ttyUSB-no-such': no such device "
                                       "(`cribbage board ports` lists the serial ports here)\n")


def test_the_port_option_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["board", "set", "--pegs", "5/0"])
    assert caught.value.code == 2
    assert "the following arguments are required: --port" in capsys.readouterr().err


def test_a_board_that_does_not_answer_the_handshake(capsys: pytest.CaptureFixture[str]) -> None:
    with PtySim(SimBoard()) as pty:  # a terminal with nobody answering on it
        assert main(["board", "set", "--port", pty.path, "--pegs", "5/0"]) == 1
    assert capsys.readouterr().err == (
        f"cribbage board: the board at {pty.path} did not answer the handshake (HELLO) within 1.5 s: nothing at "
        "all came back (is it plugged in, powered, and running the pegboard firmware?)\n")


def test_demo_plays_a_real_game_with_real_calls(board_name: str, capsys: pytest.CaptureFixture[str]) -> None:
    board = sim.create_board(board_name)
    assert main(["board", "demo", "--port", f"sim://{board_name}", "--delay", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    moves, end = demo_game(7)
    assert len(out) == len(moves) + 1
    for line, demo in zip(out, moves, strict=False):
        move = demo.move
        assert line.startswith(f"deal {move.deal + 1:>2}  player {move.seat + 1}  +{move.points:<2} ")
        assert line.endswith(demo.call)
    assert any(d.move.reason.value == "crib" for d in moves)
    winner, loser = end.scores[end.winner], end.scores[1 - end.winner]
    assert out[-1].startswith(f"player {end.winner + 1} wins {winner}-{loser}")
    assert "the board shows it" in out[-1]
    last = {d.move.seat: d.move for d in moves}
    final = moves[-1].move
    assert board.state.tracks == tuple(
        default_track(seat, min(last[seat].front, 121), min(last[seat].back, 120), highlight=seat == final.seat)
        for seat in (0, 1))
    assert board.state.effects == Effects(end.winner, end.skunk_line)


def test_the_demo_calls_are_the_counts_of_the_hands_shown() -> None:
    """The old demo narrated `+9 crib ... fifteen nine`: every call now comes from the hand's own count."""
    from engine.computer.players import make_player
    from engine.core.events import Shown
    from engine.core.game import Game
    from engine.core.observation import observe
    from engine.core.rules import Rules

    moves, _ = demo_game(11)
    game = Game(Rules(players=2, target=121), seed=11)
    players = [make_player("expected", 23), make_player("expected", 24)]
    counted = []
    while not game.over:
        for seat in game.to_act():
            counted += [e for e in game.apply(players[seat].choose(observe(game, seat))) if isinstance(e, Shown)]
            if game.over:
                break
    calls = [d.call for d in moves if d.move.reason.value in ("hand", "crib")]
    assert calls == [e.breakdown.call for e in counted if e.breakdown.total]
    assert all(d.move.points == sum(i.points for i in d.move.items) for d in moves)
    assert not any(c in ("fifteen nine", "fifteen sixteen") for c in calls)


def test_demo_plays_a_short_game_on_a_61_hole_board(attach: Attach, capsys: pytest.CaptureFixture[str]) -> None:
    board = SimBoard(holes=61)
    url = attach(board)
    assert main(["board", "demo", "--port", url, "--delay", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    _, end = demo_game(7, target=61)
    assert out[-1].startswith(f"player {end.winner + 1} wins {end.scores[end.winner]}-")
    assert max(t.front for t in board.state.tracks) == 61 and board.naks == {}
    assert main(["board", "demo", "--port", url, "--target", "121"]) == 1
    assert capsys.readouterr().err == f"cribbage board: the board at {url} has 61 holes; a game to 121 needs 121\n"


def test_demo_refuses_a_board_with_one_track(attach: Attach, capsys: pytest.CaptureFixture[str]) -> None:
    board = SimBoard(tracks=1)
    url = attach(board)
    assert main(["board", "demo", "--port", url, "--delay", "0"]) == 1
    assert capsys.readouterr() == ("", f"cribbage board: the board at {url} has 1 track; the demo needs 2\n")
    assert board.received["SetState"] == 0


class GoneOnQuery(SimBoard):
    """A board that goes away (its cable pulled, or it crashes mid-line) as the host asks it something."""

    def __init__(self) -> None:
        super().__init__()
        self.away: Callable[[], None] = self.unplug

    def handle_line(self, line: bytes, now: float) -> list[bytes]:
        if line.startswith(b"QUERY"):
            threading.Thread(target=self.away, daemon=True).start()
            return []
        return super().handle_line(line, now)


@pytest.mark.parametrize("command", [["get"], ["set", "--pegs", "5/0"]])
def test_an_unplug_mid_command_is_one_line(attach: Attach, command: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    board = GoneOnQuery()
    url = attach(board)
    assert main(["board", command[0], "--port", url, *command[1:]]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"cribbage board: the board at {url} went away (unplugged?)"), err
    assert err.count("\n") == 1
    assert main(["board", command[0], "--port", url, *command[1:]]) == 2  # and while it is out
    assert capsys.readouterr().err == (f"cribbage board: no board at {url!r}: "
                                       + ("the simulated board is unplugged" if url.startswith("sim:") else
                                          "no such device") + " (`cribbage board ports` lists the serial ports here)\n")


class LyingCore(core.Board):
    """Firmware whose REPORT claims four tracks and a peg in hole 999."""

    def report_line(self) -> bytes:
        return encode(Report(0, 128, Effects(), (TrackState(999, 5),) + (TrackState(0, 0),) * 3))


class LyingBoard(SimBoard):
    """A 2 x 121 board running the lying firmware."""

    CORE = LyingCore


def test_a_report_that_contradicts_the_board_is_refused(attach: Attach, capsys: pytest.CaptureFixture[str]) -> None:
    url = attach(LyingBoard())
    assert main(["board", "get", "--port", url]) == 1
    assert capsys.readouterr().err == (f"cribbage board: the board at {url} contradicts itself: it "
                                       "reports 4 tracks but said it has 2\n")
    assert main(["board", "set", "--port", url, "--pegs", "5/0"]) == 1
    assert "contradicts itself" in capsys.readouterr().err


def test_a_board_closing_mid_line_after_the_handshake(capsys: pytest.CaptureFixture[str]) -> None:
    board = GoneOnQuery()
    with PtySim(board) as pty:
        board.away = lambda: pty.hang_up(b"REPORT 0 12")
        pty.start()
        assert main(["board", "get", "--port", pty.path]) == 1
    assert capsys.readouterr().err == (f"cribbage board: the board at {pty.path} went away in the middle of a line "
                                       "(unplugged?): the device closed\n")


def test_sim_runs_a_board_on_a_terminal_for_other_processes(capsys: pytest.CaptureFixture[str]) -> None:
    command = [sys.executable, "-m", "bot.cli.main", "board", "sim", "--tracks", "3", "--seconds", "20"]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("simulated board on /dev/")
        path = first.split()[-1]
        assert proc.stdout.readline() == f"try: cribbage board set --port {path} --pegs 87/80,95/91\n"
        assert main(["board", "set", "--port", path, "--pegs", "87/80,95/91"]) == 0
        assert main(["board", "get", "--port", path, "--json"]) == 0
        report = json.loads(capsys.readouterr().out.splitlines()[-1])
        assert [(t["front"], t["back"]) for t in report["tracks"]] == [(87, 80), (95, 91), (0, 0)]
        drawn = _read_until(proc, "95/91")
        assert "1    87/80" in drawn and "●" in drawn
    finally:
        proc.terminate()
        proc.wait(5)


def _read_until(proc: subprocess.Popen[str], text: str) -> str:
    """The simulator's output up to the first drawing that contains `text`."""
    seen: list[str] = []
    done = threading.Event()

    def reader() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            seen.append(line)
            if text in line:
                done.set()
                return

    threading.Thread(target=reader, daemon=True).start()
    done.wait(10.0)
    return "".join(seen)


def test_sim_fault_probabilities_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["board", "sim", "--drop", "2"])
    assert caught.value.code == 2
    assert "argument --drop: '2' is not a number from 0 to 1" in capsys.readouterr().err
