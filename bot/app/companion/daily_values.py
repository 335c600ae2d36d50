"""What the daily hand answers a member's pick with (bot/app/companion/daily.py), apart so that the commands can
name it without importing the feature."""

from __future__ import annotations

from dataclasses import dataclass

from bot.app.shown.replies import Answer, Control


@dataclass(frozen=True, slots=True)
class DailyShown:
    """A server's open post of a day as it reads now (its count of answers changed): where it is, its words and its
    select (its picture stays)."""

    guild: str
    day: str
    channel: str
    message: str
    text: str
    controls: tuple[Control, ...] = ()


@dataclass(frozen=True, slots=True)
class DailyAnswered:
    """A member's pick answered privately, and the post with its count of answers, when it changed."""

    answer: Answer
    post: DailyShown | None = None
