"""Matches between computer strengths at three- and four-player tables, and the figures they give.

A set plays one seeded deck sequence once for every seat order of the sides (three orders for one
strength against two of another, six for three strengths, two for partnerships), so each side holds
every seat's cards in the same deals and most of the luck of the deal cancels out. Every game is
written as a record and replayed through the engine before it counts, so each point is re-checked.
Tallies hold integers only and add exactly, so a match split across processes gives the same totals.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations

from engine.computer.arena import PEGGING_REASONS, Z95, RoleTally, pair_seed, wilson_interval
from engine.computer.players import Player, make_player
from engine.computer.selfplay import play_out
from engine.core.events import PegReason
from engine.core.game import Game, skunk_of
from engine.core.record import RecordError, replay, to_record
from engine.core.rules import Rules

SIDE_NAMES = ("A", "B", "C")

SeatPlayer = Callable[[str, int, Game], Player]
"""Builds the player for a seat from its side's strength name, its decision seed and the game it sits in (a
measurement's player may look at the game; the shipped ones never do)."""


def shipped_player(name: str, seed: int, game: Game) -> Player:
    """The registered strength `name`: what `cribbage arena` seats. Raises `UnknownStrength`."""
    return make_player(name, seed)

_KINDS = {**dict.fromkeys(PEGGING_REASONS, 1), PegReason.HAND: 2, PegReason.CRIB: 3, PegReason.HEELS: 4}
"""Which RoleTally field (after `deals`) a peg move adds to."""


class LineupError(ValueError):
    """Strengths and a player count that do not make a group match; the message names them."""


class ReplayMismatch(RuntimeError):
    """A game the arena played whose record does not replay to the same result: an engine fault."""


@dataclass(frozen=True, slots=True)
class Lineup:
    """Who plays: `strengths` by side (A, B, C) and `seats`, the side in each seat of the first order."""

    rules: Rules
    strengths: tuple[str, ...]
    seats: tuple[int, ...]

    @classmethod
    def of(cls, strengths: tuple[str, ...], rules: Rules) -> Lineup:
        """Three players: A against two B, or A, B and C; four players: partnership A against partnership B."""
        if rules.players == 3 and len(strengths) in (2, 3):
            return cls(rules, strengths, (0, 1, 1) if len(strengths) == 2 else (0, 1, 2))
        if rules.players == 4 and len(strengths) == 2:
            return cls(rules, strengths, (0, 1, 0, 1))
        wanted = "2 or 3 strengths" if rules.players == 3 else "2 strengths (one a partnership)"
        raise LineupError(f"a {rules.players}-player match needs {wanted}, not {len(strengths)}: "
                          f"{' '.join(strengths)}")

    @property
    def sides(self) -> int:
        return len(self.strengths)

    def orders(self) -> tuple[tuple[int, ...], ...]:
        """Every distinct seat order: each side sits in every seat (partners always opposite)."""
        if self.rules.players == 4:
            return ((0, 1, 0, 1), (1, 0, 1, 0))
        return tuple(sorted(set(permutations(self.seats))))

    def even_share(self, side: int) -> float:
        """The share of wins a side of equal strength would take: its seats over the table's."""
        return self.seats.count(side) / len(self.seats)


def _plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


@dataclass(frozen=True, slots=True)
class GroupTally:
    """Everything a group match counts, by side. `roles[side][k]`: the side's points in the seat k places
    left of the dealer (0 the dealer, 1 the pone), over complete deals."""

    games: int
    sets: int
    deals_played: int
    replayed: int
    """Games whose record replayed through the engine to the same pegs and result."""
    wins: tuple[int, ...]
    set_wins_squared: tuple[int, ...]
    """The sum over sets of the square of a side's wins in the set: for an interval that knows the games of a set
    share their deals."""
    roles: tuple[tuple[RoleTally, ...], ...]
    skunks: tuple[int, ...]
    """Games the side won with the best-placed loser under the skunk line (not the double-skunk one)."""
    double_skunks: tuple[int, ...]

    @classmethod
    def empty(cls, sides: int, players: int) -> GroupTally:
        zeros = (0,) * sides
        return cls(0, 0, 0, 0, zeros, zeros, tuple((RoleTally(),) * players for _ in range(sides)), zeros, zeros)

    def __add__(self, other: GroupTally) -> GroupTally:
        if len(other.wins) != len(self.wins) or len(other.roles[0]) != len(self.roles[0]):
            raise ValueError("tallies of different lineups do not add")
        roles = tuple(tuple(x + y for x, y in zip(a, b, strict=True)) for a, b in zip(self.roles, other.roles,
                                                                                      strict=True))
        return GroupTally(self.games + other.games, self.sets + other.sets, self.deals_played + other.deals_played,
                          self.replayed + other.replayed, _plus(self.wins, other.wins),
                          _plus(self.set_wins_squared, other.set_wins_squared), roles,
                          _plus(self.skunks, other.skunks), _plus(self.double_skunks, other.double_skunks))

    def share(self, side: int) -> float:
        if self.games == 0:
            raise ValueError("no games played, so no share of wins")
        return self.wins[side] / self.games

    def ci95(self, side: int) -> tuple[float, float]:
        """The Wilson interval, taking every game as independent."""
        return wilson_interval(self.wins[side], self.games)

    def ci95_sets(self, side: int) -> tuple[float, float] | None:
        """A normal interval from the spread of the sets' shares: the games of one set share their deals, so this
        one counts sets, not games, as the independent draws (None under two sets)."""
        if self.sets < 2:
            return None
        per_set = self.games / self.sets
        w, sq = self.wins[side], self.set_wins_squared[side]
        variance = max(0.0, (sq - w * w / self.sets) / (self.sets - 1)) / (per_set * per_set)
        half = Z95 * math.sqrt(variance / self.sets)
        share = self.share(side)
        return max(0.0, share - half), min(1.0, share + half)


