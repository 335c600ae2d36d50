"""Build engine/data/group_race.json: how many points each side of a three- or four-player table makes in a deal,
by its place at the table, split into the parts of a deal that count in turn (the play, then each hand in the
show's order, the crib with the dealer's hand). The group strengths' race estimate (engine/computer/group/race.py)
reads the chance of winning from them.

Counted over whole deals of `expected` against itself (the last deal of a game, cut short by the win, left out):

    .venv/bin/python scripts/make_group_race.py [--games 3000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.computer.group.race import PHASES, RACE_DATA  # noqa: E402
from engine.computer.players import make_player  # noqa: E402
from engine.computer.selfplay import play_game  # noqa: E402
from engine.core.events import PegReason  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.rules import Rules  # noqa: E402

PLAY_REASONS = {PegReason.HEELS, PegReason.PLAY, PegReason.GO, PegReason.LAST}


def deal_parts(game: Game) -> list[tuple[list[list[int]], int]]:
    """For each whole deal, each side's points by part (sides listed by their place: the dealer's first), and the
    crib's points."""
    n = game.rules.players
    layout = PHASES[n]
    out = []
    complete = len(game.deals) - 1
    for d in range(complete):
        dealer = game.deals[d].dealer
        parts = [[0] * len(layout[place]) for place in range(len(layout))]
        crib = 0
        for move in game.pegs:
            if move.deal != d or move.reason not in PLAY_REASONS | {PegReason.HAND, PegReason.CRIB}:
                continue
            offset = (move.seat - dealer) % n
            place = game.rules.team_of(offset) if n == 4 else offset
            if move.reason in PLAY_REASONS:
                parts[place][0] += move.points
            else:
                crib += move.points if move.reason is PegReason.CRIB else 0
                slot = n if move.reason is PegReason.CRIB else (offset - 1) % n + 1
                parts[place][layout[place].index(slot)] += move.points
        out.append((parts, crib))
    return out


def histograms(players: int, games: int, seed: int) -> dict[str, object]:
    rules = Rules(players=players)
    layout = PHASES[players]
    counts = [[[0] * 64 for _ in layout[place]] for place in range(len(layout))]
    cribs = [0] * 32
    for g in range(games):
        seats = [make_player("expected", seed * 100_000 + g * 8 + s) for s in range(players)]
        for parts, crib in deal_parts(play_game(rules, seats, seed * 100_000 + g)):
            cribs[crib] += 1
            for place, points in enumerate(parts):
                for k, p in enumerate(points):
                    counts[place][k][min(p, 63)] += 1
    return {"places": [[_trimmed(h) for h in place] for place in counts], "crib": _trimmed(cribs)}


def _trimmed(h: list[int]) -> list[int]:
    while h and h[-1] == 0:
        h.pop()
    return h


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data = {"games": args.games, "seed": args.seed,
            "tables": {str(n): histograms(n, args.games, args.seed) for n in (3, 4)}}
    out = ROOT / "engine" / RACE_DATA
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
