"""A club night's pictures (render/event_tables.py) from its tables and standings: a round's pairings, and the
standings with their title, in the server's language. The text under each picture lists every line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.app.shown.replies import Attachment
from bot.i18n import Lang, t
from bot.storage.values import EventGameRow
from engine.events.standings import Standing
from render.event_tables import PairingRow, PlaceRow, TableWords, pairings_png, places_png


def pairings_picture(event: str, round_: int, games: int, subtitle: str, tables: Sequence[EventGameRow],
                     names: Mapping[int, str], lang: Lang) -> Attachment:
    rows = [PairingRow("" if row.outcome == "bye" else str(row.pairing + 1), names[row.home],
                       names.get(row.away, "") if row.outcome != "bye" else "",
                       f"{row.home_score}-{row.away_score}" if not row.game and row.outcome == "played" else "")
            for row in tables]
    words = TableWords(t("event.pic.round", lang, round=round_, games=games), subtitle,
                       more=t("event.pic.more", lang, count="{count}"), bye=t("event.pic.bye", lang))
    title = words.title
    return Attachment(f"event-{event}-round-{round_}.png", pairings_png(rows, words), title)


def bracket_picture(event: str, name: str, title: str, subtitle: str, rows: Sequence[PairingRow],
                    lang: Lang) -> Attachment:
    """A knockout's matches (a short label each, the two entrants, their score in games): the text lists them."""
    words = TableWords(title, subtitle, more=t("event.pic.more", lang, count="{count}"), bye=t("event.pic.bye", lang))
    return Attachment(f"event-{event}-{name}.png", pairings_png(rows, words), title)


def standings_picture(event: str, name: str, title: str, subtitle: str, table: Sequence[Standing],
                      names: Mapping[str, str], lang: Lang) -> Attachment:
    rows = [PlaceRow(s.place, names[s.entrant], (str(s.game_points), f"{s.won}-{s.lost}", f"{s.spread:+d}"))
            for s in table]
    columns = (t("event.pic.points", lang), t("event.pic.record", lang), t("event.pic.spread", lang))
    words = TableWords(title, subtitle, columns, more=t("event.pic.more", lang, count="{count}"))
    return Attachment(f"event-{event}-{name}.png", places_png(rows, words), title)
