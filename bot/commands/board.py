"""`cribbage board`: list serial ports, run a simulated board, and set, read or demo an LED pegboard."""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from board_driver.driver import BoardDriver, Timing
from board_driver.errors import BoardError, NotAcknowledged, PortNotFound, PortUnusable
from board_driver.faults import FaultPlan
from board_driver.link import BoardLink
from board_driver.model import (
    GAME_HOLE,
    BoardInfo,
    Effects,
    PegError,
    Track,
    default_track,
    parse_pegs,
    pegs_text,
)
from board_driver.ports import list_candidates
from board_driver.protocol import Report, SetBrightness, SetEffects, SetState
from board_driver.ptysim import PtySim
from board_driver.sim import SimBoard
from board_driver.view import draw
from bot.errors import UsageError

if TYPE_CHECKING:
    from engine.game import Game

HANDSHAKE_S = 1.5
RESEND_S = 0.1
"""A board answers within milliseconds; a one-shot command asks again soon when a line is lost."""
ATTEMPTS = 20
SKUNK_LINE, DOUBLE_SKUNK_LINE = 91, 61


class BoardFailed(Exception):
    """The board (not the command line) is at fault: printed, exit status 1."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("board", help="drive an LED pegboard over serial, or a simulated one",
                       description="Drive an LED pegboard: a device path (/dev/ttyUSB0), socket://HOST:PORT "
                                   "or sim://NAME for a simulated board in this process.")
    boards = p.add_subparsers(dest="board_command", metavar="ACTION", required=True)

    ports = boards.add_parser("ports", help="list serial ports with their USB vendor:product ids")
    ports.add_argument("--json", action="store_true", help="write JSON")
    ports.set_defaults(func=run_ports)

    sim = boards.add_parser("sim", help="run a simulated board on a pseudo-terminal and draw it")
    sim.add_argument("--tracks", type=int, choices=(2, 3), default=2, help="number of tracks (default 2)")
    faults = (("drop", "lost"), ("garble", "corrupted"), ("duplicate", "doubled"), ("delay", "late"))
    for name, what in faults:
        sim.add_argument(f"--{name}", type=_probability, default=0.0, metavar="P",
                         help=f"probability (0-1) that a line, either way, is {what}")
    sim.add_argument("--delay-s", type=float, default=0.2, metavar="S", help="how late a late line is")
    sim.add_argument("--seed", type=int, default=None, help="seed for the faults (repeatable runs)")
    sim.add_argument("--seconds", type=float, default=None, help="stop after this long (default: Ctrl-C)")
    sim.set_defaults(func=run_sim)

    setp = boards.add_parser("set", help="show pegs on a board: --pegs 87/80,95/91 (front/back per track)")
    _port_argument(setp)
    setp.add_argument("--pegs", required=True, help="FRONT/BACK per track, comma between tracks")
    setp.add_argument("--brightness", type=int, default=None, help="0-255")
    setp.add_argument("--winner", type=int, default=None, metavar="TRACK", help="flash this track (1-4)")
    setp.add_argument("--skunk", type=int, default=None, metavar="HOLE", help="light the skunk line here")
    setp.set_defaults(func=run_set)

    get = boards.add_parser("get", help="the board's own report of what it shows")
    _port_argument(get)
    get.add_argument("--json", action="store_true", help="write JSON")
    get.set_defaults(func=run_get)

    demo = boards.add_parser("demo", help="play a sample game's peg moves on a board")
    _port_argument(demo)
    demo.add_argument("--delay", type=float, default=0.3, metavar="S", help="seconds between moves")
    demo.add_argument("--seed", type=int, default=7, help="which sample game (default 7)")
    demo.set_defaults(func=run_demo)


def _port_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", required=True, metavar="URL",
                   help="/dev/ttyUSB0, /dev/serial/by-id/..., socket://HOST:PORT or sim://NAME")


def _probability(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a probability (0-1)") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a probability between 0 and 1")
    return value


def _failing(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Board failures are reported like usage errors, but with exit status 1: the input was fine."""
    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except BoardFailed as exc:
            print(f"cribbage board: {exc}", file=sys.stderr)
            return 1
    run.__doc__ = func.__doc__
    return run


