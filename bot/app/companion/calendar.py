"""Posts a feature makes in a server's channel at set times (a day's hand and its close, a season's standings),
each made once however many bot processes find it due, and made after a restart that came at the very moment.

Each piece of work has a name (its claim: "daily:post:GUILD:DAY"); the sweep asks every timed feature what is due,
claims each piece (bot/storage/sql/claims.py), and only the process holding the claim makes the post. The door
sends it and answers with the message's id (`done`), which finishes the claim; a process that stops between the
claim and `done` leaves it to be taken again when its lease runs out, so the post is late, never lost. A door
that cannot post at all (the channel gone, no permission) says so with no message, and the work is given up.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.app.command_base import handles
from bot.app.commands import DuePosts, PostDone
from bot.app.shown.replies import ChannelPost
from bot.storage import ClaimStore

log = logging.getLogger(__name__)

LEASE = 300.0
"""Seconds a claim is held before another process may take the work over: long enough for any post (a picture
and one message), short enough that a crash delays a post by minutes, not hours."""


@dataclass(frozen=True, slots=True)
class Due:
    """A piece of work a feature has due: its name, the server it is for, and how to make its post (None: nothing
    to post after all, and the work is done)."""

    key: str
    guild: str
    make: Callable[[], ChannelPost | None]


class Timed(Protocol):
    """A feature with posts due at set times."""

    @property
    def prefix(self) -> str:
        """The first word of its works' names ("daily", "season"): how `done` finds the feature again."""
        ...

    def due(self, now: float) -> Iterable[Due]:
        """What is due at `now` and not done (a finished claim is skipped anyway: this may repeat)."""
        ...

    def posted(self, key: str, message: str) -> None:
        """The post of `key` was sent as `message` ('' when it could not be): keep what the feature needs."""
        ...


class Calendar:
    """The timed features' posts, each made once among every process sharing the database."""

    def __init__(self, claims: ClaimStore, clock: Callable[[], float], features: Sequence[Timed] = (),
                 holder: str | None = None) -> None:
        self.claims = claims
        self.clock = clock
        self.features = {f.prefix: f for f in features}
        self.holder = holder or uuid.uuid4().hex
        """This process, as the claims name it."""

    @handles(DuePosts)
    def due_posts(self, command: DuePosts) -> list[ChannelPost]:
        """Every post due now that this process claims (of the servers it `owns`), made."""
        now, owns = self.clock(), command.owns
        out = []
        for feature in self.features.values():
            for work in feature.due(now):
                if owns is not None and not owns(work.guild):
                    continue
                if not self.claims.claim(work.key, self.holder, now=now, lease=LEASE):
                    continue
                post = work.make()
                if post is None:
                    self.done(work.key, "")
                else:
                    out.append(post)
        return out

    @handles(PostDone)
    def post_done(self, command: PostDone) -> None:
        self.done(command.key, command.message)

    def done(self, key: str, message: str) -> None:
        """The post of `key` was sent as `message` ('' when it could not be): the feature keeps it, and the work
        is finished."""
        feature = self.features.get(key.split(":", 1)[0])
        if feature is None:
            raise ValueError(f"no timed feature makes {key!r}")
        feature.posted(key, message)
        if not self.claims.finish(key, self.holder):
            log.warning("the post %s was finished by another process after this one's lease ran out", key)
