import random
import time

import pytest
import serial

import board_driver  # noqa: F401  (registers sim://)
from board_driver import sim
from board_driver.faults import FaultInjector, FaultPlan, garble
from board_driver.model import Effects, TrackState
from board_driver.protocol import MAX_LINE, crc16, decode, encode, frame_line
from board_driver.sim import HOST_QUIET_S, SimBoard, SimWire, blank_state, parse_sim_url


def talk(board: SimBoard, data: bytes, now: float = 100.0) -> list[bytes]:
    """Everything the board answers to `data`, line by line."""
    wire = board.connect()
    wire.write(data, now)
    wire.pump(now)
    return bytes(wire.readable).splitlines(keepends=True)


def test_the_board_introduces_itself() -> None:
    assert talk(SimBoard(), b"HELLO 1*3C7B\n") == [b"INFO 1 sim-1.0 2 121 243*5DFE\n"]
    assert talk(SimBoard(tracks=3, firmware="pegs-2.1"), b"HELLO 1*3C7B\n") == [
        frame_line("INFO 1 pegs-2.1 3 121 364")]


def test_a_state_frame_is_applied_and_acknowledged() -> None:
    board = SimBoard()
    assert talk(board, b"STATE 1 87,80,FF2020,0 95,91,2060FF,1*FDF5\n") == [b"ACK 1*92BD\n"]
    assert board.state.tracks == (TrackState(87, 80, 0xFF2020), TrackState(95, 91, 0x2060FF, True))
    assert board.last_seq == 1
    assert talk(board, b"QUERY*324D\n") == [b"REPORT 1 128 - - 87,80,FF2020,0 95,91,2060FF,1*AF6E\n"]


def test_the_same_frame_twice_leaves_the_same_picture() -> None:
    board = SimBoard()
    line = b"STATE 1 87,80,FF2020,0 95,91,2060FF,1*FDF5\n"
    assert talk(board, line + line) == [b"ACK 1*92BD\n", b"ACK 1*92BD\n"]
    assert len(board.history) == 2  # power-on, then one change


def test_tracks_not_sent_are_dark() -> None:
    board = SimBoard(tracks=3)
    talk(board, encode_state(4, TrackState(5, 0)))
    assert board.state.tracks == (TrackState(5, 0), TrackState(0, 0, 0), TrackState(0, 0, 0))


def encode_state(seq: int, *tracks: TrackState) -> bytes:
    from board_driver.protocol import SetState
    return encode(SetState(seq, tracks))


@pytest.mark.parametrize(("payload", "answer"), [
    ("STATE 4 130,5,FF2020,0", "NAK 4 RANGE track 1 front peg 130 is past hole 121"),
    ("STATE 4 1,0,FF2020,0 2,0,FF2020,0 3,0,FF2020,0", "NAK 4 RANGE 3 tracks but this board has 2"),
    ("EFFECT 5 2 -", "NAK 5 RANGE winner track 2 but tracks are 0-1"),
    ("EFFECT 5 - 122", "NAK 5 RANGE skunk hole 122 is past hole 121"),
    ("FOO 1", "NAK - UNKNOWN frame type 'FOO' is not known"),
    ("ACK 3", "NAK - UNKNOWN ACK is sent by boards, not to them"),
    ("BRIGHT 6", "NAK 6 FORMAT BRIGHT has 1 fields, expected 2"),
])
def test_the_board_refuses_with_a_reason(payload: str, answer: str) -> None:
    board = SimBoard()
    assert talk(board, frame_line(payload)) == [frame_line(answer)]
    assert board.state == blank_state(2)


def test_garbled_and_overlong_lines_are_naked() -> None:
    board = SimBoard()
    assert talk(board, b"STATE 1 87,80,FF2020,0 95,91,2060FF,1*FDF6\n") == [
        frame_line("NAK - CRC checksum FDF6 does not match FDF5")]
    assert talk(board, b"Q" * (MAX_LINE + 10) + b"\n") == [b"NAK - LENGTH line over 128 bytes*4886\n"]
    wire = board.connect()
    wire.write(b"Q" * 100, 1.0)
    wire.write(b"Q" * 100 + b"\nHELLO 1*3C7B\n", 1.0)  # an overlong line across two writes
    assert bytes(wire.readable).splitlines(keepends=True) == [
        b"NAK - LENGTH line over 128 bytes*4886\n", b"INFO 1 sim-1.0 2 121 243*5DFE\n"]
    assert board.naks == {"CRC": 1, "LENGTH": 2}


