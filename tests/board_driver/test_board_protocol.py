import pytest
from hypothesis import given
from hypothesis import strategies as st

from board_driver.model import BoardInfo, Effects, TrackState
from board_driver.protocol import (
    MAX_LINE,
    Ack,
    FrameError,
    Hello,
    Info,
    NakFrame,
    NakReason,
    Ping,
    Pong,
    Query,
    Report,
    SetBrightness,
    SetEffects,
    SetState,
    crc16,
    decode,
    encode,
    frame_line,
    report_problem,
    unframe_line,
)


def crc_by_the_book(data: bytes) -> int:
    """CRC-16/CCITT-FALSE bit by bit, as a firmware author would write it."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


TWO_TRACKS = (TrackState(87, 80, 0xFF2020), TrackState(95, 91, 0x2060FF, True))

LITERAL_FRAMES = [
    (Hello(), b"HELLO 1*3C7B\n"),
    (Info(BoardInfo(1, "sim-1.0", 2, 121, 243)), b"INFO 1 sim-1.0 2 121 243*5DFE\n"),
    (SetState(1, TWO_TRACKS), b"STATE 1 87,80,FF2020,0 95,91,2060FF,1*FDF5\n"),
    (SetBrightness(7, 40), b"BRIGHT 7 40*9062\n"),
    (SetEffects(9, Effects(1, 91)), b"EFFECT 9 1 91*137B\n"),
    (SetEffects(10, Effects()), b"EFFECT 10 - -*5F77\n"),
    (Ping(3), b"PING 3*93BD\n"),
    (Pong(3), b"PONG 3*5E38\n"),
    (Query(), b"QUERY*324D\n"),
    (Report(1, 128, Effects(), TWO_TRACKS), b"REPORT 1 128 - - 87,80,FF2020,0 95,91,2060FF,1*AF6E\n"),
    (Report(1, 128, Effects(), TWO_TRACKS, (908, 450)),
     b"REPORT 1 128 - - 87,80,FF2020,0 95,91,2060FF,1 908/450*C029\n"),
    (Ack(1), b"ACK 1*92BD\n"),
    (NakFrame(4, NakReason.RANGE, "track 1 front peg 130 is past hole 121"),
     b"NAK 4 RANGE track 1 front peg 130 is past hole 121*F902\n"),
    (NakFrame(None, NakReason.LENGTH, "line over 128 bytes"), b"NAK - LENGTH line over 128 bytes*4886\n"),
]


def test_crc_is_ccitt_false_with_its_check_value() -> None:
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"HELLO 1") == 0x3C7B == crc_by_the_book(b"HELLO 1")


@given(st.binary(max_size=200))
def test_crc_matches_the_bitwise_definition(data: bytes) -> None:
    assert crc16(data) == crc_by_the_book(data)


@pytest.mark.parametrize(("frame", "line"), LITERAL_FRAMES)
def test_every_frame_encodes_to_its_literal_line(frame: object, line: bytes) -> None:
    assert encode(frame) == line  # type: ignore[arg-type]
    assert crc_by_the_book(line[:line.index(b"*")]) == int(line[-5:-1], 16)


@pytest.mark.parametrize(("frame", "line"), LITERAL_FRAMES)
def test_every_literal_line_decodes_to_its_frame(frame: object, line: bytes) -> None:
    assert decode(line) == frame
    assert decode(line.replace(b"\n", b"\r\n")) == frame


def test_lowercase_checksum_is_accepted() -> None:
    assert decode(b"HELLO 1*3c7b\n") == Hello(1)


@pytest.mark.parametrize(("line", "reason", "detail"), [
    (b"HELLO 1*3C7C\n", NakReason.CRC, "checksum 3C7C does not match 3C7B"),
    (b"HELLO 1\n", NakReason.CRC, "no '*CRC' at the end of the line"),
    (b"HELLO 1*3C7\n", NakReason.CRC, "checksum '3C7' is not 4 hex digits"),
    (frame_line("FOO 1"), NakReason.UNKNOWN, "frame type 'FOO' is not known"),
    (frame_line("STATE 5"), NakReason.FORMAT, "STATE has 1 fields, expected 2-5"),
    (frame_line("STATE 5 87,80,FF2020"), NakReason.FORMAT,
     "track 1 '87,80,FF2020' is not FRONT,BACK,RRGGBB,H"),
    (frame_line("STATE 5 87,80,GG2020,0"), NakReason.FORMAT, "track 1 colour 'GG2020' is not RRGGBB"),
    (frame_line("STATE 5 87,80,FF2020,2"), NakReason.FORMAT, "track 1 highlight '2' is not 0 or 1"),
    (frame_line("STATE 5 80,87,FF2020,0"), NakReason.RANGE,
     "track 1: back peg 87 must be behind the front peg 80 (both 0 only at the start)"),
    (frame_line("STATE 70000 1,0,FF2020,0"), NakReason.FORMAT, "seq 70000 is not 0-65535"),
    (frame_line("BRIGHT 6 256"), NakReason.FORMAT, "brightness 256 is not 0-255"),
    (frame_line("EFFECT 6 9 -"), NakReason.FORMAT, "winner track 9 is not 0-3"),
    (frame_line("QUERY now"), NakReason.FORMAT, "QUERY has 1 fields, expected 0"),
    (b"X" * 130 + b"*0000\n", NakReason.LENGTH, "line of 136 bytes, limit 128"),
    (frame_line("REPORT 1 128 - - 87,80,FF2020,0 9x8/450"), NakReason.FORMAT, "wanted mA '9x8' is not a number"),
    (frame_line("REPORT 1 128 - - " + " ".join(["1,0,D55E00,0"] * 5)), NakReason.FORMAT,
     "REPORT has 5 tracks, at most 4"),
])
def test_bad_lines_say_why(line: bytes, reason: NakReason, detail: str) -> None:
    with pytest.raises(FrameError) as caught:
        decode(line)
    assert (caught.value.reason, caught.value.detail) == (reason, detail)


def test_frame_errors_keep_the_seq_so_the_nak_can_name_it() -> None:
    with pytest.raises(FrameError) as caught:
        decode(frame_line("STATE 12 87,80,FF2020,9"))
    assert caught.value.seq == 12
    with pytest.raises(FrameError) as caught:
        decode(b"STATE 12 87,80,FF2020,0*0000\n")
    assert caught.value.seq is None  # a bad checksum means no field can be trusted


def test_payloads_that_cannot_be_framed_are_refused() -> None:
    with pytest.raises(ValueError, match="may not contain"):
        frame_line("STATE 1*2")
    with pytest.raises(ValueError, match="longer than the limit 128"):
        frame_line("NAK - FORMAT " + "x" * 120)


def test_nak_detail_is_cleaned_and_cut_to_fit_a_line() -> None:
    line = encode(NakFrame(3, NakReason.FORMAT, "a*b\n" + "y" * 200))
    assert line.startswith(b"NAK 3 FORMAT a?b yyy")
    assert len(line) <= MAX_LINE
    assert decode(line).reason is NakReason.FORMAT  # type: ignore[union-attr]


def test_unframe_returns_the_checked_payload() -> None:
    assert unframe_line(b"ACK 1*92BD\n") == "ACK 1"


tracks = st.builds(
    lambda front, gap, colour, hl: TrackState(front, max(0, front - gap) if front else 0, colour, hl),
    st.integers(0, 121), st.integers(1, 29), st.integers(0, 0xFFFFFF), st.booleans())


@given(st.integers(0, 65535), st.lists(tracks, min_size=1, max_size=4))
def test_state_frames_round_trip(seq: int, ts: list[TrackState]) -> None:
    frame = SetState(seq, tuple(ts))
    assert decode(encode(frame)) == frame


@given(st.integers(0, 30), st.integers(0x21, 0x7E))
def test_any_single_byte_change_is_caught_by_the_checksum(position: int, new: int) -> None:
    line = bytearray(b"STATE 1 87,80,FF2020,0 95,91,2060FF,1*FDF5\n")
    if line[position] == new:
        return
    line[position] = new
    with pytest.raises(FrameError):
        decode(bytes(line))


BOARD = BoardInfo(1, "sim-1.0", 2, 121, 243)


@pytest.mark.parametrize(("report", "problem"), [
    (Report(3, 128, Effects(), TWO_TRACKS), None),
    (Report(3, 128, Effects(), TWO_TRACKS * 2), "it reports 4 tracks but said it has 2"),
    (Report(3, 128, Effects(), (TrackState(999, 5), TrackState(0, 0))),
     "it reports track 1 front peg 999 but said it has 121 holes"),
    (Report(3, 128, Effects(winner=2), TWO_TRACKS),
     "it reports track 3 flashing as the winner but said it has 2 tracks"),
    (Report(3, 128, Effects(skunk=200), TWO_TRACKS), "it reports a skunk line at hole 200 but said it has 121 holes"),
])
def test_a_report_is_checked_against_what_the_board_said_it_is(report: Report, problem: str | None) -> None:
    assert report_problem(report, BOARD) == problem
