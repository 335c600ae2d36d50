"""The daily hand in a server: the day's post at 00:00 UTC in the channel the server chose, members' private
answers (one each, changeable until the close), the close that shows the tally and the exact answer, a member's
record, and any earlier day tried privately. docs/ratings.md says the rules; engine/daily decides.

The day's post and its close are timed channel posts (bot/app/companion/calendar.py: made once among several
processes and after a restart), named `daily:post:GUILD:DAY` and `daily:close:GUILD:DAY`. The clock is injected:
every decision reads it once."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime
from functools import partial

from bot.app.companion.calendar import Due
from bot.app.companion.daily_values import DailyAnswered, DailyShown
from bot.app.companion.daily_words import (
    cards_said,
    closed_post_text,
    daily_text,
    head_lines,
    open_post_text,
    record_text,
    verdict_text,
)
from bot.app.companion.settings_book import SettingsBook
from bot.app.shown.ids import ComponentId, Verb
from bot.app.shown.replies import Answer, Attachment, ChannelPost, Control, Option, Select
from bot.i18n import Lang, t
from bot.settings import Scope
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

POST, TRY = 0, 1
"""The select's version field: a server's post (answers kept), or a day tried privately."""
_FIELD = re.compile(r"d([0-9]{8})")


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

    prefix = "daily"
    """The first word of its timed works' names (bot/app/companion/calendar.py)."""

    def __init__(self, storage: Storage, settings: SettingsBook, clock: Callable[[], float], *, images: bool = True,
                 pool: Callable[[], Pool | NoPool] = shipped_pool) -> None:
        self.storage = storage
        self.settings = settings
        self.clock = clock
        self.images = images
        self.pool = pool

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

    # ------------------------------------------------------------------ the timed posts and closes (calendar.py)

    def due(self, now: float) -> Iterator[Due]:
        """The closes of the posts of days before today that are still open (yesterday's shows its answer as
        today's goes up), then today's post in every server that turned the daily hand on and has none sent."""
        today = self.today(now)
        for post in self.storage.open_daily_posts(today.isoformat()):
            yield Due(f"daily:close:{post.guild}:{post.day}", post.guild, partial(self._closing, post))
        if self.problem(today) is None:
            return
        channels = self.settings.set_by(Scope.SERVER, "daily_channel")
        for guild in self.settings.set_by(Scope.SERVER, "daily"):
            made = self.storage.daily_post(guild, today.isoformat())
            if channels.get(guild) and (made is None or not made.message):
                yield Due(f"daily:post:{guild}:{today.isoformat()}", guild,
                          partial(self._posting, guild, str(channels[guild]), today))


    def _posting(self, guild: str, channel: str, today: date) -> ChannelPost | None:
        day = today.isoformat()
        problem = self.problem(today)
        if problem is None:
            return None
        post = self.storage.add_daily_post(guild, day, channel)
        lang = self.settings.server_lang(guild)
        text = open_post_text(problem, self.storage.daily_answer_count(guild, day), lang)
        return ChannelPost(f"daily:post:{guild}:{day}", post.channel, text, self.picture(problem),
                           (self.select(problem, POST, lang),))

    def _closing(self, post: DailyPost) -> ChannelPost | None:
        problem = self.problem(date.fromisoformat(post.day))
        if problem is None or not post.message:  # never sent: nothing to edit
            return None
        kept = [stored_discard(problem, a) for a in self.storage.daily_answers(post.guild, post.day).values()]
        tallied = tally(problem, [a for a in kept if a is not None])
        return ChannelPost(f"daily:close:{post.guild}:{post.day}", post.channel,
                           closed_post_text(problem, tallied, self.settings.server_lang(post.guild)),
                           self.picture(problem), edit=post.message)

    def posted(self, key: str, message: str) -> None:
        """A post was sent (its message kept: '' when it could not be), or a close was made (the post takes no
        more answers, whether its edit went through or not)."""
        _, kind, guild, day = key.split(":")
        if kind == "post":
            self.storage.set_daily_message(guild, day, message)
        else:
            self.storage.close_daily_post(guild, day)

    # ------------------------------------------------------------------ answers

    def answer(self, guild: str, user: str, field: str, version: int, values: tuple[str, ...],
               lang: Lang) -> DailyAnswered:
        """A pick in a daily select: kept for the server's post of today (changeable until 00:00 UTC), or, for a
        day tried privately, judged at once with every discard's values."""
        day = field_day(field)
        problem = self.problem(day) if day is not None else None
        choice = whole_number(values[0], 0, 14) if len(values) == 1 else None
        if problem is None or choice is None or version not in (POST, TRY):
            return DailyAnswered(Answer(False, t("daily.bad_choice", lang)))
        discard = discards_of(problem.cards)[choice]
        now = self.clock()
        today = self.today(now)
        if version == TRY:
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
        lang_here = self.settings.server_lang(guild)
        return DailyAnswered(mine, DailyShown(guild, day_text, post.channel, post.message,
                                              open_post_text(problem, count, lang_here),
                                              (self.select(problem, POST, lang_here),)))

    def is_open(self, guild: str, day: str) -> bool:
        """Whether the server's post of `day` takes answers: it is today's, and not closed."""
        post = self.storage.daily_post(guild, day)
        return post is not None and not post.closed and day == self.today().isoformat()

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
