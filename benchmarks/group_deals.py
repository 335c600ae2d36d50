"""Group strengths compared deal by deal, run by hand: each variant plays the same single deals (from 0-0, every
seat dealing in turn) in seat 0 (with four players: seats 0 and 2) against `expected`, and the first variant is the
baseline the others are set against, deal by deal. A whole game's share of wins swings with every card; a deal's
points swing far less, and the same deal played by two variants differs only where their choices do:

    .venv/bin/python benchmarks/group_deals.py --players 3 --deals 2400 --seed 2000 expected hard expert
    .venv/bin/python benchmarks/group_deals.py --players 3 --deals 1500 expert expert:samples=96,extra=192,budget=640
    .venv/bin/python benchmarks/group_deals.py --players 3 --deals 1500 expert expert:pegging=expected
    .venv/bin/python benchmarks/group_deals.py --players 4 --deals 1200 expected hard:simulate_at=3+4,prior_z=1
    .venv/bin/python benchmarks/group_deals.py --players 3 --deals 3000 --endgame 30 expert expert:race=1
    .venv/bin/python benchmarks/group_deals.py --players 4 expected expert:peek=1,samples=1,extra=0,prior_z=0
    .venv/bin/python benchmarks/group_deals.py --players 4 --deals 1200 expected expert:peek=partner
    .venv/bin/python benchmarks/group_deals.py --deals 2400 --save base.json expert   # one process ...
    .venv/bin/python benchmarks/group_deals.py --deals 2400 --save more.json expert:samples=96   # ... and another
    .venv/bin/python benchmarks/group_deals.py --deals 2400 --against base.json --against more.json   # paired

With `--endgame N` each "deal" is a game played to its end from scores drawn between N and 5 short of the target
(the same scores and cards for every variant), and its value is 1 when seat 0's side wins.

A variant is a strength (`expected`, `hard`, `expert`) with `key=value` changes to its group settings
(`PegSettings` in engine/computer/group/pegging.py), `pegging=expected` (pegs one move deep) or
`discard=expected` (`expected`'s discards), or `peek=1`: its play-outs are played on every other seat's true
cards instead of guesses, which no real seat can do, to measure what the cards it cannot see are worth (`peek=partner`
or `peek=opponents`: those seats' true cards, the others guessed as usual), or `model=expected`: its guesses of the
opponents read as exactly `expected` (benchmarks/expected_model.py), a bound on reading. With every hand true one
play-out a lay is enough (`samples=1,extra=0`), and at four players `prior_z=0` too: the guard needs two guesses or
more to overrule `expected`'s lay. A deal's value to seat 0: with three players its points less half of each
opponent's (each opponent also loses by the other's points), with four its partnership's less the other's.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from expected_model import ExpectedReading  # noqa: E402

from engine.computer.group.pegging import GroupLay, Guess, Guesser, PegSettings  # noqa: E402
from engine.computer.group.players import EXPERT_FOUR, EXPERT_GROUP, HARD_GROUP, GroupPlayer  # noqa: E402
from engine.computer.players import Player  # noqa: E402
from engine.computer.strategies import ExpectedPlayer, hand_ev_discard, one_ply  # noqa: E402
from engine.core.cards import Card  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.observation import Observation, observe  # noqa: E402
from engine.core.rules import Rules  # noqa: E402

BASES = {"hard": HARD_GROUP, "expert": EXPERT_GROUP}
FOUR_BASES = {"hard": HARD_GROUP, "expert": EXPERT_FOUR}
"""The shipped settings at four players (the expert's differ there)."""


PEEKS = ("1", "partner", "opponents")


class TrueHands(Guesser):
    """Guesses holding the true hands in `game` of the seats `peek` names (every other seat, the partner, or the
    opponents), the rest guessed from the cards those leave unseen."""

    def __init__(self, obs: Observation, settings: PegSettings, game: Game, peek: str) -> None:
        super().__init__(obs, settings.read, settings.play_model, settings.careful_reading, settings.read_tries,
                         settings.knowing_reading)
        self.game = game
        rules, me = obs.rules, obs.seat
        self.shown = [s for s in range(rules.players) if s != me and (
            peek == "1" or (rules.team_of(s) == rules.team_of(me)) == (peek == "partner"))]
        held = {c for s in self.shown for c in game.hands[s]}
        self.unseen = [c for c in self.unseen if c not in held]
        self.others = [s for s in self.others if s not in self.shown]

    def guess(self, rng: random.Random) -> Guess:
        hands = super().guess(rng)
        for s in self.shown:
            hands[s] = list(self.game.hands[s])
        return hands


class ModelledTrueHands(TrueHands, ExpectedReading):
    """True hands for the seats `peek` names, the opponents among the rest read as exactly `expected`."""


class PeekingLay(GroupLay):
    """The group lay, its play-outs on the true hands (with `modelled`, the opponents not shown read as exactly
    `expected`)."""

    def __init__(self, settings: PegSettings, rng: random.Random, game: Game, peek: str,
                 modelled: bool = False) -> None:
        super().__init__(settings, rng)
        self.game = game
        self.peek = peek
        self.modelled = modelled

    def guesser(self, obs: Observation) -> Guesser:
        return (ModelledTrueHands if self.modelled else TrueHands)(obs, self.s, self.game, self.peek)


class ModelledLay(GroupLay):
    """The group lay, its guesses of the opponents read as exactly `expected` (benchmarks/expected_model.py)."""

    def guesser(self, obs: Observation) -> Guesser:
        s = self.s
        return ExpectedReading(obs, s.read, s.play_model, s.careful_reading, s.read_tries, s.knowing_reading)


class Variant(GroupPlayer):
    """A group strength with `expected`'s pegging or discards in place of its own, seeing some true hands
    (`peek`: the game, and whose), or reading the opponents as exactly `expected` (`modelled`), as asked."""

    def __init__(self, seed: int, settings: PegSettings, pegging: bool, discard: bool,
                 peek: tuple[Game, str] | None = None, modelled: bool = False) -> None:
        super().__init__(seed, settings)
        self.plain_pegging = pegging
        self.plain_discard = discard
        self.peek = peek
        self.modelled = modelled

    def discard(self, obs: Observation) -> tuple[Card, ...]:
        return hand_ev_discard(obs) if self.plain_discard else super().discard(obs)

    def play(self, obs: Observation, playable: Sequence[Card]) -> Card:
        if self.plain_pegging:
            return max(playable, key=lambda c: (one_ply(obs, c), self.rng.random()))
        if self.peek is not None:
            return PeekingLay(self.at(obs), self.rng, *self.peek, self.modelled).choose(obs, playable)
        if self.modelled and obs.rules.players in self.at(obs).simulate_at:
            return ModelledLay(self.at(obs), self.rng).choose(obs, playable)
        return super().play(obs, playable)


def make(spec: str, seed: int, players: int, game: Game) -> Player:
    base, _, changes = spec.partition(":")
    if base == "expected" and not changes:
        return ExpectedPlayer(seed)
    settings, swaps = (FOUR_BASES if players == 4 else BASES)[base], {"pegging": False, "discard": False}
    peek = ""
    modelled = False
    for change in filter(None, changes.split(",")):
        key, value = change.split("=")
        if key == "model":
            if value != "expected":
                raise SystemExit(f"model={value}: the one model is expected")
            modelled = True
            continue
        if key == "peek":
            if value not in PEEKS:
                raise SystemExit(f"peek={value}: say 1, partner or opponents")
            peek = value
            continue
        if key in swaps:
            swaps[key] = value == "expected"
            continue
        current = getattr(settings, key)
        typed: object = value == "1" if isinstance(current, bool) else type(current)(value)
        if isinstance(current, tuple):  # table sizes joined by '+': simulate_at=3+4
            typed = tuple(int(v) for v in value.split("+"))
        changed: dict[str, Any] = {key: typed}
        settings = dataclasses.replace(settings, **changed)
    return Variant(seed, settings, swaps["pegging"], swaps["discard"], (game, peek) if peek else None, modelled)


def one_deal(players: int, spec: str, seed: int, dealer: int, endgame: int = 0) -> float:
    """Seat 0's value of one deal from 0-0 with `dealer` dealing (see the module's note); with `endgame`, of a
    game played to its end from scores drawn between `endgame` and 5 short of the target: 1 if seat 0's side
    wins, else 0."""
    rules = Rules(players=players)
    start = [0] * rules.teams
    if endgame:
        draw = random.Random(seed * 7 + dealer)
        start = [draw.randint(rules.target - endgame, rules.target - 5) for _ in range(rules.teams)]
    game = Game.at_position(rules, start, dealer, seed=seed)
    mine = (0, 2) if players == 4 else (0,)
    seats = [make(spec if s in mine else "expected", seed * 10 + s, players, game) for s in range(players)]
    while not game.over and (endgame or game.deal_number == 0):
        for seat in game.to_act():
            if seat in game.to_act() and (endgame or game.deal_number == 0):
                game.apply(seats[seat].choose(observe(game, seat)))
    if endgame:
        return float(game.winner is not None and rules.team_of(game.winner) == 0)
    s = game.scores
    return s[0] - s[1] if players == 4 else s[0] - 0.5 * (s[1] + s[2])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=3, choices=(3, 4))
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--endgame", type=int, default=0,
                        help="play games out from scores this far from the target or nearer; a deal's value is a win")
    parser.add_argument("--save", help="write every variant's deal values to this JSON file")
    parser.add_argument("--against", action="append", default=[],
                        help="a file --save wrote on the same deals (again for more): its variants come first, the "
                             "first of them the baseline (run variants in two processes, pair them after)")
    parser.add_argument("variants", nargs="*")
    args = parser.parse_args()
    n = args.players
    deals = {"players": n, "deals": args.deals, "seed": args.seed, "endgame": args.endgame}
    values: dict[str, list[float]] = {}
    for path in args.against:
        values.update(saved_values(path, deals))
    if not values and not args.variants:
        parser.error("name a variant, or a saved run with --against")
    for v in args.variants:
        started = time.perf_counter()
        values[v] = [one_deal(n, v, args.seed + i // n, i % n, args.endgame) for i in range(args.deals)]
        print(f"{v}: {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    if args.save:
        Path(args.save).write_text(json.dumps({**deals, "values": values}))
    names = list(values)
    base = values[names[0]]
    print(f"{args.deals} deals, {n} players; by dealer: seat 0 deals, then seat 1, ...")
    for name, got in values.items():
        diff = [a - b for a, b in zip(got, base, strict=True)]
        se = statistics.pstdev(diff) / math.sqrt(len(diff))
        by = " ".join(f"{statistics.mean(diff[k::n]):+.2f}" for k in range(n))
        print(f"{name:45s} {statistics.mean(got):+.3f} a deal; against {names[0]}: "
              f"{statistics.mean(diff):+.3f} ± {se:.3f} (changed {sum(1 for d in diff if d)}), by dealer {by}")


def saved_values(path: str, deals: dict[str, int]) -> dict[str, list[float]]:
    """The deal values a `--save` file holds, if they were played on the deals asked for now."""
    try:
        saved = json.loads(Path(path).read_text())
    except (OSError, ValueError) as e:
        raise SystemExit(f"--against {path}: cannot read it ({e})") from e
    if not isinstance(saved, dict) or not isinstance(saved.get("values"), dict):
        raise SystemExit(f"--against {path}: not a file --save wrote")
    differ = [f"{k} {saved.get(k)} there, {v} here" for k, v in deals.items() if saved.get(k) != v]
    if differ:
        raise SystemExit(f"--against {path}: other deals ({'; '.join(differ)})")
    return {str(k): [float(x) for x in v] for k, v in saved["values"].items()}


if __name__ == "__main__":
    main()
