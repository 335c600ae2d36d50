"""What a group strength's discards are worth in cards alone, run by hand (never a test): in single deals from 0-0
(every seat dealing in turn) the strength lays away at seat 0 (with four players, seats 0 and 2) and `expected` at
the others, and each of the strength's throws is set against the one `expected` would have made from the same five
cards, counted with the deal's real starter and the real throws of the other seats:

    .venv/bin/python benchmarks/group_discard_points.py --players 4 --deals 4800 --seed 91000 expert

A throw's worth is the kept hand's count plus the crib's, the crib signed by its owner: the seat's own side +1, the
other partnership -1, one of two opponents -0.5 (each opponent also loses by the other's points, as in
benchmarks/group_deals.py). The play is not played, so what a discard gives up for the pegging (the dealer's kept
hand, `keep_play`) shows here as a cost. Reported by the seat's place at the table (0 the dealer, 1 the pone, ...).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.computer.group.pegging import seat_weights  # noqa: E402
from engine.computer.players import make_player  # noqa: E402
from engine.computer.strategies import hand_ev_discard  # noqa: E402
from engine.core.actions import Discard  # noqa: E402
from engine.core.cards import Card  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.observation import observe  # noqa: E402
from engine.core.rules import Rules  # noqa: E402
from engine.core.scoring import score_total  # noqa: E402

PLACES = {3: ("dealer", "pone", "third"), 4: ("dealer", "pone", "dealer's partner", "pone's partner")}


def one_deal(players: int, strength: str, seed: int, dealer: int) -> dict[int, tuple[float, float, bool]]:
    """For each seat the strength holds, by its place: its throw's hand and crib points less `expected`'s, and
    whether the two throws are the same card."""
    rules = Rules(players=players)
    game = Game.at_position(rules, [0] * rules.teams, dealer, seed=seed)
    mine = (0, 2) if players == 4 else (0,)
    seats = [make_player(strength if s in mine else "expected", seed * 10 + s) for s in range(players)]
    dealt = [list(h) for h in game.hands]
    throws: list[Card] = []
    instead: dict[int, Card] = {}
    sign: dict[int, float] = {}
    for s in range(players):
        obs = observe(game, s)
        action = seats[s].choose(obs)
        assert isinstance(action, Discard)
        throws.append(action.cards[0])
        if s in mine:
            instead[s] = hand_ev_discard(obs)[0]
            sign[s] = seat_weights(obs, rival=0.5)[dealer]  # what a point of the crib's owner is worth to the seat
    for s in range(players):
        game.apply(Discard(s, (throws[s],)))
    while game.starter is None:
        s = game.to_act()[0]
        game.apply(seats[s].choose(observe(game, s)))
    starter = game.starter
    out: dict[int, tuple[float, float, bool]] = {}
    for s in mine:
        others = [c for c in game.crib if c != throws[s]]  # the other throws, and a three-player deck card

        def worth(card: Card, s: int = s, others: list[Card] = others) -> tuple[float, float]:
            keep = [c for c in dealt[s] if c != card]
            return score_total(keep, starter), sign[s] * score_total([*others, card], starter, crib=True)
        hand, crib = worth(throws[s])
        hand_x, crib_x = worth(instead[s])
        out[(s - dealer) % players] = (hand - hand_x, crib - crib_x, throws[s] == instead[s])
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    parser.add_argument("--deals", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=91000)
    parser.add_argument("strength", choices=("hard", "expert"))
    args = parser.parse_args()
    n = args.players
    by_place: dict[int, list[tuple[float, float, bool]]] = defaultdict(list)
    for i in range(args.deals):
        for place, got in one_deal(n, args.strength, args.seed + i // n, i % n).items():
            by_place[place].append(got)
    print(f"{args.strength}'s throws less `expected`'s from the same five, {args.deals} deals, {n} players "
          "(one standard error):")
    for place in sorted(by_place):
        rows = by_place[place]
        total = [h + c for h, c, _ in rows]
        se = statistics.pstdev(total) / len(total) ** 0.5
        print(f"{PLACES[n][place]:17s} {len(rows):5d} throws, {sum(1 for *_, same in rows if same) / len(rows):4.0%}"
              f" the same card; hand {statistics.mean(h for h, _, _ in rows):+.3f}, crib "
              f"{statistics.mean(c for _, c, _ in rows):+.3f}, together {statistics.mean(total):+.3f} ± {se:.3f}")


if __name__ == "__main__":
    main()
