"""`cribbage render`: draw any picture the bot sends, to a PNG file, or the whole gallery to a folder."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from board_driver.model import PegError
from board_driver.model import parse_pegs as board_tracks
from bot.cli.errors import UsageError
from bot.cli.files import WriteFailed, failed, stdout_descriptor, write_all, write_line, write_whole
from bot.cli.numbers import whole
from bot.cli.paths import check_output
from bot.cli.streams import BOM, open_for_reading, read_capped
from engine.analysis.discards import DiscardOption
from engine.core.cards import CardError, check_distinct, parse_card, parse_cards
from engine.core.errors import clip, excerpt
from engine.core.scoring import score_hand
from render.board import TARGETS, board_png, make_board
from render.breakdown import breakdown_png
from render.cards import back_png, card_png, hand_png
from render.charts import ChartMarker, analysis_png, winprob_png
from render.felt import FeltView, PlayedCard, felt_png
from render.gallery import gallery
from render.led import LAYOUT_HELP, LAYOUTS, LedScene, led_png
from render.live import live_png
from render.show import ShownCount, show_png
from render.style import FOUR_COLOUR, RGB, THEMES, TWO_COLOUR, DeckColours, RenderError, hex_rgb


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("render", help="draw a card, hand, table, pegboard, show, breakdown or chart as a PNG",
                       description="Draw the pictures the bot sends. Every kind writes one PNG with -o; "
                                   "`gallery` writes one of every kind into a folder.")
    kinds = p.add_subparsers(dest="kind", metavar="KIND", required=True)
    p.set_defaults(func=run)

    k = _kind(kinds, "card", "one card face, or the back", deck=True)
    k.add_argument("card", help="a card such as QH, 10d or 5♥, or `back`")
    k.add_argument("--width", type=whole(0, 10_000), default=150, help="card width in pixels (24-600, default 150)")

    k = _kind(kinds, "hand", "a hand of 1 to 6 cards", deck=True)
    k.add_argument("cards", nargs="+", help="the cards, e.g. 5H 5C 6D 7S JH KD")
    k.add_argument("--labels", action="store_true", help="number the cards 1..n under them")

    k = _kind(kinds, "table", "the table: starter, the current series and its count, the crib", deck=True)
    _table_arguments(k)
    _register_live(kinds)

    k = _kind(kinds, "board", "the dual-peg pegboard")
    k.add_argument("--pegs", required=True, help="front/back per track, e.g. 87/80,95/91 (2-4 tracks)")
    k.add_argument("--names", help="a name per track, comma separated")
    k.add_argument("--colours", help="a #RRGGBB peg colour per track, comma separated")
    k.add_argument("--target", type=whole(0, 9999), default=121, help="121 (default) or 61 for the short game")

    _register_led(kinds)

    k = _kind(kinds, "breakdown", "a counted hand or crib with every scoring item and its call",
              deck=True, theme=True)
    k.add_argument("cards", nargs="+", help="the four hand cards")
    k.add_argument("--starter", required=True, help="the starter card")
    k.add_argument("--crib", action="store_true", help="count as a crib (a flush needs all five)")

    k = _kind(kinds, "analysis", "the discard analyzer's options as bars", deck=True, theme=True)
    k.add_argument("cards", nargs="*", help="six cards to analyse (with --dealer or --pone), or use --from")
    k.add_argument("--from", dest="source", metavar="FILE",
                   help="the JSON of `cribbage analyze --json` (- for standard input)")
    role = k.add_mutually_exclusive_group()
    role.add_argument("--dealer", dest="dealer", action="store_true", default=None, help="the crib is yours")
    role.add_argument("--pone", dest="dealer", action="store_false", help="the crib is your opponent's")

    k = _kind(kinds, "winprob", "the win probability after each peg move", theme=True)
    src = k.add_mutually_exclusive_group(required=True)
    src.add_argument("--probs", help="probabilities from 0 to 1, comma separated")
    src.add_argument("--from", dest="source", metavar="FILE",
                     help="a file of probabilities separated by spaces, commas or lines (- for stdin)")
    k.add_argument("--deals", default="", help="move numbers (from 1) where each deal starts, e.g. 1,8,15")
    k.add_argument("--player", help="whose chance it is")
    k.add_argument("--opponent", help="the opponent's name")

    k = kinds.add_parser("gallery", help="one picture of every kind, from sample data, into a folder")
    k.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write into")


def _table_arguments(k: argparse.ArgumentParser) -> None:
    k.add_argument("--players", default="Player 1,Player 2", help="2-4 names, comma separated")
    k.add_argument("--dealer", default="1", help="the dealer: a name or seat number from 1 (default 1)")
    k.add_argument("--starter", help="the starter card; leave out before the cut")
    k.add_argument("--played", default="",
                   help="the current series, e.g. 7H,8S,9D or 7H:Bob,8S:Alice; cards without a name "
                        "go round the table from the pone")
    k.add_argument("--crib", type=whole(0, 4), default=4, help="cards in the crib, face down (0-4, default 4)")
    k.add_argument("--to-play", help="whose turn: a name or seat number")


def _register_live(kinds: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    k = _kind(kinds, "live", "the live table the bot shows: the table over the pegboard, in one picture", deck=True)
    _table_arguments(k)
    k.add_argument("--pegs", required=True,
                   help="front/back per track, e.g. 87/80,95/91: a track a player (of four, a partnership)")
    k.add_argument("--target", type=whole(1, 999), default=121, help="121 (default) or 61 for the short game")

    k = _kind(kinds, "show", "a deal's show as the bot posts it: every hand and the crib in one picture", deck=True)
    k.add_argument("--starter", required=True, help="the starter card")
    k.add_argument("--hand", action="append", required=True, metavar="CARDS",
                   help="a hand of four cards, e.g. \"4H 5H 6H 6C\"; once a player, in order (2-4)")
    k.add_argument("--crib", metavar="CARDS", help="the crib's four cards (counted last: the last player's)")
    k.add_argument("--players", help="a name a hand, comma separated (default Player 1, Player 2, ...)")


def _register_led(kinds: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    k = _kind(kinds, "led", "the LED strip lit exactly as the reference firmware lights it")
    k.add_argument("--pegs", required=True, help="front/back per track, e.g. 87/80,95/91 (1-4 tracks)")
    k.add_argument("--layout", choices=LAYOUTS, default=LAYOUTS[0], help=LAYOUT_HELP)
    k.add_argument("--winner", type=whole(0, 99), metavar="TRACK", help="flash this track (1-4)")
    k.add_argument("--skunk", type=whole(0, 999), metavar="HOLE", help="light the skunk line at this hole")
    k.add_argument("--highlight", type=whole(0, 99), metavar="TRACK", help="this track's front peg pulses (1-4)")
    k.add_argument("--brightness", type=whole(0, 255), default=255, help="0-255 (default 255)")
    k.add_argument("--quiet", action="store_true", help="the host has gone quiet: the breathing LEDs")
    k.add_argument("--budget", type=whole(0, 100_000), default=450, metavar="MA",
                   help="the firmware's current cap in mA (default 450, for USB)")


def _kind(kinds: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help_text: str, *, deck: bool = False,
          theme: bool = False) -> argparse.ArgumentParser:
    k = kinds.add_parser(name, help=help_text, description=help_text)
    k.add_argument("-o", "--output", required=True, metavar="FILE.png", help="where to write (- for stdout)")
    if deck:
        k.add_argument("--four-colour", "--four-color", action="store_true",
                       help="four-colour deck (diamonds blue, clubs green), easier to tell apart")
    if theme:
        k.add_argument("--theme", choices=sorted(THEMES), default="dark", help="panel colours (default dark)")
    return k


def run(args: argparse.Namespace) -> int:
    if args.kind == "gallery":
        return _gallery(Path(args.output))
    check_output(args.output, "-o")
    try:
        png = _RENDERERS[args.kind](args)
    except (CardError, RenderError) as exc:
        raise UsageError(str(exc)) from None
    try:
        _write(args.output, png)
    except WriteFailed as exc:
        return failed("render", exc)
    return 0


def _gallery(folder: Path) -> int:
    """Every gallery picture into `folder`: all of them whole, or none (the pictures there before are kept)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot write the gallery into {excerpt(str(folder))}: {exc.strerror or exc}") from None
    pictures = [(folder / f"{name}.png", render()) for name, render in gallery().items()]
    try:
        write_all(pictures)
    except WriteFailed as exc:
        return failed("render", exc)
    for path, _ in pictures:
        print(path)
    return 0


