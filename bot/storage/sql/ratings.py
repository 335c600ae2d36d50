"""Ratings in SQL (RatingStore): each member's Glicko-2 rating per server (`ratings`) and what each rated game did
to it (`rating_changes`). A rated game is applied once, in one transaction that first takes its members' rows
(an upsert that holds each row, in the members' order, until the commit), then reads them and writes them: two
processes ending games of one member at once apply one after the other, each against the other's result, and a
game applied already (the primary key (guild, member, game)) is not applied again."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage.rating_values import MemberRating, RatedGame, RatingPoint
from bot.storage.sql.connection import Cursor, SqlDatabase, marks
from engine.rating.glicko2 import NEW_DEVIATION, NEW_VOLATILITY, SCALE, Rating
from engine.rating.rated import Change, apply
from engine.rating.standing import PERIOD, PROVISIONAL_DEVIATION, as_of

BASE = 1500.0
HOLD = ("INSERT INTO ratings (guild, member, rating, deviation, volatility, games, played) VALUES {rows}"
        " ON CONFLICT (guild, member) DO UPDATE SET games = ratings.games")
"""Members' rows, made a newcomer's when missing, and held by this transaction until it commits."""
SET = ("INSERT INTO ratings (guild, member, rating, deviation, volatility, games, played) VALUES {rows}"
       " ON CONFLICT (guild, member) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,"
       " volatility = excluded.volatility, games = ratings.games + 1, played = excluded.played")
"""The members' new ratings (their rows are there: HOLD made them)."""
KEEP = ("INSERT INTO rating_changes (guild, member, game, at, before, rating, deviation, volatility, results) VALUES"
        " {rows}")
COLUMNS = "member, rating, deviation, volatility, games, played"
SETTLED = ("deviation * deviation + (CASE WHEN played < ? THEN (? - played) / ? ELSE 0 END) * volatility * volatility"
           f" * {SCALE * SCALE!r} <= {PROVISIONAL_DEVIATION * PROVISIONAL_DEVIATION!r}")
"""Not provisional as of a moment (its time given twice, then PERIOD): the deviation aged by the idle periods as
engine.rating.standing.as_of ages it (phi^2 + n sigma^2, on the rating scale) is at most the threshold."""


def settled_args(now: float) -> tuple[float, float, float]:
    return (now, now, PERIOD)


def member_rating(row: Sequence[Any]) -> MemberRating:
    member, rating, deviation, volatility, games, played = row
    return MemberRating(str(member), Rating(float(rating), float(deviation), float(volatility)), int(games),
                        float(played))


def point(member: Any, game: Any, at: Any, before: Any, rating: Any, deviation: Any, volatility: Any,
          results: Any) -> RatingPoint:
    """One rating_changes row as a value."""
    return RatingPoint(str(member), str(game), float(at), float(before),
                       Rating(float(rating), float(deviation), float(volatility)),
                       tuple((str(o), float(s)) for o, s in json.loads(results)))


def results_of(changes_for: str, rated: RatedGame) -> list[list[object]]:
    """One member's results in the game, [[opponent, score], ...]: what the row keeps."""
    out: list[list[object]] = []
    for p in rated.results:
        if p.first == changes_for:
            out.append([p.second, p.score])
        elif p.second == changes_for:
            out.append([p.first, 1.0 - p.score])
    return out