def test_brightness_and_effects() -> None:
    board = SimBoard()
    assert talk(board, b"BRIGHT 7 40*9062\nEFFECT 9 1 91*137B\n") == [b"ACK 7*F27B\n", b"ACK 9*13B5\n"]
    assert (board.state.brightness, board.state.effects) == (40, Effects(1, 91))
    assert board.last_seq == 9


def test_a_board_with_no_host_keeps_its_pegs_but_says_so() -> None:
    board = SimBoard()
    assert board.host_quiet(0.0)  # nobody has spoken yet
    talk(board, b"PING 3*93BD\n", now=50.0)
    assert not board.host_quiet(50.0 + HOST_QUIET_S)
    assert board.host_quiet(50.0 + HOST_QUIET_S + 0.01)


def test_a_mute_board_answers_nothing() -> None:
    assert talk(SimBoard(mute=True), b"HELLO 1*3C7B\n") == []


# -- faults ----------------------------------------------------------------------------------------

def test_faults_are_drawn_from_the_seed() -> None:
    plan = FaultPlan(drop=0.3, garble=0.3, duplicate=0.3, delay=0.3, delay_s=0.5, seed=11)
    line = b"ACK 1*92BD\n"
    first = [FaultInjector(plan).apply(line) for _ in range(1)]
    again = [FaultInjector(plan).apply(line) for _ in range(1)]
    assert first == again
    inj = FaultInjector(plan)
    outcomes = [inj.apply(line) for _ in range(400)]
    c = inj.counts
    assert c.lines == 400 and 80 < c.dropped < 160 and 50 < c.garbled < 130
    assert sum(len(o) for o in outcomes) == 400 - c.dropped + c.duplicated
    assert {d for o in outcomes for d, _ in o} == {0.0, 0.5}


@pytest.mark.parametrize("kind", ["drop", "garble", "duplicate", "delay"])
def test_each_fault_does_what_it_says(kind: str) -> None:
    inj = FaultInjector(FaultPlan(**{kind: 1.0}, delay_s=0.25, seed=1))  # type: ignore[arg-type]
    out = inj.apply(b"ACK 1*92BD\n")
    expected = {
        "drop": [],
        "duplicate": [(0.0, b"ACK 1*92BD\n"), (0.0, b"ACK 1*92BD\n")],
        "delay": [(0.25, b"ACK 1*92BD\n")],
    }
    if kind == "garble":
        (delay, line), = out
        assert delay == 0.0 and line != b"ACK 1*92BD\n" and len(line) == 11 and line.endswith(b"\n")
        with pytest.raises(ValueError):
            decode(line)
    else:
        assert out == expected[kind]


def test_garble_changes_exactly_one_byte_before_the_newline() -> None:
    rng = random.Random(5)
    for _ in range(200):
        line = b"STATE 1 87,80,FF2020,0*1234\n"
        bad = garble(line, rng)
        assert sum(a != b for a, b in zip(line, bad, strict=True)) == 1 and bad.endswith(b"\n")


def test_fault_plans_check_their_probabilities() -> None:
    with pytest.raises(ValueError, match="drop probability 1.5"):
        FaultPlan(drop=1.5)


def test_delayed_lines_stay_in_order() -> None:
    board = SimBoard(faults=FaultPlan(delay=1.0, delay_s=0.5, seed=1))
    wire = SimWire(board)
    board._wires.append(wire)
    wire.write(b"PING 1*" + b"%04X" % crc16(b"PING 1") + b"\n", 10.0)
    wire.write(b"PING 2*" + b"%04X" % crc16(b"PING 2") + b"\n", 10.1)
    wire.pump(10.4)
    assert wire.readable == b""  # the board has not even heard them yet
    assert wire.next_due() == 10.5
    wire.pump(10.6)
    assert wire.readable == b""  # heard the first; its answer is on its way
    wire.pump(11.1)
    assert bytes(wire.readable) == b"PONG 1*7E7A\nPONG 2*4E19\n"


# -- sim:// through pyserial -----------------------------------------------------------------------

def test_sim_urls_open_through_pyserial(board_name: str) -> None:
    port = serial.serial_for_url(f"sim://{board_name}?tracks=3", timeout=0.5)
    port.write(b"HELLO 1*3C7B\n")
    assert port.readline() == frame_line("INFO 1 sim-1.0 3 121 364")
    assert port.in_waiting == 0
    assert sim.get_board(board_name) is port.board
    port.close()


