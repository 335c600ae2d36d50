"""The reference firmware's protocol core (firmware/pegboard/core.py), without any pty in the way."""

import binascii

from hypothesis import given, settings
from hypothesis import strategies as st

from board_driver.protocol import crc16 as host_crc16
from board_driver.sim import SimBoard
from firmware.pegboard import core
from firmware.pegboard.core import MAX_LINE, Board, LineReader, Nak, Track, crc16, crc16_by_table, decode, unframe


def test_the_hand_made_crc_is_ccitt_false() -> None:
    for crc in (crc16, crc16_by_table):  # the table is what the Pico runs (its binascii has no crc_hqx)
        assert crc(b"123456789") == 0x29B1
        assert crc(b"HELLO 1") == 0x3C7B
        assert crc(b"") == 0xFFFF


@given(st.binary(max_size=200))
def test_the_hand_made_crc_matches_binascii(data: bytes) -> None:
    assert crc16_by_table(data) == crc16(data) == binascii.crc_hqx(data, 0xFFFF) == host_crc16(data)


def test_a_line_is_cut_at_the_last_star() -> None:
    assert unframe(b"HELLO 1*3C7B\r\n") == "HELLO 1"
    star = b"A*B"
    assert unframe(star + b"*%04X\n" % crc16(star)) == "A*B"
    assert isinstance(decode("A*B"), Nak)


def test_the_reader_counts_cr_and_lf_in_the_128_bytes_and_skips_empty_lines() -> None:
    reader = LineReader()
    ok = b"x" * (MAX_LINE - 2) + b"\r\n"
    assert reader.feed(ok) == [ok]
    assert reader.feed(b"x" * (MAX_LINE - 1) + b"\r\n") == [None]
    assert reader.feed(b"\r\n\n\r\r\n") == []
    assert reader.feed(b"y" * 200) == []
    assert reader.feed(b"y" * 200 + b"\nPING 1*F37B\n") == [None, b"PING 1*F37B\n"]
    assert reader.idle()
    assert reader.feed(b"\r") == [] and reader.idle()
    assert reader.feed(b"PI") == [] and not reader.idle()


def test_power_on_and_the_host_quiet_rule() -> None:
    board = Board(2, 121, 244)
    assert board.report_line() == b"REPORT 0 128 - - 0,0,D55E00,0 0,0,56B4E9,0*" + b"%04X" % crc16(
        b"REPORT 0 128 - - 0,0,D55E00,0 0,0,56B4E9,0") + b"\n"
    assert board.host_quiet(0)  # nothing heard since power-on
    board.receive(b"STATE 1 130,0,FF2020,0*" + b"%04X" % crc16(b"STATE 1 130,0,FF2020,0") + b"\n", 1000)
    assert not board.host_quiet(1000)  # a frame refused for RANGE still shows the host is there
    assert not board.host_quiet(6000)
    assert board.host_quiet(6001)
    board.receive(b"PING 1*F37C\n", 7000)  # a bad checksum is not a valid frame
    assert board.host_quiet(7000)
    board.receive(b"ACK 1*92BD\n", 7000)  # nor is a frame only boards send
    assert board.host_quiet(7000)


def test_changes_count_only_what_the_leds_show() -> None:
    board = Board()
    before = board.changes
    state = b"STATE 1 87,80,FF2020,0 95,91,2060FF,1*FDF5\n"
    board.receive(state, 0)
    assert board.changes == before + 1
    board.receive(state + b"PING 5*F37B\nQUERY*324D\nHELLO 1*3C7B\n", 0)
    assert board.changes == before + 1
    assert board.tracks == [Track(87, 80, 0xFF2020), Track(95, 91, 0x2060FF, True)]
    board.boot()
    assert board.changes == before + 2 and board.seq == 0


# -- the same answers as the simulated board, for any host line ----------------------------------

_WORDS = ["HELLO", "STATE", "BRIGHT", "EFFECT", "PING", "QUERY", "DANCE", "0", "1", "7", "-", "91", "121", "122",
          "130", "255", "256", "65535", "65536", "007", "x", "87,80,FF2020,0", "95,91,2060ff,1", "0,0,000000,0",
          "5,9,FF2020,0", "5,0,FF2020,2", "1000,0,FF2020,0", "5,0,FF20,0", "5,0", "3", "4", "99999", "123456",
          "LED", "TRACK", "WHITE", "242", "243"]
_HOST = ["HELLO", "STATE", "BRIGHT", "EFFECT", "PING", "QUERY", "TEST"]


@st.composite
def host_lines(draw: st.DrawFn) -> bytes:
    words = draw(st.lists(st.sampled_from(_WORDS), max_size=6))
    payload = " ".join([draw(st.sampled_from(_HOST)), *words])
    data = payload.encode()
    ending = draw(st.sampled_from([b"\n", b"\r\n"]))
    crc = crc16(data) if draw(st.booleans()) or not words else crc16(data) ^ 1
    return data + b"*%04X" % crc + ending


@settings(max_examples=400, deadline=None)
@given(st.lists(host_lines(), min_size=1, max_size=4))
def test_the_core_answers_every_host_line_as_the_simulated_board_does(lines: list[bytes]) -> None:
    sim = SimBoard(firmware=core.FIRMWARE, holes=121)
    wire = sim.connect()
    firmware = Board(2, 121, sim.info.leds)
    for data in [*lines, b"QUERY*324D\n"]:
        wire.write(data, 1.0)
        assert firmware.receive(data, 1000) == bytes(wire.readable).splitlines(keepends=True), data
        wire.readable.clear()
