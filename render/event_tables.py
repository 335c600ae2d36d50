"""Standings and pairings as pictures: a round's pairings (a row a table: its two entrants, or a bye) and a table of
places (a row an entrant: place, name, then its columns: an event's game points, won-lost and spread, or a
season's rating and games), sized to read on a phone, where Discord shows a picture
about 400 pixels wide (drawn 560 wide: text of 22 pixels reads as 16). Long tables are cut, saying how many more:
the text under the picture lists every line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from render.canvas import Canvas, fit_text
from render.style import DARK, GOLD, Theme

WIDTH = 560
PAD = 18
HEAD = 100
ROW = 40
MOST = 16
"""Rows drawn; the rest are counted in one line."""
MEDALS = ((214, 171, 44), (176, 184, 196), (196, 128, 72))
"""Gold, silver, bronze: the top three places."""


@dataclass(frozen=True, slots=True)
class TableWords:
    """The words drawn, in the reader's language; `more` has a {count} field."""

    title: str
    subtitle: str
    columns: tuple[str, ...] = ()
    """The right-hand columns' heads (standings: points, won-lost, spread)."""
    more: str = "+{count} more"
    bye: str = "bye"
    unranked: str = "?"
    """Drawn for place 0: listed, not ranked (a provisional member)."""
    none: str = ""
    """Drawn when there are no rows."""


@dataclass(frozen=True, slots=True)
class PairingRow:
    table: str
    """Its label ('1', '2' ... or the bye's word)."""
    home: str
    away: str
    """'' for a bye."""
    result: str = ""
    """A score already known (two computers)."""


@dataclass(frozen=True, slots=True)
class PlaceRow:
    place: int
    name: str
    values: tuple[str, ...]
    """The right-hand columns, as drawn."""


def _frame(words: TableWords, rows: int, theme: Theme) -> tuple[Canvas, int]:
    shown = min(rows, MOST)
    extra = ROW if rows > MOST else 0
    c = Canvas(WIDTH, HEAD + max(1, shown) * ROW + extra + PAD, theme.background)
    c.text((PAD, PAD), fit_text(words.title, 28, WIDTH - 2 * PAD), 28, theme.text, bold=True)
    c.text((PAD, PAD + 36), fit_text(words.subtitle, 18, WIDTH - 2 * PAD), 18, theme.muted)
    if not rows and words.none:
        c.text((PAD, HEAD + ROW / 2), fit_text(words.none, 20, WIDTH - 2 * PAD), 20, theme.muted, anchor="lm")
    return c, shown


def _more(c: Canvas, words: TableWords, rows: int, theme: Theme) -> None:
    if rows > MOST:
        c.text((PAD, HEAD + MOST * ROW + ROW / 2), words.more.format(count=rows - MOST), 18, theme.muted, anchor="lm")


def pairings_png(rows: Sequence[PairingRow], words: TableWords, theme: Theme = DARK) -> bytes:
    """A round's tables: the label, then the two names (the first seat above-left), and a known score."""
    c, shown = _frame(words, len(rows), theme)
    for i, row in enumerate(rows[:shown]):
        top = HEAD + i * ROW
        mid = top + ROW / 2
        if i % 2 == 0:
            c.rect((PAD - 6, top + 2, WIDTH - PAD + 6, top + ROW - 2), fill=theme.panel)
        c.text((PAD + 16, mid), fit_text(row.table, 18, 40), 18, theme.muted, anchor="mm")
        room = (WIDTH - PAD - 90 - (PAD + 44) - 30) / 2
        c.text((PAD + 44, mid), fit_text(row.home, 20, room), 20, theme.text, anchor="lm")
        if row.away:
            c.text((PAD + 44 + room + 15, mid), "v", 16, theme.muted, anchor="mm")
            c.text((PAD + 44 + room + 30, mid), fit_text(row.away, 20, room), 20, theme.text, anchor="lm")
        else:
            c.text((PAD + 44 + room + 30, mid), fit_text(words.bye, 18, room), 18, theme.muted, anchor="lm")
        if row.result:
            c.text((WIDTH - PAD, mid), row.result, 18, theme.muted, anchor="rm")
    _more(c, words, len(rows), theme)
    return c.png()


def places_png(rows: Sequence[PlaceRow], words: TableWords, theme: Theme = DARK) -> bytes:
    """The standings: the place (the top three with medals; place 0 unranked), the name, then each column
    right-aligned."""
    c, shown = _frame(words, len(rows), theme)
    widths = (70, 80, 80)[: len(words.columns)]
    rights = [WIDTH - PAD - sum(widths[i + 1:]) for i in range(len(widths))]
    for head, right in zip(words.columns if rows else (), rights, strict=False):
        c.text((right, HEAD - 6), head, 15, theme.muted, anchor="rs")
    name_room = (rights[0] - widths[0] if rights else WIDTH - PAD) - (PAD + 44) - 8
    for i, row in enumerate(rows[:shown]):
        top = HEAD + i * ROW
        mid = top + ROW / 2
        if i % 2 == 0:
            c.rect((PAD - 6, top + 2, WIDTH - PAD + 6, top + ROW - 2), fill=theme.panel)
        if 1 <= row.place <= 3:
            c.circle((PAD + 16, mid), 14, fill=MEDALS[row.place - 1])
            c.text((PAD + 16, mid), str(row.place), 18, (30, 30, 30), anchor="mm", bold=True)
        else:
            c.text((PAD + 16, mid), str(row.place) if row.place else words.unranked, 20, theme.muted, anchor="mm")
        ink = GOLD if row.place == 1 else theme.text
        c.text((PAD + 44, mid), fit_text(row.name, 22, name_room), 22, ink, anchor="lm", bold=row.place == 1)
        for value, right in zip(row.values, rights, strict=False):
            c.text((right, mid), value, 20, theme.text, anchor="rm")
    _more(c, words, len(rows), theme)
    return c.png()
