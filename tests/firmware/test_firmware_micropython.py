"""The firmware's plain modules run unchanged under MicroPython and answer exactly as under CPython.

MicroPython here is its WebAssembly port from the npm registry, run by node:
    npm install --prefix ~/.cache/micropython-wasm @micropython/micropython-webassembly-pyscript
(or set MICROPYTHON_WASM to the folder holding micropython.mjs). Without node or the package the test is
skipped. The same program runs under both and its output must match line for line; it uses no floats
(the RP2040's MicroPython has single-precision ones, and the picture needs none). A second program runs
firmware/main.py itself, its hardware modules (and sys, select, time) stood in for through sys.modules."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.pegboard.core import crc16
from tests.board_driver.test_board_doc import session

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "firmware" / "pegboard"
MJS = "micropython.mjs"
NPM_PATH = Path("node_modules") / "@micropython" / "micropython-webassembly-pyscript"


def micropython_mjs() -> Path | None:
    places = [Path(os.environ["MICROPYTHON_WASM"])] if os.environ.get("MICROPYTHON_WASM") else []
    places += [Path.home() / ".cache" / "micropython-wasm" / NPM_PATH, ROOT / NPM_PATH]
    for place in places:
        if (place / MJS).exists():
            return place / MJS
    return None


PROGRAM = r'''
import sys
from pegboard import core, layout, picture

print(sys.implementation.name in ("cpython", "micropython"))
print(core.crc16(b"123456789"), core.crc16(b"HELLO 1"))
board = core.Board(2, 121, 243, "sim-1.0")
for i in range(len(LINES)):
    for answer in board.receive(LINES[i], 1000 + i):
        print(answer)
print(board.host_quiet(1000 + len(LINES)), board.host_quiet(100000))
for name in layout.NAMES:
    for tracks in (1, 2, 3, 4):
        shape = layout.make(name, tracks)
        print(name, tracks, shape.leds, [shape.led(t, h) for t in range(tracks) for h in range(122)])
        print([shape.place(i) for i in range(0, shape.leds, 7)])
pegs = [core.Track(87, 80, 0xFF2020, True), core.Track(95, 91, 0x2060FF)]
for name in layout.NAMES:
    shape = layout.make(name, 2)
    for now in (0, 250, 333, 500, 1750, 2000, 3999):
        for winner, skunk, quiet, level in ((None, None, False, 255), (0, 91, False, 128), (1, 61, True, 200)):
            lit = picture.lights(shape, pegs, level, winner, skunk, now, quiet)
            print(name, now, sorted(lit.items()))
white = {}
for i in range(40):
    white[i] = (255, 255 - i, 3 * i)
print(sorted(picture.capped(white, 244, 450).items()))
print(picture.animated(pegs, None, False), picture.animated(pegs, None, True))
print(sorted(picture.capped(white, 500, 450).items()))
for name in layout.NAMES:
    for tracks in (1, 2, 3, 4):
        shape = layout.make(name, tracks)
        end = shape.holes
        won = [core.Track(end - t, end - 3 - t, core.DEFAULT_COLOURS[t], t == 0) for t in range(tracks)]
        for budget in (450, 220):
            cap = picture.power(shape, won, 255, 0, 91, budget)
            worst, dark = 0, 0
            for now in range(0, 4000, 250):
                raw = picture.raw_lights(shape, won, 255, 0, 91, now, True)
                lit = picture.lights(shape, won, 255, 0, 91, now, True, budget, cap)
                for i in raw:
                    if raw[i] != (0, 0, 0) and lit[i] == (0, 0, 0):
                        dark += 1
                worst = max(worst, shape.leds + (picture.units(lit) * 20 + 254) // 255)
            print(name, tracks, budget, cap.field(), cap.over, worst, dark, sorted(lit.items())[:4])
        board = core.Board(tracks, end, shape.leds)
        board.power = lambda b: picture.power(shape, b.tracks, b.brightness, b.winner, b.skunk, 450).field()
        print(board.report_line())
shape = layout.make("straight", 2)
board = core.Board(2, 121, shape.leds)
board.power = lambda b: picture.board_power(shape, b, 450).field()
for payload in ("TEST 1 LED 5", "TEST 2 TRACK 1", "TEST 3 WHITE -", "TEST 4 BLINK 1", "TEST 5 LED 244", "TEST 6 - -"):
    print(board.receive(core.frame_line(payload), 0), board.report_line())
    lit = picture.board_lights(shape, board, 0, False, 450)
    print("test", payload, len(lit), sorted(lit.items())[:2])


def stream(data):
    at = [0]

    def ready(ms):
        return at[0] < len(data)

    def read1():
        at[0] += 1
        return data[at[0] - 1:at[0]]
    return ready, read1, at


for data in (b"\r\x03\r\x01", b"\r\x03\x03\r\x01", b"PING 1*XXXX\nSTATE 3 87,8\r\x03\r\x01",
             b"x" * 300 + b"\x03\r\x01", b"x" * 300, b"QUERY*324D\n"):
    ready, read1, at = stream(data)
    passes, got, stop = 0, b"", False
    while not stop and ready(0):  # the firmware's passes, 256 bytes at most each
        taken, stop = core.take_input(ready, read1, 20, 256)
        passes, got = passes + 1, got + taken
    print("input", passes, len(got), got[:20], stop, data[at[0]:at[0] + 20])
'''


def lines() -> list[bytes]:
    """The document's session, then lines the board must refuse."""
    out = [line for direction, line in session() if direction == ">"]
    framed = [b"HELLO*1", b"PI\x01NG 1", b"P\xe9NG 1", b"STATE 9 5,9,FF2020,0 x,0,FF2020,0", b"ACK x", b"INFO 1",
              b"EFFECT 10 1 -", b"STATE 11 1,0,000000,1", b"BRIGHT 12 256", b"STATE 13 0,0,FF2020,01", b""]
    out += [data + b"*%04X\n" % crc16(data) for data in framed]
    out += [b"x" * 130 + b"\n", b"\r\n", b"QUERY*324D\r\n", b"PING 3*3C\xff7\n", b"PING 3\n"]
    return out