def _connect(url: str) -> BoardLink:
    """An open link whose board has answered the handshake; UsageError for a port that is not there."""
    try:
        link = BoardLink.open(url)
    except PortNotFound as exc:
        raise UsageError(f"{exc} (`cribbage board ports` lists the serial ports here)") from None
    except PortUnusable as exc:
        raise UsageError(str(exc)) from None
    try:
        link.handshake(HANDSHAKE_S, RESEND_S)
    except BoardError as exc:
        link.close()
        raise BoardFailed(str(exc)) from None
    return link


def _pegs(text: str) -> tuple[Track, ...]:
    try:
        return parse_pegs(text)
    except PegError as exc:
        raise UsageError(f"bad --pegs: {exc}") from None


def _fit(tracks: tuple[Track, ...], info: BoardInfo, url: str) -> None:
    if len(tracks) > info.tracks:
        raise UsageError(f"--pegs gives {len(tracks)} tracks but the board at {url} has {info.tracks}")
    for n, t in enumerate(tracks, 1):
        if t.front > info.holes:
            raise UsageError(f"--pegs track {n} front peg {t.front} is past the last hole {info.holes} "
                             f"of the board at {url}")


# -- ports -----------------------------------------------------------------------------------------

def run_ports(args: argparse.Namespace) -> int:
    found = list_candidates()
    if args.json:
        print(json.dumps([{"device": p.device, "vid": p.vid, "pid": p.pid, "usb_id": p.usb_id,
                           "description": p.description, "serial_number": p.serial_number,
                           "manufacturer": p.manufacturer, "hint": p.hint} for p in found]))
        return 0
    if not found:
        print("no serial ports found; plug a board in, or try one without hardware: cribbage board sim")
        return 0
    for p in found:
        serial_no = p.serial_number and f"serial {p.serial_number}"
        extra = ", ".join(x for x in (p.hint, p.manufacturer, serial_no) if x)
        line = f"{p.device:<28} {p.usb_id or 'not USB':<9}  {p.description}"
        print(line + (f"  ({extra})" if extra else ""))
    return 0


# -- sim -------------------------------------------------------------------------------------------

def run_sim(args: argparse.Namespace) -> int:
    plan = FaultPlan(drop=args.drop, garble=args.garble, duplicate=args.duplicate, delay=args.delay,
                     delay_s=args.delay_s, seed=args.seed)
    board = SimBoard(tracks=args.tracks, faults=plan)
    tty = sys.stdout.isatty()
    with PtySim(board) as pty:
        title = f"simulated board on {pty.path}"

        def redraw() -> None:
            picture = draw(board.state, board.info, seq=board.last_seq, quiet=board.host_quiet(), colour=tty,
                           title=title)
            print(("\x1b[H\x1b[J" if tty else "\n") + picture, flush=True)

        print(title, flush=True)
        print(f"try: cribbage board set --port {pty.path} --pegs 87/80,95/91", flush=True)
        redraw()
        until = None if args.seconds is None else time.monotonic() + args.seconds
        pty.serve(threading.Event(), on_change=redraw, until=until)
    return 0


# -- set and get -----------------------------------------------------------------------------------

@_failing
def run_set(args: argparse.Namespace) -> int:
    tracks = _pegs(args.pegs)
    if args.brightness is not None and not 0 <= args.brightness <= 255:
        raise UsageError(f"--brightness {args.brightness} is not 0-255")
    if args.winner is not None and not 1 <= args.winner <= len(tracks):
        raise UsageError(f"--winner {args.winner} is not one of the {len(tracks)} tracks in --pegs")
    if args.skunk is not None and not 1 <= args.skunk <= GAME_HOLE:
        raise UsageError(f"--skunk {args.skunk} is not a hole 1-{GAME_HOLE}")
    effects = Effects(None if args.winner is None else args.winner - 1, args.skunk)
    with _connect(args.port) as link:
        assert link.info is not None
        _fit(tracks, link.info, args.port)
        if args.skunk is not None and args.skunk > link.info.holes:
            raise UsageError(f"--skunk {args.skunk} is past the last hole {link.info.holes} of the board "
                             f"at {args.port}")
        try:
            link.request(SetState(1, tracks), 1, timeout=RESEND_S, attempts=ATTEMPTS)
            seq = 1
            if args.winner is not None or args.skunk is not None:
                seq += 1
                link.request(SetEffects(seq, effects), seq, timeout=RESEND_S, attempts=ATTEMPTS)
            if args.brightness is not None:
                seq += 1
                link.request(SetBrightness(seq, args.brightness), seq, timeout=RESEND_S,
                             attempts=ATTEMPTS)
        except NotAcknowledged as exc:
            raise BoardFailed(str(exc)) from None
    print(f"the board at {args.port} shows {pegs_text(tracks)} (acknowledged up to seq {seq})")
    return 0


