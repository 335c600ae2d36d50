"""Events in SQL (EventStore): a server's club nights, their entrants in the order they joined, and each round's
tables with their results. Every refusal that a race could slip past is checked in the statement that writes: an
entrant added to a full event, or twice, or after the entries closed, is not added; a result is kept once."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.sql.connection import SqlDatabase
from bot.storage.values import EntrantRow, EventGameRow, EventRow

EVENT_COLUMNS = "id, guild, format, settings, state, director, channel, seed, created, message, round, lang"
ENTRANT_COLUMNS = "event, number, member, strength, name, withdrawn"
GAME_COLUMNS = "event, round, pairing, home, away, game, home_score, away_score, outcome, corrected_by"
ENTER = ("INSERT INTO event_entrants (event, number, member, strength, name) SELECT ?,"
         " (SELECT COALESCE(MAX(number), 0) + 1 FROM event_entrants WHERE event = ?), ?, ?, ?"
         " WHERE EXISTS (SELECT 1 FROM events WHERE id = ? AND state = ?)"
         " AND NOT EXISTS (SELECT 1 FROM event_entrants WHERE event = ? AND member = ? AND member <> '')"
         " AND (SELECT COUNT(*) FROM event_entrants WHERE event = ?) < ? ON CONFLICT DO NOTHING")


def _event(row: Sequence[object]) -> EventRow:
    id_, guild, format_, settings, state, director, channel, seed, created, message, round_, lang = row
    return EventRow(str(id_), str(guild), str(format_), str(settings), str(state), str(director), str(channel),
                    int(str(seed)), float(str(created)), str(message), int(str(round_)), str(lang))


def _entrant(row: Sequence[object]) -> EntrantRow:
    event, number, member, strength, name, withdrawn = row
    return EntrantRow(str(event), int(str(number)), str(member), str(strength), str(name), bool(withdrawn))


def _game(row: Sequence[object]) -> EventGameRow:
    event, round_, pairing, home, away, game, home_score, away_score, outcome, corrected_by = row
    return EventGameRow(str(event), int(str(round_)), int(str(pairing)), int(str(home)), int(str(away)), str(game),
                        int(str(home_score)), int(str(away_score)), str(outcome), str(corrected_by))


class SqlEvents(SqlDatabase):
    """The EventStore part of an SQL storage."""

    def add_event(self, event: EventRow) -> None:
        with self._transaction() as cur:
            cur.execute(f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (event.id, event.guild, event.format, event.settings, event.state, event.director,
                         event.channel, event.seed, event.created, event.message, event.round, event.lang))

    def event(self, event: str) -> EventRow | None:
        rows = self._read(f"SELECT {EVENT_COLUMNS} FROM events WHERE id = ?", (event,))
        return _event(tuple(rows[0])) if rows else None

    def events_in(self, guild: str, states: Sequence[str]) -> list[EventRow]:
        marks = ", ".join("?" for _ in states)
        rows = self._read(f"SELECT {EVENT_COLUMNS} FROM events WHERE guild = ? AND state IN ({marks})"
                          " ORDER BY created, id", (guild, *states))
        return [_event(tuple(r)) for r in rows]

    def events_running(self) -> list[EventRow]:
        rows = self._read(f"SELECT {EVENT_COLUMNS} FROM events WHERE state = ? ORDER BY created, id", ("running",))
        return [_event(tuple(r)) for r in rows]

    def set_event_state(self, event: str, state: str, *, was: str) -> bool:
        with self._transaction() as cur:
            changed = cur.execute("UPDATE events SET state = ? WHERE id = ? AND state = ?",
                                  (state, event, was)).rowcount == 1
        return bool(changed)

    def set_event_round(self, event: str, round_: int, *, was: int) -> bool:
        with self._transaction() as cur:
            changed = cur.execute("UPDATE events SET round = ? WHERE id = ? AND round = ?",
                                  (round_, event, was)).rowcount == 1
        return bool(changed)

    def set_event_settings(self, event: str, settings: str, *, state: str) -> bool:
        with self._transaction() as cur:
            changed = cur.execute("UPDATE events SET settings = ? WHERE id = ? AND state = ?",
                                  (settings, event, state)).rowcount == 1
        return bool(changed)

    def set_event_message(self, event: str, message: str) -> None:
        with self._transaction() as cur:
            cur.execute("UPDATE events SET message = ? WHERE id = ?", (message, event))

    def add_entrant(self, event: str, member: str, strength: str, name: str, *, most: int) -> int | None:
        with self._transaction() as cur:
            added = cur.execute(ENTER, (event, event, member, strength, name, event, "open", event, member,
                                        event, most)).rowcount == 1
            if not added:
                return None
            row = cur.execute("SELECT MAX(number) FROM event_entrants WHERE event = ?", (event,)).fetchone()
        return int(row[0])

    def withdraw_entrant(self, event: str, member: str) -> bool:
        with self._transaction() as cur:
            if cur.execute("SELECT state FROM events WHERE id = ?", (event,)).fetchone() == ("open",):
                done = cur.execute("DELETE FROM event_entrants WHERE event = ? AND member = ? AND member <> ''",
                                   (event, member)).rowcount == 1
            else:
                done = cur.execute("UPDATE event_entrants SET withdrawn = ? WHERE event = ? AND member = ?"
                                   " AND member <> '' AND withdrawn = ?", (True, event, member, False)).rowcount == 1
        return bool(done)

    def entrants(self, event: str) -> list[EntrantRow]:
        rows = self._read(f"SELECT {ENTRANT_COLUMNS} FROM event_entrants WHERE event = ? ORDER BY number", (event,))
        return [_entrant(tuple(r)) for r in rows]

    def add_event_games(self, games: Sequence[EventGameRow]) -> bool:
        with self._transaction() as cur:
            added = 0
            for g in games:
                added += cur.execute(f"INSERT INTO event_games ({GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                                     " ON CONFLICT DO NOTHING",
                                     (g.event, g.round, g.pairing, g.home, g.away, g.game, g.home_score,
                                      g.away_score, g.outcome, g.corrected_by)).rowcount
        return added == len(games)

    def event_games(self, event: str) -> list[EventGameRow]:
        rows = self._read(f"SELECT {GAME_COLUMNS} FROM event_games WHERE event = ? ORDER BY round, pairing", (event,))
        return [_game(tuple(r)) for r in rows]

    def event_game(self, game: str) -> EventGameRow | None:
        rows = self._read(f"SELECT {GAME_COLUMNS} FROM event_games WHERE game = ? AND game <> ''", (game,))
        return _game(tuple(rows[0])) if rows else None

    def record_event_result(self, game: str, home_score: int, away_score: int, outcome: str) -> bool:
        with self._transaction() as cur:
            kept = cur.execute("UPDATE event_games SET home_score = ?, away_score = ?, outcome = ? WHERE game = ?"
                               " AND game <> '' AND outcome = ?", (home_score, away_score, outcome, game,
                                                                  "")).rowcount == 1
        return bool(kept)
