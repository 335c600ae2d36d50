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
        match = _PATTERN.fullmatch(text)
        if match is None:
            raise BadComponentId(f"not a cribbage custom id: {text!r}")
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


BUTTON_VERBS = (Verb.HAND, Verb.PLAY, Verb.GO, Verb.ACCEPT, Verb.DECLINE)
SELECT_VERBS = (Verb.LAY,)
