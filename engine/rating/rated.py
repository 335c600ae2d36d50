"""What a finished game does to ratings, as a rule over plain values: which games are rated, the pairwise
results a game gives, the bound on farming, and the rating changes those results make.

The rule (docs/ratings.md says it for players):

- Only games between members are rated: a game marked casual, a game a moderator ended (or that ended with no
  winner), and any game with fewer than two members are not. A four-player game is rated only when all four seats
  were members at the start: a computer partner would carry or sink a member.
- A game gives results between pairs of members, each a win, a loss or a draw (1, 0, 0.5):
  - two and three players: every pair of member seats, by finishing order. The winner is first; the others follow
    by their final scores (equal scores: a draw between them). A member who left the game (resigned, or forfeited
    by the timers; the computer finished the seat) is last, below everyone who finished, whatever the seat
    scored after; two who both left get no result between them. In a two-player game a resignation or a forfeit
    therefore is a loss.
  - four players: the partnerships are one pairing, each member against each opponent (four results, two for
    each member), the winning partnership's members winning both. A member who left loses both of theirs.
- Farming: once two members have had `limit` rated pairings in the last 24 hours, further games between them give
  them no result against each other (the rest of a group game is still rated). The bot checks at a game's start
  and says so there.
- Each member's results of one game are one Glicko-2 rating period, against the opponents' ratings before it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations

from engine.core.errors import CodedError, excerpt
from engine.rating.glicko2 import TAU, GameResult, Rating, update

DAY = 86_400.0
"""The farming window, in seconds."""
FARMING_LIMIT = 5
"""The default number of rated games two members may play each other in 24 hours (a server may choose another)."""
FARMING_LIMITS = (1, 100)
"""The range a server may choose from."""
NEWCOMER = Rating()


class Ending(Enum):
    CARDS = "cards"
    """A side reached the target."""
    RESIGNED = "resigned"
    TIMED_OUT = "timed out"
    ENDED = "ended"
    """A moderator ended the game (or nobody was left to play): it has no result."""


class Unrated(Enum):
    """Why a game changes no rating."""

    CASUAL = "casual"
    ENDED = "ended"
    NO_WINNER = "no winner"
    COMPUTER = "computer"
    ABANDONED = "abandoned"
    """The members all left: nobody finished to be compared with."""
    FARMED = "farmed"


class GameProblem(Enum):
    SEATS = "seats"
    SCORES = "scores"
    WINNER = "winner"
    MEMBER_TWICE = "member twice"
    LIMIT = "limit"


class RatedGameError(CodedError[GameProblem]):
    """A finished game that cannot be: a winner with no seat, a member in two seats."""


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    """Who sat in a seat: a member (their id), or None for a seat the computer held from the start."""

    member: str | None
    left: bool = False
    """The member left during the game (resigned, forfeited by the timers): the computer finished the seat."""


@dataclass(frozen=True, slots=True)
class FinishedGame:
    seats: tuple[SeatPlayer, ...]
    scores: tuple[int, ...]
    """Each seat's final score (partners the same)."""
    winner: int | None
    """The winning seat, None when the game was decided by nobody."""
    ending: Ending = Ending.CARDS
    rated: bool = True
    """False for a casual game."""

    def __post_init__(self) -> None:
        n = len(self.seats)
        if n not in (2, 3, 4):
            raise RatedGameError(GameProblem.SEATS, f"a game has 2, 3 or 4 seats, not {n}", seats=n)
        if len(self.scores) != n:
            raise RatedGameError(GameProblem.SCORES, f"{n} scores needed, got {len(self.scores)}",
                            expected=n, got=len(self.scores))
        if self.winner is not None and not (type(self.winner) is int and 0 <= self.winner < n):
            raise RatedGameError(GameProblem.WINNER, f"no seat {excerpt(self.winner)} to win a {n}-player game",
                            winner=self.winner)
        members = [s.member for s in self.seats if s.member is not None]
        twice = next((m for m in members if members.count(m) > 1), None)
        if twice is not None:
            raise RatedGameError(GameProblem.MEMBER_TWICE, f"member {excerpt(twice)} sits in two seats", member=twice)

    @property
    def members(self) -> tuple[str, ...]:
        return tuple(s.member for s in self.seats if s.member is not None)


@dataclass(frozen=True, slots=True)
class Pairing:
    """One result between two members: `score` is the first one's (1 a win, 0.5 a draw, 0 a loss)."""

    first: str
    second: str
    score: float

    @property
    def members(self) -> frozenset[str]:
        return frozenset((self.first, self.second))


@dataclass(frozen=True, slots=True)
class Judgement:
    """What a game gives: the results to apply, or why it gives none; and the pairs left out for farming."""

    pairings: tuple[Pairing, ...]
    unrated: Unrated | None
    farmed: tuple[Pairing, ...] = ()