def rate(cur: Cursor, rated: RatedGame) -> tuple[Change, ...]:
    """Apply the game within the caller's transaction; () when it was applied before (or gives no result). Four
    statements, whatever the number of members (a round trip each to a server)."""
    members = sorted({m for p in rated.results for m in (p.first, p.second)})
    if not members:
        return ()
    n = len(members)
    # the rows taken in one order everywhere (a VALUES list is inserted in its order): two games holding rows never
    # wait on each other in a circle
    cur.execute(HOLD.format(rows=", ".join(["(?, ?, ?, ?, ?, 0, ?)"] * n)),
                [v for m in members for v in (rated.guild, m, BASE, NEW_DEVIATION, NEW_VOLATILITY, rated.at)])
    rows = cur.execute(f"SELECT {COLUMNS}, EXISTS (SELECT 1 FROM rating_changes c WHERE c.guild = r.guild AND"
                       f" c.member = r.member AND c.game = ?) FROM ratings r WHERE r.guild = ? AND r.member IN"
                       f" ({marks(n)})", (rated.game, rated.guild, *members)).fetchall()
    if any(row[-1] for row in rows):
        return ()
    now = {r.member: as_of(r.rating, r.played, rated.at) if r.games else Rating()
           for r in (member_rating(row[:-1]) for row in rows)}
    changes = apply(now, rated.results)
    cur.execute(SET.format(rows=", ".join(["(?, ?, ?, ?, ?, 1, ?)"] * len(changes))),
                [v for c in changes for v in (rated.guild, c.member, c.after.rating, c.after.deviation,
                                              c.after.volatility, rated.at)])
    cur.execute(KEEP.format(rows=", ".join(["(?, ?, ?, ?, ?, ?, ?, ?, ?)"] * len(changes))),
                [v for c in changes for v in (rated.guild, c.member, rated.game, rated.at, c.before.rating,
                                              c.after.rating, c.after.deviation, c.after.volatility,
                                              json.dumps(results_of(c.member, rated), separators=(",", ":")))])
    return changes


class SqlRatings(SqlDatabase):
    """The RatingStore part of an SQL storage."""

    def rate_game(self, rated: RatedGame) -> tuple[Change, ...]:
        try:
            with self._transaction() as cur:
                return rate(cur, rated)
        except self._refused as exc:  # another process applied the same game between our look and our write
            if not self._duplicate(exc):
                raise
            return ()

    def member_rating(self, guild: str, member: str) -> MemberRating | None:
        rows = self._read(f"SELECT {COLUMNS} FROM ratings WHERE guild = ? AND member = ? AND games > 0",
                          (guild, member))
        return member_rating(rows[0]) if rows else None

    def rating_rank(self, guild: str, rating: float, now: float) -> int:
        """1 + the members not provisional at `now` rated above `rating` (equal ratings share a rank)."""
        ((above,),) = self._read(f"SELECT count(*) FROM ratings WHERE guild = ? AND games > 0 AND rating > ? AND "
                                 f"{SETTLED}", (guild, rating, *settled_args(now)))
        return int(above) + 1

    def rating_board(self, guild: str, now: float, limit: int) -> list[MemberRating]:
        """The members not provisional at `now`, highest rating first (then the smaller deviation, then the id)."""
        rows = self._read(f"SELECT {COLUMNS} FROM ratings WHERE guild = ? AND games > 0 AND {SETTLED} ORDER BY"
                          f" rating DESC, deviation, member{self.BYTE_ORDER} LIMIT ?",
                          (guild, *settled_args(now), limit))
        return [member_rating(r) for r in rows]

    def rating_history(self, guild: str, member: str) -> list[RatingPoint]:
        """Every rated game of the member, oldest first."""
        rows = self._read("SELECT game, at, before, rating, deviation, volatility, results FROM rating_changes"
                          f" WHERE guild = ? AND member = ? ORDER BY at, game{self.BYTE_ORDER}", (guild, member))
        return [point(member, game, at, before, r, d, v, results) for game, at, before, r, d, v, results in rows]

    def game_changes(self, guild: str, game: str, members: Sequence[str]) -> list[RatingPoint]:
        """What one game did to the ratings of those of `members` it rated."""
        if not members:
            return []
        rows = self._read("SELECT member, at, before, rating, deviation, volatility, results FROM rating_changes"
                          f" WHERE guild = ? AND game = ? AND member IN ({marks(len(members))})",
                          (guild, game, *members))
        found = {str(m): point(m, game, at, before, r, d, v, results) for m, at, before, r, d, v, results in rows}
        return [found[m] for m in members if m in found]

    def pairings_between(self, guild: str, a: str, b: str, since: float, until: float) -> int:
        """Rated results between a and b in games rated after `since` and up to `until` (the farming bound)."""
        rows = self._read("SELECT results FROM rating_changes WHERE guild = ? AND member = ? AND at > ? AND at <= ?",
                          (guild, a, since, until))
        return sum(1 for (results,) in rows for opponent, _ in json.loads(results) if opponent == b)
