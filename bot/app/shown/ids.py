"""The custom ids on buttons and selects: which game, which state version, what the click means.

The version makes a click from an old panel (or a doubled click) detectable: the controller
refuses it unless the game is still at that version. Ids are short text so they fit Discord's
100-character limit and survive restarts (the front end re-reads them; nothing is kept in memory).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from engine.core.errors import excerpt

PREFIX = "crib"
_SHAPE = (r"crib:(?P<game>[0-9a-z]{{1,20}}):(?P<version>[0-9]{{1,6}}):(?P<verb>{verbs})"
          r"(?::(?P<arg>[0-9A-Za-z.]{{1,24}}))?")
TEMPLATE = _SHAPE.format(verbs="[a-z]{2,8}")
"""A regular expression every id matches."""
_PATTERN = re.compile(TEMPLATE)


class Verb(Enum):
    HAND = "hand"
    """Show my hand (on the public table message; valid at any version)."""
    LAY = "lay"
    """Lay away the cards chosen in a select (its values)."""
    PLAY = "play"
    GO = "go"
    ACCEPT = "accept"
    DECLINE = "decline"
    FILL = "fill"
    """An invitation's host gives every open or unanswered seat to the computer."""
    CANCEL = "cancel"
    """An invitation's host calls the game off."""
    REVIEW = "review"
    """A deal's review (the version field is the deal's index), privately to the player who asks."""
    PEG = "peg"
    """Table mode: the arg is `<seat>.<points>`; the game field is the table's id."""
    PAD = "pad"
    """Table mode: open the number pad (a modal) for `<seat>`'s count up to 29."""
    UNDO = "undo"
    """Table mode: take back the last action; refused unless the table is still at that version."""
    DEAL = "deal"
    """Table mode: the deal is over, the next player deals."""
    DRILL = "drill"
    """Practice: a new drill (the version field is 1 for a crib)."""
    COUNT = "count"
    """Practice: declare a count for the drill whose seed is the game field (version 1: a crib)."""
    MUGGINS = "muggins"
    """A muggins show: the next player claims (arg `yes`) or lets the declared count stand (`no`)."""
    DECLARE = "declare"
    """A game's show, "I count my own hands": open the declare pad; version is the deal, arg `hand` or `crib`."""
    DAILY = "daily"
    """The daily hand's select: the game field is `d` and the day (d20270104), version 0 a server's post (the
    answer kept until the close), 1 a past day tried privately; the chosen value is the discard's place in the
    problem's fixed order of discards."""
    JOIN = "join"
    """A club night's registration post: enter it (the game field is the event's id, version 0)."""
    LEAVE = "leave"
    """A club night's registration post: leave it."""


class BadComponentId(ValueError):
    """An id that is not one of ours."""


@dataclass(frozen=True, slots=True)
class ComponentId:
    game: str
    version: int
    verb: Verb
    arg: str = ""

    def encode(self) -> str:
        text = f"{PREFIX}:{self.game}:{self.version}:{self.verb.value}" + (f":{self.arg}" if self.arg else "")
        if not _PATTERN.fullmatch(text):
            raise BadComponentId(f"cannot encode {self!r} as a custom id")
        return text

    @classmethod
    def parse(cls, text: str) -> ComponentId:
        match = _PATTERN.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise BadComponentId(f"not a cribbage custom id: {excerpt(text)}")
        return cls.from_match(match)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ComponentId:
        try:
            verb = Verb(match["verb"])
        except ValueError:
            raise BadComponentId(f"unknown action {match['verb']!r} in {match.group(0)!r}") from None
        return cls(match["game"], int(match["version"]), verb, match["arg"] or "")


def template(verbs: Iterable[Verb]) -> str:
    """A regular expression for the ids of some verbs only (a front end's buttons and its selects
    must have templates that never match each other's ids)."""
    return _SHAPE.format(verbs="|".join(v.value for v in verbs))


BUTTON_VERBS = (Verb.HAND, Verb.PLAY, Verb.GO, Verb.ACCEPT, Verb.DECLINE, Verb.FILL, Verb.CANCEL, Verb.REVIEW,
                Verb.PEG, Verb.PAD, Verb.UNDO, Verb.DEAL, Verb.DRILL, Verb.COUNT, Verb.DECLARE, Verb.MUGGINS,
                Verb.JOIN, Verb.LEAVE)
TABLE_VERBS = (Verb.PEG, Verb.PAD, Verb.UNDO, Verb.DEAL)
PRACTICE_VERBS = (Verb.DRILL, Verb.COUNT)
SELECT_VERBS = (Verb.LAY, Verb.DAILY)
