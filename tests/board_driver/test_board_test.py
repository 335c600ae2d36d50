"""`cribbage board test`: each LED in turn, each track, then full white at the budget, drawn by the board itself
(TEST), on the simulated board and behind real pseudo-terminals, and ended on the board by Ctrl-C."""

import re
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from board_driver import sim
from board_driver.ptysim import PtySim
from board_driver.sim import SimBoard
from bot.cli.main import main
from firmware.pegboard import core
from firmware.pty_board import make_board

ROOT = Path(__file__).resolve().parents[2]
QUICK = ["--step", "0", "--hold", "0"]
Seen = list[tuple[str, int | None] | None]


class Recording(core.Board):
    """The firmware's core, keeping every test pattern it applied, in order (None: `TEST seq - -`)."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.seen: Seen = []

    def respond(self, frame: core.Frame | core.Nak, now_ms: int) -> bytes | core.Nak:
        answer = super().respond(frame, now_ms)
        if isinstance(frame, core.Frame) and frame.kind == "TEST" and answer == core.frame_line(f"ACK {frame.seq}"):
            self.seen.append(frame.test)
        return answer


class RecordingSim(SimBoard):
    CORE = Recording


class NoTest(core.Board):
    """A board of firmware 1.1: TEST is a frame type it does not know."""

    def respond(self, frame: core.Frame | core.Nak, now_ms: int) -> bytes | core.Nak:
        if isinstance(frame, core.Frame) and frame.kind == "TEST":
            return core.Nak(None, core.UNKNOWN, "frame type 'TEST' is not known")
        return super().respond(frame, now_ms)


class OldSim(SimBoard):
    CORE = NoTest


def patterns(leds: int, tracks: int) -> Seen:
    """What the command asks for, in order: every LED, every track, full white, then the picture again."""
    return [*((core.TEST_LED, i) for i in range(leds)), *((core.TEST_TRACK, t) for t in range(tracks)),
            (core.TEST_WHITE, None), None]


@pytest.fixture
def on_pty() -> Iterator[Callable[[SimBoard], str]]:
    served: list[PtySim] = []

    def put(board: SimBoard) -> str:
        pty = PtySim(board).start()
        served.append(pty)
        return pty.path

    yield put
    for pty in served:
        pty.close()


def test_on_the_simulated_board_every_led_then_every_track_then_white(board_name: str,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    board = RecordingSim(tracks=3)
    with sim._registry_lock:
        sim._registry[board_name] = board
    url = f"sim://{board_name}"
    assert main(["board", "test", "--port", url, *QUICK]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"testing the board at {url} (sim-1.0, 3 tracks x 121 holes, 364 LEDs); Ctrl-C stops it",
        "1. each LED in turn, white, 0 s each: the first that stays dark is just after a bad joint",
        "   LED 0 to LED 363",
        "2. each track in its colour, 0 s each",
        "   track 1: its LEDs in #D55E00",
        "   track 2: its LEDs in #56B4E9",
        "   track 3: its LEDs in #F0E442",
        "3. every LED white, 0 s (this board does not say its current)",
        "done: the board shows its picture again",
    ]
    assert isinstance(board.core, Recording) and board.core.seen == patterns(364, 3)
    assert board.core.test is None and board.received["SetTest"] == 364 + 3 + 2


def test_behind_a_pty_the_firmwares_board_names_each_led_and_keeps_white_to_its_budget(
        on_pty: Callable[[SimBoard], str], capsys: pytest.CaptureFixture[str]) -> None:
    board, shape = make_board("traditional", 2)
    path = on_pty(board)
    assert main(["board", "test", "--port", path, *QUICK]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"testing the board at {path} (pegboard-1.2, traditional, 2 tracks x 121 holes, 122 LEDs); Ctrl-C stops it",
        "1. each LED in turn, white, 0 s each: the first that stays dark is just after a bad joint",
        "   LED 0 (track 1, holes 1 and 61) to LED 60 (track 1, hole 121)",
        "   LED 61 (track 2, hole 121) to LED 121 (track 2, holes 1 and 61)",
        "2. each track in its colour, 0 s each",
        "   track 1: LEDs 0-60 in #D55E00",
        "   track 2: LEDs 61-121 in #56B4E9",
        "3. every LED white, 0 s: it would draw 7,442 mA, and the board keeps to its budget, 450 mA (BUDGET_MA)",
        "done: the board shows its picture again",
    ]
    assert 122 + 122 * 765 * 20 // 255 == 7442 and shape.leds == 122  # 1 mA dark + 60 mA white, each LED
    assert board.core.test is None and board.core.seq == 122 + 2 + 2


def test_a_board_without_the_test_pattern_is_told_to_take_new_firmware(board_name: str,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    with sim._registry_lock:
        sim._registry[board_name] = OldSim()
    assert main(["board", "test", "--port", f"sim://{board_name}", *QUICK]) == 1
    assert capsys.readouterr().err == (f"cribbage board: the board at sim://{board_name} has no test pattern (its "
                                       "firmware is older than pegboard-1.2): copy firmware/ to it again "
                                       "(docs/board-hardware.md)\n")


def test_bad_timings_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["board", "test", "--port", "sim://x", "--step", "-1"])
    assert stopped.value.code == 2 and "argument --step" in capsys.readouterr().err


def test_the_whole_test_behind_the_pty_firmware_command() -> None:
    """`python -m firmware.pty_board` and `cribbage board test` as two processes, as at the bench."""
    board = subprocess.Popen([sys.executable, "-m", "firmware.pty_board", "--tracks", "4", "--seconds", "60"],
                             cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert board.stdout is not None
        path = board.stdout.readline().split(" on ")[1].strip()
        done = subprocess.run([sys.executable, "-m", "bot.cli.main", "board", "test", "--port", path, *QUICK],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        ends = ("the start hole", "hole 121")
        assert lines[2:6] == [f"   LED {122 * t} (track {t + 1}, {ends[t % 2]}) "
                              f"to LED {122 * t + 121} (track {t + 1}, {ends[1 - t % 2]})" for t in range(4)]
        assert lines[-2] == ("3. every LED white, 0 s: it would draw 29,768 mA, and the board keeps to its budget, "
                             "450 mA (BUDGET_MA)")
    finally:
        board.terminate()
        board.wait(5)


def test_ctrl_c_ends_the_test_on_the_board_too(on_pty: Callable[[SimBoard], str]) -> None:
    """The command in a process of its own, the firmware's board behind a real pty: a Ctrl-C in the middle of the
    LED walk ends the command with 130, and the board shows its picture again."""
    board, _ = make_board("straight", 2)
    path = on_pty(board)
    command = [sys.executable, "-m", "bot.cli.main", "board", "test", "--port", path, "--step", "0.02"]
    test = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        with board.lock:  # the walk is under way: ten LEDs acknowledged
            assert board.lock.wait_for(lambda: board.core.seq >= 10, timeout=30)
        test.send_signal(signal.SIGINT)
        _, err = test.communicate(timeout=30)
    finally:
        test.kill()
    assert test.returncode == 130
    stopped = re.fullmatch(r"cribbage board test: stopped at LED (\d+) \(track 1, hole (\d+)\); the board "
                           r"shows its picture again\n", err)
    assert stopped is not None, err
    shown = int(stopped.group(1))  # the last LED acknowledged: the board had applied LED 9, so at least LED 8
    assert stopped.group(2) == str(shown) and shown >= 8
    assert board.core.test is None and board.core.seq in (shown + 2, shown + 3)  # maybe one more in flight, the end
    assert board.core.report_line().split(b"*")[0].endswith(b" 264/450")  # the picture's power, not white's
