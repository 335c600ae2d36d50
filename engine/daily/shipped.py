"""The pool shipped in the package (engine/data/daily_pool.json), read and verified once, as the win table is."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.daily.pool import Pool
from engine.daily.poolfile import PoolFileError, load_pool

SHIPPED = "data/daily_pool.json"


@dataclass(frozen=True, slots=True)
class NoPool:
    reason: str

    def __str__(self) -> str:
        return f"no daily-hand pool: {self.reason}"


@cache
def shipped_pool() -> Pool | NoPool:
    try:
        data = resources.files("engine").joinpath(SHIPPED).read_bytes()
    except (FileNotFoundError, OSError):
        return NoPool("none is installed (build one: cribbage daily build)")
    try:
        return load_pool(data)
    except PoolFileError as exc:
        return NoPool(str(exc))
