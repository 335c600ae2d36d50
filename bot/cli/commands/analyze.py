"""`cribbage analyze`: every way to lay away two of six cards, valued exactly."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, TextIO, cast

from bot.cli.errors import UsageError
from bot.cli.numbers import whole
from bot.cli.stdin_lines import BadLine, decode_line, line_blocks
from bot.cli.streams import without_bom
from bot.cli.tablefile import named_table, table_or_unavailable
from engine.analysis.discards import Analysis, analyze
from engine.analysis.winprob import Unavailable, WinTable
from engine.computer.winplay import OptionChance, option_chances
from engine.core.cards import CardError, parse_cards
from engine.core.errors import excerpt
from engine.core.rules import TARGETS
from engine.core.typed import two_scores, whole_number

BATCH_BLOCK = 100
"""Lines read ahead at most while earlier ones are analysed (each takes milliseconds)."""
MAX_SAMPLES = 20_000
"""--samples at most: 15 options times this many deals played out takes about ten seconds."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("analyze", help="value all 15 discards of a six-card hand")
    p.add_argument("cards", nargs="*", help="six cards, e.g. 5H 5C 6D 7S JH KD")
    role = p.add_mutually_exclusive_group(required=True)
    role.add_argument("--dealer", action="store_true", help="the crib is yours")
    role.add_argument("--pone", action="store_true", help="the crib is your opponent's")
    p.add_argument("--json", action="store_true", help="write JSON")
    p.add_argument("--batch", action="store_true", help="read six cards a line from standard input")
    p.add_argument("--scores", help="your score and theirs before this deal, e.g. 95,88: adds each option's "
                   "chance of winning the game")
    p.add_argument("--target", type=whole(61, 121), default=121, choices=TARGETS,
                   help="the game's target, for the chances of winning with --scores (default 121)")
    p.add_argument("--samples", type=whole(10, MAX_SAMPLES), default=400,
                   help="deals played out per option (with --scores)")
    p.add_argument("--table", help="a win-probability table file (default: the shipped one)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.batch:
        if args.cards:
            raise UsageError("--batch reads cards from standard input; give no cards")
        return run_batch(sys.stdin, sys.stdout, dealer=args.dealer)
    if args.scores is not None and not 10 <= args.samples <= MAX_SAMPLES:
        raise UsageError(f"--samples must be from 10 to {MAX_SAMPLES:,}, not {excerpt(args.samples)}")
    named = None if args.table is None else named_table(args.table)
    try:
        analysis = analyze(parse_cards(args.cards, count=6), dealer=args.dealer)
    except CardError as exc:
        raise UsageError(str(exc)) from None
    chances: list[OptionChance] | Unavailable | None = None
    if args.scores is not None:
        me, them = _scores(args.scores, args.target)
        table = table_or_unavailable(None) if named is None else named
        if isinstance(table, Unavailable):
            chances = table
        else:
            chances = option_chances(analysis.cards, analysis.dealer, me, them, args.target, table,
                                     samples=args.samples, options=analysis.options)
            chances.sort(key=lambda c: analysis.options.index(c.option))
    if args.json:
        data = analysis_json(analysis)
        if isinstance(chances, Unavailable):
            data["win_error"] = chances.reason
        elif chances is not None:
            assert isinstance(table, WinTable)
            rows = cast(list[dict[str, object]], data["options"])
            for row, chance in zip(rows, chances, strict=True):
                row["p_win"], row["p_win_se"] = round(chance.p_win, 4), round(chance.se, 4)
            data["win"] = {"scores": [me, them], "target": args.target, "samples": args.samples,
                           "table": {k: v for k, v in table.provenance.items() if k != "merged"}}
        print(json.dumps(data))
    else:
        print(format_analysis(analysis, chances))
    return 0


def _scores(text: str, target: int) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2 or any(whole_number(part, 0, 10**20) is None for part in parts):  # ASCII digits: not '٩٥'
        raise UsageError(f"--scores takes two scores like 95,88, not {excerpt(text)}")
    read = two_scores(text, target)
    if read is None:
        raise UsageError(f"scores must be from 0 to {target - 1}, not {excerpt(text)}")
    return read


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


def format_analysis(a: Analysis, chances: list[OptionChance] | Unavailable | None = None) -> str:
    role = "dealer (your crib)" if a.dealer else "pone (their crib)"
    wins = isinstance(chances, list)
    head = f"{'lay away':<10}{'keep':<16}{'hand':>7}{'min':>5}{'max':>5}{'crib':>8}{'net':>8}"
    lines = [f"{' '.join(c.pretty() for c in a.cards)} as {role}", head + ("   win %" if wins else "")]
    best_win = max((c.p_win for c in chances), default=0.0) if isinstance(chances, list) else None
    for i, o in enumerate(a.options):
        row = (f"{' '.join(map(str, o.discard)):<10}{' '.join(map(str, o.keep)):<16}"
               f"{o.hand_ev:7.2f}{o.hand_min:5d}{o.hand_max:5d}"
               f"{('+' if a.dealer else '-') + format(o.crib_ev, '.2f'):>8}{o.net:8.2f}")
        if isinstance(chances, list):
            c = chances[i]
            row += f"  {100 * c.p_win:5.1f} ±{100 * c.se:.1f}" + ("  ← most wins" if c.p_win == best_win else "")
        lines.append(row)
    if isinstance(chances, Unavailable):
        lines.append(str(chances))
    elif isinstance(chances, list):
        lines.append(f"win %: {chances[0].samples} deals played out per option, ± one standard error")
    return "\n".join(lines)


def run_batch(stdin: IO[str] | IO[bytes], stdout: TextIO, *, dealer: bool) -> int:
    """Analyse every line, in order, each answered as soon as it is done (the input is read as bytes and
    decoded line by line, so a bad byte spoils only its own line)."""
    bad = 0
    for first, lines in without_bom(line_blocks(stdin, BATCH_BLOCK)):
        for n, raw in enumerate(lines, start=first):
            try:
                line = decode_line(raw)
                if not line.strip():
                    continue
                result = analysis_json(analyze(parse_cards(line, count=6), dealer=dealer))
            except (CardError, BadLine) as exc:
                bad += 1
                result = {"line": n, "error": str(exc)}
            stdout.write(json.dumps(result) + "\n")
            stdout.flush()
    return 1 if bad else 0
