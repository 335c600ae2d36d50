"""`cribbage analyze`: every way to lay away two of six cards, valued exactly."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from bot.errors import UsageError
from engine.analysis import Analysis, analyze
from engine.cards import CardError, parse_cards


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analyze", help="value all 15 discards of a six-card hand")
    p.add_argument("cards", nargs="*", help="six cards, e.g. 5H 5C 6D 7S JH KD")
    role = p.add_mutually_exclusive_group(required=True)
    role.add_argument("--dealer", action="store_true", help="the crib is yours")
    role.add_argument("--pone", action="store_true", help="the crib is your opponent's")
    p.add_argument("--json", action="store_true", help="write JSON")
    p.add_argument("--batch", action="store_true", help="read six cards a line from standard input")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.batch:
        if args.cards:
            raise UsageError("--batch reads cards from standard input; give no cards")
        return run_batch(sys.stdin, sys.stdout, dealer=args.dealer)
    try:
        analysis = analyze(parse_cards(args.cards, count=6), dealer=args.dealer)
    except CardError as exc:
        raise UsageError(str(exc)) from None
    print(json.dumps(analysis_json(analysis)) if args.json else format_analysis(analysis))
    return 0


def analysis_json(a: Analysis) -> dict[str, object]:
    return {
        "cards": [str(c) for c in a.cards],
        "dealer": a.dealer,
        "options": [
            {"discard": [str(c) for c in o.discard], "keep": [str(c) for c in o.keep],
             "hand_ev": round(o.hand_ev, 4), "hand_min": o.hand_min, "hand_max": o.hand_max,
             "crib_ev": round(o.crib_ev, 4), "net": round(o.net, 4)}
            for o in a.options
        ],
    }


def format_analysis(a: Analysis) -> str:
    role = "dealer (your crib)" if a.dealer else "pone (their crib)"
    lines = [f"{' '.join(c.pretty() for c in a.cards)} as {role}",
             f"{'lay away':<10}{'keep':<16}{'hand':>7}{'min':>5}{'max':>5}{'crib':>8}{'net':>8}"]
    for o in a.options:
        lines.append(f"{' '.join(map(str, o.discard)):<10}{' '.join(map(str, o.keep)):<16}"
                     f"{o.hand_ev:7.2f}{o.hand_min:5d}{o.hand_max:5d}"
                     f"{('+' if a.dealer else '-') + format(o.crib_ev, '.2f'):>8}{o.net:8.2f}")
    return "\n".join(lines)


def run_batch(stdin: TextIO, stdout: TextIO, *, dealer: bool) -> int:
    bad = 0
    for n, line in enumerate(stdin, start=1):
        if not line.strip():
            continue
        try:
            result = analysis_json(analyze(parse_cards(line, count=6), dealer=dealer))
        except CardError as exc:
            bad += 1
            result = {"line": n, "error": str(exc)}
        stdout.write(json.dumps(result) + "\n")
    return 1 if bad else 0
