"""Statistics from finished game records: per player, per server, and a server leaderboard.

Everything is computed from the records (engine.core.record.to_record, seats named like
"discord:1234" or "computer:expert"), so nothing extra has to be kept while a game runs. The
caller chooses which records belong to a server. A game counts once it has a `winner`: the
engine sets it when the cards decide, and a caller closing a resigned game sets it from storage.
Skunks are worked out from the final scores (the record's `skunk` key is only written when the
rules report skunks): a loser under 91 in the 121 game (under 61: double), under 31 in the 61 game.
Counting accuracy is not in the records; the caller passes the practice tallies.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from bot.app.shown.learn_text import tally_text
from bot.i18n import Lang, as_lang, percent, t
from bot.storage.values import GuildTotals
from engine.analysis.practice import Tally
from engine.core.rules import Rules, RulesError


class BoardOrder(Enum):
    """How the leaderboard is ordered: by wins (the running totals), or by rating (members not provisional)."""

    WINS = "wins"
    RATING = "rating"


COMPUTER_PREFIX = "computer:"
PEGGING_REASONS = frozenset({"play", "go", "last"})
DEFAULT_MIN_GAMES = 3


class StatsError(ValueError):
    """A record that statistics cannot read; the message says which and why."""


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: str
    games: int = 0
    wins: int = 0
    skunks_given: int = 0
    skunks_taken: int = 0
    double_skunks_given: int = 0
    double_skunks_taken: int = 0
    deals: int = 0
    """Deals the player was dealt into (the last one of a game may stop before the show)."""
    cribs: int = 0
    """Deals the player dealt."""
    pegging: int = 0
    """Points for laying cards, go and last card."""
    hand: int = 0
    crib: int = 0
    heels: int = 0
    counting: Tally | None = None

    def __add__(self, other: PlayerStats) -> PlayerStats:
        if not isinstance(other, PlayerStats):
            return NotImplemented
        if other.player != self.player:
            raise StatsError(f"cannot add the statistics of {other.player!r} to those of {self.player!r}")
        counting = self.counting if other.counting is None else (other.counting if self.counting is None
                                                                  else self.counting + other.counting)
        fields = ("games", "wins", "skunks_given", "skunks_taken", "double_skunks_given", "double_skunks_taken",
                  "deals", "cribs", "pegging", "hand", "crib", "heels")
        summed = {f: getattr(self, f) + getattr(other, f) for f in fields}
        return PlayerStats(self.player, counting=counting, **summed)

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def pegging_per_deal(self) -> float | None:
        return self.pegging / self.deals if self.deals else None

    @property
    def hand_per_deal(self) -> float | None:
        return self.hand / self.deals if self.deals else None

    @property
    def crib_per_crib(self) -> float | None:
        return self.crib / self.cribs if self.cribs else None

    @classmethod
    def from_counts(cls, player: str, counts: Sequence[int]) -> PlayerStats:
        """From running totals, in bot.storage.values.SUMMARY_COUNTS order (this class's fields after `player`)."""
        (games, wins, skunks_given, skunks_taken, double_given, double_taken, deals, cribs, pegging, hand, crib,
         heels) = counts
        return cls(player, games, wins, skunks_given, skunks_taken, double_given, double_taken, deals, cribs,
                   pegging, hand, crib, heels)

    @property
    def is_computer(self) -> bool:
        return self.player.startswith(COMPUTER_PREFIX)


@dataclass(frozen=True, slots=True)
class ServerStats:
    games: int
    deals: int
    players: tuple[PlayerStats, ...]
    """Everyone who finished a game here, by name."""

    def player(self, name: str) -> PlayerStats:
        return next((p for p in self.players if p.player == name), PlayerStats(name))


@dataclass(frozen=True, slots=True)
class LeaderRow:
    rank: int
    player: str
    games: int
    wins: int
    win_rate: float


def game_stats(record: Mapping[str, Any]) -> dict[str, PlayerStats]:
    """Each seat's part in one finished game ({} for a game not finished)."""
    if not isinstance(record, Mapping):
        raise StatsError(f"a game record is a JSON object, not {type(record).__name__}")
    winner = record.get("winner")
    if winner is None:
        return {}
    try:
        rules = Rules.from_json(record.get("rules") or {})
        seats = [str(s) for s in record["seats"]]
        if len(seats) != rules.players or not 0 <= int(winner) < len(seats):
            raise StatsError(f"the record's seats {seats} do not fit {rules.players} players and winner {winner}")
        deals = [d for d in record.get("deals", []) if d.get("hands")]
        dealers = [int(d["dealer"]) for d in deals]
        pegs = [(int(p["seat"]), str(p["reason"]), int(p["points"])) for p in record.get("pegs", [])]
        final = record.get("final")
        finals = [int(s) for s in final] if final is not None else None
    except (KeyError, TypeError, ValueError, AttributeError, RulesError) as exc:
        if isinstance(exc, StatsError):
            raise
        raise StatsError(f"not a readable game record: {exc!r}") from None
    win_team = rules.team_of(int(winner))
    skunk = _skunk(rules, finals, win_team)
    out: dict[str, PlayerStats] = {}
    for seat, name in enumerate(seats):
        if name in out:
            continue  # one person in two seats counts once
        won = rules.team_of(seat) == win_team
        points = {"pegging": 0, "hand": 0, "crib": 0, "heels": 0}
        for s, reason, n in pegs:
            if s != seat:
                continue
            if reason in PEGGING_REASONS:
                points["pegging"] += n
            elif reason in points:
                points[reason] += n
        out[name] = PlayerStats(
            name, games=1, wins=int(won),
            skunks_given=int(won and skunk == "skunk"), skunks_taken=int(not won and skunk == "skunk"),
            double_skunks_given=int(won and skunk == "double"), double_skunks_taken=int(not won and skunk == "double"),
            deals=len(deals), cribs=dealers.count(seat), pegging=points["pegging"], hand=points["hand"],
            crib=points["crib"], heels=points["heels"])
    return out


def _skunk(rules: Rules, finals: list[int] | None, win_team: int) -> str | None:
    """'skunk', 'double' or None, from the best loser's final score."""
    if finals is None:
        return None  # decided without a final count (a resignation): no skunk
    losers = [s for seat, s in enumerate(finals) if rules.team_of(seat) != win_team]
    if not losers:
        return None
    best_loser = max(losers)
    if rules.double_skunk_line is not None and best_loser < rules.double_skunk_line:
        return "double"
    return "skunk" if best_loser < rules.skunk_line else None


def all_player_stats(records: Iterable[Mapping[str, Any]],
                     tallies: Mapping[str, Tally] | None = None) -> dict[str, PlayerStats]:
    """Every player's statistics over the records, with their counting tally when one is given."""
    out: dict[str, PlayerStats] = {}
    for record in records:
        for name, part in game_stats(record).items():
            out[name] = out[name] + part if name in out else part
    for name, tally in (tallies or {}).items():
        out[name] = replace(out.get(name, PlayerStats(name)), counting=tally)
    return out


def player_stats(records: Iterable[Mapping[str, Any]], player: str, tally: Tally | None = None) -> PlayerStats:
    """One player's statistics (all zero for a player with no finished game)."""
    stats = all_player_stats(records).get(player, PlayerStats(player))
    return stats if tally is None else replace(stats, counting=tally)


def server_stats(records: Iterable[Mapping[str, Any]], tallies: Mapping[str, Tally] | None = None) -> ServerStats:
    """Totals over a server's records and every player's statistics there."""
    records = list(records)
    finished = [r for r in records if isinstance(r, Mapping) and r.get("winner") is not None]
    players = all_player_stats(finished, tallies)
    deals = sum(1 for r in finished for d in r.get("deals", []) if d.get("hands"))
    return ServerStats(len(finished), deals, tuple(players[n] for n in sorted(players)))


def leaderboard(records: Iterable[Mapping[str, Any]], *, min_games: int = DEFAULT_MIN_GAMES, limit: int = 10,
                include_computers: bool = False) -> tuple[LeaderRow, ...]:
    """Players with at least `min_games` finished games, by wins, then win rate, then fewer games.

    Equal wins and win rate share a rank. Computer seats are left out unless asked for.
    """
    if min_games < 1:
        raise ValueError(f"min_games must be at least 1, not {min_games}")
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    rows = [p for p in all_player_stats(records).values()
            if p.games >= min_games and (include_computers or not p.is_computer)]
    rows.sort(key=lambda p: (-p.wins, -(p.wins / p.games), p.games, p.player))
    return ranked(rows[:limit])


def ranked(rows: Sequence[PlayerStats]) -> tuple[LeaderRow, ...]:
    """Leaderboard rows for players already in order: equal wins and win rate share a rank."""
    out: list[LeaderRow] = []
    for i, p in enumerate(rows):
        rate = p.wins / p.games
        rank = out[-1].rank if out and (out[-1].wins, out[-1].win_rate) == (p.wins, rate) else i + 1
        out.append(LeaderRow(rank, p.player, p.games, p.wins, rate))
    return tuple(out)


# ---------------------------------------------------------------------------- in words

Namer = Callable[[str], str]
"""Turns a seat name ("discord:1234") into what a reader sees (a display name or a mention)."""


def _one(value: float | None) -> str:
    return t("general.none", Lang.EN) if value is None else f"{value:.1f}"


def stats_text(stats: PlayerStats, lang: Lang | str | None = Lang.EN, name: Namer = str) -> str:
    """`/cribbage stats`: a player's statistics as lines."""
    lang = as_lang(lang)
    who = name(stats.player)
    lines = [t("stats.title", lang, player=who)]
    if stats.games:
        lines.append(t("stats.games", lang, games=stats.games, wins=stats.wins, losses=stats.losses,
                       rate=percent(stats.win_rate, lang)))
        lines.append(t("stats.skunks", lang, given=stats.skunks_given, double_given=stats.double_skunks_given,
                       taken=stats.skunks_taken, double_taken=stats.double_skunks_taken))
        lines.append(t("stats.per_deal", lang, pegging=_one(stats.pegging_per_deal), hand=_one(stats.hand_per_deal),
                       crib=_one(stats.crib_per_crib)))
    else:
        lines.append(t("stats.none", lang, player=who))
    lines.append(tally_text(stats.counting or Tally(), lang))
    return "\n".join(lines)


def leaderboard_text(rows: Iterable[LeaderRow], lang: Lang | str | None = Lang.EN, name: Namer = str,
                     min_games: int = DEFAULT_MIN_GAMES) -> str:
    """The server leaderboard as lines (a title, then one line a player)."""
    lang = as_lang(lang)
    rows = list(rows)
    if not rows:
        return t("leaderboard.empty", lang, min_games=min_games)
    lines = [t("leaderboard.title", lang, min_games=min_games)]
    lines.extend(t("leaderboard.row", lang, rank=r.rank, player=name(r.player), wins=r.wins, games=r.games,
                   rate=percent(r.win_rate, lang)) for r in rows)
    return "\n".join(lines)


def server_text(stats: ServerStats, lang: Lang | str | None = Lang.EN) -> str:
    return t("stats.server_title", lang, games=stats.games, deals=stats.deals, players=len(stats.players))


def totals_text(totals: GuildTotals, lang: Lang | str | None = Lang.EN) -> str:
    """A server's totals as one line (what server_text says, from running totals)."""
    return t("stats.server_title", lang, games=totals.games, deals=totals.deals, players=totals.players)
