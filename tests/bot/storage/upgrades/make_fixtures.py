"""How the upgrade fixtures were made: each by the old code itself, checked out at the commit that shipped it.

    python3 tests/bot/storage/upgrades/make_fixtures.py [NAME ...]

For each earlier schema (EARLIER: every SQLite layout main has shipped, every PostgreSQL migration from 1) this
checks the commit out in a scratch git worktree, and runs that commit's own `cribbage play` at a terminal
scripted through standard input: a finished game (seed 7, to its end), then an unfinished one (seed 8) stopped
with `q` at a card to play mid-count in a later deal. The answers are a cycle (`1 2`, `1` ... `4`, Enter), so
every prompt of every version finds a legal answer in it; a prompt refuses the others and asks again. Where
the unfinished game stops is found by trying (the first number of answers that leaves a choice of cards in
the play); the old program's own last lines there (the scores, the hand, the prompt) are the expected
position, kept in fixtures.json beside the games' ids and log lengths.

SQLite: the old program's file itself (closed cleanly, so its log is folded in), byte for byte, gzipped as
`sqlite/<name>.sqlite3.gz` (its pages are mostly empty: 28-90 KB whole, 2-4 KB packed).
PostgreSQL: a database on a throwaway server (tests/pg_server.py), migrated and written by the old program,
as `pg_dump --format=plain --no-owner --no-privileges` in `postgres/<name>.sql`.

The old code runs on this checkout's interpreter (its virtual environment has every dependency any of
these commits needs). The scratch worktrees are removed at the end.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
MANIFEST = HERE / "fixtures.json"


@dataclass(frozen=True)
class Earlier:
    name: str
    backend: str  # "sqlite" or "postgres"
    commit: str
    what: str


EARLIER = (
    Earlier("layout-1", "sqlite", "d199c8b", "games (no guild) and actions: the first SQLite file"),
    Earlier("layout-2", "sqlite", "bc4a2a2", "games.guild; table sessions, drills, tallies"),
    Earlier("layout-3", "sqlite", "ea5ae7f", "games.self_count and lang; declarations"),
    Earlier("layout-4", "sqlite", "67799af", "games.changes (seats handed to the computer)"),
    Earlier("layout-5", "sqlite", "23b3039", "the statistics' summaries (summarized, player_totals)"),
    Earlier("layout-6", "sqlite", "7a4ad84", "revisions (games.rev, tables.rev), one live table a place"),
    Earlier("layout-7", "sqlite", "5da2b74", "a server's running totals (guild_totals)"),
    Earlier("layout-8", "sqlite", "c6ec307", "games.moves, each game's log length"),
    Earlier("layout-9", "sqlite", "2a5a89c", "games.auto_go; guild and member settings"),
    Earlier("layout-10", "sqlite", "1ce4a58", "every server's and member's settings in one table"),
    Earlier("layout-11", "sqlite", "7e64b81", "a game's settings in its row (games.settings)"),
    Earlier("layout-12", "sqlite", "0afb46c", "ratings, seasons, the daily hand, claims, events"),
    Earlier("migration-1", "postgres", "508e237", "migration 1: SQLite's schema of then"),
    Earlier("migration-2", "postgres", "7a4ad84", "migration 2: revisions, one live table a place"),
    Earlier("migration-3", "postgres", "5da2b74", "migration 3: a server's running totals"),
    Earlier("migration-4", "postgres", "c6ec307", "migration 4: games.moves"),
    Earlier("migration-5", "postgres", "2a5a89c", "migration 5: games.auto_go; settings"),
    Earlier("migration-6", "postgres", "1ce4a58", "migration 6: every server's and member's settings in one table"),
    Earlier("migration-7", "postgres", "7e64b81", "migration 7: a game's settings in its row"),
    Earlier("migration-8", "postgres", "0afb46c", "migration 8: ratings, seasons, the daily hand, claims, events"),
)
"""Every earlier schema, by the commit on main that first shipped it (the order of `git log --first-parent`)."""

ANSWERS = ("1 2", "1", "2", "3", "4", "")
NAME = "Ann"
FINISHED_SEED = 7
UNFINISHED_SEED = 8
FIRST_TRY = 60
"""Answers given before the first place the unfinished game may stop (it is then in its second deal or later)."""

HAND = re.compile(r"^\[(?P<scores>[^\]]*)\]  your hand  (?P<hand>.*)$")
PROMPT = re.compile(r"^count (?P<count>\d+): play a card: $")


def answers(count: int) -> str:
    return "".join(ANSWERS[i % len(ANSWERS)] + "\n" for i in range(count))


@contextmanager
def checkout(commit: str, scratch: Path) -> Iterator[Path]:
    src = scratch / f"src-{commit}"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(src), commit], check=True,
                   capture_output=True)
    try:
        yield src
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(src)], check=True,
                       capture_output=True)


def old_play(src: Path, home: Path, where: list[str], env: dict[str, str], seed: int, stdin: str) -> str:
    """The old `cribbage play` of a new game with `seed`, at a scripted terminal: what it printed."""
    main = "bot.cli.main" if (src / "bot" / "cli" / "main.py").exists() else "bot.cli"
    done = subprocess.run([sys.executable, "-c", f"import sys; from {main} import main; sys.exit(main())", "play",
                           *where, "--name", NAME, "--difficulty", "normal", "--seed", str(seed)],
                          input=stdin, capture_output=True, text=True, cwd=src, timeout=300,
                          env={**env, "PYTHONPATH": str(src), "CRIBBAGE_CONFIG": "", "HOME": str(home)})
    if done.returncode not in (0, 1) or "Traceback" in done.stderr:
        raise RuntimeError(f"the old play failed ({done.returncode}): {done.stderr[-2000:]}")
    return done.stdout


def stopped_at(out: str) -> dict[str, object] | None:
    """The position where the transcript's `q` stopped the game, when it is a choice of cards in the play
    mid-count (both scores above 0); else None."""
    lines = out.splitlines()
    if len(lines) < 2 or "bye" not in lines[-1]:
        return None
    prompt = PROMPT.match(lines[-1].partition("bye")[0])
    hand = HAND.match(lines[-2])
    if prompt is None or hand is None:
        return None
    scores = [int(s.split()[-1]) for s in hand["scores"].split(" – ")]
    cards = [item.split(":", 1)[1] for item in hand["hand"].split()]
    count = int(prompt["count"])
    if len(cards) < 2 or count == 0 or min(scores) == 0:
        return None
    return {"hand_line": lines[-2], "prompt": lines[-1].partition("bye")[0], "scores": scores, "hand": cards,
            "count": count}


class Place:
    """Where one fixture's games are written: a fresh SQLite file, or a fresh PostgreSQL database."""

    def __init__(self, backend: str, scratch: Path, server: object | None) -> None:
        self.backend, self.scratch, self.server = backend, scratch, server
        self.made = 0

    def fresh(self) -> tuple[list[str], dict[str, str], str]:
        """(play's arguments, its environment, the place) for a new empty database."""
        self.made += 1
        if self.backend == "sqlite":
            path = self.scratch / f"games-{self.made}.sqlite3"
            return ["--db", str(path)], dict(os.environ), str(path)
        url = self.server.new_database("fixture")  # type: ignore[union-attr]
        return [], {**os.environ, "CRIBBAGE_DATABASE_URL": url}, url


