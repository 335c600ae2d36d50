"""The board-side answers docs/board-protocol.md gives, and the numbers docs/board-hardware.md gives, are
what the code does (the firmware's core, the simulated board, the driver's timing and order)."""

import re
from pathlib import Path

import pytest

from board_driver.driver import FramePart, Timing
from board_driver.sim import HOST_QUIET_S, SimBoard
from firmware.pegboard import core, picture

DOCS = Path(__file__).resolve().parents[2] / "docs"
PROTOCOL = " ".join((DOCS / "board-protocol.md").read_text().split())
GUIDE = " ".join((DOCS / "board-hardware.md").read_text().split())


def both(line: bytes) -> tuple[bytes, bytes]:
    """What the firmware's core and the simulated board answer to one line."""
    wire = SimBoard().connect()
    wire.write(line, 1.0)
    return b"".join(core.Board().receive(line, 0)), bytes(wire.readable)


@pytest.mark.parametrize(("sent", "answer"), [
    ("HELLO*1*D3B0", "NAK - UNKNOWN frame type 'HELLO?1'"),
    ("STATE 7 130,0,FF2020,0 x,0,FF2020,0", "NAK 7 FORMAT"),
    ("STATE 7 5,9,FF2020,0 x,0,FF2020,0", "NAK 7 RANGE"),
    ("BRIGHT 6", "NAK 6 FORMAT"),
    ("QUERY 5", "NAK - FORMAT"),
])
def test_the_protocols_examples_are_answered_as_it_says(sent: str, answer: str) -> None:
    assert f"`{sent}" in PROTOCOL and f"`{answer}" in PROTOCOL
    data = sent.encode()
    line = data + b"\n" if b"*" in data else data + b"*%04X\n" % core.crc16(data)
    firmware, sim = both(line)
    assert firmware == sim and firmware.startswith(answer.encode())


def test_the_128_byte_arithmetic() -> None:
    assert "room for 126 bytes of `PAYLOAD*CRC`, one ending in LF for 127" in PROTOCOL
    assert core.MAX_LINE == 128


def test_the_host_side_numbers_and_order_the_board_side_relies_on() -> None:
    timing = Timing()
    assert (timing.ack_timeout, timing.handshake_timeout) == (0.25, 1.0)
    assert "`HELLO` every 250 ms for up to 1 s" in PROTOCOL and "within **1 s** of it" in PROTOCOL
    assert [part.name for part in FramePart] == ["PEGS", "EFFECTS", "BRIGHTNESS"]
    assert "`STATE`, then `EFFECT`, then `BRIGHT` if it set one" in PROTOCOL
    assert core.HOST_QUIET_MS == HOST_QUIET_S * 1000 == 5000 and "no valid frame for **5 s**" in PROTOCOL


def test_the_guides_looks_and_power_numbers_are_the_firmwares() -> None:
    for text in (f"0 up to {picture.BREATH_MAX}/255", f"a breath every {picture.BREATH_MS // 1000} s",
                 f"at {picture.FLASH}/255", f"on {picture.FLASH_MS} ms, off {picture.FLASH_MS} ms",
                 f"white at {picture.SKUNK[0]}/255", f"colour at {picture.BACK}/255 (dim)",
                 f"pulses 255 → {picture.PULSE_MIN} → 255 once a second", f"**{picture.USB_BUDGET_MA} mA** by default",
                 f"LEDs × {picture.IDLE_MA} + (sum of every channel value of every LED) × "
                 f"{picture.MA_PER_CHANNEL} / 255",
                 "**2E8A:0005**"):
        assert text in GUIDE, text
    assert picture.PULSE_MS == 1000 and round(244 * 60 / 1000, 1) == 14.6
    assert re.search(r"244 LEDs at full white would draw \*\*about 14\.6 A\*\*", GUIDE)


RANGE_FRAMES = ["STATE 1 130,0,FF2020,0", "EFFECT 1 2 -", "STATE 1 5,9,FF2020,0"]


@pytest.mark.parametrize("payload", RANGE_FRAMES)
def test_a_frame_refused_for_range_shows_the_host_is_there_on_the_firmware(payload: str) -> None:
    board = core.Board()
    data = payload.encode()
    assert b" RANGE " in board.receive(data + b"*%04X\n" % core.crc16(data), 1000)[0]
    assert not board.host_quiet(1000)


@pytest.mark.parametrize("payload", RANGE_FRAMES)
def test_a_frame_refused_for_range_shows_the_host_is_there_on_the_simulated_board(payload: str) -> None:
    sim = SimBoard()
    data = payload.encode()
    assert b" RANGE " in b"".join(sim.handle_line(data + b"*%04X\n" % core.crc16(data), 1000.0))
    assert not sim.host_quiet(1000.0)


def test_the_power_field_and_the_ctrl_c_rule_are_as_the_docs_say() -> None:
    from firmware.pegboard import layout

    straight = layout.straight(2)
    report = core.Board(2, 121, straight.leds)
    report.power = lambda b: picture.power(straight, b.tracks, b.brightness, b.winner, b.skunk).field()
    report.receive(b"".join(core.frame_line(f) for f in ("STATE 4 2,0,D55E00,0 6,0,56B4E9,1", "BRIGHT 4 128")), 0)
    example = report.report_line().split(b"*")[0].decode()
    assert example == "REPORT 4 128 - - 2,0,D55E00,0 6,0,56B4E9,1 296/450"
    assert f"`{example[:22]} {example[22:]}`" in PROTOCOL or f"(`{example[:21]}" in PROTOCOL
    won = [core.Track(121, 118, 0xD55E00), core.Track(86, 80, 0x56B4E9)]
    assert picture.power(straight, won, 255, 0, None).field() == "895/450" and "`895/450`" in GUIDE
    assert picture.MIN_COLOUR_MA == 20 and "**20 mA** of colour (`MIN_COLOUR_MA`)" in GUIDE
    assert "`912/450`" in GUIDE and "`912/450`" in PROTOCOL
    assert core.STOP == 3 and "`CR 0x03`, reads what is waiting, then `CR 0x01`" in PROTOCOL
    timing = Timing()
    assert (timing.stall_s, timing.finish_patience_s) == (0.02, 30.0)
    assert "after 20 ms without an answer the host sends a bare LF" in PROTOCOL and "up to 30 s in all" in PROTOCOL
