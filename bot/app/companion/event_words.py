"""The words of a club night's posts (bot/app/companion/events.py): the registration post, a round's pairings,
the standings table and the final results, in the server's language, from the catalog."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.app.companion.event_values import ClubSettings
from bot.i18n import Lang, t
from bot.storage.values import EntrantRow, EventGameRow, EventRow
from engine.events.standings import Standing


def settings_line(settings: ClubSettings, lang: Lang) -> str:
    rated = t("event.rated" if settings.rated else "event.unrated", lang)
    return t("event.settings", lang, games=settings.games, target=settings.target, rated=rated)


def knockout_line(settings: ClubSettings, lang: Lang) -> str:
    rated = t("event.rated" if settings.rated else "event.unrated", lang)
    kind = t("event.ko.double" if settings.double else "event.ko.single", lang)
    return t("event.ko.settings", lang, best_of=settings.best_of, target=settings.target, kind=kind, rated=rated)


def league_line(settings: ClubSettings, lang: Lang) -> str:
    rated = t("event.rated" if settings.rated else "event.unrated", lang)
    return t("event.league.settings", lang, target=settings.target, hours=settings.period, rated=rated)


def event_line(settings: ClubSettings, format_: str, lang: Lang) -> str:
    """A club night's or a league's settings in a line (under its standings)."""
    return league_line(settings, lang) if format_ == "league" else settings_line(settings, lang)


def registration_text(event: EventRow, entrants: Sequence[EntrantRow], lang: Lang) -> str:
    """The registration post: the night's settings, its director, who has entered, and whether entries are open."""
    settings = ClubSettings.from_json(event.settings)
    playing = [e for e in entrants if not e.withdrawn]
    knockout, league = event.format == "knockout", event.format == "league"
    head = t("event.ko.post_head" if knockout else "event.league.post_head" if league else "event.post_head", lang)
    shown = knockout_line(settings, lang) if knockout else league_line(settings, lang) if league \
        else settings_line(settings, lang)
    lines = [head, shown, t("event.director", lang, director=event.director)]
    if settings.deadline:
        lines.append(t("event.deadline_line", lang, minutes=settings.deadline))
    if settings.closes:
        lines.append(t("event.closes_at", lang, at=int(settings.closes)))
    lines.append(t("event.entrants", lang, count=len(playing), most=settings.most))
    lines.extend(f"{e.number}. {e.name}" for e in playing)
    if not playing:
        lines.append(t("event.nobody", lang))
    lines.append(t("event.open" if event.state == "open" else "event.begun", lang))
    return "\n".join(lines)


def pairings_text(round_: int, games: int, tables: Sequence[EventGameRow], names: Mapping[int, str],
                  lang: Lang) -> str:
    """A round's pairings, table by table, then the bye; a table of two computers played at once says its score."""
    lines = [t("event.round_head", lang, round=round_, games=games)]
    for row in tables:
        if row.outcome == "bye":
            lines.append(t("event.bye_line", lang, name=names[row.home]))
        elif not row.game and row.outcome in ("home", "away", "both"):  # a withdrawn entrant's game in a league
            who = {"home": names[row.home], "away": names[row.away]}.get(
                row.outcome, t("general.and", lang).join((names[row.home], names[row.away])))
            lines.append(t("event.league.forfeit_line", lang, table=row.pairing + 1, home=names[row.home],
                           away=names[row.away], name=who))
        elif not row.game:
            lines.append(t("event.quick_line", lang, table=row.pairing + 1, home=names[row.home],
                           away=names[row.away], home_score=row.home_score, away_score=row.away_score))
        else:
            lines.append(t("event.pair_line", lang, table=row.pairing + 1, home=names[row.home],
                           away=names[row.away]))
    return "\n".join(lines)


def standings_text(head: str, table: Sequence[Standing], names: Mapping[str, str], lang: Lang) -> str:
    """The table: place, name, game points, games won and lost, spread (tied places marked)."""
    lines = [head]
    for s in table:
        tied = t("event.tied", lang) if s.tied else ""
        lines.append(t("event.standing_line", lang, place=s.place, name=names[s.entrant], points=s.game_points,
                       won=s.won, lost=s.lost, spread=f"{s.spread:+d}", tied=tied))
    return "\n".join(lines)
