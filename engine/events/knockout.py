"""Knockout brackets (docs/events.md, "Knockout"): single elimination seeded so the top seeds meet last, byes to the
top seeds when the count is not a power of two; double elimination as an option, with a losers' bracket and a grand
final, and a second final (a reset) when the losers' bracket winner wins the first.

The draw is a pure function of the seeding and the winners decided so far: the bot keeps the winners and reads the
draw afresh; a bye plays no match (its opponent walks over).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from engine.core.errors import excerpt
from engine.events.problems import EventError, EventProblem
from engine.events.standings import check_entrants


class Bracket(Enum):
    WINNERS = "W"
    LOSERS = "L"
    FINAL = "F"


class Empty(Enum):
    BYE = "bye"
    """A place nobody fills: whoever meets it walks over."""


Slot = str | Empty | None
"""An entrant, a bye, or None while the match that fills the place is undecided."""


@dataclass(frozen=True, slots=True)
class MatchKey:
    side: Bracket
    round: int
    """From 1 in each side; the grand final is F1 and its reset F2."""
    slot: int
    """From 0, top of the bracket first."""

    @property
    def name(self) -> str:
        """"W1.0", "L3.1", "F2.0": a short stable name to keep."""
        return f"{self.side.value}{self.round}.{self.slot}"


@dataclass(frozen=True, slots=True)
class Feed:
    """Where a place in a match comes from: a seed (from 0), or the winner or loser of an earlier match."""

    seed: int | None = None
    winner_of: MatchKey | None = None
    loser_of: MatchKey | None = None


@dataclass(frozen=True, slots=True)
class KnockoutMatch:
    key: MatchKey
    first: Slot
    second: Slot
    winner: Slot = None
    """The winner once decided (the entrant who walks over a bye; a bye when both places are byes)."""

    @property
    def ready(self) -> bool:
        """Both entrants known, no result yet: the match to start."""
        return isinstance(self.first, str) and isinstance(self.second, str) and self.winner is None

    @property
    def walkover(self) -> bool:
        return Empty.BYE in (self.first, self.second)

    @property
    def loser(self) -> Slot:
        if self.winner is None:
            return None
        return self.second if self.winner == self.first else self.first


@dataclass(frozen=True, slots=True)
class Draw:
    matches: tuple[KnockoutMatch, ...]
    """Every match, byes' walkovers included, in the order they can be played (the reset final only once due)."""
    champion: str | None

    def ready(self) -> tuple[KnockoutMatch, ...]:
        return tuple(m for m in self.matches if m.ready)

    def match(self, key: MatchKey) -> KnockoutMatch:
        return next(m for m in self.matches if m.key == key)


def bracket_order(size: int) -> tuple[int, ...]:
    """The seeds (from 1) down a bracket of `size` (a power of two) places, so that 1 and 2 meet only in the final,
    1 to 4 only in the semi-finals...: for 8, 1 8 4 5 2 7 3 6 (1 v 8, 4 v 5, 2 v 7, 3 v 6)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return tuple(order)


def bracket_size(count: int) -> int:
    size = 2
    while size < count:
        size *= 2
    return size


def draw(seeds: Sequence[str], winners: Mapping[MatchKey, str] | None = None, double: bool = False,
         reset: bool = True) -> Draw:
    """The bracket for `seeds` (the best first) after the `winners` decided so far. Double elimination when
    `double`; then `reset` says whether a second final is played when the losers' bracket winner wins the first."""
    check_entrants(seeds)
    if len(seeds) < 2:
        raise EventError(EventProblem.TOO_FEW, f"a knockout needs two entrants or more, not {len(seeds)}",
                         entrants=len(seeds))
    feeds = _winners_side(bracket_size(len(seeds)))
    if double:
        feeds += _losers_side(bracket_size(len(seeds)))
    return _play(seeds, feeds, dict(winners or {}), double, reset)