def make(earlier: Earlier, scratch: Path, server: object | None) -> dict[str, object]:
    scratch = scratch / earlier.name
    scratch.mkdir()
    place = Place(earlier.backend, scratch, server)
    home = scratch / "home"
    home.mkdir(exist_ok=True)
    with checkout(earlier.commit, scratch) as src:
        tries = FIRST_TRY
        while True:
            where, env, _ = place.fresh()
            trial = old_play(src, home, where, env, UNFINISHED_SEED, answers(tries) + "q\n")
            position = stopped_at(trial)
            if position is not None:
                break
            tries += 1
            if tries > FIRST_TRY + 200:
                raise RuntimeError(f"{earlier.name}: no place to stop found")
        where, env, target = place.fresh()
        ended = old_play(src, home, where, env, FINISHED_SEED, answers(6000)).splitlines()
        final = next(line for line in reversed(ended) if line.startswith("final: "))
        again = old_play(src, home, where, env, UNFINISHED_SEED, answers(tries) + "q\n")
        if stopped_at(again) != position:
            raise RuntimeError(f"{earlier.name}: the old program did not play the same game twice")
    kept = HERE / earlier.backend / (earlier.name + (".sqlite3.gz" if earlier.backend == "sqlite" else ".sql"))
    kept.parent.mkdir(exist_ok=True)
    if earlier.backend == "sqlite":
        if Path(target + "-wal").exists():
            raise RuntimeError(f"{earlier.name}: the old program left its write-ahead log")
        with open(target, "rb") as made, gzip.GzipFile(kept, "wb", compresslevel=9, mtime=0) as packed:
            shutil.copyfileobj(made, packed)
    else:
        dump(server, target, kept)
    games = stored_games(earlier.backend, target)
    if len(games) != 2:
        raise RuntimeError(f"{earlier.name}: {len(games)} games made, not 2")
    finished = next(g for g in games if g["status"] != "active")
    unfinished = next(g for g in games if g["status"] == "active")
    return {"backend": earlier.backend, "commit": earlier.commit, "what": earlier.what, "file": kept.name,
            "answers": tries, "finished": {**finished, "final": final},
            "unfinished": {**unfinished, **position}}


def stored_games(backend: str, target: str) -> list[dict[str, object]]:
    """Each game's id, status, winner and log length, as the old program left them."""
    query = ("SELECT g.id, g.status, g.winner, (SELECT count(*) FROM actions AS a WHERE a.game = g.id) FROM games "
             "AS g ORDER BY g.created")
    if backend == "sqlite":
        db = sqlite3.connect(f"file:{target}?immutable=1", uri=True)
        try:
            rows = db.execute(query).fetchall()
        finally:
            db.close()
    else:
        import psycopg

        with psycopg.connect(target) as conn:
            rows = conn.execute(query).fetchall()
    return [{"id": i, "status": s, "winner": w, "moves": int(n)} for i, s, w, n in rows]


def dump(server: object, url: str, kept: Path) -> None:
    pg_dump = Path(server.bin) / "pg_dump"  # type: ignore[attr-defined]
    subprocess.run([str(pg_dump), "--format=plain", "--no-owner", "--no-privileges", "--file", str(kept),
                    f"--dbname={url}"], check=True, capture_output=True)


def main(names: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    from tests.pg_server import PgServer

    chosen = [e for e in EARLIER if not names or e.name in names]
    manifest = json.loads(MANIFEST.read_text()) if MANIFEST.exists() else {}
    server = None
    with tempfile.TemporaryDirectory(prefix="cribbage-upgrades-") as tmp:
        try:
            if any(e.backend == "postgres" for e in chosen):
                server = PgServer().start()
            for earlier in chosen:
                print(f"{earlier.name}: {earlier.commit} ({earlier.what})", flush=True)
                manifest[earlier.name] = make(earlier, Path(tmp), server)
        finally:
            if server is not None:
                server.stop()
    ordered = {e.name: manifest[e.name] for e in EARLIER if e.name in manifest}
    MANIFEST.write_text(json.dumps(ordered, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