def checked(game: Game) -> Game:
    """The game, once its record has replayed through the engine to the same pegs, winner and scores."""
    try:
        again = replay(to_record(game)).game
    except RecordError as exc:
        raise ReplayMismatch(f"game on seed {game.seed} does not replay: {exc}") from None
    if again.winner != game.winner or again.scores != game.scores or len(again.pegs) != len(game.pegs):
        raise ReplayMismatch(f"game on seed {game.seed} replays to {again.scores} (winner {again.winner}), "
                             f"not {game.scores} (winner {game.winner})")
    return game


def seat_seed(game_seed: int, order: int, seat: int) -> int:
    """A distinct decision seed for each seat of each order of a set (up to 8 orders of 4 seats)."""
    return game_seed * 32 + order * 4 + seat


def play_set(lineup: Lineup, seed: int,
             seat_player: SeatPlayer = shipped_player) -> list[tuple[Game, tuple[int, ...]]]:
    """Every order's game on chance seed `seed`, each with its seats' sides. Raises `UnknownStrength`."""
    games = []
    for k, sides in enumerate(lineup.orders()):
        game = Game(lineup.rules, seed=seed)
        players = [seat_player(lineup.strengths[side], seat_seed(seed, k, seat), game)
                   for seat, side in enumerate(sides)]
        games.append((checked(play_out(game, players)), sides))
    return games


def tally_game(game: Game, sides: tuple[int, ...], lineup: Lineup) -> GroupTally:
    """One finished, replayed game with side `sides[seat]` in each seat."""
    if not game.over or game.winner is None:
        raise ValueError("only a finished game can be tallied")
    n = lineup.rules.players
    sums = [[[0] * 5 for _ in range(n)] for _ in range(lineup.sides)]
    complete = len(game.deals) - 1  # the last deal is cut short by the win
    for d in range(complete):
        for seat in range(n):
            sums[sides[seat]][(seat - game.deals[d].dealer) % n][0] += 1
    for move in game.pegs:
        kind = _KINDS.get(move.reason)
        if move.deal < complete and kind is not None:
            sums[sides[move.seat]][(move.seat - game.deals[move.deal].dealer) % n][kind] += move.points
    won = sides[game.winner]
    skunk = skunk_of(game.rules, game.scores, game.rules.team_of(game.winner))
    one_hot = tuple(int(side == won) for side in range(lineup.sides))
    zeros = (0,) * lineup.sides
    return GroupTally(
        games=1, sets=0, deals_played=len(game.deals), replayed=1, wins=one_hot, set_wins_squared=zeros,
        roles=tuple(tuple(RoleTally(*sums[side][k]) for k in range(n)) for side in range(lineup.sides)),
        skunks=one_hot if skunk == "skunk" else zeros, double_skunks=one_hot if skunk == "double skunk" else zeros)


def tally_set(games: list[tuple[Game, tuple[int, ...]]], lineup: Lineup) -> GroupTally:
    total = GroupTally.empty(lineup.sides, lineup.rules.players)
    for game, sides in games:
        total = total + tally_game(game, sides, lineup)
    zeros = (0,) * lineup.sides
    squares = tuple(w * w for w in total.wins)
    return total + GroupTally(0, 1, 0, 0, zeros, squares, GroupTally.empty(lineup.sides, lineup.rules.players).roles,
                              zeros, zeros)


def play_sets(lineup: Lineup, match_seed: int, start: int, stop: int,
              seat_player: SeatPlayer = shipped_player) -> GroupTally:
    """Sets `start` to `stop - 1` of the match: any split of range(sets) adds up to the same tally."""
    if not 0 <= start <= stop:
        raise ValueError(f"set range must satisfy 0 <= start <= stop, not {start}..{stop}")
    total = GroupTally.empty(lineup.sides, lineup.rules.players)
    for index in range(start, stop):
        total = total + tally_set(play_set(lineup, pair_seed(match_seed, index), seat_player), lineup)
    return total
