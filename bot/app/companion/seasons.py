"""A server's seasons: at each turn (monthly or quarterly, as the server chose) the season's final table is made
from the rating changes in it, kept, and posted once in the server's season channel (a timed feature of the
calendar, bot/app/companion/calendar.py); `/cribbage season [number]` shows a kept one again.

A server's seasons begin when it first turns them on (a mark, season 0), so its first season runs from then to
the next turn. A bot that was down across turns posts one season at its return, from the last one to the latest
turn. Nobody's rating is reset: each carries on, its deviation growing with idle time as it always does.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import partial

from bot.app.command_base import handles
from bot.app.commands import SeasonStandings
from bot.app.companion.calendar import Due
from bot.app.companion.settings_book import SettingsBook
from bot.app.companion.statistics import MEMBER_KEY
from bot.app.shown.replies import Answer, Attachment, ChannelPost
from bot.i18n import Lang, t
from bot.settings import Scope
from bot.storage import SeasonStore
from bot.storage.values import SeasonRow
from engine.core.typed import whole_number
from engine.rating.season import Cadence, SeasonStanding, final_standings, last_turn, title
from render.event_tables import PlaceRow, TableWords, places_png

NOT_POSTED = "-"
"""A season's message when it was kept without a post (no channel chosen, or one the bot cannot post in)."""


class Seasons:
    """The season turns' posts, and the kept seasons."""

    prefix = "season"

    def __init__(self, store: SeasonStore, settings: SettingsBook, *, images: bool = True) -> None:
        self.store = store
        self.settings = settings
        self.images = images

    def due(self, now: float) -> Iterable[Due]:
        chosen = {guild: Cadence(str(word)) for guild, word in self.settings.set_by(Scope.SERVER, "seasons").items()}
        latest = self.store.latest_seasons(list(chosen))
        for guild, cadence in chosen.items():
            last = latest.get(guild)
            if last is None:
                self.store.begin_seasons(guild, now)
                continue
            turn = last_turn(now, cadence)
            if last.ends < turn or (last.number > 0 and not last.message):  # a turn passed, or its post is owed
                ends = max(turn, last.ends)
                yield Due(f"season:{guild}:{ends:.0f}", guild, partial(self.make, guild, ends))

    def make(self, guild: str, ends: float) -> ChannelPost | None:
        """The season ending at `ends`, kept (or the one kept already), and its post when the server has a
        channel for it."""
        before = self.store.latest_seasons([guild]).get(guild)
        starts = before.ends if before is not None else ends  # (the season itself, when it was kept already)
        games = self.store.season_games(guild, starts, ends)
        table = json.dumps([s.as_json() for s in final_standings(games, ends)])
        season = self.store.add_season(guild, starts, ends, table)
        channel = str(self.settings.value(Scope.SERVER, guild, "season_channel"))
        if not channel:
            return None
        lang = self.settings.server_lang(guild)
        text, files = self.shown(season, lang, over=True)
        return ChannelPost(f"season:{guild}:{ends:.0f}", channel, text, files)

    def posted(self, key: str, message: str) -> None:
        _, guild, ends = key.split(":")
        last = self.store.latest_seasons([guild]).get(guild)
        if last is not None and f"{last.ends:.0f}" == ends:
            self.store.set_season_message(guild, last.number, message or NOT_POSTED)

    @handles(SeasonStandings)
    def standings(self, c: SeasonStandings) -> Answer:
        latest = self.store.latest_seasons([c.guild]).get(c.guild)
        newest = latest.number if latest is not None else 0
        if c.number is None:
            number: int | None = newest
        else:
            number = whole_number(c.number, 1, 10**6) if isinstance(c.number, str) else c.number
        if newest == 0:
            return Answer(False, t("season.none_yet", c.lang))
        season = self.store.season(c.guild, number) if number is not None and number >= 1 else None
        if season is None:
            return Answer(False, t("season.no_such", c.lang, number=str(c.number)[:20], newest=newest))
        text, files = self.shown(season, c.lang, over=False)
        return Answer(True, text, files, public=True)

    def shown(self, season: SeasonRow, lang: Lang, *, over: bool) -> tuple[str, tuple[Attachment, ...]]:
        """A kept season's table in words (the top members named: three unless the server chose) and as a picture."""
        table = [SeasonStanding.from_json(row) for row in json.loads(season.standings)]
        names = self.store.member_names(season.guild, [MEMBER_KEY + s.member for s in table])
        name = {s.member: names.get(MEMBER_KEY + s.member, s.member) for s in table}
        span = title(season.starts, season.ends)
        head = t("season.over" if over else "season.title", lang, number=season.number, span=span)
        ranked = [s for s in table if s.rank]
        played = t("season.played", lang, members=len(table))
        lines = [head, played if table else t("season.nobody", lang)]
        top = int(self.settings.value(Scope.SERVER, season.guild, "season_top"))
        lines += [t("season.place", lang, rank=s.rank, mention=f"<@{s.member}>", rating=f"{s.rating:.0f}",
                    games=s.games) for s in ranked[:top]]
        files: tuple[Attachment, ...] = ()
        if self.images:
            rows = [PlaceRow(s.rank, name[s.member], (f"{s.rating:.0f}", str(s.games))) for s in table]
            words = TableWords(head, f"{span} · {played}" if table else span,
                               (t("season.rating", lang), t("season.games", lang)),
                               more=t("event.pic.more", lang, count="{count}"), unranked=t("season.provisional", lang),
                               none=t("season.nobody", lang))
            files = (Attachment(f"season-{season.number}.png", places_png(rows, words),
                                t("season.picture", lang, number=season.number)),)
        return "\n".join(lines), files
