"""A malformed record is one RecordError naming where, whatever its shape; the records after it still read."""

import json

import pytest

from engine.computer.players import RandomPlayer
from engine.computer.selfplay import play_game
from engine.core.record import RecordError, read_lines, replay, to_record
from engine.core.rules import Rules


def good_record() -> dict[str, object]:
    game = play_game(Rules(), [RandomPlayer(1), RandomPlayer(2)], 3)
    return json.loads(json.dumps(to_record(game)))


def spoiled(path: str, value: object) -> dict[str, object]:
    """The good record with one value replaced: `deals.0.plays` sets the first deal's plays."""
    record = good_record()
    keys = path.split(".")
    here: object = record
    for key in keys[:-1]:
        here = here[int(key)] if isinstance(here, list) else here[key]  # type: ignore[index]
    last = keys[-1]
    if isinstance(here, list):
        here[int(last)] = value
    else:
        here[last] = value  # type: ignore[index]
    return record


@pytest.mark.parametrize(("path", "value", "named"), [
    ("pegs", [1], "peg 0 must be a JSON object, not 1"),
    ("deals", [1], "deal 0: a deal must be a JSON object, not 1"),
    ("deals.0.plays", ["x"], "deal 0: play 0 must be a JSON object, not 'x'"),
    ("cut.0.seat", float("inf"), "cut: a seat is 0 to 3, not inf"),
    ("cut.0.seat", 10**5000, "cut: a seat is 0 to 3, not <a number of about 5000 digits>"),
    ("deals.0.hands", "5H", "deal 0: hands must be a list, not '5H'"),
    ("deals.0.hands.0", ["5H", None], "deal 0: a card is text like '5H', not None"),
    ("rules", {"players": float("inf")}, "rules: a whole number is needed, not float inf"),
    ("rules", [], "rules: rules must be an object"),
    ("seats", [["x"], "y"], "seats must list 2 names"),
    ("start", {"scores": "a", "dealer": 0}, "start: scores must be a list"),
    ("start", {"scores": [1, 2]}, "start: 'dealer' is missing"),
    ("deals.0.discards", {"a": 1}, "deal 0: discards must be a list"),
    ("deals.0.plays.0.card", "9" * 1_000_000, "deal 0: unknown suit '999"),
    ("rules.muggins", "false", "rules: muggins must be true or false, not str 'false'"),
    ("rules.skunk", 1, "rules: skunk must be true or false, not int 1"),
    ("rules.target", 121.5, "rules: a whole number is needed, not float 121.5"),
    ("rules.target", "١٢١", "rules: a whole number is needed, not str '١٢١'"),
    ("winner", False, "winner is False in the record, the engine makes it 0"),
    ("final", [121.0, 94], "final is [121.0, 94] in the record, the engine makes [121, 94]"),
    ("deals.0.dealer", False, "deal 0: dealer False, but the rules make it 0"),
    ("deals.0.plays.4.go", "yes", "deal 0: go must be true or false, not str 'yes'"),
    ("cut", [], "cut: the record's cut chooses no dealer, yet it has deals"),
    ("version", True, "unsupported record version True"),
    ("version", 1.0, "unsupported record version 1.0"),
], ids=lambda v: str(v)[:20] if not isinstance(v, int) or v < 10**100 else "huge")
def test_a_malformed_record_is_one_error_naming_where(path: str, value: object, named: str) -> None:
    with pytest.raises(RecordError) as caught:
        replay(spoiled(path, value))
    assert named in str(caught.value) and len(str(caught.value)) < 300


def test_every_line_is_read_whatever_the_lines_before() -> None:
    good = json.dumps(good_record()).encode()
    lines = [b"\xff" + good + b"\n", b"[" * 100_000 + b"\n", b"1" * 5000 + b"\n", b'{"a": }\n', good + b"\n",
             b"\n", b"7\n"]
    read = list(read_lines(lines))
    assert [n for n, _ in read] == [1, 2, 3, 4, 5, 7]
    errors = [str(r) for _, r in read if isinstance(r, RecordError)]
    assert errors == ["not UTF-8 text: byte 0xff at column 1", "not readable: JSON nested too deeply",
                      errors[2], "not JSON: Expecting value at column 7"]
    assert "digits" in errors[2]
    assert replay(read[4][1]).game.winner is not None
    with pytest.raises(RecordError, match="a record is a JSON object, not 7"):
        replay(read[5][1])
