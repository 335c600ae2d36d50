"""Engine figures for the foundation issue, run by hand (never a timed test):

    .venv/bin/python benchmarks/engine_bench.py [--repeat 5]

Each figure is the median of several runs of the real `cribbage` command in a fresh process,
so start-up and table building are included.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core.cards import DECK  # noqa: E402

CRIBBAGE = [sys.executable, "-m", "bot.cli.main"]


def timed(argv: list[str], stdin: Path | None = None) -> float:
    start = time.perf_counter()
    with open(stdin or "/dev/null", "rb") as src:
        subprocess.run(CRIBBAGE + argv, stdin=src, stdout=subprocess.DEVNULL, check=False, cwd=ROOT)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        hands = Path(tmp) / "hands.txt"
        rng = random.Random(1)
        with hands.open("w") as f:
            for i in range(args.hands):
                cards = rng.sample(DECK, 5)
                f.write(" ".join(map(str, cards)) + (" crib" if i % 5 == 0 else "") + "\n")
        dist = [timed(["stats", "distribution"]) for _ in range(args.repeat)]
        text = [timed(["score", "--batch"], hands) for _ in range(args.repeat)]
        js = [timed(["score", "--batch", "--json"], hands) for _ in range(args.repeat)]
        sp = []
        for _ in range(args.repeat):
            out = subprocess.run(CRIBBAGE + ["selfplay", "--games", str(args.games), "--seed", "1",
                                             "--record", str(Path(tmp) / "g.jsonl")],
                                 capture_output=True, text=True, check=True, cwd=ROOT).stdout
            sp.append(float(out.split("(")[1].split(" deals/s")[0].replace(",", "")))
    med = statistics.median
    print(f"stats distribution (12,994,800 hands, fresh process): median {med(dist):.3f} s")
    print(f"score --batch, totals:  median {args.hands / med(text):,.0f} hands/s ({args.hands:,} hands)")
    print(f"score --batch --json:   median {args.hands / med(js):,.0f} hands/s")
    print(f"selfplay random vs random, with records: median {med(sp):,.0f} deals/s (one core)")


if __name__ == "__main__":
    main()
