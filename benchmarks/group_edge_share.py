"""What an edge in points a deal is worth in whole group games, by the race estimate, run by hand:

    .venv/bin/python benchmarks/group_edge_share.py [--edges 0.1 0.29 0.41 0.62]

One side (a seat with three players, a partnership with four) makes `edge` points a deal more in the play than the
sides of `expected`'s games the race data were counted from; the others make what those sides make. The figure is
its share of wins from 0-0, averaged over the places it starts the game in. It says how far a measured gain in the
same deals (`benchmarks/group_deals.py`) would move the arena's share, and what a share goal asks of a deal. The
race estimate takes the sides as independent, so it is a guide, not a measurement: held against the arena it gives
the three-player expert's +0.315 a deal over `expected` 40.1% (the arena 39.7-40.4%), the four-player partnership's
+0.270 53.1% (52.5%).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.computer.group.race import CAP, RaceModel, race_chances, race_model, shifted  # noqa: E402
from engine.core.rules import Rules  # noqa: E402


def share(players: int, edge: float) -> float:
    """The stronger side's share of wins from 0-0, its play's points moved up by `edge` a deal in every place."""
    base = race_model(players)
    stronger = RaceModel(players, [[shifted(parts[0], edge), *parts[1:]] for parts in base.parts], base.crib)
    n_places = len(base.phases)
    need = min(Rules().target, CAP)
    shares = []
    for own in range(n_places):
        survs = [(stronger if place == own else base).surv[place][:, need] for place in range(n_places)]
        shares.append(race_chances(survs, base.slots)[own])
    return sum(shares) / n_places


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--edges", type=float, nargs="+", default=[0.0, 0.1, 0.2, 0.29, 0.41, 0.5, 0.62, 0.8, 1.0])
    args = parser.parse_args()
    print("edge a deal   three players (one seat of three)   four players (a partnership)")
    for edge in args.edges:
        print(f"{edge:+11.2f}   {100 * share(3, edge):32.1f}%   {100 * share(4, edge):27.1f}%")


if __name__ == "__main__":
    main()