def program() -> str:
    return "LINES = [" + ", ".join(repr(line) for line in lines()) + "]\n" + PROGRAM


def run_cpython(text: str | None = None) -> str:
    code = f"import sys; sys.path.insert(0, {str(PACKAGE.parent)!r}); exec({text or program()!r})"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          timeout=60).stdout


def run_micropython(mjs: Path, text: str | None = None) -> str:
    files = {name: (PACKAGE / name).read_text() for name in ("__init__.py", "core.py", "layout.py", "picture.py")}
    script = (f"import {{ loadMicroPython }} from {json.dumps(mjs.as_uri())};\n"
              "let out = '';\n"
              "const mp = await loadMicroPython({stdout: (s) => { out += s + '\\n'; }, "
              "stderr: (s) => { out += 'ERR ' + s + '\\n'; }});\n"
              "mp.FS.mkdirTree('/lib/pegboard');\n"
              f"const files = {json.dumps(files)};\n"
              "for (const [name, text] of Object.entries(files)) mp.FS.writeFile('/lib/pegboard/' + name, text);\n"
              f"try {{ mp.runPython({json.dumps(text or program())}); }} catch (e) {{ out += 'ERR ' + e + '\\n'; }}\n"
              "process.stdout.write(out);\n")
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_core_layout_and_picture_run_unchanged_under_micropython() -> None:
    mjs = micropython_mjs()
    if shutil.which("node") is None or mjs is None:
        pytest.skip("MicroPython's WebAssembly port is not installed (see this file's docstring)")
    expected = run_cpython()
    got = run_micropython(mjs)
    assert "ERR" not in got, got[-2000:]
    assert got.splitlines() == expected.splitlines()
    assert expected.count("\n") > 60 and "REPORT 4 128 - - 2,0,FF2020,0 6,0,2060FF,1" in expected
    assert "straight 4 450 1346/450 True 500 0 [(0, (1, 0, 0))" in expected  # 488 dark LEDs: dimmed, not dark
    assert "straight 2 450 935/450 False 429 0 " in expected  # dimmed to fit, every frame, nothing dark
    assert "input 1 1 b'\\r' True b'\\r\\x01'\n" in expected  # mpremote's Ctrl-A is left for the REPL
    assert "input 1 1 b'\\r' True b'\\x03\\r\\x01'\n" in expected  # and an older one's second Ctrl-C
    assert "input 2 300 b'xxxxxxxxxxxxxxxxxxxx' True b'\\r\\x01'\n" in expected  # in an overlong line too
    assert "test TEST 3 WHITE - 244 [(0, (3, 3, 3)), (1, (3, 3, 3))]" in expected  # the test pattern's white, capped


