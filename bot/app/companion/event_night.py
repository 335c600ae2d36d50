"""An event as read at once (its row, settings, entrants and tables), and a club night's standings from it: what
a club night's and a knockout's rounds (bot/app/companion/event_rounds.py, event_knockout.py) both read."""

from __future__ import annotations

from dataclasses import dataclass

from bot.app.companion.event_pictures import standings_picture
from bot.app.companion.event_results import key, table_of
from bot.app.companion.event_values import ClubSettings
from bot.app.companion.event_words import standings_text
from bot.app.shown.replies import Attachment
from bot.i18n import Lang, as_lang, t
from bot.storage.values import EntrantRow, EventGameRow, EventRow
from engine.events.standings import Standing


@dataclass(frozen=True, slots=True)
class Night:
    """An event as read at once: its row, settings, entrants and tables."""

    event: EventRow
    settings: ClubSettings
    entrants: tuple[EntrantRow, ...]
    tables: tuple[EventGameRow, ...]

    @property
    def lang(self) -> Lang:
        return as_lang(self.event.lang)

    def names(self) -> dict[int, str]:
        return {e.number: e.name for e in self.entrants}

    def round_tables(self, round_: int) -> list[EventGameRow]:
        return [row for row in self.tables if row.round == round_]

    def table(self, before: int | None = None) -> tuple[Standing, ...]:
        """The standings after every result kept (or those of the rounds before `before`)."""
        rows = [r for r in self.tables if before is None or r.round < before]
        return table_of(self.entrants, rows, self.settings.target)

    def shown_names(self) -> dict[str, str]:
        """Each entrant's name as the standings show it (a withdrawn entrant marked), by the engine's key."""
        return {key(e.number): t("event.withdrawn_name", self.lang, name=e.name) if e.withdrawn else e.name
                for e in self.entrants}

    def standings_text(self, head: str, before: int | None = None) -> str:
        return standings_text(head, self.table(before), self.shown_names(), self.lang)

    def standings_files(self, name: str, title: str, subtitle: str, images: bool) -> tuple[Attachment, ...]:
        if not images:
            return ()
        return (standings_picture(self.event.id, name, title, subtitle, self.table(), self.shown_names(),
                                  self.lang),)