def test_a_read_times_out_when_the_board_is_silent(board_name: str) -> None:
    port = serial.serial_for_url(f"sim://{board_name}", timeout=0.05)
    start = time.monotonic()
    assert port.read(1) == b""
    assert 0.04 < time.monotonic() - start < 1.0
    port.cancel_read()
    port.timeout = None
    assert port.read(1) == b""  # a cancelled read returns at once even without a timeout
    port.close()


def test_unplugging_breaks_the_open_port_and_opening_until_replugged(board_name: str) -> None:
    board = sim.create_board(board_name)
    port = serial.serial_for_url(f"sim://{board_name}", timeout=0.05)
    port.write(encode_state(1, TrackState(5, 0)))
    assert port.readline() == b"ACK 1*92BD\n"
    board.unplug()
    with pytest.raises(serial.SerialException, match="unplugged"):
        port.write(b"HELLO 1*3C7B\n")
    with pytest.raises(serial.SerialException, match="unplugged"):
        port.read(1)
    with pytest.raises(serial.SerialException, match="unplugged"):
        serial.serial_for_url(f"sim://{board_name}")
    board.replug()
    assert board.state == blank_state(2)  # unplugging a USB board powers it off
    with pytest.raises(serial.SerialException):
        port.read(1)  # the old port stays dead, as a vanished /dev/ttyACM0 does
    port.close()
    again = serial.serial_for_url(f"sim://{board_name}", timeout=0.05)
    again.write(b"QUERY*324D\n")
    assert again.readline() == frame_line("REPORT 0 128 - - 0,0,D55E00,0 0,0,56B4E9,0")
    again.close()


def test_a_reboot_announces_itself_on_open_ports(board_name: str) -> None:
    board = sim.create_board(board_name)
    port = serial.serial_for_url(f"sim://{board_name}", timeout=0.05)
    board.reboot()
    assert port.readline() == b"INFO 1 sim-1.0 2 121 243*5DFE\n"
    port.close()


def test_sim_url_options() -> None:
    name, options = parse_sim_url("sim://table?tracks=3&drop=0.1&garble=0.05&seed=4&mute=1")
    assert name == "table"
    assert options == {"tracks": 3, "mute": True, "faults": FaultPlan(drop=0.1, garble=0.05, seed=4)}
    assert parse_sim_url("sim://") == ("", {})
    assert parse_sim_url("sim://slow?reply_delay_s=0.3")[1] == {"faults": FaultPlan(reply_delay_s=0.3)}
    assert parse_sim_url("sim://noisy?corrupt=0.05&seed=2")[1] == {"faults": FaultPlan(corrupt=0.05, seed=2)}
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        parse_sim_url("sim://x?colour=red")
    with pytest.raises(ValueError, match="option drop='lots' in 'sim://x\\?drop=lots' is not a number"):
        parse_sim_url("sim://x?drop=lots")
    with pytest.raises(serial.SerialException, match="unknown option 'colour'"):
        serial.serial_for_url("sim://?colour=red")


def test_a_refused_host_frame_still_counts_as_hearing_the_host_but_garbage_does_not() -> None:
    board = SimBoard()
    (nak,) = board.handle_line(frame_line("STATE 1 5,9,FF2020,0"), 10.0)  # back peg ahead of the front: RANGE
    assert nak.startswith(b"NAK 1 RANGE")
    assert not board.host_quiet(10.0 + HOST_QUIET_S)
    (crc,) = board.handle_line(b"PING 3*0000\n", 20.0)
    assert crc.startswith(b"NAK - CRC") and board.host_quiet(10.0 + HOST_QUIET_S + 0.01)


def test_corruption_replaces_bytes_either_way_at_its_rate() -> None:
    injector = FaultInjector(FaultPlan(corrupt=0.05, seed=3))
    line = b"STATE 1 87,80,FF2020,0 95,91,2060FF,1*FDF5\n"
    copies = [injector.corrupt(line) for _ in range(2000)]
    damaged = sum(copy != line for copy in copies)
    assert 0.88 < damaged / 2000 < 0.93  # 1 - 0.95 ** 45 = 0.90: about nine lines in ten
    assert all(len(copy) == len(line) for copy in copies)
    assert injector.counts.corrupted == sum(a != b for copy in copies for a, b in zip(copy, line, strict=True))
    assert FaultInjector(FaultPlan(garble=1.0)).corrupt(line) == line  # no corruption asked: untouched
    with pytest.raises(ValueError, match="corrupt probability 1.5 is not between 0 and 1"):
        FaultPlan(corrupt=1.5)
