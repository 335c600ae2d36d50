"""The firmware's plain modules run unchanged under MicroPython and answer exactly as under CPython.

MicroPython here is its WebAssembly port from the npm registry, run by node:
    npm install --prefix ~/.cache/micropython-wasm @micropython/micropython-webassembly-pyscript
(or set MICROPYTHON_WASM to the folder holding micropython.mjs). Without node or the package the test is
skipped. The same program runs under both and its output must match line for line; it uses no floats
(the RP2040's MicroPython has single-precision ones, and the picture needs none)."""

from __future__ import annotations

import json
import os
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


def run_cpython() -> str:
    code = f"import sys; sys.path.insert(0, {str(PACKAGE.parent)!r}); exec({program()!r})"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          timeout=60).stdout


def run_micropython(mjs: Path) -> str:
    files = {name: (PACKAGE / name).read_text() for name in ("__init__.py", "core.py", "layout.py", "picture.py")}
    script = (f"import {{ loadMicroPython }} from {json.dumps(mjs.as_uri())};\n"
              "let out = '';\n"
              "const mp = await loadMicroPython({stdout: (s) => { out += s + '\\n'; }, "
              "stderr: (s) => { out += 'ERR ' + s + '\\n'; }});\n"
              "mp.FS.mkdirTree('/lib/pegboard');\n"
              f"const files = {json.dumps(files)};\n"
              "for (const [name, text] of Object.entries(files)) mp.FS.writeFile('/lib/pegboard/' + name, text);\n"
              f"try {{ mp.runPython({json.dumps(program())}); }} catch (e) {{ out += 'ERR ' + e + '\\n'; }}\n"
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
