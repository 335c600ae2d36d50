"""How often each play-out policy foresees `expected`'s lays at a three- or four-player table, run by hand (never a
test); the group form of benchmarks/lay_models.py:

    .venv/bin/python benchmarks/group_lay_models.py --players 3 --games 20

Every seat is `expected`; wherever a seat has two ranks or more to lay, each policy is asked what it would lay from the
same series and count, told how many cards the next seat holds (as the group play-outs ask it); and the careful
rule with the unseen cards counted exactly from what the seat knows (its hand and the series; also the deal's
earlier lays; all it has seen, starter and own discard too: `expected`'s own rule, less its random tie-breaks).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.computer.pegsim import Policy, careful_policy, quick_policy  # noqa: E402
from engine.computer.players import make_player  # noqa: E402
from engine.computer.selfplay import decisions  # noqa: E402
from engine.computer.strategies import reply_risk  # noqa: E402
from engine.core.actions import Play  # noqa: E402
from engine.core.cards import DECK  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.pegging import MAX_COUNT, lay_points  # noqa: E402
from engine.core.rules import Rules  # noqa: E402

POLICIES: dict[str, Policy] = {"quick": quick_policy, "careful": careful_policy}


def knowing(playable: list[int], series: list[int], count: int, held: int, seen: list[int]) -> int:
    """The careful lay with the unseen cards counted exactly: the deck less the `seen` ranks."""
    left = [c.rank for c in DECK]
    for r in seen:
        if r in left:
            left.remove(r)
    by_rank = {r: left.count(r) for r in set(left)}
    unseen = [next(c for c in DECK if c.rank == r) for r, k in by_rank.items() for _ in range(k)]

    def worth(r: int) -> float:
        v = min(r, 10)
        c = count + v
        points = lay_points(series, count, r) + 0.01 * v
        return points if c == MAX_COUNT else points - reply_risk([*series, r], c, held, unseen)
    return max(playable, key=worth)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=3, choices=(3, 4))
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    n = args.players
    foreseen = dict.fromkeys(POLICIES, 0)
    lays = 0
    for g in range(args.games):
        players = [make_player("expected", g * 10 + s) for s in range(n)]
        for obs, action in decisions(Game(Rules(players=n), seed=g), players):
            ranks = sorted({a.card.rank for a in obs.legal if isinstance(a, Play)})
            if isinstance(action, Play) and len(ranks) > 1:
                lays += 1
                series = [c.rank for c in obs.series]
                held = obs.cards_held[(obs.seat + 1) % n]
                for name, policy in POLICIES.items():
                    foreseen[name] += policy(ranks, series, obs.count, held) == action.card.rank
                own = [c.rank for c in obs.hand]
                laid = [p.card.rank for p in obs.plays if p.card]
                for name, hidden in (("careful knowing its hand", own + series),
                                     ("and the deal's plays", own + laid),
                                     ("all it has seen", [c.rank for c in DECK if c not in obs.unseen()])):
                    foreseen[name] = foreseen.get(name, 0) + (
                        knowing(ranks, series, obs.count, held, hidden) == action.card.rank)
    shares = ", ".join(f"{name} {k} ({100 * k / lays:.1f}%)" for name, k in foreseen.items())
    print(f"expected, {n} players: {lays} lays with a choice of rank over {args.games} games; foreseen by {shares}")


if __name__ == "__main__":
    main()
