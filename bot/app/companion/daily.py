"""The daily hand in a server: the day's post at 00:00 UTC in the channel the server chose, members' private
answers (one each, changeable until the close), the close that shows the tally and the exact answer, a member's
record, and any earlier day tried privately. docs/ratings.md says the rules; engine/daily decides.

Timed work (a day's post, a post's close) may be found due by several processes at once and must be done once,
also across a restart: each is a claim (bot/storage/sql/claims.py) named `daily:post:GUILD:DAY` or
`daily:close:GUILD:DAY`, held while the door sends or edits the message and finished when it reports back; a
holder that stops half-way leaves it to another once its lease runs out. The clock is injected: every decision
reads it once."""

from __future__ import annotations

import os
import re
import socket
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime

from bot.app.companion.daily_words import (
    cards_said,
    closed_post_text,
    daily_text,
    head_lines,
    open_post_text,
    record_text,
    verdict_text,
)
from bot.app.shown.ids import ComponentId, Verb
from bot.app.shown.replies import Answer, Attachment, Control, Option, Select
from bot.i18n import Lang, t
from bot.storage import Storage
from bot.storage.values import DailyPost
from engine.core.cards import Card, CardError, parse_cards
from engine.core.errors import shown
from engine.core.typed import iso_day, whole_number
from engine.daily.pool import Pool, PoolError
from engine.daily.problem import DailyProblem, discards_of, same_discard
from engine.daily.shipped import NoPool, shipped_pool
from engine.daily.verdict import Record, judge_answer, record, tally
from render import hand_png

LEASE = 120.0
"""Seconds a process holds a day's post or close while it sends or edits the message."""
POST, TRY = 0, 1
"""The select's version field: a server's post (answers kept), or a day tried privately."""
_FIELD = re.compile(r"d([0-9]{8})")


@dataclass(frozen=True, slots=True)
class DailyShown:
    """A server's post of a day as it reads now: a new post (no message yet), its count of answers updated, or
    its close (`close`: the tally and the answer, no select)."""

    guild: str
    day: str
    channel: str
    message: str
    text: str
    files: tuple[Attachment, ...] = ()
    controls: tuple[Control, ...] = ()
    close: bool = False


@dataclass(frozen=True, slots=True)
class DailyAnswered:
    """A member's pick answered privately, and the post with its count of answers, when it changed."""

    answer: Answer
    post: DailyShown | None = None


def day_field(day: date) -> str:
    return f"d{day:%Y%m%d}"


def field_day(field: str) -> date | None:
    match = _FIELD.fullmatch(field)
    return iso_day(f"{match[1][:4]}-{match[1][4:6]}-{match[1][6:]}") if match else None


def discard_text(discard: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in discard)


def stored_discard(problem: DailyProblem, text: str) -> tuple[Card, Card] | None:
    """An answer as kept, as one of the problem's discards (None for one that is not: damage, never an error)."""
    try:
        cards = tuple(parse_cards(text, count=2))
    except CardError:
        return None
    return next((d for d in discards_of(problem.cards) if same_discard(d, cards)), None)


