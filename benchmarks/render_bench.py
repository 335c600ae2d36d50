"""Render figures for the images issue, run by hand (never a timed test):

    .venv/bin/python benchmarks/render_bench.py [--repeat 15]

For every gallery picture: the first render in this process with the card cache empty (cold),
the median of `--repeat` further renders (warm, cards and parts cached as in the running bot, but no
deflated rows reused: the PNG band cache is emptied before each), the median of the same picture again
with its rows' compression reused too (again), and the PNG size. The budget is 50 ms and 150 KB per picture.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render import png as png_module  # noqa: E402
from render.cards import back_image, card_image  # noqa: E402
from render.gallery import gallery  # noqa: E402

BUDGET_MS = 50.0
BUDGET_KB = 150.0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    pictures = gallery()
    print(f"{'picture':<24} {'cold ms':>8} {'median ms':>10} {'again ms':>9} {'KB':>7}")
    over = 0
    for name, render in pictures.items():
        card_image.cache_clear()
        back_image.cache_clear()
        start = time.perf_counter()
        png = render()
        cold = (time.perf_counter() - start) * 1000
        times, again = [], []
        for _ in range(args.repeat):
            png_module._bands.clear()
            start = time.perf_counter()
            render()
            times.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            render()
            again.append((time.perf_counter() - start) * 1000)
        median = statistics.median(times)
        kb = len(png) / 1024
        flag = "" if median < BUDGET_MS and kb < BUDGET_KB else "  OVER BUDGET"
        over += bool(flag)
        print(f"{name:<24} {cold:8.1f} {median:10.1f} {statistics.median(again):9.1f} {kb:7.1f}{flag}")
    print(f"budget: median under {BUDGET_MS:.0f} ms and under {BUDGET_KB:.0f} KB; {over} over")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
