"""The interfaces the application needs from a database: games, table sessions, practice, statistics and ratings.

Every method commits before it returns. Each backend implements all of them in one `Storage`:
`SqliteStorage` (bot/storage/sqlite/) and `PostgresStorage` (bot/storage/postgres/), both through the
SQL written once in bot/storage/sql/. The application is handed each part only as the store it needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.storage.rating_values import MemberRating, RatedGame, RatingPoint
from bot.storage.values import (
    DailyPost,
    Declaration,
    EntrantRow,
    EventGameRow,
    EventRow,
    GameMeta,
    GameSummary,
    GuildTotals,
    PlayerLine,
    SeasonRow,
    Seat,
    SeatChange,
    Status,
    StoredGame,
    StoredTable,
)
from engine.core.actions import PlayerAction
from engine.rating.rated import Change
from engine.rating.season import LastGame

Seating = tuple[Sequence[Seat], Sequence[SeatChange]]
"""Who sits where, and the changes of seat so far (GameMeta.seats and .changes), written together."""


class GameStore(Protocol):
    """Games: their metadata, ordered action logs and self-counting declarations. Every method commits
    before it returns.

    Every write adds one to the game's revision (GameMeta.rev). Given `rev`, the revision the caller read,
    the write happens only if the row is still at it, else StaleWrite and nothing is written: the guard that
    lets several processes share one database (a click, a reminder, a forfeit is carried out once)."""

    def create(self, meta: GameMeta, actions: Sequence[PlayerAction] = ()) -> None:
        """A new game, with its first `actions` (the computer's discards) in the same transaction."""
        ...

    def append(self, game_id: str, first: int, actions: Sequence[PlayerAction], *, now: float,
               status: Status | None = None, winner: int | None = None, summary: GameSummary | None = None,
               seating: Seating | None = None, rev: int | None = None,
               rated: RatedGame | None = None) -> tuple[Change, ...]:
        """Log `actions` as numbers first, first+1, ...; raises StaleWrite if `first` is not next. A game this
        decides comes with its `summary`, added to the statistics in the same transaction, and with its results
        when it is rated (`rated`, applied in the same transaction as RatingStore.rate_game applies them); one
        whose seats change (the last answer, the computer taking a seat) with its `seating`, so that a crash never
        leaves the seats changed and the move they call for not made. Returns what `rated` did to the ratings
        (() without it, or when the game was rated before)."""
        ...

    def load(self, game_id: str) -> StoredGame | None: ...

    def set_status(self, game_id: str, status: Status, *, now: float, winner: int | None = None,
                   summary: GameSummary | None = None, rev: int | None = None,
                   rated: RatedGame | None = None) -> tuple[Change, ...]:
        """A game's new status; one it decides with its `summary` and its `rated` results, as `append`."""
        ...

    def set_seats(self, game_id: str, seats: Sequence[Seat], changes: Sequence[SeatChange], *, now: float,
                  rev: int | None = None) -> None:
        """Who sits where now (an invitation answered, a seat given to the computer) and the changes so far."""
        ...

    def set_message(self, game_id: str, place: str, message: str, *, rev: int | None = None) -> None: ...

    def set_reminded(self, game_id: str, reminded: bool, *, rev: int | None = None) -> None: ...

    def revision(self, game_id: str) -> int | None:
        """The game's revision now (None: no such game): one indexed read, to see if memory is behind."""
        ...

    def live_games(self) -> list[GameMeta]: ...

    def find(self, place: str) -> list[GameMeta]:
        """The live games at a place, oldest first."""
        ...

    def games_here(self, place: str) -> list[GameMeta]:
        """Every game at a place, whatever its status, oldest first."""
        ...

    def finished_games(self, guild: str) -> list[GameMeta]:
        """The server's games that were decided (a winner), oldest first: what statistics count."""
        ...

    def add_declaration(self, declaration: Declaration, *, user: str, tally: dict[str, int] | None,
                        now: float, rev: int | None = None) -> bool:
        """Record a self-counting player's declared count at a show (None: not declared in time) and,
        when declared, the member's new tally, in one transaction; the game's inactivity clock restarts.
        False (nothing written) when that show step was already settled."""
        ...

    def declarations(self, game_id: str) -> list[Declaration]: ...

    def action_count(self, game_id: str) -> int:
        """How many actions the game's log holds (another process may have added some since a read)."""
        ...


class TableStore(Protocol):
    """Table-mode sessions (a real table's score keeping)."""

    def save_table(self, table: StoredTable) -> None:
        """Create a table session (`rev` 0) or replace the one read at `table.rev` (its whole JSON action
        log); StaleWrite when it changed since that read, or when a new one's place already has a live one."""
        ...

    def load_table(self, table_id: str) -> StoredTable | None: ...

    def table_at(self, place: str, live_only: bool = True) -> StoredTable | None:
        """The live table session at a place (a channel), if any; or the newest one at all."""
        ...


class PracticeStore(Protocol):
    """Counting practice: answered drills and each member's tally."""

    def add_practice(self, user: str, drill: str, declared: int, total: int, tally: dict[str, int]) -> bool:
        """Record one answered drill and the member's new tally; False (nothing written) when that member
        already answered that drill, so the same drill never counts twice."""
        ...

    def tally(self, user: str) -> dict[str, int] | None: ...

    def tallies(self, users: Sequence[str]) -> dict[str, dict[str, int]]: ...


class SummaryStore(Protocol):
    """Statistics as running totals: each decided game's summary is added once (see GameStore.append)."""

    def add_summary(self, summary: GameSummary) -> bool:
        """Add a summary on its own (a backfill); False when that game was counted before."""
        ...

    def unsummarized(self) -> list[str]:
        """Decided games without a summary yet (a database from before summaries): what to backfill."""
        ...

    def summarized(self, game_ids: list[str]) -> set[str]: ...

    def player_totals(self, guild: str, player: str) -> PlayerLine | None: ...

    def guild_totals(self, guild: str) -> GuildTotals: ...

    def top_players(self, guild: str, min_games: int, limit: int) -> list[PlayerLine]: ...


class SettingsStore(Protocol):
    """Every setting a value set: (scope, owner, name) -> text; bot/settings.py says what each means and its
    default (no value set)."""

    def set_setting(self, scope: str, owner: str, name: str, value: str | None) -> None:
        """Set a value (None: back to the default)."""
        ...

    def settings_of(self, scope: str, owner: str) -> dict[str, str]:
        """The values set for one owner (a server, a member or a game), by name."""
        ...

    def setting_values(self, scope: str, name: str, owners: Sequence[str]) -> dict[str, str]:
        """One setting's values set for any of `owners`, by owner."""
        ...

    def owners_with(self, scope: str, name: str) -> dict[str, str]:
        """Every owner with a value set for one setting, by owner (the servers that turned a feature on)."""
        ...


class ClaimStore(Protocol):
    """Timed work that several processes may find due, done once (bot/storage/sql/claims.py)."""

    def claim(self, name: str, holder: str, *, now: float, lease: float) -> bool:
        """Whether `holder` now holds the work `name` for `lease` seconds: it was unclaimed, or its holder's lease
        ran out unfinished, or `holder` holds it already (the lease renewed). False once it is finished."""
        ...

    def finish(self, name: str, holder: str) -> bool:
        """Mark the work done, when `holder` holds it (whether it did)."""
        ...

    def finished(self, name: str) -> bool: ...


class DailyStore(Protocol):
    """The daily hand's posts in each server and their members' answers (bot/storage/sql/daily.py); a day is
    YYYY-MM-DD (UTC), a discard its two cards as text."""

    def add_daily_post(self, guild: str, day: str, channel: str) -> DailyPost:
        """The server's post of `day`, made now in `channel` unless it was made already (then as it was)."""
        ...

    def set_daily_message(self, guild: str, day: str, message: str) -> None: ...

    def close_daily_post(self, guild: str, day: str) -> bool:
        """Close the post (no more answers); whether this call closed it."""
        ...

    def daily_post(self, guild: str, day: str) -> DailyPost | None: ...

    def open_daily_posts(self, before: str) -> list[DailyPost]:
        """Every server's post still open from a day before `before`: those due to close."""
        ...

    def answer_daily(self, guild: str, day: str, member: str, discard: str, *, at: float) -> bool:
        """Keep (or change) the member's answer; False, changing nothing, when the post is closed or none."""
        ...

    def daily_answers(self, guild: str, day: str) -> dict[str, str]:
        """Each member's answer to the server's post of `day`."""
        ...

    def daily_answer_count(self, guild: str, day: str) -> int: ...

    def member_daily_answers(self, guild: str, member: str) -> dict[str, str]:
        """The member's answer in the server, by day."""
        ...


class SeasonStore(Protocol):
    """Each server's ended seasons and what their tables are made from (bot/storage/sql/seasons.py)."""

    def begin_seasons(self, guild: str, now: float) -> None:
        """Mark that the server's seasons began at `now` (season 0), unless they began before."""
        ...

    def latest_seasons(self, guilds: Sequence[str]) -> dict[str, SeasonRow]:
        """Each server's newest season (or its mark of when seasons began), by server."""
        ...

    def season(self, guild: str, number: int) -> SeasonRow | None: ...

    def add_season(self, guild: str, starts: float, ends: float, standings: str) -> SeasonRow:
        """The server's next season, ended at `ends` with this table; the one kept already when a season ending at
        `ends` was added before (by another process that stopped before posting it)."""
        ...

    def set_season_message(self, guild: str, number: int, message: str) -> None: ...

    def season_games(self, guild: str, starts: float, ends: float) -> list[LastGame]:
        """Each member with a rated game from `starts` to before `ends`: their last rating then, and how many."""
        ...

    def member_names(self, guild: str, keys: Sequence[str]) -> dict[str, str]:
        """The names the statistics last knew members by (keys as the statistics make them)."""
        ...


class RatingStore(Protocol):
    """Each member's Glicko-2 rating per server and what each rated game did to it (bot/storage/sql/ratings.py)."""

    def rate_game(self, rated: RatedGame) -> tuple[Change, ...]:
        """Apply a finished game's results (engine.rating.rated.apply, each member's rating aged to `rated.at`
        first) and keep what it did, in one transaction; () when the game was applied before. Safe when several
        processes rate games of one member at once: they apply one after the other."""
        ...

    def member_rating(self, guild: str, member: str) -> MemberRating | None:
        """The member's rating as stored (None: no rated game in this server)."""
        ...

    def rating_rank(self, guild: str, rating: float, now: float) -> int:
        """The rank a rating has among the server's members not provisional at `now` (1 + those above it)."""
        ...

    def rating_board(self, guild: str, now: float, limit: int) -> list[MemberRating]:
        """The top `limit` members not provisional at `now`, highest rating first."""
        ...

    def rating_history(self, guild: str, member: str) -> list[RatingPoint]:
        """Every rated game of the member, oldest first: the last results and the chart."""
        ...

    def game_changes(self, guild: str, game: str, members: Sequence[str]) -> list[RatingPoint]:
        """What one game did to those of `members` it rated, in their order."""
        ...

    def pairings_between(self, guild: str, a: str, b: str, since: float, until: float) -> int:
        """Rated results between a and b in games rated in (since, until]: what the farming bound counts."""
        ...


class EventStore(Protocol):
    """Each server's events (club nights), their entrants and their games (bot/storage/sql/events.py)."""

    def add_event(self, event: EventRow) -> None: ...

    def event(self, event: str) -> EventRow | None: ...

    def events_in(self, guild: str, states: Sequence[str]) -> list[EventRow]:
        """The server's events in one of `states`, the oldest first."""
        ...

    def events_running(self) -> list[EventRow]:
        """Every server's running events, the oldest first."""
        ...

    def set_event_state(self, event: str, state: str, *, was: str) -> bool:
        """Move the event from `was` to `state`; False, changing nothing, when it was not in `was`."""
        ...

    def set_event_round(self, event: str, round_: int, *, was: int) -> bool:
        """Move the event from round `was` to `round_`; False when another got there first."""
        ...

    def set_event_settings(self, event: str, settings: str, *, state: str) -> bool:
        """Replace the event's settings (JSON) while it is in `state` (a knockout's seeding, fixed at its start);
        False, changing nothing, when it is not."""
        ...

    def set_event_message(self, event: str, message: str) -> None: ...

    def add_entrant(self, event: str, member: str, strength: str, name: str, *, most: int) -> int | None:
        """Enter a member (`member` their id) or a computer (`member` '', `strength` its difficulty); their number
        in the joining order. None, adding nothing, when the event takes no entries, has `most` already, or has
        the member already."""
        ...

    def withdraw_entrant(self, event: str, member: str) -> bool:
        """A member leaves: struck out before the start, marked withdrawn after; False when not entered."""
        ...

    def entrants(self, event: str) -> list[EntrantRow]:
        """Every entrant, withdrawn or not, in the joining order."""
        ...

    def add_event_games(self, games: Sequence[EventGameRow]) -> bool:
        """Add a round's tables in one commit; False (adding none of those present) when some were there already."""
        ...

    def event_games(self, event: str) -> list[EventGameRow]:
        """Every table of the event, by round and table."""
        ...

    def event_game(self, game: str) -> EventGameRow | None:
        """The table a game was played at, if it is an event's."""
        ...

    def record_event_result(self, game: str, home_score: int, away_score: int, outcome: str) -> bool:
        """Keep the result of an event's game; False (changing nothing) for a game not in an event, or one whose
        result is kept already."""
        ...


class Storage(GameStore, TableStore, PracticeStore, SummaryStore, SettingsStore, ClaimStore, SeasonStore,
              DailyStore, RatingStore, EventStore, Protocol):
    """One database holding every store, as a door opens it (bot/storage/opening.py)."""

    def warnings(self) -> list[str]:
        """What a door says when the database opens: one line per finding and what to do, or nothing."""
        ...

    def close(self) -> None: ...
