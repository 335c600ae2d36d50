"""`cribbage stats`: facts about the game computed exactly."""

from __future__ import annotations

import argparse
import json

from engine.analysis.distribution import distribution


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("stats", help="exact facts about cribbage hands")
    what = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    d = what.add_parser("distribution", help="how many of all 12,994,800 hands score each total")
    d.add_argument("--crib", action="store_true", help="count as cribs (flush only with all five)")
    d.add_argument("--json", action="store_true", help="write JSON")
    d.set_defaults(func=run_distribution)


def run_distribution(args: argparse.Namespace) -> int:
    dist = distribution(crib=args.crib)
    if args.json:
        print(json.dumps({"crib": dist.crib, "counts": list(dist.counts), "mean": dist.mean}))
        return 0
    width = max(len(f"{n:,}") for n in dist.counts)
    print(f"{'crib' if dist.crib else 'hand'} totals over {dist.total:,} hands with a starter")
    for total, n in enumerate(dist.counts):
        print(f"{total:>3}  {n:>{width},}  {100 * n / dist.total:7.4f}%")
    print(f"mean {dist.mean:.4f}")
    return 0