def _winners_side(size: int) -> list[tuple[MatchKey, Feed, Feed]]:
    order = bracket_order(size)
    out = [(MatchKey(Bracket.WINNERS, 1, i), Feed(seed=order[2 * i] - 1), Feed(seed=order[2 * i + 1] - 1))
           for i in range(size // 2)]
    rnd, count = 2, size // 4
    while count >= 1:
        out += [(MatchKey(Bracket.WINNERS, rnd, i), Feed(winner_of=MatchKey(Bracket.WINNERS, rnd - 1, 2 * i)),
                 Feed(winner_of=MatchKey(Bracket.WINNERS, rnd - 1, 2 * i + 1))) for i in range(count)]
        rnd, count = rnd + 1, count // 2
    return out


def _losers_side(size: int) -> list[tuple[MatchKey, Feed, Feed]]:
    """The losers' bracket: its odd rounds pair its own survivors (the first, the winners' first-round losers),
    its even rounds meet the losers dropping from the winners' next round, in reverse order every other time so
    that two who met in the winners' bracket do not meet again at once."""
    levels = size.bit_length() - 1  # the winners' rounds
    out: list[tuple[MatchKey, Feed, Feed]] = []
    count = size // 4
    if count:
        out += [(MatchKey(Bracket.LOSERS, 1, i), Feed(loser_of=MatchKey(Bracket.WINNERS, 1, 2 * i)),
                 Feed(loser_of=MatchKey(Bracket.WINNERS, 1, 2 * i + 1))) for i in range(count)]
    for j in range(1, levels):
        even = 2 * j
        drop = [MatchKey(Bracket.WINNERS, j + 1, i) for i in range(count)]
        if j % 2 == 1:
            drop.reverse()
        out += [(MatchKey(Bracket.LOSERS, even, i), Feed(winner_of=MatchKey(Bracket.LOSERS, even - 1, i)),
                 Feed(loser_of=drop[i])) for i in range(count)]
        if j < levels - 1:
            count //= 2
            out += [(MatchKey(Bracket.LOSERS, even + 1, i), Feed(winner_of=MatchKey(Bracket.LOSERS, even, 2 * i)),
                     Feed(winner_of=MatchKey(Bracket.LOSERS, even, 2 * i + 1))) for i in range(count)]
    return out


def _champion_feeds(size: int) -> tuple[MatchKey, Feed]:
    """The winners' final, and where the losers' bracket winner comes from."""
    levels = size.bit_length() - 1
    top = MatchKey(Bracket.WINNERS, levels, 0)
    if levels == 1:
        return top, Feed(loser_of=top)
    return top, Feed(winner_of=MatchKey(Bracket.LOSERS, 2 * (levels - 1), 0))


def _play(seeds: Sequence[str], feeds: list[tuple[MatchKey, Feed, Feed]], winners: dict[MatchKey, str],
          double: bool, reset: bool) -> Draw:
    done: dict[MatchKey, KnockoutMatch] = {}
    for key, a, b in feeds:
        done[key] = _decide(key, _fill(a, seeds, done), _fill(b, seeds, done), winners)
    top, lower = _champion_feeds(bracket_size(len(seeds)))
    if not double:
        _refuse_strangers(winners, done)
        winner = done[top].winner
        return Draw(tuple(done.values()), winner if isinstance(winner, str) else None)
    first_final = MatchKey(Bracket.FINAL, 1, 0)
    done[first_final] = _decide(first_final, _fill(Feed(winner_of=top), seeds, done),
                                _fill(lower, seeds, done), winners)
    final = done[first_final]
    champion = final.winner
    if reset and isinstance(champion, str) and champion == final.second and not final.walkover:
        second_final = MatchKey(Bracket.FINAL, 2, 0)
        done[second_final] = _decide(second_final, final.first, final.second, winners)
        champion = done[second_final].winner
    _refuse_strangers(winners, done)
    return Draw(tuple(done.values()), champion if isinstance(champion, str) else None)


def _fill(feed: Feed, seeds: Sequence[str], done: Mapping[MatchKey, KnockoutMatch]) -> Slot:
    if feed.seed is not None:
        return seeds[feed.seed] if feed.seed < len(seeds) else Empty.BYE
    if feed.winner_of is not None:
        return done[feed.winner_of].winner
    assert feed.loser_of is not None
    return done[feed.loser_of].loser


def _decide(key: MatchKey, first: Slot, second: Slot, winners: Mapping[MatchKey, str]) -> KnockoutMatch:
    if first is None or second is None:
        return KnockoutMatch(key, first, second)
    if first is Empty.BYE or second is Empty.BYE:
        return KnockoutMatch(key, first, second, second if first is Empty.BYE else first)
    winner = winners.get(key)
    if winner is not None and winner not in (first, second):
        raise EventError(EventProblem.NOT_READY, f"{excerpt(winner)} is not in match {key.name} ({excerpt(first)} "
                         f"v {excerpt(second)})", match=key.name, entrant=winner)
    return KnockoutMatch(key, first, second, winner)


def _refuse_strangers(winners: Mapping[MatchKey, str], done: Mapping[MatchKey, KnockoutMatch]) -> None:
    """A winner for a match not yet due (its players unknown), a walkover, or no such match."""
    for key, winner in winners.items():
        match = done.get(key)
        if match is None or match.walkover or not isinstance(match.first, str) or not isinstance(match.second, str):
            name = key.name if isinstance(key, MatchKey) else excerpt(key)
            raise EventError(EventProblem.NOT_READY, f"match {name} is not one to be won yet", match=name,
                             entrant=winner)
