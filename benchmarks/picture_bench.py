"""The pictures of whole games alone, old against new, run by hand (never a timed test):

    .venv/bin/python benchmarks/picture_bench.py [--games 20] [--players 2] [--target 121]

Computer games are played out; after every decision the public table is drawn as the bot draws it:
before, the table picture and (when a peg moved) the board picture, and at each show one breakdown picture
a count; now, the one live picture (table over board) and one show picture. Each game's pictures are drawn
in turn, its games interleaved as the bot's are (the caches are shared, as in a worker process). Reported:
CPU milliseconds a decision for each, and the PNG sizes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.app.shown.pictures import public_board, public_table  # noqa: E402
from engine.computer.players import make_player  # noqa: E402
from engine.computer.selfplay import decisions  # noqa: E402
from engine.core.events import Shown  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.observation import Observation, observe  # noqa: E402
from engine.core.rules import Rules  # noqa: E402
from render import board_png, breakdown_png, felt_png  # noqa: E402
from render.live import live_png  # noqa: E402
from render.show import ShownCount, show_png  # noqa: E402

Frame = tuple[Observation, list[Shown]]
"""The public view after a decision, and the counts of a show that just ended (else none)."""


def frames(rules: Rules, seed: int) -> list[Frame]:
    game = Game(rules, seed=seed)
    players = [make_player("greedy", seed + k) for k in range(rules.players)]
    out: list[Frame] = []
    seen = 0
    for _ in decisions(game, players):
        pass  # decisions applies each action before asking the next
        shown = [e for e in game.events[seen:] if isinstance(e, Shown)]
        seen = len(game.events)
        out.append((observe(game, 0), shown))
    return out


def old(names: tuple[str, ...], frame: Frame, last: list[object]) -> list[bytes]:
    obs, shown = frame
    pngs = [felt_png(public_table(obs, names))]
    if last[0] != (obs.scores, obs.backs):
        last[0] = (obs.scores, obs.backs)
        pngs.append(board_png(public_board(obs, names)))
    pngs += [breakdown_png(e.breakdown) for e in shown]
    return pngs


def new(names: tuple[str, ...], frame: Frame, last: list[object]) -> list[bytes]:
    obs, shown = frame
    pngs = [live_png(public_table(obs, names), public_board(obs, names))]
    if shown:
        pngs.append(show_png([ShownCount(f"{names[e.seat]} · hand", e.breakdown, e.seat) for e in shown]))
    return pngs


def run(draw: Callable[[tuple[str, ...], Frame, list[object]], list[bytes]], games: list[list[Frame]],
        names: tuple[str, ...]) -> tuple[float, int, list[int]]:
    """CPU ms a decision, decisions drawn, and every PNG's size."""
    sizes: list[int] = []
    lasts: list[list[object]] = [[None] for _ in games]
    count = 0
    start = time.process_time()
    for step in range(max(len(g) for g in games)):  # the games interleaved, a decision of each in turn
        for g, last in zip(games, lasts, strict=True):
            if step < len(g):
                sizes += [len(p) for p in draw(names, g[step], last)]
                count += 1
    return (time.process_time() - start) * 1000 / count, count, sizes


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--target", type=int, default=121)
    args = p.parse_args()
    rules = Rules(args.players, args.target)
    names = ("Alice", "Bob", "Carol", "Dan")[:args.players]
    games = [frames(rules, seed) for seed in range(args.games)]
    new(names, games[0][0], [None])  # the palette and fonts, once a process
    old(names, games[0][0], [None])
    for label, draw in (("before: table + board when moved + a breakdown a count", old),
                        ("now: one live picture + one show picture", new)):
        ms, count, sizes = run(draw, games, names)
        print(f"{label}: {ms:.2f} ms of CPU a decision over {count} decisions; PNG median "
              f"{statistics.median(sizes) / 1024:.0f} KB, largest {max(sizes) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
