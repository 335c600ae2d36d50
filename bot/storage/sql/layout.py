"""The tables and columns this program keeps its data in, the same in every SQL backend, and the refusal of a
database whose schema holds more than that: a column, a CHECK or a trigger this program never made would refuse
(or change) its writes in ways it cannot foresee, so such a database is not used, and nothing is written to it.

A table or an index added by hand is left alone: it changes nothing this program writes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.storage.errors import StorageError

TABLES: dict[str, frozenset[str]] = {
    "games": frozenset({"id", "rules", "seats", "seed", "status", "place", "message", "winner", "created", "updated",
                        "reminded", "rev", "moves", "guild", "self_count", "lang", "changes", "auto_go",
                        "settings"}),
    "actions": frozenset({"game", "seq", "action"}),
    "tables": frozenset({"id", "place", "guild", "session", "live", "created", "updated", "message", "rev"}),
    "drills": frozenset({"user", "drill", "declared", "total"}),
    "declarations": frozenset({"game", "deal", "seat", "crib", "declared", "total"}),
    "tallies": frozenset({"user", "tally"}),
    "summarized": frozenset({"game", "guild", "deals"}),
    "player_totals": frozenset({"guild", "player", "name", "games", "wins", "skunks_given", "skunks_taken",
                                "double_skunks_given", "double_skunks_taken", "deals", "cribs", "pegging", "hand",
                                "crib", "heels"}),
    "guild_totals": frozenset({"guild", "games", "deals", "players"}),
    "guild_settings": frozenset({"guild", "mentions"}),
    "member_settings": frozenset({"user", "mentions"}),
    "settings": frozenset({"scope", "owner", "name", "value"}),
    "ratings": frozenset({"guild", "member", "rating", "deviation", "volatility", "games", "played"}),
    "rating_changes": frozenset({"guild", "member", "game", "at", "before", "rating", "deviation", "volatility",
                                 "results"}),
    "seasons": frozenset({"guild", "number", "starts", "ends", "message", "standings"}),
    "daily_posts": frozenset({"guild", "day", "channel", "message", "closed"}),
    "daily_answers": frozenset({"guild", "day", "member", "discard", "at"}),
    "claims": frozenset({"name", "holder", "until", "done"}),
    "events": frozenset({"id", "guild", "format", "settings", "state", "director", "channel", "message", "round",
                         "seed", "lang", "created"}),
    "event_entrants": frozenset({"event", "number", "member", "strength", "name", "withdrawn"}),
    "event_games": frozenset({"event", "round", "pairing", "game", "home", "away", "home_score", "away_score",
                              "outcome", "corrected_by"}),
}
"""Every table of the current schema and its columns (an older database has fewer: they are added when it opens)."""

NOT_WRITTEN = "it is not used, and nothing was written to it"


def unknown_columns(columns: Mapping[str, Iterable[str]]) -> list[str]:
    """`table.column` for each column of one of our tables that this program does not know, in order."""
    return [f"{table}.{column}" for table, have in sorted(columns.items()) if table in TABLES
            for column in sorted(set(have) - TABLES[table])]


def newer_version(where: str, have: int, knows: int) -> StorageError:
    """The refusal of a database whose schema version is past the newest this program knows."""
    return StorageError(f"the database {where} is from a newer version of this program (its schema is version "
                        f"{have}; this program knows up to {knows}): upgrade the program to use it; {NOT_WRITTEN}")


def unknown_schema(where: str, found: list[str]) -> StorageError:
    """The refusal of a database whose schema has what this program never made (`found`: named, at most 5)."""
    shown = ", ".join(found[:5]) + (f" and {len(found) - 5} more" if len(found) > 5 else "")
    return StorageError(f"the database {where} has a schema this program does not know ({shown}): it was made by a "
                        f"newer version of the program, or changed by hand; upgrade the program, or restore a "
                        f"backup; {NOT_WRITTEN}")