def _write(output: str, png: bytes) -> None:
    """The picture whole at `output`, or the file there left as it was (WriteFailed); standard output takes it
    whole or, a file on a full disk, cut back to where it began."""
    if output == "-":
        fd = stdout_descriptor()
        if fd is None:
            sys.stdout.buffer.write(png)
        else:
            write_line(fd, png)
        sys.stdout.flush()
        return
    write_whole(output, png)
    print(f"wrote {output} ({len(png) // 1024 + 1} KB)")


def _deck(args: argparse.Namespace) -> DeckColours:
    return FOUR_COLOUR if getattr(args, "four_colour", False) else TWO_COLOUR


def _card(args: argparse.Namespace) -> bytes:
    if args.card.lower() == "back":
        return back_png(args.width)
    return card_png(parse_card(args.card), args.width, _deck(args))


def _hand(args: argparse.Namespace) -> bytes:
    return hand_png(parse_cards(args.cards), labels=args.labels, deck=_deck(args))


def _names(text: str, what: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise UsageError(f"{what} {excerpt(text)} has an empty name")
    return names


def _small_number(text: str) -> int | None:
    """A number of a few ASCII digits, else None ('²' is a digit to isdigit() but not to int(), and int()
    refuses 5,000 digits)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None


def _seat(text: str, players: Sequence[str], what: str) -> int:
    """A seat by number from 1 or by name (any case)."""
    text = text.strip()
    number = _small_number(text)
    if number is not None and 1 <= number <= len(players):
        return number - 1
    lowered = [p.lower() for p in players]
    if text.lower() in lowered:
        return lowered.index(text.lower())
    raise UsageError(f"{what} {excerpt(text)} is not a player ({', '.join(players)}) or a seat 1-{len(players)}")


def _view(args: argparse.Namespace) -> FeltView:
    players = _names(args.players, "--players")
    if not 2 <= len(players) <= 4:
        raise UsageError(f"--players names 2 to 4 players, got {len(players)}")
    dealer = _seat(args.dealer, players, "--dealer")
    seat = dealer  # the card after the dealer's seat is the pone's
    series: list[PlayedCard] = []
    for token in (t.strip() for t in args.played.split(",")):
        if not token:
            continue
        card_text, _, who = token.partition(":")
        seat = _seat(who, players, "--played player") if who else (seat + 1) % len(players)
        series.append(PlayedCard(parse_card(card_text), seat))
    to_play = _seat(args.to_play, players, "--to-play") if args.to_play else None
    starter = parse_card(args.starter) if args.starter else None
    return FeltView(tuple(players), dealer, starter, tuple(series), args.crib, to_play, partners=len(players) == 4)


def _table(args: argparse.Namespace) -> bytes:
    return felt_png(_view(args), _deck(args))


def _live(args: argparse.Namespace) -> bytes:
    """The table and a board of its players' (of four: the partnerships') tracks."""
    if args.target not in TARGETS:
        raise UsageError(f"--target {args.target} is not 121 or 61")
    view = _view(args)
    names = [" & ".join(view.players[k::2]) for k in range(2)] if len(view.players) == 4 else list(view.players)
    pegs = parse_pegs(args.pegs, args.target)
    if len(pegs) != len(names):
        raise UsageError(f"--pegs has {len(pegs)} tracks; {len(view.players)} players have {len(names)}")
    return live_png(view, make_board(pegs, names, args.target), _deck(args))


def _show(args: argparse.Namespace) -> bytes:
    """Each hand, then the crib, counted with the starter."""
    starter = parse_card(args.starter)
    hands = [parse_cards(h.split(), count=4) for h in args.hand]
    if not 2 <= len(hands) <= 4:
        raise UsageError(f"--hand is given {len(hands)} times; a show has 2 to 4 hands")
    players = _names(args.players, "--players") if args.players else [f"Player {k + 1}" for k in range(len(hands))]
    if len(players) != len(hands):
        raise UsageError(f"--players names {len(players)} players for {len(hands)} hands")
    crib_cards = parse_cards(args.crib.split(), count=4) if args.crib else None
    check_distinct([starter, *(c for h in hands for c in h), *(crib_cards or ())])  # one deck: each card once
    counts = [ShownCount(f"{players[k]} · hand", score_hand(h, starter), k) for k, h in enumerate(hands)]
    if crib_cards is not None:
        dealer = len(hands) - 1
        counts.append(ShownCount(f"{players[dealer]} · crib", score_hand(crib_cards, starter, crib=True), dealer))
    return show_png(counts, _deck(args))


def parse_pegs(text: str, holes: int = 121) -> list[tuple[int, int]]:
    """`87/80,95/91`: a front/back pair per track, read by the one peg parser `cribbage board set` uses."""
    try:
        return [(t.front, t.back) for t in board_tracks(text, holes=holes)]
    except PegError as exc:
        raise UsageError(str(exc)) from None


def _board(args: argparse.Namespace) -> bytes:
    if args.target not in TARGETS:
        raise UsageError(f"--target {args.target} is not 121 or 61")
    pegs = parse_pegs(args.pegs, args.target)
    names = _names(args.names, "--names") if args.names else None
    colours: list[RGB | None] | None = None
    if args.colours:
        colours = [hex_rgb(t) for t in args.colours.split(",")]
    return board_png(make_board(pegs, names, args.target, colours))


def _led(args: argparse.Namespace) -> bytes:
    def track(value: int | None, what: str) -> int | None:
        if value is not None and not 1 <= value <= 4:
            raise UsageError(f"{what} {value} is not a track 1-4")
        return None if value is None else value - 1
    scene = LedScene(tuple(parse_pegs(args.pegs)), args.layout, track(args.winner, "--winner"), args.skunk,
                     args.brightness, track(args.highlight, "--highlight"), args.quiet, args.budget)
    return led_png(scene)


def _breakdown(args: argparse.Namespace) -> bytes:
    hand = parse_cards(args.cards, count=4)
    breakdown = score_hand(hand, parse_card(args.starter), crib=args.crib)
    return breakdown_png(breakdown, THEMES[args.theme], _deck(args))


def _read(source: str) -> str:
    """A --from file or standard input as text, at most READ_LIMIT bytes of it (/dev/zero is refused, not read)."""
    what = "standard input" if source == "-" else source
    try:
        if source == "-":
            data = read_capped(getattr(sys.stdin, "buffer", sys.stdin).read, what)
        else:
            with open_for_reading(source) as file:
                data = read_capped(file.read, what)
        return data.removeprefix(BOM).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{what} is not UTF-8 text: byte {exc.object[exc.start]:#04x} at {exc.start}") from None
    except OSError as exc:
        raise UsageError(f"cannot read {what}: {exc.strerror or exc}") from None


def options_from_json(text: str, source: str) -> tuple[list[DiscardOption], bool | None]:
    """The options (and the role, when given) from `cribbage analyze --json` output."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{source} is not JSON: {exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise UsageError(f"{source} is not readable: JSON nested too deeply") from None
    except ValueError as exc:  # a number of more than 4,300 digits
        raise UsageError(f"{source} is not readable: {clip(str(exc).split(':')[0], 80)}") from None
    if not isinstance(data, dict) or not isinstance(data.get("options"), list):
        raise UsageError(f"{source} has no \"options\" list (expected `cribbage analyze --json` output)")
    if len(data["options"]) > MAX_OPTIONS:
        raise UsageError(f"{source} has {len(data['options']):,} options: six cards have {MAX_OPTIONS} discards")
    options = []
    for n, o in enumerate(data["options"], start=1):
        try:
            low, high = (_points(o, key) for key in ("hand_min", "hand_max"))
            options.append(DiscardOption(
                tuple(parse_card(c) for c in o["discard"]), tuple(parse_card(c) for c in o["keep"]),
                _points(o, "hand_ev"), int(low), int(high), _points(o, "crib_ev"), _points(o, "net")))
        except KeyError as exc:
            raise UsageError(f"{source}: option {n} is not readable (it has no {excerpt(exc.args[0])})") from None
        except (TypeError, ValueError, AttributeError, OverflowError) as exc:  # CardError: ValueError
            raise UsageError(f"{source}: option {n} is not readable ({clip(str(exc), 80)})") from None
    dealer = data.get("dealer")
    return options, dealer if isinstance(dealer, bool) else None


