"""Fault injection for the simulated board: what a noisy USB cable or a busy board does to lines.

Each line crossing the simulated wire (either way) may be dropped, garbled, duplicated or delayed,
and each byte corrupted (any other byte value, a newline too), drawn from a seeded random generator so a
test sees the same faults every run. `reply_delay_s` is not
drawn: every answer of the board comes that late, as from a board (or a USB hub) that is always slow.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

_PRINTABLE = bytes(range(0x21, 0x7F))


@dataclass(frozen=True, slots=True)
class FaultPlan:
    """Probabilities per line (0-1), and how long a delayed line waits."""

    drop: float = 0.0
    garble: float = 0.0
    duplicate: float = 0.0
    delay: float = 0.0
    delay_s: float = 0.2
    seed: int | None = None
    reply_delay_s: float = 0.0
    """Every line the board sends arrives this much later (on top of any drawn delay)."""
    corrupt: float = 0.0
    """Probability per byte, either way, that it arrives as another byte: at 5% about nine 45-byte STATE
    lines in ten arrive damaged, at 10% 99 in 100."""

    def __post_init__(self) -> None:
        for name in ("drop", "garble", "duplicate", "delay", "corrupt"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} probability {value!r} is not between 0 and 1")
        for name in ("delay_s", "reply_delay_s"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} {getattr(self, name)!r} is negative")

    @property
    def any(self) -> bool:
        """True when some line may be dropped, garbled, doubled or delayed at random."""
        return any((self.drop, self.garble, self.duplicate, self.delay, self.corrupt))


NO_FAULTS = FaultPlan()


@dataclass
class FaultCounts:
    lines: int = 0
    dropped: int = 0
    garbled: int = 0
    duplicated: int = 0
    delayed: int = 0
    corrupted: int = 0
    """Bytes corrupted."""


class FaultInjector:
    """Turns one line into what arrives: nothing, a corrupted copy, two copies, or a late copy."""

    def __init__(self, plan: FaultPlan = NO_FAULTS) -> None:
        self.plan = plan
        self.rng = random.Random(plan.seed)
        self.counts = FaultCounts()

    def apply(self, line: bytes) -> list[tuple[float, bytes]]:
        """(delay in seconds, bytes) for each copy that arrives, in order."""
        plan, rng = self.plan, self.rng
        self.counts.lines += 1
        if not plan.any:
            return [(0.0, line)]
        if rng.random() < plan.drop:
            self.counts.dropped += 1
            return []
        if rng.random() < plan.garble:
            self.counts.garbled += 1
            line = garble(line, rng)
        delay = 0.0
        if rng.random() < plan.delay:
            self.counts.delayed += 1
            delay = plan.delay_s
        if rng.random() < plan.duplicate:
            self.counts.duplicated += 1
            return [(delay, line), (delay, line)]
        return [(delay, line)]


    def corrupt(self, data: bytes) -> bytes:
        """`data` with each byte, at the plan's rate, replaced by a different byte (0x00-0xFF)."""
        rate = self.plan.corrupt
        if not rate:
            return data
        rng, out = self.rng, bytearray(data)
        for i in range(len(out)):
            if rng.random() < rate:
                out[i] = (out[i] + rng.randrange(1, 256)) % 256
                self.counts.corrupted += 1
        return bytes(out)


def garble(line: bytes, rng: random.Random) -> bytes:
    """The line with one byte before its newline replaced by a different printable byte."""
    body = line.rstrip(b"\n")
    if not body:
        return line
    i = rng.randrange(len(body))
    new = rng.choice([b for b in _PRINTABLE if b != body[i]])
    return body[:i] + bytes([new]) + body[i + 1:] + line[len(body):]
