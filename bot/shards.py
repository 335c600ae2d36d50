"""Which Discord shards a bot process runs (`cribbage bot --shards 0-3 --shard-count 8`), and which games
are its own to sweep: Discord sends a server's events to shard (server id >> 22) % shard count.

Several processes share one database; what keeps them right is the database's revisions (a click, a
reminder, a forfeit is written once). The shard of a game only spares each process the others' sweeping.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import excerpt
from engine.core.typed import whole_number

MAX_SHARDS = 10_000


class ShardError(ValueError):
    """A shard list that cannot be used; the message names the bad part."""


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards one process runs, out of `count` (ids empty: all of them)."""

    count: int | None = None
    ids: tuple[int, ...] = ()

    def owns(self, guild: str) -> bool:
        """Is a game of this server (its id; '' for none) this process's to sweep?"""
        if not self.ids or self.count is None:
            return True
        return shard_of(guild, self.count) in self.ids


def shard_of(guild: str, count: int) -> int:
    """Discord's shard for a server id (a game without a server goes with shard 0, as direct messages do)."""
    snowflake = whole_number(guild, 0, 2**64 - 1)  # an id is ASCII digits ('١٢' is not one)
    return (snowflake >> 22) % count if snowflake is not None else 0


def parse_shards(text: str, count: int | None) -> tuple[int, ...]:
    """'0-3', '4,6,7' or '2-3,5' as the sorted shard ids; ShardError naming the part that is wrong (a range
    backwards, one given twice, or what `checked_shards` refuses)."""
    checked_shards((), count, needed=True)
    ids: list[int] = []
    for part in text.split(","):
        part = part.strip()
        first, dash, last = part.partition("-")
        low = whole_number(first.strip(), 0, 10**20)
        high = whole_number(last.strip(), 0, 10**20) if dash else low
        if low is None or high is None:  # ASCII digits only: '٣' is a digit to isdigit() and to int()
            raise ShardError(f"a shard is a number or a range like 0-3, not {excerpt(part)}")
        if low > high:
            raise ShardError(f"the range {low}-{high} runs backwards")
        checked_shards((high,), count)
        for shard in range(low, high + 1):
            if shard in ids:
                raise ShardError(f"shard {shard} is given twice")
            ids.append(shard)
    return tuple(sorted(ids))


def checked_shards(ids: tuple[int, ...], count: int | None, needed: bool = False) -> tuple[int, ...]:
    """`ids` if they can be run out of `count` shards; ShardError for shards without a count (or none when
    `needed`), a count out of range, or a shard that does not exist."""
    if count is None:
        if ids or needed:
            raise ShardError("--shards needs --shard-count (or [discord] shard_count): every process must agree "
                             "on how many shards there are")
        return ids
    if not 1 <= count <= MAX_SHARDS:
        raise ShardError(f"the shard count must be from 1 to {MAX_SHARDS}, not {count}")
    if ids and max(ids) >= count:
        raise ShardError(f"shard {max(ids)} does not exist: with {count} shards they are 0 to {count - 1}")
    return ids
