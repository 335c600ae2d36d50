"""Counting deals of the reference strategy against itself: the statistics the win-probability table is
solved from (the table's math is engine.analysis.wintable; the numpy version is engine.computer.refsim_np)."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.analysis.wintable import DealStatistics
from engine.computer.reference import simulate_deal


def simulate(deals: int, seed: int, progress: Callable[[int], None] | None = None,
             every: int = 10_000) -> DealStatistics:
    """Count `deals` deals of the reference strategy; `progress(done)` is called now and then."""
    rng = random.Random(seed)
    counts = DealStatistics()
    for i in range(1, deals + 1):
        counts.add(simulate_deal(rng))
        if progress is not None and i % every == 0:
            progress(i)
    counts.finish()
    return counts