def unrated_reason(game: FinishedGame) -> Unrated | None:
    """Why the whole game is unrated, before farming; None when it gives results."""
    if not game.rated:
        return Unrated.CASUAL
    if game.ending is Ending.ENDED:
        return Unrated.ENDED
    if game.winner is None:
        return Unrated.NO_WINNER
    people = sum(1 for s in game.seats if s.member is not None)
    if people < 2 or (len(game.seats) == 4 and people < 4):
        return Unrated.COMPUTER
    return None


def pairings(game: FinishedGame) -> tuple[Pairing, ...]:
    """Every result between two members the game gives by the rule above (ignoring whether it is rated)."""
    if game.winner is None:
        return ()
    four = len(game.seats) == 4
    seats = [(a, b) for a in (0, 2) for b in (1, 3)] if four else list(combinations(range(len(game.seats)), 2))
    standing = _side if four else _place
    out = []
    for a, b in seats:
        first, second = game.seats[a], game.seats[b]
        if first.member is None or second.member is None or (first.left and second.left):
            continue
        out.append(Pairing(first.member, second.member, _compare(standing(game, a), standing(game, b))))
    return tuple(out)


def _place(game: FinishedGame, seat: int) -> tuple[int, int]:
    """A seat's standing, larger is better: finished before left, then the winner, then the final score."""
    if game.seats[seat].left:
        return (0, 0)
    return (2, 0) if seat == game.winner else (1, game.scores[seat])


def _side(game: FinishedGame, seat: int) -> tuple[int, int]:
    """A four-player seat's standing (partners opposite): left, then the losing partnership, then the winning one."""
    if game.seats[seat].left:
        return (0, 0)
    return (2, 0) if game.winner is not None and seat % 2 == game.winner % 2 else (1, 0)


def _compare(a: tuple[int, int], b: tuple[int, int]) -> float:
    return 1.0 if a > b else 0.0 if a < b else 0.5


@dataclass(frozen=True, slots=True)
class Meeting:
    """Two members' rated pairing in a game that started at `when` (seconds): what the farming bound counts."""

    when: float
    members: frozenset[str]


def check_limit(limit: int) -> int:
    low, high = FARMING_LIMITS
    if type(limit) is not int or not low <= limit <= high:
        raise RatedGameError(GameProblem.LIMIT, f"the farming limit must be a whole number from {low} to {high}, "
                        f"not {excerpt(limit)}", limit=limit, low=low, high=high)
    return limit


def meetings_between(a: str, b: str, history: Iterable[Meeting], now: float, window: float = DAY) -> int:
    """Rated pairings of a and b in the `window` seconds up to `now`."""
    pair = frozenset((a, b))
    return sum(1 for m in history if m.members == pair and now - window < m.when <= now)


def farmed_pairs(members: Sequence[str], history: Iterable[Meeting], now: float,
                 limit: int = FARMING_LIMIT) -> frozenset[frozenset[str]]:
    """The pairs among a game's members who have already had `limit` rated pairings in the last 24 hours: the game
    starting `now` gives them no result against each other."""
    check_limit(limit)
    recent = Counter(m.members for m in history if now - DAY < m.when <= now)
    return frozenset(pair for pair in (frozenset(ab) for ab in combinations(members, 2)) if recent[pair] >= limit)


def judge(game: FinishedGame, farmed: frozenset[frozenset[str]] = frozenset()) -> Judgement:
    """The results the game gives, with the pairs the farming bound (decided at its start) leaves out."""
    reason = unrated_reason(game)
    if reason is not None:
        return Judgement((), reason)
    every = pairings(game)
    kept = tuple(p for p in every if p.members not in farmed)
    dropped = tuple(p for p in every if p.members in farmed)
    if not kept:
        return Judgement((), Unrated.FARMED if dropped else Unrated.ABANDONED, dropped)
    return Judgement(kept, None, dropped)


@dataclass(frozen=True, slots=True)
class Change:
    """What a game did to one member's rating ("ann 1512 → 1527")."""

    member: str
    before: Rating
    after: Rating


def apply(ratings: Mapping[str, Rating], results: Sequence[Pairing], tau: float = TAU) -> tuple[Change, ...]:
    """Each member's results as one rating period against the others' ratings before the game; a member without a
    rating starts as a newcomer. In the order members first appear in `results`."""
    games: dict[str, list[GameResult]] = {}  # in the order members first appear
    for p in results:
        for me, them, score in ((p.first, p.second, p.score), (p.second, p.first, 1.0 - p.score)):
            games.setdefault(me, []).append(GameResult.against(ratings.get(them, NEWCOMER), score))
    return tuple(Change(m, ratings.get(m, NEWCOMER), update(ratings.get(m, NEWCOMER), played, tau))
                 for m, played in games.items())
