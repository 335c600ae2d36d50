"""A server's statistics and leaderboard, read from running totals (see bot/storage/summaries.py).

Each decided game's summary is written with the move (or the resignation, or the timeout) that decides
it, so `/cribbage stats` and the leaderboard read a few rows whatever the history; a database from
before summaries is brought up to date once, when the application starts (`backfill`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.app.companion.game_stats import (
    COMPUTER_PREFIX,
    DEFAULT_MIN_GAMES,
    BoardOrder,
    PlayerStats,
    game_stats,
    leaderboard_text,
    ranked,
    stats_text,
    totals_text,
)
from bot.app.game.game_cache import replayed
from bot.app.game.live_game import LiveGame
from bot.app.shown.replies import Answer
from bot.i18n import Lang
from bot.storage import DatabaseFault, GameStore, PracticeStore, StorageError, SummaryStore
from bot.storage.values import SUMMARY_COUNTS, GameSummary, PlayerLine, Seat, SeatKind
from engine.analysis.practice import Tally
from engine.core.record import to_record

MEMBER_KEY = "member:"
LEADERS = 10
WARNINGS = 10
"""At most this many lines say what the backfill passed over (then how many more)."""


def stat_key(seat: Seat) -> str:
    """A seat as the statistics know it: a member by id (names change), the computer by its strength."""
    return MEMBER_KEY + seat.user if seat.kind is SeatKind.HUMAN else COMPUTER_PREFIX + seat.difficulty


def summary_of(live: LiveGame) -> GameSummary | None:
    """A decided game's part in its server's statistics (None while it has no winner)."""
    meta = live.meta
    winner = live.game.winner if live.game.winner is not None else meta.winner
    if winner is None:
        return None
    keys = [stat_key(s) for s in meta.seats]
    record = to_record(live.game, keys)
    record["winner"] = winner  # decided off the cards too (a resignation, a timeout)
    names = {key: seat.name for key, seat in zip(keys, meta.seats, strict=True)}
    players = tuple(PlayerLine(key, names[key], tuple(getattr(part, c) for c in SUMMARY_COUNTS))
                    for key, part in game_stats(record).items())
    deals = sum(1 for d in record["deals"] if d.get("hands"))
    return GameSummary(meta.id, meta.guild, deals, players)


def _stats(line: PlayerLine) -> PlayerStats:
    return PlayerStats.from_counts(line.key, line.counts)


class Statistics:
    """Per-member statistics and the server's leaderboard."""

    def __init__(self, games: GameStore, summaries: SummaryStore, practice: PracticeStore,
                 by_rating: Callable[[str, Lang], Answer] | None = None) -> None:
        self.games = games
        self.summaries = summaries
        self.practice = practice
        self.by_rating = by_rating
        """The board by rating (bot/app/companion/ratings.py), when the application keeps ratings."""
        self.warnings: list[str] = []
        """What the backfill passed over, and why: a door says it when the application starts."""

    def backfill(self) -> int:
        """Summaries for decided games that have none (once, for a database made before them): how many were
        added. Damage never stops the start: a game that cannot be read or replayed is passed over, and
        summaries that cannot be read or written end the backfill; each says why in `warnings` (statistics
        then leave those games out, while play goes on)."""
        added = 0
        try:
            pending = self.summaries.unsummarized()
        except StorageError as exc:
            self.warnings.append(f"the statistics were not brought up to date: {exc}")
            return 0
        for game_id in pending:
            try:
                stored = self.games.load(game_id)
                if stored is None:
                    continue
                summary = summary_of(LiveGame(stored.meta, replayed(stored), names=tuple(s.name for s in
                                                                                           stored.meta.seats)))
                if summary is not None and self.summaries.add_summary(summary):
                    added += 1
            except DatabaseFault as exc:  # the database itself fails: every next game would too
                self.warnings.append(f"the statistics were not brought up to date: {exc}")
                break
            except StorageError as exc:
                self.warnings.append(f"game {game_id} is left out of the statistics: {exc}")
        if len(self.warnings) > WARNINGS:
            self.warnings[WARNINGS:] = [f"and {len(self.warnings) - WARNINGS} more left out the same way"]
        return added

    def member(self, guild: str, user: str, name: str, lang: Lang) -> Answer:
        key = stat_key(Seat(SeatKind.HUMAN, name, user))
        line = self.summaries.player_totals(guild, key)
        tally = self.practice.tally(user)
        stats = replace(_stats(line) if line is not None else PlayerStats(key),
                        counting=Tally.from_json(tally) if tally is not None else Tally())
        shown = line.name if line is not None else name
        return Answer(True, stats_text(stats, lang, name=lambda k: shown if k == key else k))

    def board(self, guild: str, lang: Lang, order: BoardOrder = BoardOrder.WINS) -> Answer:
        """Today's order by wins, or by rating (`by_rating`, when the application keeps ratings)."""
        if order is BoardOrder.RATING and self.by_rating is not None:
            return self.by_rating(guild, lang)
        lines = self.summaries.top_players(guild, DEFAULT_MIN_GAMES, LEADERS)
        names = {line.key: line.name for line in lines}
        text = totals_text(self.summaries.guild_totals(guild), lang) + "\n" + \
            leaderboard_text(ranked([_stats(line) for line in lines]), lang, name=lambda k: names.get(k, k))
        return Answer(True, text, public=True)