MAIN_PROGRAM = r"""
import sys as real_sys

try:  # CPython's typing imports sys itself: it must see the real one
    import typing  # noqa: F401
except ImportError:  # MicroPython has none
    pass


class Ticks:  # main.py has a Clock of its own
    ms = 0


EVENTS = []


class Usb:
    def __init__(self, script):
        self.script = script
        self.pending = b""
        self.buffer = self

    def register(self, stream, mask):
        pass

    def poll(self, timeout_ms):
        self.arrive()
        if not self.pending:
            if not self.script or self.script[0][0] > Ticks.ms + timeout_ms:
                Ticks.ms += max(timeout_ms, 1)
                return []
            Ticks.ms = self.script[0][0]
            self.arrive()
        return [(self, 1)]

    def arrive(self):
        while self.script and self.script[0][0] <= Ticks.ms:
            self.pending += self.script.pop(0)[1]

    def read(self, n):
        out = self.pending[:n]
        self.pending = self.pending[n:]
        return out

    def write(self, data):
        EVENTS.append((Ticks.ms, "out", data))
        return len(data)


class Strip:
    def __init__(self, pin, n):
        self.leds = [(0, 0, 0)] * n

    def fill(self, colour):
        self.leds = [colour] * len(self.leds)

    def __setitem__(self, index, colour):
        self.leds[index] = colour

    def write(self):
        lit = [i for i in range(len(self.leds)) if self.leds[i] != (0, 0, 0)]
        EVENTS.append((Ticks.ms, "draw", lit[:6]))
        Ticks.ms += 15  # machine.bitstream at 488 LEDs: the loop is held 15 ms


class Pin:
    OUT = 1

    def __init__(self, name, mode=0):
        pass

    def value(self, level):
        pass


class PWM:
    def __init__(self, pin):
        pass

    def freq(self, hz):
        pass

    def duty_u16(self, value):
        pass


class Module:
    pass


def module(**names):
    m = Module()
    for name in names:
        setattr(m, name, names[name])
    return m


usb = Usb(SCRIPT)
real_sys.modules["machine"] = module(Pin=Pin, PWM=PWM)
real_sys.modules["neopixel"] = module(NeoPixel=Strip)
real_sys.modules["micropython"] = module(kbd_intr=lambda c: EVENTS.append((Ticks.ms, "kbd_intr", c)))
real_sys.modules["select"] = module(poll=lambda: usb, POLLIN=1)
real_sys.modules["time"] = module(ticks_ms=lambda: Ticks.ms, ticks_diff=lambda a, b: a - b)
real_sys.modules["sys"] = module(stdin=usb, stdout=usb)
exec(MAIN_SOURCE)
for event in EVENTS:
    print(event[0], event[1], event[2])
print("left for the REPL", usb.pending + b"".join(chunk for _, chunk in usb.script))
"""


def main_program() -> str:
    """firmware/main.py itself (4 tracks, 488 LEDs) against stand-ins: a game's moves, its end (the winner
    flashes), then mpremote's Ctrl-C and Ctrl-A in one read."""
    source = (PACKAGE.parent / "main.py").read_text().replace("\nTRACKS = 2", "\nTRACKS = 4")
    source = re.sub(r"^LAYOUT = .*$", 'LAYOUT = "straight"', source, count=1, flags=re.M)
    moves = [(100 + 40 * i, core_line(f"STATE {i + 1} {i + 2},{i + 1},D55E00,0")) for i in range(8)]
    script = [*moves, (500, core_line("EFFECT 9 0 91")), (900, b"\r\x03\r\x01")]
    return f"MAIN_SOURCE = {source!r}\nSCRIPT = {script!r}\n" + MAIN_PROGRAM


def core_line(payload: str) -> bytes:
    return payload.encode() + b"*%04X\n" % crc16(payload.encode())


def test_main_py_itself_answers_before_it_draws_and_stops_at_ctrl_c_under_micropython() -> None:
    mjs = micropython_mjs()
    if shutil.which("node") is None or mjs is None:
        pytest.skip("MicroPython's WebAssembly port is not installed (see this file's docstring)")
    expected = run_cpython(main_program())
    got = run_micropython(mjs, main_program())
    assert "ERR" not in got, got[-2000:]
    assert got.splitlines() == expected.splitlines()
    events = [line.split(" ", 2) for line in expected.splitlines()[:-1]]
    acks = [i for i, (_, kind, data) in enumerate(events) if kind == "out" and data.startswith("b'ACK")]
    assert len(acks) == 9
    for n, i in enumerate(acks[:8]):  # each move: its ACK at once, then the 15 ms write that shows it
        assert int(events[i][0]) - (100 + 40 * n) <= 1 and events[i + 1][1] == "draw"
        assert str(n + 2) in events[i + 1][2]
    assert len([e for e in events[acks[-1]:] if e[1] == "draw"]) >= 8  # the winner flashes: a frame every 55 ms
    assert events[-2][1:] == ["kbd_intr", "3"] and events[-1][1:] == ["draw", "[]"]  # REPL's Ctrl-C back, dark
    assert int(events[-2][0]) - 900 <= 15  # the Ctrl-C waited at most for the write under way
    assert expected.splitlines()[-1] == "left for the REPL b'\\r\\x01'"
