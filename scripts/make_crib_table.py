"""Build engine/data/crib_pairs.json: the neutral crib value of every pair of cards laid away.

For each pair of ranks (and, for different ranks, suited or not) it averages the analyzer's exact
neutral crib value over random hands that hold such a pair. The reference strategy throws by it.

    .venv/bin/python scripts/make_crib_table.py [--contexts 400] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.analysis.discards import CRIB_CHOICES, _crib_sum, _rank_groups  # noqa: E402
from engine.core.cards import DECK, JACK, SUITS, Card  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--contexts", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    table: dict[str, float] = {}
    for r1 in range(1, 14):
        for r2 in range(r1, 14):
            for suited in ((False, True) if r1 != r2 else (False,)):
                total = 0.0
                for _ in range(args.contexts):
                    s1 = rng.choice(SUITS)
                    s2 = s1 if suited else rng.choice([s for s in SUITS if s is not s1])
                    a, b = Card(r1, s1), Card(r2, s2)
                    rest = rng.sample([c for c in DECK if c not in (a, b)], 4)
                    unseen = [c for c in DECK if c not in (a, b, *rest)]
                    left = {s: sum(1 for c in unseen if c.suit is s) for s in SUITS}
                    jacks = [c for c in unseen if c.rank == JACK]
                    total += _crib_sum((a, b), _rank_groups(unseen), left, jacks) / CRIB_CHOICES
                table[f"{r1}-{r2}{'s' if suited else ''}"] = round(total / args.contexts, 4)
    models = {role: modelled(rng, args.contexts, dealer=role == "dealer") for role in ("dealer", "pone")}
    out = ROOT / "engine" / "data" / "crib_pairs.json"
    out.write_text(json.dumps({"contexts": args.contexts, "seed": args.seed,
                               "built_by": "python scripts/make_crib_table.py "
                                           f"--contexts {args.contexts} --seed {args.seed}",
                               "values": table, "dealer_model": models["dealer"],
                               "pone_model": models["pone"]}, indent=0) + "\n")
    print(f"wrote {out} ({len(table)} pairs)")


def modelled(rng: random.Random, contexts: int, dealer: bool) -> dict[str, float]:
    """The crib when the opponent's two are thrown by the reference strategy, not drawn at random:
    as dealer, my pair meets the pone's throw; as pone, the dealer's own throw."""
    from engine.computer.reference import reference_discard
    from engine.core.scoring import score_total

    table: dict[str, float] = {}
    for r1 in range(1, 14):
        for r2 in range(r1, 14):
            for suited in ((False, True) if r1 != r2 else (False,)):
                total = 0.0
                for _ in range(contexts):
                    s1 = rng.choice(SUITS)
                    s2 = s1 if suited else rng.choice([s for s in SUITS if s is not s1])
                    a, b = Card(r1, s1), Card(r2, s2)
                    rest = [c for c in DECK if c not in (a, b)]
                    drawn = rng.sample(rest, 10)
                    opp6 = drawn[4:10]
                    thrown = reference_discard(opp6, dealer=not dealer)
                    crib = (a, b, *thrown)
                    starters = [c for c in rest if c not in drawn]
                    total += sum(score_total(crib, s, crib=True) for s in starters) / len(starters)
                table[f"{r1}-{r2}{'s' if suited else ''}"] = round(total / contexts, 4)
    return table


if __name__ == "__main__":
    main()