@_failing
def run_get(args: argparse.Namespace) -> int:
    with _connect(args.port) as link:
        assert link.info is not None
        info = link.info
        try:
            report = link.query(timeout=RESEND_S, attempts=ATTEMPTS)
        except NotAcknowledged as exc:
            raise BoardFailed(str(exc)) from None
    if args.json:
        print(json.dumps(report_json(info, report)))
    else:
        print(format_report(info, report))
    return 0


def report_json(info: BoardInfo, report: Report) -> dict[str, Any]:
    return {
        "board": {"protocol": info.version, "firmware": info.firmware, "tracks": info.tracks,
                  "holes": info.holes, "leds": info.leds},
        "seq": report.seq,
        "brightness": report.brightness,
        "effects": {"winner": None if report.effects.winner is None else report.effects.winner + 1,
                    "skunk": report.effects.skunk},
        "tracks": [{"front": t.front, "back": t.back, "colour": f"#{t.colour:06X}", "highlight": t.highlight}
                   for t in report.tracks],
    }


def format_report(info: BoardInfo, report: Report) -> str:
    lines = [f"board {info.firmware}, protocol {info.version}, {info.tracks} tracks x {info.holes} holes, "
             f"{info.leds} LEDs",
             f"last seq {report.seq}, brightness {report.brightness}"]
    for n, t in enumerate(report.tracks, 1):
        lines.append(f"track {n}  {t.text():>7}  #{t.colour:06X}" + ("  highlighted" if t.highlight else ""))
    fx = report.effects
    lines.append("effects: " + (", ".join(
        ([f"winner track {fx.winner + 1} flashing"] if fx.winner is not None else [])
        + ([f"skunk line at {fx.skunk}"] if fx.skunk is not None else [])) or "none"))
    return "\n".join(lines)


# -- demo ------------------------------------------------------------------------------------------

@_failing
def run_demo(args: argparse.Namespace) -> int:
    if args.delay < 0:
        raise UsageError(f"--delay {args.delay} is negative")
    with _connect(args.port) as link:  # clear errors before the driver starts retrying in the background
        assert link.info is not None
        info = link.info
    game = _sample_game(args.seed)
    pegs = [(0, 0)] * 2
    driver = BoardDriver(args.port, timing=Timing(handshake_timeout=HANDSHAKE_S)).start()
    try:
        for move in game.pegs:
            pegs[move.seat] = (min(move.front, info.holes), min(move.back, info.holes))
            driver.set_pegs([default_track(i, f, b, highlight=(i == move.seat))
                             for i, (f, b) in enumerate(pegs)])
            print(f"deal {move.deal + 1:>2}  player {move.seat + 1}  +{move.points:<2} "
                  f"{move.reason.value:<5} "
                  f"{pegs[0][0]:>3}/{pegs[0][1]:<3} {pegs[1][0]:>3}/{pegs[1][1]:<3} {move.call}", flush=True)
            if args.delay:
                time.sleep(args.delay)
        winner = game.winner if game.winner is not None else 0
        loser_score = pegs[1 - winner][0]
        skunk = DOUBLE_SKUNK_LINE if loser_score < DOUBLE_SKUNK_LINE else (
            SKUNK_LINE if loser_score < SKUNK_LINE else None)
        driver.set_effects(Effects(winner, skunk))
        synced = driver.wait_synced(5.0)
        status = driver.status()
    finally:
        driver.stop()
    if not synced:
        raise BoardFailed(f"the board at {args.port} did not acknowledge the final state: "
                          f"{status.last_error or 'no answer'}")
    skunk_text = {SKUNK_LINE: ", a skunk", DOUBLE_SKUNK_LINE: ", a double skunk"}.get(skunk or 0, "")
    print(f"player {winner + 1} wins {pegs[winner][0]}-{loser_score}{skunk_text}; the board acknowledged "
          f"seq {status.last_acked_seq} ({status.frames_sent} frames, {status.resends} resent, "
          f"{status.connections - 1} reconnects)")
    return 0


def _sample_game(seed: int) -> Game:
    """A whole two-player game of random legal moves: its peg moves are the demo."""
    from engine.game import Game
    from engine.rules import Rules

    game = Game(Rules(players=2, target=121), seed=seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    return game

