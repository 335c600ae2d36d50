import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from serial.tools import list_ports
from serial.tools.list_ports_common import ListPortInfo

from board_driver import sim
from board_driver.faults import FaultPlan
from board_driver.model import Effects, default_track
from board_driver.ptysim import PtySim
from board_driver.sim import SimBoard
from bot.cli import main
from bot.commands.board import _sample_game

ROOT = Path(__file__).resolve().parents[2]


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


def test_set_then_get_shows_what_the_board_reports(board_name: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    board = sim.create_board(board_name, tracks=3)
    url = f"sim://{board_name}"
    assert main(["board", "set", "--port", url, "--pegs", "87/80,95/91", "--winner", "2", "--skunk", "91",
                 "--brightness", "40"]) == 0
    assert capsys.readouterr().out == f"the board at {url} shows 87/80,95/91 (acknowledged up to seq 3)\n"
    assert board.state.tracks[:2] == (default_track(0, 87, 80), default_track(1, 95, 91))
    assert (board.state.brightness, board.state.effects) == (40, Effects(winner=1, skunk=91))

    assert main(["board", "get", "--port", url]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "board sim-1.0, protocol 1, 3 tracks x 121 holes, 364 LEDs",
        "last seq 3, brightness 40",
        "track 1    87/80  #FF2020",
        "track 2    95/91  #2060FF",
        "track 3      0/0  #000000",
        "effects: winner track 2 flashing, skunk line at 91",
    ]
    assert main(["board", "get", "--port", url, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "board": {"protocol": 1, "firmware": "sim-1.0", "tracks": 3, "holes": 121, "leds": 364},
        "seq": 3, "brightness": 40, "effects": {"winner": 2, "skunk": 91},
        "tracks": [{"front": 87, "back": 80, "colour": "#FF2020", "highlight": False},
                   {"front": 95, "back": 91, "colour": "#2060FF", "highlight": False},
                   {"front": 0, "back": 0, "colour": "#000000", "highlight": False}],
    }


def test_set_gets_through_a_noisy_line(board_name: str, capsys: pytest.CaptureFixture[str]) -> None:
    board = sim.create_board(board_name, faults=FaultPlan(drop=0.2, garble=0.2, seed=12))
    assert main(["board", "set", "--port", f"sim://{board_name}", "--pegs", "12/4,30/22"]) == 0
    assert board.state.tracks == (default_track(0, 12, 4), default_track(1, 30, 22))
    assert board.injector.counts.dropped + board.injector.counts.garbled > 0


@pytest.mark.parametrize(("pegs", "message"), [
    ("87/80,95", "bad --pegs: track 2 is '95' in '87/80,95': expected FRONT/BACK like 95/91"),
    ("130/5", "bad --pegs: track 1 front peg 130 in '130/5' is past the last hole 121"),
    ("80/87", "bad --pegs: track 1 in '80/87': back peg 87 must be behind the front peg 80"),
    ("1/0,2/0,3/0", "--pegs gives 3 tracks but the board at sim://{name} has 2"),
    ("5/0 --winner 2", "--winner 2 is not one of the 1 tracks in --pegs"),
    ("5/0 --skunk 0", "--skunk 0 is not a hole 1-121"),
])
def test_bad_pegs_are_usage_errors(board_name: str, capsys: pytest.CaptureFixture[str], pegs: str,
                                   message: str) -> None:
    assert main(["board", "set", "--port", f"sim://{board_name}", "--pegs", *pegs.split()]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cribbage board: " + message.format(name=board_name))


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
        f"cribbage board: the board at {pty.path} did not answer the handshake (HELLO) within 1.5 s: "
        "is it a cribbage pegboard running protocol 1 at 115200 baud?\n")


def test_demo_plays_a_whole_game_onto_the_board(board_name: str, capsys: pytest.CaptureFixture[str]) -> None:
    board = sim.create_board(board_name)
    assert main(["board", "demo", "--port", f"sim://{board_name}", "--delay", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    game = _sample_game(7)
    last = {move.seat: move for move in game.pegs}
    front = [min(last[seat].front, 121) for seat in (0, 1)]
    back = [last[seat].back for seat in (0, 1)]
    final = game.pegs[-1]
    assert len(out) == len(game.pegs) + 1
    assert out[-2].startswith(f"deal {final.deal + 1:>2}  player {final.seat + 1}  +{final.points:<2}")
    assert out[-1].startswith(f"player {game.winner + 1} wins 121-{front[1 - game.winner]}")
    assert "the board acknowledged seq " in out[-1]
    assert board.state.tracks == tuple(
        default_track(seat, front[seat], back[seat], highlight=seat == final.seat) for seat in (0, 1))
    assert board.state.effects.winner == game.winner


def test_sim_runs_a_board_on_a_terminal_for_other_processes(capsys: pytest.CaptureFixture[str]) -> None:
    command = [sys.executable, "-m", "bot.cli", "board", "sim", "--tracks", "3", "--seconds", "20"]
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
    assert "argument --drop: '2' is not a probability between 0 and 1" in capsys.readouterr().err