MAX_OPTIONS = 15
"""The discards of six cards: 6 choose 2."""
POINTS = {"hand_ev": (0, 29), "hand_min": (0, 29), "hand_max": (0, 29), "crib_ev": (0, 29), "net": (-29, 58)}
"""What each number of an analysis can be: a hand or crib counts 0 to 29; net adds or takes away the crib."""


def _points(option: dict[str, object], key: str) -> float:
    """A number of an analysed option, a JSON number in its range: "5" is not 5, and 1e300 points draw no chart."""
    value = option[key]
    low, high = POINTS[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValueError(f"{key} must be a number from {low} to {high}, not {excerpt(value)}")
    if key in ("hand_min", "hand_max") and not float(value).is_integer():
        raise ValueError(f"{key} must be a whole number, not {excerpt(value)}")
    return float(value)


def _analysis(args: argparse.Namespace) -> bytes:
    if bool(args.cards) == bool(args.source):
        raise UsageError("give six cards with --dealer or --pone, or --from FILE with analyzer JSON")
    if args.cards:
        if args.dealer is None:
            raise UsageError("say whose crib it is: --dealer or --pone")
        try:
            from engine.analysis.discards import analyze
        except ImportError:
            raise UsageError("the discard analyzer is not available here; use --from FILE") from None
        analysis = analyze(parse_cards(args.cards, count=6), dealer=args.dealer)
        return analysis_png(analysis.options, dealer=analysis.dealer, theme=THEMES[args.theme],
                            deck=_deck(args))
    options, dealer = options_from_json(_read(args.source), "standard input" if args.source == "-"
                                        else args.source)
    if args.dealer is not None:
        dealer = args.dealer
    return analysis_png(options, dealer=dealer, theme=THEMES[args.theme], deck=_deck(args))


def _numbers(text: str, what: str) -> list[float]:
    values = []
    for token in text.replace(",", " ").split():
        try:
            value = float(token)
        except ValueError:
            raise UsageError(f"{what}: {token!r} is not a number") from None
        if not math.isfinite(value):
            raise UsageError(f"{what}: {token!r} is not a finite number")
        values.append(value)
    return values


def _winprob(args: argparse.Namespace) -> bytes:
    probs = _numbers(args.probs, "--probs") if args.probs is not None else _numbers(_read(args.source), args.source)
    markers = []
    for k, token in enumerate(t.strip() for t in args.deals.split(",") if t.strip()):
        number = _small_number(token)
        if number is None or not 1 <= number <= len(probs):
            raise UsageError(f"--deals: {excerpt(token)} is not a move number 1-{len(probs)}")
        markers.append(ChartMarker(number - 1, f"deal {k + 1}"))
    return winprob_png(probs, markers=markers, player=args.player, opponent=args.opponent,
                       theme=THEMES[args.theme])


_RENDERERS: dict[str, Callable[[argparse.Namespace], bytes]] = {
    "card": _card,
    "hand": _hand,
    "table": _table,
    "live": _live,
    "show": _show,
    "board": _board,
    "led": _led,
    "breakdown": _breakdown,
    "analysis": _analysis,
    "winprob": _winprob,
}
