"""The pool's file: what is written is read back the same, and a file that is not a pool is refused by code."""

import hashlib
import json
from datetime import date

import pytest

from engine.core.cards import Card, parse_cards
from engine.daily.pool import Pool, PoolError, PoolProblem
from engine.daily.poolfile import PoolFileError, PoolFileProblem, dump_pool, load_pool
from engine.daily.problem import DailyProblem, Level, discards_of


def pair(text: str) -> tuple[Card, Card]:
    a, b = parse_cards(text)
    return a, b


CARDS = parse_cards("3H 7D QH 8H JC 2C")
CHANCES = tuple(round(0.3 + i / 100, 4) for i in range(15))
POOL = Pool(5, date(2027, 1, 8), (
    DailyProblem(date(2027, 1, 8), CARDS, False, Level.HARD, pair("7D QH"), pair("7D 8H"), 1.0684, 4),
    DailyProblem(date(2027, 1, 9), CARDS, True, Level.EASY, pair("JC 2C"), pair("7D 8H"), 0.1, 0, (97, 104),
                 CHANCES, 2000),
), {"engine_version": "test"})


def test_a_pool_reads_back_as_written() -> None:
    data = dump_pool(POOL)
    assert load_pool(data) == POOL
    assert dump_pool(load_pool(data)) == data
    lines = data.decode().splitlines()
    assert len(lines) == 4  # the head, a problem a line, the close
    assert json.loads(lines[1].rstrip(",")) == {"cards": "3H 7D QH 8H JC 2C", "dealer": False, "level": "hard",
                                                "best": "7D QH", "obvious": "7D 8H", "margin": 1.0684, "rivals": 4}
    second = json.loads(lines[2])
    assert second["scores"] == [97, 104] and second["win"][:3] == [3000, 3100, 3200] and second["samples"] == 2000
    assert load_pool(data).problems[1].chance_of(discards_of(CARDS)[2]) == 0.32


def test_problem_for_a_day() -> None:
    assert POOL.problem_for(date(2027, 1, 9)).scores == (97, 104)
    assert POOL.end == date(2027, 1, 9)
    for day, code in ((date(2027, 1, 7), PoolProblem.BEFORE), (date(2027, 1, 10), PoolProblem.AFTER)):
        with pytest.raises(PoolError) as caught:
            POOL.problem_for(day)
        assert caught.value.code is code and caught.value.fields["last"] == date(2027, 1, 9)
        assert str(caught.value) == f"no daily hand for {day}: the pool runs from 2027-01-08 to 2027-01-09"


def rewrite(change) -> bytes:
    """The pool's file with `change` made to its payload and the checksum made again, as the format says: sha256
    of the payload's JSON with sorted keys and no spaces."""
    payload = json.loads(dump_pool(POOL))
    payload.pop("sha256")
    change(payload)
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    payload["sha256"] = hashlib.sha256(canonical).hexdigest()
    return json.dumps(payload).encode()


@pytest.mark.parametrize(("data", "code", "said"), [
    (b"\x1f\x8b not json", PoolFileProblem.NOT_A_POOL, "not a pool file"),
    (b"[1, 2]", PoolFileProblem.NOT_A_POOL, "not a daily-hand pool file"),
    (dump_pool(POOL).replace(b'"version":1', b'"version":2'), PoolFileProblem.VERSION,
     "pool format version 2, this program reads 1"),
    (dump_pool(POOL).replace(b"1.0684", b"1.0685"), PoolFileProblem.CHECKSUM, "checksum mismatch"),
])
def test_a_file_that_is_not_a_pool_is_refused(data: bytes, code: PoolFileProblem, said: str) -> None:
    with pytest.raises(PoolFileError) as caught:
        load_pool(data)
    assert caught.value.code is code and said in str(caught.value)


@pytest.mark.parametrize(("change", "said"), [
    (lambda p: p["problems"][1].update(best="AS 2C"), "the problem of 2027-01-09 is not one this program wrote"),
    (lambda p: p["problems"][0].update(cards="3H 7D QH 8H JC"), "the problem of 2027-01-08"),
    (lambda p: p["problems"][1].update(win=[1] * 14), "'win' must be 15 chances"),
    (lambda p: p["problems"][1].update(scores=[121, 0]), "'scores' must be two scores from 0 to 120"),
    (lambda p: p["problems"][0].update(level="brutal"), "the problem of 2027-01-08"),
    (lambda p: p.update(start="2027-13-01"), "'start' must be a date like 2027-01-01"),
    (lambda p: p.update(problems=[]), "a list of 'problems'"),
])
def test_a_checksummed_file_with_a_bad_field_is_refused_naming_it(change, said: str) -> None:
    with pytest.raises(PoolFileError) as caught:
        load_pool(rewrite(change))
    assert caught.value.code is PoolFileProblem.FIELD and said in str(caught.value)
