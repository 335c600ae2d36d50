"""docs/board-protocol.md is the firmware author's contract: its examples must be what the code does."""

import binascii
import re
from pathlib import Path

from board_driver.protocol import crc16, decode
from board_driver.sim import SimBoard

DOC = (Path(__file__).resolve().parents[2] / "docs" / "board-protocol.md").read_text()


def session() -> list[tuple[str, bytes]]:
    """(direction, line) for each line of the example session, comments after two spaces cut off."""
    block = DOC.split("## Example session", 1)[1].split("```", 2)[1]
    out = []
    for text in block.splitlines():
        if text[:2] in ("> ", "< "):
            out.append((text[0], re.split(r"\s{2,}", text[2:])[0].encode() + b"\n"))
    return out


def test_the_example_session_is_what_the_simulated_board_says() -> None:
    lines = session()
    assert len(lines) == 26
    wire = SimBoard().connect()
    for (direction, line), (answer_dir, answer) in zip(lines[::2], lines[1::2], strict=True):
        assert (direction, answer_dir) == (">", "<")
        wire.write(line, 1.0)
        assert bytes(wire.readable) == answer, line
        wire.readable.clear()


def test_every_board_line_in_the_session_has_a_good_checksum() -> None:
    for direction, line in session():
        if direction == "<":
            decode(line)


def test_the_worked_checksum_examples() -> None:
    assert "`HELLO 1*3C7B\\n`" in DOC
    assert crc16(b"HELLO 1") == 0x3C7B
    for line in ("STATE 1 87,80,FF2020,0 95,91,2060FF,1*FDF5", "ACK 1*92BD"):
        assert line in DOC
        decode(line.encode())
    steps = re.search(r"\| CRC \| (.+) \|", DOC)
    assert steps is not None
    crc, expected = 0xFFFF, []
    for byte in b"HELLO 1":
        crc = binascii.crc_hqx(bytes([byte]), crc)
        expected.append(f"{crc:04X}")
    assert [s.strip().strip("*") for s in steps.group(1).split("|")] == expected
