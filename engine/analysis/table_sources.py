"""Which deals a win-probability table counts, so a merge can refuse to count any of them twice.

A build simulates its deals in shards, each shard a random stream of its own (the simulator and the stream's
seed name it; the same stream gives the same deals). A table's provenance lists its shards as `sources`; a
merged table lists every source of its parts. Tables written before `sources` was kept are read from what their
provenance does say: a build's seed names its first shard's stream (every build has one), a merge's `merged`
lists its parts. Two tables that share a stream share deals: the same shard recompressed, a rebuild with the same
seed, a merged table and one of its parts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

SHARD_SEEDS = 1000
"""Shard i of a build with seed s draws its deals from stream s * SHARD_SEEDS + i."""
LEGACY_SIMULATOR = "python"
"""The simulator of a table whose provenance names none: the engine's own, the only one before numpy's."""
MAX_DEPTH = 32
"""How deeply merged tables may nest in a provenance read here (a merge of merges of ... merges)."""


class SourceError(ValueError):
    """A table whose provenance does not say which deals it counts."""


@dataclass(frozen=True, slots=True, order=True)
class Source:
    """One random stream of deals: the simulator that drew them and the stream's seed."""

    simulator: str
    seed: int
    deals: int | None = None
    """How many deals of the stream the table counts (None: not recorded, a table from before `sources`)."""

    @property
    def stream(self) -> tuple[str, int]:
        return self.simulator, self.seed

    def to_json(self) -> dict[str, Any]:
        return {"simulator": self.simulator, "seed": self.seed, "deals": self.deals}

    def __str__(self) -> str:
        build, shard = divmod(self.seed, SHARD_SEEDS)
        return f"the deals of shard {shard} of a build with --seed {build} ({self.simulator} simulator)"


def shard_seed(seed: int, shard: int) -> int:
    return seed * SHARD_SEEDS + shard


def sources_json(sources: Sequence[Source]) -> list[dict[str, Any]]:
    return [s.to_json() for s in sources]


def sources_of(provenance: Mapping[str, Any]) -> tuple[Source, ...]:
    """Every stream a table's deals came from; SourceError when its provenance does not say."""
    return _sources(provenance, 0)


def _sources(provenance: object, depth: int) -> tuple[Source, ...]:
    if not isinstance(provenance, Mapping):
        raise SourceError("its provenance is not an object")
    if depth > MAX_DEPTH:
        raise SourceError(f"its provenance nests merges more than {MAX_DEPTH} deep")
    listed = provenance.get("sources")
    if listed is not None:
        if not isinstance(listed, list) or not listed:
            raise SourceError("its provenance's sources are not a list of streams")
        return tuple(_source(item) for item in listed)
    merged = provenance.get("merged")
    if merged is not None:
        if not isinstance(merged, list) or not merged:
            raise SourceError("its provenance's merged parts are not a list")
        return tuple(s for part in merged for s in _sources(part, depth + 1))
    seed, simulator = provenance.get("seed"), provenance.get("simulator", LEGACY_SIMULATOR)
    if not _whole(seed) or not isinstance(simulator, str):
        raise SourceError("its provenance names no seed")
    return (Source(simulator, shard_seed(seed, 0)),)


def _source(item: object) -> Source:
    if not isinstance(item, Mapping):
        raise SourceError("a source in its provenance is not an object")
    simulator, seed, deals = item.get("simulator"), item.get("seed"), item.get("deals")
    if not isinstance(simulator, str) or not _whole(seed) or not (deals is None or _whole(deals)):
        raise SourceError("a source in its provenance has no simulator, seed and number of deals")
    return Source(simulator, seed, deals)


def _whole(value: object) -> TypeGuard[int]:
    return type(value) is int and value >= 0


@dataclass(frozen=True, slots=True)
class Repeat:
    """Two tables (or one table twice within itself) that count deals of the same stream."""

    first: int
    second: int
    source: Source


def first_repeat(tables: Sequence[Sequence[Source]]) -> Repeat | None:
    """The first stream counted by two of `tables` (or twice by one), in order; None when every deal is counted
    once."""
    seen: dict[tuple[str, int], int] = {}
    for index, sources in enumerate(tables):
        for source in sources:
            if source.stream in seen:
                return Repeat(seen[source.stream], index, source)
            seen[source.stream] = index
    return None
