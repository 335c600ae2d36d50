"""A season's final table as a picture: a title, then a row a member (the top three with medals), sized to read
on a phone, where Discord shows a picture about 400 pixels wide (this one is drawn 560 wide: text of 22 pixels
reads as 16)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from render.canvas import Canvas, fit_text
from render.style import DARK, GOLD, RenderError, Theme

WIDTH = 560
PAD = 18
HEAD = 100
ROW = 40
MOST = 10
"""Rows drawn: the top ten (the text under the picture names the top three; /cribbage season lists no more)."""
MEDALS = ((214, 171, 44), (176, 184, 196), (196, 128, 72))
"""Gold, silver, bronze."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line as drawn: `rank` 0 for a provisional member (listed unranked, with the mark)."""

    rank: int
    name: str
    rating: float
    games: int


@dataclass(frozen=True, slots=True)
class StandingWords:
    """The words drawn, in the reader's language."""

    title: str
    subtitle: str
    rating: str = "rating"
    games: str = "games"
    provisional: str = "?"
    none: str = "Nobody played a rated game this season."


def standings_png(rows: Sequence[StandingRow], words: StandingWords, theme: Theme = DARK) -> bytes:
    shown = tuple(rows)[:MOST]
    if any(not isinstance(r, StandingRow) or r.rank < 0 or r.games < 0 for r in shown):
        raise RenderError("a standing row has a rank and games of 0 or more")
    height = HEAD + max(1, len(shown)) * ROW + PAD
    c = Canvas(WIDTH, height, theme.background)
    c.text((PAD, PAD), fit_text(words.title, 28, WIDTH - 2 * PAD), 28, theme.text, bold=True)
    c.text((PAD, PAD + 36), fit_text(words.subtitle, 18, WIDTH - 2 * PAD), 18, theme.muted)
    right_rating, right_games = WIDTH - PAD - 90, WIDTH - PAD
    if not shown:
        c.text((PAD, HEAD + ROW / 2), words.none, 20, theme.muted, anchor="lm")
        return c.png()
    c.text((right_rating, HEAD - 6), words.rating, 15, theme.muted, anchor="rs")
    c.text((right_games, HEAD - 6), words.games, 15, theme.muted, anchor="rs")
    for i, row in enumerate(shown):
        top = HEAD + i * ROW
        mid = top + ROW / 2
        if i % 2 == 0:
            c.rect((PAD - 6, top + 2, WIDTH - PAD + 6, top + ROW - 2), fill=theme.panel)
        if 1 <= row.rank <= 3:
            c.circle((PAD + 16, mid), 14, fill=MEDALS[row.rank - 1])
            c.text((PAD + 16, mid), str(row.rank), 18, (30, 30, 30), anchor="mm", bold=True)
        else:
            c.text((PAD + 16, mid), str(row.rank) if row.rank else words.provisional, 20, theme.muted, anchor="mm")
        name_room = right_rating - 90 - (PAD + 44)
        ink = GOLD if row.rank == 1 else theme.text
        c.text((PAD + 44, mid), fit_text(row.name, 22, name_room), 22, ink, anchor="lm", bold=row.rank == 1)
        c.text((right_rating, mid), f"{row.rating:.0f}", 22, theme.text, anchor="rm")
        c.text((right_games, mid), str(row.games), 20, theme.muted, anchor="rm")
    return c.png()