class DailyHands:
    """The daily hand's posts, answers and records, over the storage and the settings."""

    def __init__(self, storage: Storage, clock: Callable[[], float], *, images: bool = True,
                 pool: Callable[[], Pool | NoPool] = shipped_pool, holder: str | None = None) -> None:
        self.storage = storage
        self.clock = clock
        self.images = images
        self.pool = pool
        self.holder = holder or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        """Who this process is when it claims a day's post or close."""
        self._lock = threading.Lock()
        self._held: dict[str, float] = {}
        """The claims this process took and has not finished, and when: not handed out again while their lease
        runs (a claim renews for its holder), so a sweep never hands the door work it is still doing."""

    def today(self, now: float | None = None) -> date:
        return datetime.fromtimestamp(self.clock() if now is None else now, UTC).date()

    def problem(self, day: date) -> DailyProblem | None:
        pool = self.pool()
        if isinstance(pool, NoPool):
            return None
        try:
            return pool.problem_for(day)
        except PoolError:
            return None

    def picture(self, problem: DailyProblem) -> tuple[Attachment, ...]:
        if not self.images:
            return ()
        return (Attachment(f"daily-{problem.day.isoformat()}.png", hand_png(problem.cards),
                           cards_said(problem.cards)),)

    def select(self, problem: DailyProblem, version: int, lang: Lang) -> Select:
        """The 15 discards, in the problem's fixed order (the chosen value is the place in it)."""
        options = tuple(Option(str(i), cards_said(d)) for i, d in enumerate(discards_of(problem.cards)))
        return Select(ComponentId(day_field(problem.day), version, Verb.DAILY).encode(),
                      t("daily.placeholder", lang), options, 1, 1)

    # ------------------------------------------------------------------ the timed posts and closes

    def due(self, owns: Callable[[str], bool] | None, lang_of: Callable[[str], Lang]) -> list[DailyShown]:
        """Every close and post due now that this process claimed: closes first (yesterday's post shows its answer
        as today's goes up)."""
        now = self.clock()
        today = self.today(now)
        work = []
        for post in self.storage.open_daily_posts(today.isoformat()):
            if owns is None or owns(post.guild):
                closing = self._closing(post, now, lang_of(post.guild))
                if closing is not None:
                    work.append(closing)
        for guild, channel in self._servers(owns).items():
            posting = self._posting(guild, channel, today, now, lang_of(guild))
            if posting is not None:
                work.append(posting)
        return work

    def _servers(self, owns: Callable[[str], bool] | None) -> dict[str, str]:
        """The servers with the daily hand on, and their channels."""
        guilds = [g for g in self.storage.daily_servers() if owns is None or owns(g)]
        channels = self.storage.setting_values("server", "daily_channel", guilds)
        return {g: channels[g] for g in guilds if channels.get(g)}

    def _posting(self, guild: str, channel: str, today: date, now: float, lang: Lang) -> DailyShown | None:
        day = today.isoformat()
        made = self.storage.daily_post(guild, day)
        problem = self.problem(today)
        if (made is not None and made.message) or problem is None:
            return None
        if not self._claim(f"daily:post:{guild}:{day}", now):
            return None
        post = self.storage.add_daily_post(guild, day, channel)
        count = self.storage.daily_answer_count(guild, day)
        return DailyShown(guild, day, post.channel, "", open_post_text(problem, count, lang), self.picture(problem),
                          (self.select(problem, POST, lang),))

    def _closing(self, post: DailyPost, now: float, lang: Lang) -> DailyShown | None:
        if not self._claim(f"daily:close:{post.guild}:{post.day}", now):
            return None
        problem = self.problem(date.fromisoformat(post.day))
        if problem is None or not post.message:  # never sent: nothing to edit
            self.closed(post.guild, post.day)
            return None
        kept = [stored_discard(problem, a) for a in self.storage.daily_answers(post.guild, post.day).values()]
        tallied = tally(problem, [a for a in kept if a is not None])
        return DailyShown(post.guild, post.day, post.channel, post.message, closed_post_text(problem, tallied, lang),
                          close=True)

    def _claim(self, name: str, now: float) -> bool:
        with self._lock:
            taken = self._held.get(name)
            if taken is not None and now < taken + LEASE:
                return False
            if not self.storage.claim(name, self.holder, now=now, lease=LEASE):
                return False
            self._held[name] = now
            return True

    def _finish(self, name: str) -> None:
        self.storage.finish(name, self.holder)
        self._held.pop(name, None)

    def posted(self, guild: str, day: str, message: str) -> None:
        """The door sent the day's post: where it is, and the post's claim finished."""
        self.storage.set_daily_message(guild, day, message)
        self._finish(f"daily:post:{guild}:{day}")

    def closed(self, guild: str, day: str) -> None:
        """The door edited the post to its close: no more answers, and the close's claim finished."""
        self.storage.close_daily_post(guild, day)
        self._finish(f"daily:close:{guild}:{day}")

    # ------------------------------------------------------------------ answers

    def answer(self, guild: str, user: str, field: str, version: int, values: tuple[str, ...], lang: Lang,
               public_lang: Lang) -> DailyAnswered:
        """A pick in a daily select: kept for the server's post of today (changeable until 00:00 UTC), or, for a
        day tried privately, judged at once with every discard's values."""
        day = field_day(field)
        problem = self.problem(day) if day is not None else None
        choice = whole_number(values[0], 0, 14) if len(values) == 1 else None
        if problem is None or choice is None:
            return DailyAnswered(Answer(False, t("daily.bad_choice", lang)))
        discard = discards_of(problem.cards)[choice]
        now = self.clock()
        today = self.today(now)
        if version != POST:
            if problem.day >= today:
                return DailyAnswered(Answer(False, t("daily.not_yet", lang, day=problem.day.isoformat())))
            verdict = verdict_text(problem, judge_answer(problem, discard), lang)
            return DailyAnswered(Answer(True, verdict + "\n" + daily_text(problem, True, lang)))
        day_text = problem.day.isoformat()
        if not guild or problem.day != today or not self.storage.answer_daily(
                guild, day_text, user, discard_text(discard), at=now):
            return DailyAnswered(Answer(False, t("daily.closed", lang, day=day_text)))
        post = self.storage.daily_post(guild, day_text)
        count = self.storage.daily_answer_count(guild, day_text)
        mine = Answer(True, t("daily.your_answer", lang, day=day_text, chosen=cards_said(discard)))
        if post is None or not post.message:
            return DailyAnswered(mine)
        return DailyAnswered(mine, DailyShown(guild, day_text, post.channel, post.message,
                                              open_post_text(problem, count, public_lang),
                                              controls=(self.select(problem, POST, public_lang),)))

    # ------------------------------------------------------------------ /cribbage daily and a member's record

    def record_of(self, guild: str, user: str) -> Record:
        """The member's record in the server: each day before today they answered, right or not."""
        today = self.today()
        results = {}
        for day_text, kept in self.storage.member_daily_answers(guild, user).items():
            day = iso_day(day_text)
            problem = self.problem(day) if day is not None and day < today else None
            answer = stored_discard(problem, kept) if problem is not None else None
            if problem is not None and answer is not None and day is not None:
                results[day] = same_discard(answer, problem.best)
        return record(results, today)

    def show(self, given: str | None, guild: str, user: str, lang: Lang) -> Answer:
        """/cribbage daily: today's problem (with the member's answer so far, and the select when this server's
        post is open), or an earlier day to try privately (or the member's answer that day judged); then the
        member's record here."""
        today = self.today()
        day = today if given is None else iso_day(given)
        if day is None:
            return Answer(False, t("daily.bad_day", lang, day=shown(given)))
        pool = self.pool()
        if isinstance(pool, NoPool):
            return Answer(False, t("daily.no_pool", lang))
        if day > today:
            return Answer(False, t("daily.not_yet", lang, day=day.isoformat()))
        try:
            problem = pool.problem_for(day)
        except PoolError:
            return Answer(False, t("daily.out_of_pool", lang, day=day.isoformat(), first=pool.start.isoformat(),
                                   last=pool.end.isoformat()))
        lines, controls = self._today(problem, guild, user, lang) if day == today else self._past(problem, guild,
                                                                                                  user, lang)
        if guild:
            lines.append(record_text(self.record_of(guild, user), lang))
        return Answer(True, "\n".join(lines), self.picture(problem), controls)

    def _today(self, problem: DailyProblem, guild: str, user: str, lang: Lang) -> tuple[list[str], tuple[Control, ...]]:
        day = problem.day.isoformat()
        post = self.storage.daily_post(guild, day) if guild else None
        if post is None or post.closed:
            return [*head_lines(problem, lang), t("daily.open", lang)], ()
        kept = self.storage.daily_answers(guild, day).get(user)
        mine = stored_discard(problem, kept) if kept is not None else None
        said = t("daily.your_answer_now", lang, chosen=cards_said(mine)) if mine else t("daily.not_answered", lang)
        return [*head_lines(problem, lang), said], (self.select(problem, POST, lang),)

    def _past(self, problem: DailyProblem, guild: str, user: str, lang: Lang) -> tuple[list[str], tuple[Control, ...]]:
        kept = self.storage.member_daily_answers(guild, user).get(problem.day.isoformat()) if guild else None
        mine = stored_discard(problem, kept) if kept is not None else None
        if mine is None:
            return [*head_lines(problem, lang), t("daily.try", lang)], (self.select(problem, TRY, lang),)
        verdict = verdict_text(problem, judge_answer(problem, mine), lang)
        return [t("daily.you_answered", lang, day=problem.day.isoformat()) + " " + verdict,
                daily_text(problem, True, lang)], ()
