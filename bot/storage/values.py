"""The values stored of a game beside its actions: who sits where, how a game stands, its summary for the
statistics, and a table session. Every backend writes and reads them; the application and the doors hold them.
They know no database."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.core.actions import PlayerAction
from engine.core.rules import Rules


class Status(Enum):
    INVITED = "invited"
    ACTIVE = "active"
    OVER = "over"
    RESIGNED = "resigned"
    ENDED = "ended"
    TIMED_OUT = "timed out"
    DECLINED = "declined"

    @property
    def live(self) -> bool:
        return self in (Status.INVITED, Status.ACTIVE)


DECIDED = (Status.OVER, Status.RESIGNED, Status.TIMED_OUT)
"""Statuses of a game with a result (a winner): what statistics count."""


class SeatKind(Enum):
    HUMAN = "human"
    COMPUTER = "computer"
    OPEN = "open"
    """An invited member declined: the seat waits for the host to give it to the computer (or cancel)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat: a person (by their door's user id) or the computer at a difficulty."""

    kind: SeatKind
    name: str
    user: str = ""
    difficulty: str = ""
    accepted: bool = True
    """False for an invited member who has not answered yet (the game starts when every seat is filled)."""

    def to_json(self) -> dict[str, str | bool]:
        data: dict[str, str | bool] = {"kind": self.kind.value, "name": self.name, "user": self.user,
                                       "difficulty": self.difficulty}
        if not self.accepted:
            data["accepted"] = False
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(SeatKind(data["kind"]), str(data["name"]), str(data.get("user", "")),
                   str(data.get("difficulty", "")), bool(data.get("accepted", True)))

    @property
    def waiting(self) -> bool:
        """A seat the game cannot start without: an invitation not yet answered, or an open seat."""
        return self.kind is SeatKind.OPEN or (self.kind is SeatKind.HUMAN and not self.accepted)


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A seat handed to the computer during a game (its member left, resigned or stopped answering)."""

    seat: int
    was: str
    """The member's name before."""
    by: str
    """The computer's strength that took over."""
    version: int
    """The game's version (its number of actions) when it happened."""
    user: str = ""
    """The member's id ('' in a change kept before ids were): whose rating the game's result still counts for."""

    def to_json(self) -> dict[str, str | int]:
        data: dict[str, str | int] = {"seat": self.seat, "was": self.was, "by": self.by, "version": self.version}
        if self.user:
            data["user"] = self.user
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatChange:
        return cls(int(data["seat"]), str(data["was"]), str(data["by"]), int(data["version"]),
                   str(data.get("user", "")))


@dataclass(frozen=True, slots=True)
class GameMeta:
    """Everything about a game except its actions."""

    id: str
    rules: Rules
    seats: tuple[Seat, ...]
    seed: int
    status: Status
    place: str
    """Where the game is played: a channel or thread id, or 'terminal'."""
    created: float
    updated: float
    """When the last action (or status change) was committed: the inactivity clock."""
    winner: int | None = None
    """The winning seat once the game is decided (by the cards, a resignation or a timeout)."""
    message: str = ""
    """The front end's id for the table message, so it can be edited after a restart."""
    reminded: bool = False
    guild: str = ""
    """The server (community) the game belongs to, for its statistics and leaderboard; '' when none."""
    self_count: tuple[int, ...] = ()
    """Seats whose player counts their own hands ("I count my own hands"): they declare at each show."""
    lang: str = "en"
    """The language of the game's public messages (the server's, when the game was started)."""
    changes: tuple[SeatChange, ...] = ()
    """Seats handed to the computer during the game, in order (the record says so)."""
    settings: tuple[tuple[str, str], ...] = ()
    """The game's settings set when it started (bot/settings.py, scope game: `auto_go` ...), by name, as text;
    a setting not here has its default. Not rules: the record does not hold them."""
    rev: int = 0
    """The row's revision when read: every write adds one, and a write made from an older read is refused
    (StaleWrite), so two processes on one database never both act on what they each saw."""

    def setting(self, name: str) -> str | None:
        """The text kept for one of the game's settings; None: its default."""
        return dict(self.settings).get(name)

    @property
    def host(self) -> Seat:
        """Whoever started the game sits in seat 0."""
        return self.seats[0]


@dataclass(frozen=True, slots=True)
class StoredGame:
    meta: GameMeta
    actions: tuple[PlayerAction, ...]


@dataclass(frozen=True, slots=True)
class Declaration:
    """One show step of a self-counting player: what they declared (None when time ran out) and the truth."""

    game: str
    deal: int
    seat: int
    crib: bool
    declared: int | None
    total: int


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A real table's score keeping: the session JSON (engine.table.session, replay-validated when read)."""

    id: str
    place: str
    guild: str
    session: dict[str, Any]
    live: bool
    created: float
    updated: float
    message: str = ""
    rev: int = 0
    """The row's revision when read (0: not stored yet); see GameMeta.rev."""


SUMMARY_COUNTS = ("games", "wins", "skunks_given", "skunks_taken", "double_skunks_given", "double_skunks_taken",
                  "deals", "cribs", "pegging", "hand", "crib", "heels")
"""What a player's statistics add up, game by game (bot.app.companion.game_stats.PlayerStats has the same fields)."""


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One seat's part in a decided game: a stable key (a member's id, or the computer's strength), the name
    shown then, and the counts in SUMMARY_COUNTS order."""

    key: str
    name: str
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A decided game as the statistics need it, written with its end in one transaction, so that
    statistics and the leaderboard never replay a game."""

    game: str
    guild: str
    deals: int
    players: tuple[PlayerLine, ...]


@dataclass(frozen=True, slots=True)
class GuildTotals:
    """A server's totals: decided games, their deals, and how many players finished one."""

    games: int
    deals: int
    players: int


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """A server's season as kept: `number` 0 is the mark of when its seasons began (no table); `standings` the
    final table as JSON (engine.rating.season.Standing rows); `message` the post's id once it was posted."""

    guild: str
    number: int
    starts: float
    ends: float
    message: str
    standings: str


@dataclass(frozen=True, slots=True)
class DailyPost:
    """A server's post of one day's daily hand: where it went, its message ('' until sent), and whether it is
    closed (its answer shown, no more answers taken)."""

    guild: str
    day: str
    """The UTC day, YYYY-MM-DD."""
    channel: str
    message: str = ""
    closed: bool = False


@dataclass(frozen=True, slots=True)
class EventRow:
    """A server's event (a club night): its format and settings (JSON), its state ('open' for entries,
    'running', 'over', 'cancelled'), who directs it, where it posts, and the round being played (0 before)."""

    id: str
    guild: str
    format: str
    settings: str
    state: str
    director: str
    channel: str
    seed: int
    created: float
    message: str = ""
    """The registration post ('' until sent)."""
    round: int = 0
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class EntrantRow:
    """An entrant of an event: a member (`member` their id) or a computer (`member` '', `strength` its
    difficulty); `number` is their place in the joining order, from 1."""

    event: str
    number: int
    member: str
    strength: str
    name: str
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class EventGameRow:
    """One table of one round: the two entrants (by number; `away` 0 for a bye), the game played ('' for a bye
    or a game played out of sight between two computers), and its result once known (`outcome` '' until then)."""

    event: str
    round: int
    pairing: int
    home: int
    away: int
    game: str = ""
    home_score: int = 0
    away_score: int = 0
    outcome: str = ""
    """'' waiting; 'played'; 'home' or 'away' for who forfeited; 'both' both forfeited; 'bye'."""
    corrected_by: str = ""
