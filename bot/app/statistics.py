"""A server's statistics and leaderboard, from its decided games (see bot/stats.py for the numbers)."""

from __future__ import annotations

from typing import Any

from bot.app.replies import Answer
from bot.i18n import Lang
from bot.model import Seat, SeatKind
from bot.stats import (
    COMPUTER_PREFIX,
    leaderboard,
    leaderboard_text,
    player_stats,
    server_stats,
    server_text,
    stats_text,
)
from bot.storage import GameStore, PracticeStore
from engine.game import Game
from engine.practice import Tally
from engine.record import to_record

MEMBER_KEY = "member:"


def stat_key(seat: Seat) -> str:
    """A seat as the statistics know it: a member by id (names change), the computer by its strength."""
    return MEMBER_KEY + seat.user if seat.kind is SeatKind.HUMAN else COMPUTER_PREFIX + seat.difficulty


class Statistics:
    """Per-member statistics and the server's leaderboard."""

    def __init__(self, games: GameStore, practice: PracticeStore) -> None:
        self.games = games
        self.practice = practice

    def records(self, guild: str) -> tuple[list[dict[str, Any]], dict[str, str]]:
        """The server's decided games as records whose seats are stable keys (a member's id, or the
        computer's name), and the newest display name of each key."""
        records: list[dict[str, Any]] = []
        names: dict[str, str] = {}
        for meta in self.games.finished_games(guild):
            stored = self.games.load(meta.id)
            if stored is None:
                continue
            game = Game(meta.rules, seed=meta.seed)
            for action in stored.actions:
                game.apply(action)
            keys = [stat_key(s) for s in meta.seats]
            for key, seat in zip(keys, meta.seats, strict=True):
                names[key] = seat.name
            record = to_record(game, keys)
            if record["winner"] is None:  # decided off the cards (a resignation, a timeout)
                record["winner"] = meta.winner
            records.append(record)
        return records, names

    def member(self, guild: str, user: str, name: str, lang: Lang) -> Answer:
        records, names = self.records(guild)
        key = stat_key(Seat(SeatKind.HUMAN, name, user))
        names.setdefault(key, name)
        tally = self.practice.tally(user)
        stats = player_stats(records, key, Tally.from_json(tally) if tally is not None else Tally())
        return Answer(True, stats_text(stats, lang, name=lambda k: names.get(k, k)))

    def board(self, guild: str, lang: Lang) -> Answer:
        records, names = self.records(guild)
        users = [k.removeprefix(MEMBER_KEY) for k in names if k.startswith(MEMBER_KEY)]
        tallies = {MEMBER_KEY + u: Tally.from_json(v) for u, v in self.practice.tallies(users).items()}
        text = server_text(server_stats(records, tallies), lang) + "\n" + \
            leaderboard_text(leaderboard(records), lang, name=lambda k: names.get(k, k))
        return Answer(True, text, public=True)
