"""Win probability from the shipped table, or an honest 'unavailable' with the reason.

Nothing here estimates a chance any other way: a table that is missing, damaged, of another format
version or without the asked-for target makes every answer `Unavailable`.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine.analysis.wintable import DealStatistics, solve
from engine.core.rules import TARGETS
from engine.core.version import __version__

TABLE_FORMAT = "cribbage-wintable"
TABLE_VERSION = 1
ENGINE_VERSION = __version__
"""The release that built a table, kept in its provenance."""
SHIPPED = "data/wintable.json.gz"
INFLATED_LIMIT = 64 << 20
"""A table file expands to well under 64 MiB (the shipped one to a few hundred KiB)."""
SCALE = 1_000_000
"""Probabilities are stored as integers in millionths."""


class TableError(ValueError):
    """Why a table cannot be used."""


@dataclass(frozen=True, slots=True)
class Unavailable:
    reason: str

    def __str__(self) -> str:
        return f"win probability unavailable: {self.reason}"


@dataclass(frozen=True, slots=True)
class WinTable:
    provenance: dict[str, Any]
    tables: dict[int, list[list[float]]]
    """tables[target][x][y]: the dealer's chance when the dealer needs x and the pone y."""
    counts: DealStatistics | None = None

    def p_win(self, me: int, them: int, i_deal: bool, target: int = 121) -> float:
        """My chance of winning, with scores `me` and `them` before a deal that I or they deal."""
        table = self.tables.get(target)
        if table is None:
            raise TableError(f"the table has no {target}-point game (it has {sorted(self.tables)})")
        for name, score in (("my score", me), ("their score", them)):
            if not 0 <= score < target:
                raise ValueError(f"{name} must be from 0 to {target - 1}, not {score}")
        if i_deal:
            return table[target - me][target - them]
        return 1.0 - table[target - them][target - me]


def build_table(counts: DealStatistics, targets: tuple[int, ...], provenance: dict[str, Any]) -> WinTable:
    tables = {t: [[round(p * SCALE) / SCALE for p in row] for row in solve(counts, t)] for t in targets}
    return WinTable(dict(provenance, deals=counts.deals), tables, counts)


def _payload(table: WinTable) -> dict[str, Any]:
    return {
        "format": TABLE_FORMAT,
        "version": TABLE_VERSION,
        "provenance": table.provenance,
        "tables": {str(t): [[round(p * SCALE) for p in row[1:]] for row in rows[1:]]
                   for t, rows in table.tables.items()},
        "counts": table.counts.to_json() if table.counts is not None else None,
    }


def _checksum(payload: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def dump_table(table: WinTable) -> bytes:
    """The table file: gzip'd JSON with its provenance and a checksum over all of it."""
    payload = _payload(table)
    payload["sha256"] = _checksum(payload)
    return gzip.compress(json.dumps(payload, separators=(",", ":")).encode(), mtime=0)


def load_table(data: bytes) -> WinTable:
    """Read and verify a table file; TableError says what is wrong with it."""
    try:
        payload = json.loads(_inflated(data))
    except TableError:
        raise
    except (OSError, EOFError, ValueError, zlib.error) as exc:
        raise TableError(f"not a readable table file ({str(exc)[:120]})") from None
    except RecursionError:
        raise TableError("not a readable table file (JSON nested too deeply)") from None
    if not isinstance(payload, dict) or payload.get("format") != TABLE_FORMAT:
        raise TableError("not a win-probability table")
    if payload.get("version") != TABLE_VERSION:
        raise TableError(f"table format version {payload.get('version')!r}, "
                         f"this program reads {TABLE_VERSION}")
    stored = payload.pop("sha256", None)
    if stored != _checksum(payload):
        raise TableError("checksum mismatch: the table is damaged")
    stored_tables, provenance = payload.get("tables"), payload.get("provenance")
    if not isinstance(stored_tables, dict) or not stored_tables or not isinstance(provenance, dict):
        raise TableError("the table file has no 'tables' or no 'provenance'")
    tables = {}
    for key, rows in stored_tables.items():
        target = _target(key)
        if not (isinstance(rows, list) and len(rows) == target and all(
                isinstance(row, list) and len(row) == target and all(_chance(v) for v in row) for row in rows)):
            raise TableError(f"the {target}-point table is not {target} x {target} chances from 0 to {SCALE:,}")
        tables[target] = [[0.0] * (target + 1)] + [[0.0] + [v / SCALE for v in row] for row in rows]
    try:
        counts = DealStatistics.from_json(payload["counts"]) if payload.get("counts") else None
    except ValueError as exc:
        raise TableError(str(exc)) from None
    return WinTable(provenance, tables, counts)


def _target(key: object) -> int:
    for target in TARGETS:
        if key == str(target):
            return target
    shown = repr(key) if len(str(key)) <= 20 else repr(str(key)[:20]) + "…"
    raise TableError(f"the table file holds a {shown}-point game; a table is for {' or '.join(map(str, TARGETS))}")


def _chance(value: object) -> bool:
    return type(value) is int and 0 <= value <= SCALE


def _inflated(data: bytes) -> bytes:
    """The gzip'd bytes inflated, refused past INFLATED_LIMIT: a small file that expands to gigabytes (a gzip bomb)
    costs a fraction of a second, not the machine's memory."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    text = inflater.decompress(data, INFLATED_LIMIT + 1)
    if len(text) > INFLATED_LIMIT:
        raise TableError(f"not a table file: it expands to more than {INFLATED_LIMIT >> 20} MiB")
    if not inflater.eof:
        raise TableError("not a readable table file (the gzip data is cut short)")
    return text


@cache
def shipped_table() -> WinTable | Unavailable:
    """The table in the package, verified once; or why it cannot be used."""
    try:
        data = resources.files("engine").joinpath(SHIPPED).read_bytes()
    except (FileNotFoundError, OSError):
        return Unavailable("no win-probability table is installed (build one: cribbage wintable build)")
    try:
        return load_table(data)
    except TableError as exc:
        return Unavailable(str(exc))


def win_probability(me: int, them: int, i_deal: bool, target: int = 121,
                    table: WinTable | Unavailable | None = None) -> float | Unavailable:
    """My chance to win from these scores before a deal, or why it is unavailable."""
    table = shipped_table() if table is None else table
    if isinstance(table, Unavailable):
        return table
    try:
        return table.p_win(me, them, i_deal, target)
    except TableError as exc:
        return Unavailable(str(exc))
