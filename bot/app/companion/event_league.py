"""A league being played (docs/events.md, "Running a league on Discord"): a round robin (engine/events/league.py)
over every entrant in joining order, one round a period counted from the start; each round's games started at its
start, its deadline its period's end (bot/app/companion/event_deadlines.py forfeits a game unfinished by then);
the standings after each game (the club night's, by the ACC scoring), the next round once its period has ended and
every game of the round has its result, and the final results once the last round's games all have theirs.

An entrant who withdraws forfeits their games of the rounds not yet begun (their games begun go on, or are
forfeited at the deadline). Each post is a piece of work claimed once among the bot's processes, as the club
night's: `event:round:EVENT:R`, `event:standings:EVENT:N`, `event:final:EVENT`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from bot.app.companion.event_knockout import Tables
from bot.app.companion.event_night import Night
from bot.app.companion.event_pictures import pairings_picture
from bot.app.companion.event_results import AWAY, BOTH, BYE, HOME, key
from bot.app.companion.event_values import EventNews
from bot.app.companion.event_words import league_line, pairings_text
from bot.i18n import t
from bot.storage import Storage
from bot.storage.values import EntrantRow, EventGameRow, EventRow
from engine.events.league import LeagueRound, round_robin


def schedule(night: Night) -> tuple[LeagueRound, ...]:
    """Every round, from every entrant at the start in joining order (a withdrawal later keeps the schedule)."""
    return round_robin([key(e.number) for e in night.entrants])


def rounds_of(night: Night) -> int:
    """How many rounds the league has (0 before two have entered)."""
    return len(schedule(night)) if len(night.entrants) >= 2 else 0


def round_end(night: Night, round_: int) -> float:
    """When round `round_`'s period ends: its games' deadline."""
    return night.settings.started + round_ * night.settings.period * 3600.0


class LeagueRounds:
    """Starts a league's rounds and posts its standings and final results."""

    def __init__(self, tables: Tables, clock: Callable[[], float]) -> None:
        self.tables = tables
        self.clock = clock

    @property
    def storage(self) -> Storage:
        return self.tables.storage

    def works(self, night: Night, standings: Callable[[Night], EventNews],
              final: Callable[[Night], EventNews]) -> Iterator[tuple[str, Callable[[], EventNews]]]:
        """The work due now in a league whose current round was posted: the next round (its period over, every
        game of this one resulted), the final results (the last round's games all resulted), else the
        standings after the latest game."""
        event, round_ = night.event, night.event.round
        tables = night.round_tables(round_)
        done = all(row.outcome for row in tables)
        if done and round_ >= len(schedule(night)):
            yield f"event:final:{event.id}", partial(final, night)
        elif done and self.clock() >= round_end(night, round_):
            yield f"event:round:{event.id}:{round_ + 1}", partial(self.begin, event, round_ + 1)
        elif any(row.game and row.outcome for row in tables):
            count = sum(1 for row in night.tables if row.game and row.outcome)
            yield f"event:standings:{event.id}:{count}", partial(standings, night)

    def begin(self, event: EventRow, round_: int) -> EventNews:
        """Round `round_`: its tables kept (or read, when kept before), its games started, and the post saying it
        (the standings so far, then the pairings and the round's deadline), pinging the members who play."""
        night = self.tables.night(event)
        if not night.round_tables(round_):
            self.storage.add_event_games(self._pair(night, round_))  # False: kept before by a process that stopped
        self.storage.set_event_round(event.id, round_, was=round_ - 1)
        night = self.tables.night(self.storage.event(event.id) or event)
        by_number = {e.number: e for e in night.entrants}
        tables = night.round_tables(round_)
        opening = [row for row in tables if row.game and not row.outcome]
        started = [(self.tables.open_game(night, row, by_number), row) for row in opening]
        games = [(game, tuple(m for m in (by_number[row.home].member, by_number[row.away].member) if m))
                 for game, row in started if game is not None]
        rounds, lang = len(schedule(night)), night.lang
        head = t("event.league.round_head", lang, round=round_, rounds=rounds, at=int(round_end(night, round_)))
        text = "\n".join([head, *pairings_text(round_, rounds, tables, night.names(), lang).splitlines()[1:]])
        if round_ > 1:
            text = night.standings_text(t("event.after_round", lang, round=round_ - 1), before=round_) + "\n\n" + text
        members = tuple(by_number[n].member for row in tables if row.game for n in (row.home, row.away)
                        if by_number[n].member)
        files = (pairings_picture(event.id, round_, rounds, league_line(night.settings, lang), tables, night.names(),
                                  lang),) if self.tables.images else ()
        return EventNews(f"event:round:{event.id}:{round_}", event.guild, event.channel, text, members,
                         tuple(g for g, _ in games), tuple(p for _, p in games), lang, files,
                         start=t("event.league.game_start", lang))

    def _pair(self, night: Night, round_: int) -> list[EventGameRow]:
        """The round's tables: a game between members (or a member and a computer) to play, two computers' played
        at once, a withdrawn entrant's forfeited, the bye scored as a bye."""
        scheduled = schedule(night)[round_ - 1]
        by_key = {key(e.number): e for e in night.entrants}
        rows = []
        for i, (home, away) in enumerate(scheduled.pairs):
            rows.append(self._table(night, round_, i, by_key[home], by_key[away]))
        if scheduled.bye is not None:
            rows.append(EventGameRow(night.event.id, round_, len(rows), int(scheduled.bye), 0, outcome=BYE))
        return rows

    def _table(self, night: Night, round_: int, pairing: int, home: EntrantRow, away: EntrantRow) -> EventGameRow:
        if home.withdrawn or away.withdrawn:
            outcome = BOTH if home.withdrawn and away.withdrawn else HOME if home.withdrawn else AWAY
            return EventGameRow(night.event.id, round_, pairing, home.number, away.number, outcome=outcome)
        if home.member or away.member:
            return EventGameRow(night.event.id, round_, pairing, home.number, away.number, self.tables.ids())
        return self.tables.quick(night, round_, pairing, home, away)
