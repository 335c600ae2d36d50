"""What the events feature answers (bot/app/companion/events.py): its refusals as codes, a club night's settings,
and the posts a door makes for it (the registration post redrawn, a round's pairings with its games to open, the
standings, the final results)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from enum import Enum

from bot.app.shown.replies import Answer, Attachment, Control, Reply
from bot.i18n import Lang, t
from engine.core.errors import CodedError

OPEN, RUNNING, OVER = "open", "running", "over"
"""An event's states: taking entries, being played, finished."""
CLUB, KNOCKOUT, LEAGUE = "club", "knockout", "league"
"""The formats: a club night of Swiss-paired games; a knockout of matches (best of 1, 3 or 5 games); a league's
round robin, one round a period."""
FORMATS = (CLUB, KNOCKOUT, LEAGUE)


class EventCode(Enum):
    """Why an event command was refused (nothing changed); the comment lists the fields its words use."""

    NO_EVENT = "no_event"  # (none)
    BUSY = "busy"  # (none): the server has an event taking entries or being played
    NOT_MANAGER = "not_manager"  # (none)
    NOT_DIRECTOR = "not_director"  # director
    FULL = "full"  # most
    TWICE = "twice"  # (none)
    NOT_ENTERED = "not_entered"  # (none)
    CLOSED = "closed"  # (none): entries are closed
    TOO_FEW = "too_few"  # count
    GAMES = "games"  # games, most
    TARGET = "target"  # target
    STRENGTH = "strength"  # strength, choices
    MOST = "most"  # most, low, high
    CLOSES = "closes"  # minutes, high
    FORMAT = "format"  # format
    BEST_OF = "best_of"  # best_of
    KNOCKOUT_LEAVE = "knockout_leave"  # (none): a running knockout is left by resigning its games
    DEADLINE = "deadline"  # minutes, high: a game's deadline out of range (a negative one is in the past)
    PERIOD = "period"  # hours, high: a league's period out of range


class EventRefused(CodedError[EventCode]):
    """An event command that cannot be carried out; `answer` words it for the member."""

    def answer(self, lang: Lang) -> Answer:
        return Answer(False, t(f"event.refuse.{self.code.value}", lang, **self.fields))


@dataclass(frozen=True, slots=True)
class ClubSettings:
    """A club night's settings, kept as JSON in the event's row."""

    games: int = 9
    target: int = 121
    rated: bool = False
    closes: float = 0.0
    """When entries close (a time), 0 when only the start closes them."""
    most: int = 64
    """The most entrants the night takes."""
    best_of: int = 3
    """A knockout's match length: best of 1, 3 or 5 games."""
    double: bool = False
    """A knockout's double elimination."""
    seeds: tuple[int, ...] = ()
    """A knockout's seeding (entrant numbers, the best first), fixed when it starts."""
    deadline: int = 0
    """Minutes each game has from its start before the player holding it up forfeits it; 0: no deadline (only
    the turn timers)."""
    period: int = 0
    """A league's period in hours: one round a period, each round's deadline its period's end."""
    started: float = 0.0
    """When a league started (its rounds' periods are counted from it)."""

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> ClubSettings:
        data = json.loads(text) if text else {}
        return cls(int(data.get("games", 9)), int(data.get("target", 121)), bool(data.get("rated", False)),
                   float(data.get("closes", 0.0)), int(data.get("most", 64)), int(data.get("best_of", 3)),
                   bool(data.get("double", False)), tuple(int(n) for n in data.get("seeds", ())),
                   int(data.get("deadline", 0)), int(data.get("period", 0)), float(data.get("started", 0.0)))


@dataclass(frozen=True, slots=True)
class EventPost:
    """A post of the event's in its channel: the registration post (sent, or redrawn when `message` is its id)."""

    event: str
    channel: str
    text: str
    controls: tuple[Control, ...] = ()
    message: str = ""


@dataclass(frozen=True, slots=True)
class EventNews:
    """A post the event makes as it runs (a round's pairings, the standings, the final results), claimed once
    among processes as `key`: its text, whom it pings, and the games it opens (each posted as a table)."""

    key: str
    guild: str
    channel: str
    text: str
    mentions: tuple[str, ...] = ()
    games: tuple[Reply, ...] = ()
    players: tuple[tuple[str, ...], ...] = ()
    """The members of each game in `games` (to ping on its table's start post)."""
    lang: Lang = Lang.EN
    files: tuple[Attachment, ...] = ()
    """Its picture (the pairings, or the standings)."""
    start: str = ""
    """The words of each game's start post ('' for a club night's)."""


@dataclass(frozen=True, slots=True)
class EventAnswer:
    """An event command's answer: the member's own, the registration post to send or redraw, and any news."""

    answer: Answer
    post: EventPost | None = None
    news: tuple[EventNews, ...] = ()
