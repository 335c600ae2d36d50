"""Ratings in the database (issue 56), run by hand:

    .venv/bin/python benchmarks/rating_store_bench.py [--storage sqlite|postgres] [--games 100000] [--members 10000]
        [--calls 1000] [--ends 400]

A server's history is made first: `--games` rated two-member games among `--members` members over 60 days, each
rated by the engine as the bot rates it (engine.rating.rated.apply, ratings aged between games), the rows written
in bulk. Then, on that database:

- the leaderboard by rating (/cribbage leaderboard order:rating, the names included) and one member's rating (the
  text of /cribbage rating, its rank counted; no chart): p50 and p99 of `--calls` calls (target: p99 under 50 ms);
- what rating adds to a game's end: a game's last write with its rated results (the farming check, the judgement,
  the Glicko-2 periods in the same commit, the line said) against the same write without, on twin games,
  alternately; the figure is the difference of the medians (target: under 2 ms).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_storage import add_arguments, database, describe, open_storage  # noqa: E402

from bot.app.commands import ShowRating  # noqa: E402
from bot.app.companion.ratings import Ratings  # noqa: E402
from bot.app.companion.settings_book import SettingsBook  # noqa: E402
from bot.app.game.live_game import LiveGame  # noqa: E402
from bot.app.game.rating_games import GameRatings  # noqa: E402
from bot.i18n import Lang  # noqa: E402
from bot.storage import Storage  # noqa: E402
from bot.storage.values import GameMeta, Seat, SeatKind, Status  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.rules import Rules  # noqa: E402
from engine.rating.glicko2 import Rating  # noqa: E402
from engine.rating.rated import Pairing, apply  # noqa: E402
from engine.rating.standing import as_of  # noqa: E402

GUILD = "bench"
DAYS = 60
DAY = 86_400.0


def history(games: int, members: int, seed: int) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]], float]:
    """The rows of `ratings` and `rating_changes` for a server's rated history, and its last moment."""
    rng = random.Random(seed)
    strength = [rng.gauss(0, 1) for _ in range(members)]
    kept: dict[str, tuple[Rating, int, float]] = {}
    changes: list[tuple[object, ...]] = []
    at = 0.0
    for g in range(games):
        at += DAYS * DAY / games
        a, b = rng.sample(range(members), 2)
        won = rng.random() < 1 / (1 + 10 ** (strength[b] - strength[a]))
        pairing = Pairing(f"m{a}", f"m{b}", 1.0 if won else 0.0)
        now = {m: as_of(kept[m][0], kept[m][2], at) for m in (pairing.first, pairing.second) if m in kept}
        for c in apply(now, (pairing,)):
            other, score = (pairing.second, pairing.score) if c.member == pairing.first else \
                (pairing.first, 1 - pairing.score)
            games_before = kept[c.member][1] if c.member in kept else 0
            kept[c.member] = (c.after, games_before + 1, at)
            changes.append((GUILD, c.member, f"h{g}", at, c.before.rating, c.after.rating, c.after.deviation,
                            c.after.volatility, f'[["{other}",{score}]]'))
    ratings: list[tuple[object, ...]] = [(GUILD, m, r.rating, r.deviation, r.volatility, n, played)
                                         for m, (r, n, played) in kept.items()]
    return ratings, changes, at


def fill(args: argparse.Namespace, where: str, ratings: list[tuple[object, ...]],
         changes: list[tuple[object, ...]]) -> None:
    """The rows written in bulk on a connection of the benchmark's own (the store writes one game at a time)."""
    rating_sql = "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)"
    change_sql = "INSERT INTO rating_changes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    if args.storage == "sqlite":
        import sqlite3

        with sqlite3.connect(where) as db:
            db.executemany(rating_sql, ratings)
            db.executemany(change_sql, changes)
        return
    import psycopg

    with psycopg.connect(where) as conn, conn.cursor() as cur:
        cur.executemany(rating_sql.replace("?", "%s"), ratings)
        cur.executemany(change_sql.replace("?", "%s"), changes)


def timed(call: Callable[[], object], n: int) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        call()
        out.append((time.perf_counter() - start) * 1000)
    return sorted(out)


def p(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))]


def game_meta(gid: str, a: int, b: int, now: float) -> GameMeta:
    seats = (Seat(SeatKind.HUMAN, f"m{a}", f"m{a}"), Seat(SeatKind.HUMAN, f"m{b}", f"m{b}"))
    return GameMeta(gid, Rules(target=61, players=2), seats, 1, Status.ACTIVE, "chan", now, now, guild=GUILD)


def ends(store: Storage, now: float, members: int, n: int) -> tuple[list[float], list[float]]:
    """A game's last write with its ratings (and the line read back), and its twin's without: milliseconds."""
    rng = random.Random(7)
    ratings = GameRatings(store, SettingsBook(store))
    game = Game(Rules(target=61, players=2), seed=1)
    with_, without = [], []
    for i in range(n):
        a, b = rng.sample(range(members), 2)
        rated_meta, plain_meta = game_meta(f"r{i}", a, b, now), game_meta(f"p{i}", a, b, now)
        store.create(rated_meta)
        store.create(plain_meta)
        start = time.perf_counter()
        ended = replace(rated_meta, status=Status.OVER, winner=i % 2)
        rated = ratings.rated(ended, game, now)
        changes = store.append(rated_meta.id, 0, (), now=now, status=Status.OVER, winner=i % 2, rated=rated)
        ratings.end_line(LiveGame(ended, game), changes)
        with_.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        store.append(plain_meta.id, 0, (), now=now, status=Status.OVER, winner=i % 2)
        without.append((time.perf_counter() - start) * 1000)
    return sorted(with_), sorted(without)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--members", type=int, default=10_000)
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--ends", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    made = time.perf_counter()
    ratings, changes, last = history(args.games, args.members, args.seed)
    print(f"{describe(args)}: {args.games} rated games among {len(ratings)} members "
          f"(made in {time.perf_counter() - made:.1f} s)")
    with database(args) as where:
        open_storage(args, where).close()  # the schema
        fill(args, where, ratings, changes)
        store = open_storage(args, where)
        try:
            now = last + 3600
            view = Ratings(store, store, lambda: now, images=False)
            settled = len(store.rating_board(GUILD, now, 100_000))
            print(f"members not provisional: {settled}")
            for name, call in (("leaderboard by rating", lambda: view.board(GUILD, Lang.EN)),
                               ("/cribbage rating (text)", lambda: view.member(ShowRating(GUILD, "m1", "m1")))):
                times = timed(call, args.calls)
                print(f"{name}: p50 {p(times, 0.5):.2f} ms, p99 {p(times, 0.99):.2f} ms ({args.calls} calls)")
            with_, without = ends(store, now, args.members, args.ends)
            print(f"a game's end: with ratings p50 {p(with_, 0.5):.2f} ms, without {p(without, 0.5):.2f} ms: "
                  f"rating adds {p(with_, 0.5) - p(without, 0.5):.2f} ms (median of {args.ends})")
        finally:
            store.close()


if __name__ == "__main__":
    main()
