"""/cribbage rating and the leaderboard by rating: a member's rating as it stands now (aged by the idle days,
engine.rating.standing.as_of), their rank among the members who are not provisional, their games, last results and
a chart; the server's members by rating."""

from __future__ import annotations

from collections.abc import Callable

from bot.app.command_base import handles
from bot.app.commands import ShowRating
from bot.app.companion.statistics import LEADERS, MEMBER_KEY
from bot.app.shown.replies import Answer, Attachment
from bot.i18n import Lang, t
from bot.storage.interfaces import RatingStore, SummaryStore
from bot.storage.rating_values import MemberRating, RatingPoint
from engine.rating.glicko2 import NEW_DEVIATION, Rating
from engine.rating.standing import PROVISIONAL_DEVIATION, as_of, provisional, ranking
from render.rating_chart import ChartPoint, rating_chart_png

LAST = 10
"""The member's last results shown."""
MARK = "?"
"""After a provisional rating: a rating not yet known well enough to rank."""


def shown_rating(rating: Rating) -> str:
    return f"{round(rating.rating)}{MARK if provisional(rating) else ''}"


def outcome(point: RatingPoint, lang: Lang, name: Callable[[str], str]) -> str:
    """One game's line: the change and each result in it ("+15 · beat bob")."""
    delta = round(point.after.rating - point.before)
    words = {1.0: "rating.beat", 0.5: "rating.drew", 0.0: "rating.lost"}
    results = t("general.list_sep", lang).join(t(words[score], lang, name=name(opponent))
                                               for opponent, score in point.results)
    return t("rating.result", lang, delta=f"{delta:+d}", results=results)


class Ratings:
    """The ratings as members read them."""

    def __init__(self, store: RatingStore, summaries: SummaryStore, clock: Callable[[], float], *,
                 images: bool = True) -> None:
        self.store = store
        self.summaries = summaries
        self.clock = clock
        self.images = images

    def name(self, guild: str, member: str) -> str:
        """The member's name as their last decided game here showed it (their id when none did)."""
        line = self.summaries.player_totals(guild, MEMBER_KEY + member)
        return line.name if line is not None else member

    @handles(ShowRating)
    def member(self, c: ShowRating) -> Answer:
        kept = self.store.member_rating(c.guild, c.user)
        if kept is None:
            return Answer(True, t("rating.none", c.lang, player=c.name))
        now = self.clock()
        rating = as_of(kept.rating, kept.played, now)
        history = self.store.rating_history(c.guild, c.user)
        lines = [t("rating.title", c.lang, player=c.name, rating=shown_rating(rating),
                   deviation=round(rating.deviation)),
                 self._standing(c, rating, now),
                 t("rating.games", c.lang, games=kept.games)]
        if history:
            names: dict[str, str] = {}

            def name(member: str) -> str:
                return names.setdefault(member, self.name(c.guild, member))

            lines.append(t("rating.last", c.lang))
            lines += [outcome(p, c.lang, name) for p in reversed(history[-LAST:])]
        files = (self._chart(c, history),) if self.images and history else ()
        return Answer(True, "\n".join(lines), files)

    def _standing(self, c: ShowRating, rating: Rating, now: float) -> str:
        if provisional(rating):
            return t("rating.provisional", c.lang, mark=MARK, threshold=round(PROVISIONAL_DEVIATION))
        return t("rating.rank", c.lang, rank=self.store.rating_rank(c.guild, rating.rating, now))

    def _chart(self, c: ShowRating, history: list[RatingPoint]) -> Attachment:
        start = ChartPoint(history[0].before, NEW_DEVIATION)  # a member's first rated game is as a newcomer
        points = [start, *(ChartPoint(p.after.rating, p.after.deviation) for p in history)]
        data = rating_chart_png(points, title=t("rating.chart_title", c.lang, player=c.name),
                                caption=t("rating.chart_games", c.lang))
        return Attachment(f"rating-{c.user}.png", data, t("rating.chart_title", c.lang, player=c.name))

    def board(self, guild: str, lang: Lang) -> Answer:
        """The server's members by rating, the provisional left out."""
        now = self.clock()
        top = self.store.rating_board(guild, now, LEADERS)
        if not top:
            return Answer(True, t("rating.board_empty", lang, threshold=round(PROVISIONAL_DEVIATION)), public=True)
        kept: dict[str, MemberRating] = {m.member: m for m in top}
        ranked = ranking({m.member: as_of(m.rating, m.played, now) for m in top})
        lines = [t("rating.board_title", lang)]
        lines += [t("rating.board_row", lang, rank=r.rank, player=self.name(guild, r.member),
                    rating=round(r.rating.rating), deviation=round(r.rating.deviation),
                    games=kept[r.member].games) for r in ranked]
        return Answer(True, "\n".join(lines), public=True)
