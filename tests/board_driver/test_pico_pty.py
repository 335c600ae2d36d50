"""firmware/main.py itself on a real pseudo-terminal (python -m board_driver.pico_pty): a strip write that
holds the loop 15 ms, as machine.bitstream does at 488 LEDs, never delays an ACK; and mpremote's way in
(Ctrl-C, then Ctrl-A) reaches the REPL while the board animates."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

import serial

from board_driver.link import BoardLink
from board_driver.model import Effects, default_track
from board_driver.pico_pty import RAW_REPL
from board_driver.protocol import SetEffects, SetState

ROOT = Path(__file__).resolve().parents[2]


def read_until(port: serial.Serial, ending: bytes, timeout: float) -> bytes:
    """What mpremote's read_until does: read until the data ends with `ending`, or the timeout."""
    data, end = b"", time.monotonic() + timeout
    while not data.endswith(ending) and time.monotonic() < end:
        data += port.read(1)
    return data


def test_acks_go_out_before_the_15_ms_strip_write_and_mpremote_gets_in(tmp_path: Path) -> None:
    log = tmp_path / "events.log"
    proc = subprocess.Popen([sys.executable, "-m", "board_driver.pico_pty", "--tracks", "4", "--strip-ms", "15",
                             "--log", str(log), "--seconds", "30"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        path = proc.stdout.readline().split(" on ")[1].strip()
        with BoardLink.open(path) as link:
            assert link.handshake(2.0, 0.25).leds == 488
            took = []
            for n in range(1, 21):
                start = time.monotonic()
                link.request(SetState(n, tuple(default_track(t, n + t, 0) for t in range(4))), n, timeout=1.0)
                took.append(time.monotonic() - start)
                time.sleep(0.03)  # the frame is drawn before the next comes
            link.request(SetEffects(21, Effects(winner=0, skunk=91)), 21, timeout=1.0)
            time.sleep(0.3)  # the winner flashes: a 15 ms write every 40 ms
            port = link.port
            port.write(b"\r\x03")  # mpremote 1.29's enter_raw_repl, byte for byte
            port.reset_input_buffer()
            port.write(b"\r\x01")
            assert read_until(port, RAW_REPL, 10.0).endswith(RAW_REPL)
        assert statistics.median(took) < 0.015  # answered before the 15 ms write, not after it
        events = log.read_text().splitlines()
        acks = [i for i, line in enumerate(events) if " out ACK " in line]
        assert len(acks) == 21
        for i in acks[:20]:  # each picture change: its ACK, then the write that shows it
            assert events[i + 1].split()[1] == "draw", events[i - 1:i + 2]
        animated = [line for line in events[acks[-1]:] if " draw " in line]
        assert len(animated) >= 5 and events[-1].endswith("stopped")
        assert events[-2].split()[1] == "draw" and events[-2].split()[-1] == "0"  # dark before the REPL
    finally:
        proc.kill()
        proc.wait(5)
