"""The pool's file: JSON, versioned, with a checksum over all of it, one problem a line (a pool under version control
diffs by the day). Written and read as bytes; a file that is not a pool this program wrote is refused with what is
wrong, never half read.

    {"format": "cribbage-daily", "version": 1, "seed": 1, "start": "2027-01-01", "provenance": {...},
     "problems": [
      {"cards": "5H 5C 6D 7S JH KD", "dealer": true, "level": "easy", "best": "5H 5C", "obvious": "JH KD",
       "margin": 2.2016, "rivals": 0},
      {... "scores": [95, 88], "win": [15 chances in ten-thousandths, in the order discards_of gives], "samples": 2000},
      ...],
     "sha256": "..."}

A problem's day is the start plus its place in the list. The checksum is the sha256 of everything else, written as
JSON with sorted keys and no spaces.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date, timedelta
from enum import Enum
from typing import Any

from engine.core.cards import Card, CardError, parse_cards
from engine.core.errors import CodedError, excerpt
from engine.daily.pool import Pool
from engine.daily.problem import DailyProblem, Level, discards_of, same_discard

FORMAT = "cribbage-daily"
VERSION = 1
CHANCE_SCALE = 10_000
SIZE_LIMIT = 16 << 20
"""A pool file of a century is well under this."""


class PoolFileProblem(Enum):
    NOT_A_POOL = "not a pool"
    VERSION = "version"
    CHECKSUM = "checksum"
    FIELD = "field"


class PoolFileError(CodedError[PoolFileProblem]):
    """Why a file cannot be read as a pool."""


def dump_pool(pool: Pool) -> bytes:
    payload = _payload(pool)
    payload["sha256"] = _checksum(payload)
    head = {k: v for k, v in payload.items() if k != "problems"}
    lines = ",\n".join(json.dumps(p, separators=(",", ":")) for p in payload["problems"])
    text = json.dumps(head, separators=(",", ":"))[:-1] + ',"problems":[\n' + lines + "\n]}\n"
    return text.encode()


def _payload(pool: Pool) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "seed": pool.seed, "start": pool.start.isoformat(),
            "provenance": dict(pool.provenance), "problems": [_problem_json(p) for p in pool.problems]}


def _problem_json(p: DailyProblem) -> dict[str, Any]:
    data: dict[str, Any] = {"cards": _text(p.cards), "dealer": p.dealer, "level": p.level.value,
                            "best": _text(p.best), "obvious": _text(p.obvious), "margin": p.margin,
                            "rivals": p.rivals}
    if p.scores is not None and p.chances is not None:
        data["scores"] = list(p.scores)
        data["win"] = [round(c * CHANCE_SCALE) for c in p.chances]
        data["samples"] = p.samples
    return data


def _text(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def _checksum(payload: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def load_pool(data: bytes) -> Pool:
    """A pool from its file; PoolFileError says what is wrong (naming the day of a bad problem)."""
    if len(data) > SIZE_LIMIT:
        raise PoolFileError(PoolFileProblem.NOT_A_POOL, f"not a pool file: more than {SIZE_LIMIT >> 20} MiB")
    try:
        payload = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise PoolFileError(PoolFileProblem.NOT_A_POOL, f"not a pool file ({str(exc)[:120]})") from None
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise PoolFileError(PoolFileProblem.NOT_A_POOL, "not a daily-hand pool file")
    if payload.get("version") != VERSION:
        raise PoolFileError(PoolFileProblem.VERSION, f"pool format version {excerpt(payload.get('version'))}, "
                            f"this program reads {VERSION}", version=payload.get("version"))
    if payload.pop("sha256", None) != _checksum(payload):
        raise PoolFileError(PoolFileProblem.CHECKSUM, "checksum mismatch: the pool file is damaged")
    seed, start, problems = payload.get("seed"), _date(payload.get("start")), payload.get("problems")
    provenance = payload.get("provenance")
    if type(seed) is not int or not isinstance(problems, list) or not problems or not isinstance(provenance, dict):
        raise PoolFileError(PoolFileProblem.FIELD, "a pool file needs a whole-number 'seed', a 'provenance' object "
                            "and a list of 'problems'", field="problems")
    read = tuple(_problem(start + timedelta(days=i), p) for i, p in enumerate(problems))
    return Pool(seed, start, read, provenance)


def _date(value: object) -> date:
    try:
        if isinstance(value, str):
            return date.fromisoformat(value)
    except ValueError:
        pass
    raise PoolFileError(PoolFileProblem.FIELD, f"'start' must be a date like 2027-01-01, not {excerpt(value)}",
                        field="start")


def _problem(day: date, data: object) -> DailyProblem:
    try:
        return _read_problem(day, data)
    except (KeyError, TypeError, ValueError, CardError) as exc:
        if isinstance(exc, PoolFileError):
            raise
        raise PoolFileError(PoolFileProblem.FIELD, f"the problem of {day} is not one this program wrote "
                            f"({excerpt(str(exc), 80)})", field="problems", day=day) from None


def _read_problem(day: date, data: object) -> DailyProblem:
    if not isinstance(data, dict):
        raise TypeError("not an object")
    cards = tuple(parse_cards(_str(data["cards"]), count=6))
    best, obvious = _discard(cards, data["best"]), _discard(cards, data["obvious"])
    dealer, margin, rivals = data["dealer"], data["margin"], data["rivals"]
    if not isinstance(dealer, bool) or type(rivals) is not int or not 0 <= rivals <= 14 \
            or type(margin) not in (int, float) or not 0 <= margin <= 100:
        raise ValueError("'dealer', 'margin' or 'rivals' out of range")
    scores, chances, samples = None, None, 0
    if "scores" in data:
        scores, chances, samples = _chances(data)
    return DailyProblem(day, cards, dealer, Level(data["level"]), best, obvious, float(margin), rivals, scores,
                        chances, samples)


def _chances(data: dict[str, Any]) -> tuple[tuple[int, int], tuple[float, ...], int]:
    scores, win, samples = data["scores"], data["win"], data["samples"]
    if not (isinstance(scores, list) and len(scores) == 2 and all(type(s) is int and 0 <= s < 121 for s in scores)):
        raise ValueError("'scores' must be two scores from 0 to 120")
    if not (isinstance(win, list) and len(win) == 15 and all(type(w) is int and 0 <= w <= CHANCE_SCALE
                                                            for w in win)):
        raise ValueError(f"'win' must be 15 chances from 0 to {CHANCE_SCALE}")
    if type(samples) is not int or samples < 1:
        raise ValueError("'samples' must be a whole number from 1")
    return (scores[0], scores[1]), tuple(w / CHANCE_SCALE for w in win), samples


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{excerpt(value)} is not text")
    return value


def _discard(cards: tuple[Card, ...], value: object) -> tuple[Card, Card]:
    given = tuple(parse_cards(_str(value), count=2))
    for option in discards_of(cards):
        if same_discard(option, given):
            return option
    raise ValueError(f"{excerpt(value)} is not two of the six cards")
