"""Points for the play: laying a card on the current series, the go and the last card."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from engine.core.calls import PAIR_NAMES, number_word, run_word
from engine.core.cards import Card

MAX_COUNT = 31


class PegKind(Enum):
    HEELS = "heels"
    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    RUN = "run"
    GO = "go"
    LAST = "last"
    FLUSH = "flush"
    NOBS = "nobs"
    MUGGINS = "muggins"
    BONUS = "bonus"


@dataclass(frozen=True, slots=True)
class PegItem:
    kind: PegKind
    points: int
    call: str


def play_items(series_ranks: Sequence[int], count: int, card: Card) -> tuple[PegItem, ...]:
    """What laying `card` scores on a series (ranks laid since the last reset, `count` their sum)."""
    new_count = count + card.value
    items: list[PegItem] = []
    if new_count == 15:
        items.append(PegItem(PegKind.FIFTEEN, 2, "fifteen two"))
    elif new_count == MAX_COUNT:
        items.append(PegItem(PegKind.THIRTY_ONE, 2, "thirty-one for two"))
    same = 1
    for r in reversed(series_ranks):
        if r != card.rank:
            break
        same += 1
    if same >= 2:
        points = same * (same - 1)
        items.append(PegItem(PegKind.PAIR, points, f"{PAIR_NAMES[points]} for {number_word(points)}"))
    else:
        run = run_length(series_ranks, card.rank)
        if run:
            items.append(PegItem(PegKind.RUN, run, f"a run of {run_word(run)} for {number_word(run)}"))
    return tuple(items)


def play_points(series_ranks: Sequence[int], count: int, card: Card) -> int:
    return lay_points(series_ranks, count, card.rank)


def lay_points(series: Sequence[int], count: int, rank: int) -> int:
    """The same points as `play_items`, from ranks alone and without the calls: for simulations."""
    count += rank if rank < 10 else 10
    points = 2 if count == 15 or count == MAX_COUNT else 0
    n = len(series)
    if n and series[-1] == rank:
        if n > 1 and series[-2] == rank:
            return points + (12 if n > 2 and series[-3] == rank else 6)
        return points + 2
    if n >= 2:
        return points + run_length(series, rank)
    return points


def best_reply_worth(series: Sequence[int], count: int, holds: Callable[[int], float]) -> float:
    """The expected points of the best reply to `series` at `count`, from a hand holding each rank q with
    chance `holds(q)` (ranks taken as independent): the best reply scores, failing it the next, and so on."""
    replies = []
    for points, q in _scoring_replies(tuple(series[-RUN_REACH:]), count):
        p = holds(q)
        if p:
            replies.append((points, p))
    replies.sort(reverse=True)
    worth, none_better = 0.0, 1.0
    for points, p in replies:
        worth += none_better * p * points
        none_better *= 1 - p
    return worth


RUN_REACH = 6
"""How many of a series' last cards a lay's points can depend on: a run is at most seven cards (one to seven sum to
28; eight distinct ranks pass 31) and a pair royal reaches back three."""


@lru_cache(maxsize=100_000)
def _scoring_replies(tail: tuple[int, ...], count: int) -> tuple[tuple[int, int], ...]:
    """(points, rank) of every rank that scores laid after `tail` (the series' last `RUN_REACH` cards) at `count`:
    the same for every holding, so the play-outs' many reply sums share it."""
    out = []
    for q in _scoring_candidates(tail, count):
        if count + (q if q < 10 else 10) <= MAX_COUNT:
            points = lay_points(tail, count, q)
            if points:
                out.append((points, q))
    return tuple(out)


def _scoring_candidates(series: Sequence[int], count: int) -> set[int]:
    """Every rank that can score laid now: a pair of the last card, fifteen or 31, or a run with the last
    cards (a run is at most seven cards, so its others lie among the last six)."""
    out = {series[-1]} if series else set()
    for total in (15, MAX_COUNT):
        value = total - count
        if 1 <= value <= 9:
            out.add(value)
        elif value == 10:
            out.update((10, 11, 12, 13))
    if len(series) >= 2:
        tail = series[-6:]
        out.update(range(max(1, min(tail) - 1), min(13, max(tail) + 1) + 1))
    return out


def run_length(series_ranks: Sequence[int], rank: int) -> int:
    """Longest n >= 3 such that the last n cards (the new one included) are n consecutive ranks. Read back
    from the new card: a repeated rank ends every longer tail too."""
    low = high = rank
    seen = {rank}
    best = 0
    n = 1
    for r in reversed(series_ranks):
        if r in seen:
            break
        seen.add(r)
        n += 1
        if r < low:
            low = r
        elif r > high:
            high = r
        if n >= 3 and high - low == n - 1:
            best = n
    return best


def move_call(items: Sequence[PegItem]) -> str:
    """One call for everything a single card scored: 'fifteen four' for fifteen and a pair."""
    total = sum(i.points for i in items)
    if len(items) == 1:
        return items[0].call
    first = items[0]
    if first.kind is PegKind.FIFTEEN:
        return f"fifteen {number_word(total)}"
    if first.kind is PegKind.THIRTY_ONE:
        return f"thirty-one for {number_word(total)}"
    return ", ".join(i.call for i in items)


GO_ITEM = PegItem(PegKind.GO, 1, "one for the go")
LAST_ITEM = PegItem(PegKind.LAST, 1, "one for last")
HEELS_ITEM = PegItem(PegKind.HEELS, 2, "two for his heels")
