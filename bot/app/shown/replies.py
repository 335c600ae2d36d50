"""What the controller answers, free of any front end: text, pictures, and the controls each player has.

A front end turns these into messages (Discord) or lines and prompts (the terminal). Private
parts are addressed to one user and must only ever be shown to that user.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.core.cards import Card


class Style(Enum):
    PRIMARY = "primary"
    SECONDARY = "secondary"
    SUCCESS = "success"
    DANGER = "danger"


@dataclass(frozen=True, slots=True)
class Button:
    custom_id: str
    label: str
    style: Style = Style.SECONDARY
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Select:
    """A choice of several options (laying away: pick exactly two cards)."""

    custom_id: str
    placeholder: str
    options: tuple[Option, ...]
    min_values: int
    max_values: int


Control = Button | Select


@dataclass(frozen=True, slots=True)
class Attachment:
    filename: str
    data: bytes
    description: str = ""


@dataclass(frozen=True, slots=True)
class LiveMessage:
    """A game's public message (its scores, the latest lines, the table and board pictures): edited in
    place as the game goes. ("Table mode", by contrast, keeps score for a real table.)"""

    text: str
    images: tuple[Attachment, ...]
    controls: tuple[Control, ...]
    moved: str = ""
    """The short line the message becomes when the table is posted anew below newer posts."""


@dataclass(frozen=True, slots=True)
class Post:
    """A new public message (the show with its breakdowns, the result, an invitation, a reminder)."""

    text: str
    files: tuple[Attachment, ...] = ()
    controls: tuple[Control, ...] = ()
    mentions: tuple[str, ...] = ()
    """User ids the front end should notify."""


@dataclass(frozen=True, slots=True)
class Awaited:
    """A member whose move or answer a game with two or more people waits for, and the short public line that
    tells them (a door puts its mention of the member in front)."""

    user: str
    text: str


@dataclass(frozen=True, slots=True)
class Panel:
    """One player's private view: their hand and what they may do now."""

    user: str
    seat: int
    text: str
    hand: tuple[Card, ...]
    controls: tuple[Control, ...]
    image: Attachment | None = None
    prompt: str = ""
    """A short instruction for text front ends ('play a card', 'lay away 2 for your crib')."""
    scores: tuple[int, ...] = ()
    game: str = ""
    backs: tuple[int, ...] = ()
    """The back pegs (the scores before each player's last move), for boards with two pegs a player."""
    winner: int | None = None
    version: int = 0
    """The game's version this panel was drawn at: a move made from it names this version."""
    phase: str = ""
    """The engine's phase when drawn ('discard', 'play', 'muggins', ...): what a text door asks for."""
    playable: tuple[Card, ...] = ()
    """The cards this player may play now (empty when it is not their turn to play)."""
    can_go: bool = False
    """True when this player must say go now (no card fits under 31)."""


@dataclass(frozen=True, slots=True)
class Reply:
    """The result of one command.

    `ok` False means the command was refused and nothing changed; `note` says why, privately.
    """

    ok: bool
    note: str = ""
    game: str | None = None
    version: int = 0
    lines: tuple[str, ...] = ()
    """Public narration of what this command caused, in order, with every call."""
    live: LiveMessage | None = None
    posts: tuple[Post, ...] = ()
    panel: Panel | None = None
    """The acting user's fresh private view (never shown to anyone else)."""
    waiting: tuple[str, ...] = ()
    """Users who must act now."""
    finished: bool = False
    place: str = ""
    """Where the game is played (a channel or thread id) and ..."""
    message: str = ""
    """... the id of its public table message there ('' until a door records one): what to edit."""
    names: tuple[str, ...] = ()
    """The players' names in seat order (a door's thread title, a text door's score line)."""
    panels: tuple[Panel, ...] = ()
    """Every seated member's fresh private view after a change (each only for that member's eyes), in
    the language they last used, so a door refreshes open panels without asking again."""
    invitation: str = ""
    """An invitation answered for good (the game started, or was called off): its message's text now, in the
    game's language, for a door to redraw it with ('' when the invitation is not touched)."""
    awaited: tuple[Awaited, ...] = ()
    """After a change in a game with two or more people: the members it waits for now (a door tells each once,
    and takes the word back when they are no longer awaited)."""
    guild: str = ""
    """The server the game belongs to ('' outside one): whose setting says whether members are told."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The reply to a companion command (score, analyze, rules, a table's score, practice, review, stats).

    `ok` False is a refusal that changed nothing; its text is always private. A `public` answer goes
    to the channel; `table` names the table session a public board message belongs to, so a press on
    its buttons can edit that message in place.
    """

    ok: bool
    text: str
    files: tuple[Attachment, ...] = ()
    controls: tuple[Control, ...] = ()
    public: bool = False
    table: str | None = None


@dataclass(frozen=True, slots=True)
class ChannelPost:
    """A message to send to a server's channel, or an edit of one sent before (`edit`: its id)."""

    key: str
    """The work this post is (its claim's name): said back with the message's id when it is sent."""
    channel: str
    text: str
    files: tuple[Attachment, ...] = ()
    controls: tuple[Control, ...] = ()
    edit: str = ""
