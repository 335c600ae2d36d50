"""`cribbage board`: list serial ports, run a simulated board, and set, read or demo an LED pegboard.

Tracks are counted from 1 on every command line surface (--winner, the printed lines); the protocol counts
them from 0, and `board get --json` prints the board's REPORT in its own terms (`winner_index`, `index`).
Every command checks the board's INFO before it starts and ends a failure with one line and a non-zero
exit status: 2 for input that cannot work (a port that is not there, pegs past the board's holes), 1 for a
board that fails or contradicts itself.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from board_driver.driver import BoardDriver, Timing
from board_driver.errors import NotAcknowledged
from board_driver.faults import FaultPlan
from board_driver.model import (
    DEFAULT_BRIGHTNESS,
    MAX_TRACKS,
    BoardInfo,
    Effects,
    PegError,
    TrackState,
    default_track,
    parse_pegs,
    shown_tracks,
)
from board_driver.ports import list_candidates
from board_driver.protocol import Frame, Report, SetBrightness, SetEffects, SetState
from board_driver.ptysim import PtySim
from board_driver.sim import SimBoard
from board_driver.view import draw
from bot.cli.commands import board_firmware, board_template, board_test
from bot.cli.commands.board_common import (
    ATTEMPTS,
    HANDSHAKE_S,
    NUMBERING,
    RESEND_S,
    BoardFailed,
    checked_report,
    connect,
    failing,
    port_argument,
)
from bot.cli.errors import UsageError
from bot.cli.numbers import decimal, seed_number, whole
from engine.core.events import Event, Pegged, PegMove, PegReason, Shown

FINISH_S = 3.0
"""How long the demo waits for the board to show its final picture."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("board", help="drive an LED pegboard over serial, or a simulated one",
                       description="Drive an LED pegboard: a device path (/dev/ttyUSB0), socket://HOST:PORT "
                                   "or sim://NAME for a simulated board in this process. " + NUMBERING)
    boards = p.add_subparsers(dest="board_command", metavar="ACTION", required=True)

    ports = boards.add_parser("ports", help="list serial ports with their USB vendor:product ids")
    ports.add_argument("--json", action="store_true", help="write JSON")
    ports.set_defaults(func=run_ports)

    _register_sim(boards)

    setp = boards.add_parser("set", help="show pegs on a board: --pegs 87/80,95/91 (front/back per track)",
                             description="Show a whole picture on the board: the pegs, the effects (off unless "
                                         "given) and the brightness (128 unless given), then say what the board "
                                         "reports it shows. " + NUMBERING)
    port_argument(setp)
    setp.add_argument("--pegs", required=True, help="FRONT/BACK per track, comma between tracks, track 1 first; "
                                                    "tracks not given are dark")
    setp.add_argument("--brightness", type=whole(0, 255), default=None, help=f"0-255 (default {DEFAULT_BRIGHTNESS})")
    setp.add_argument("--winner", type=whole(0, 99), default=None, metavar="TRACK",
                      help="flash this track, counted from 1 (default: none)")
    setp.add_argument("--skunk", type=whole(0, 999), default=None, metavar="HOLE",
                      help="light the skunk line at this hole (default: none)")
    setp.set_defaults(func=run_set)

    get = boards.add_parser("get", help="the board's own report of what it shows",
                            description="The board's REPORT: what it shows now. " + NUMBERING + " With --json, "
                                        "the REPORT's own fields, 0-based as on the wire: winner_index and each "
                                        "track's index.")
    port_argument(get)
    get.add_argument("--json", action="store_true", help="write the REPORT as JSON (track indexes from 0)")
    get.set_defaults(func=run_get)

    demo = boards.add_parser("demo", help="play a computer game onto a board, narrating each peg move",
                             description="Two computer players play a whole game; every peg move goes to the "
                                         "board with its real call. " + NUMBERING)
    port_argument(demo)
    demo.add_argument("--delay", type=decimal(0, 60), default=0.3, metavar="S", help="seconds between moves")
    demo.add_argument("--seed", type=seed_number, default=7, help="which game (default 7)")
    demo.add_argument("--target", type=whole(61, 121), choices=(121, 61), default=None,
                      help="the game: 121, or 61 (default: 121 when the board has 121 holes, else 61)")
    demo.set_defaults(func=run_demo)

    board_template.register(boards)
    board_test.register(boards)
    board_firmware.register(boards)


def _register_sim(boards: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sim = boards.add_parser("sim", help="run a simulated board on a pseudo-terminal and draw it")
    sim.add_argument("--tracks", type=whole(1, MAX_TRACKS), choices=(1, 2, 3, 4), default=2,
                     help="number of tracks (default 2)")
    sim.add_argument("--holes", type=whole(61, 121), choices=(61, 121), default=121,
                     help="holes per track (default 121)")
    faults = (("drop", "lost"), ("garble", "corrupted"), ("duplicate", "doubled"), ("delay", "late"))
    for name, what in faults:
        sim.add_argument(f"--{name}", type=decimal(0, 1), default=0.0, metavar="P",
                         help=f"probability (0-1) that a line, either way, is {what}")
    sim.add_argument("--delay-s", type=decimal(0, 60), default=0.2, metavar="S", help="how late a late line is")
    sim.add_argument("--reply-delay", type=decimal(0, 60), default=0.0, metavar="S",
                     help="every answer of the board comes this late (a slow board)")
    sim.add_argument("--seed", type=seed_number, default=None, help="seed for the faults (repeatable runs)")
    sim.add_argument("--seconds", type=decimal(0, 10**7), default=None, help="stop after this long (default: Ctrl-C)")
    sim.set_defaults(func=run_sim)


def _pegs(text: str, info: BoardInfo | None = None) -> tuple[TrackState, ...]:
    """The tracks in --pegs, checked against the board once its INFO is known (the same parser and
    messages as `cribbage render board`)."""
    try:
        if info is None:
            return parse_pegs(text, holes=999, max_tracks=MAX_TRACKS)
        return parse_pegs(text, holes=info.holes, max_tracks=info.tracks)
    except PegError as exc:
        raise UsageError(f"bad --pegs: {exc}") from None


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
    if args.reply_delay < 0 or args.delay_s < 0:
        raise UsageError("--delay-s and --reply-delay are seconds, 0 or more")
    plan = FaultPlan(drop=args.drop, garble=args.garble, duplicate=args.duplicate, delay=args.delay,
                     delay_s=args.delay_s, seed=args.seed, reply_delay_s=args.reply_delay)
    board = SimBoard(tracks=args.tracks, holes=args.holes, faults=plan)
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

@dataclass(frozen=True, slots=True)
class BoardLights:
    """The whole picture `board set` sends: nothing of an earlier one stays lit."""

    tracks: tuple[TrackState, ...]
    effects: Effects
    brightness: int


def _picture(args: argparse.Namespace, info: BoardInfo | None) -> BoardLights:
    """The picture the options ask for, checked against the board's INFO once it is known."""
    tracks = _pegs(args.pegs, info)
    brightness = DEFAULT_BRIGHTNESS if args.brightness is None else args.brightness
    if not 0 <= brightness <= 255:
        raise UsageError(f"--brightness {brightness} is not 0-255")
    if args.winner is not None and not 1 <= args.winner <= len(tracks):
        raise UsageError(f"--winner {args.winner} is not one of the {len(tracks)} tracks in --pegs "
                         "(tracks are counted from 1)")
    if args.skunk is not None and args.skunk < 1:
        raise UsageError(f"--skunk {args.skunk} is not a hole (holes are counted from 1)")
    if info is not None and args.skunk is not None and args.skunk > info.holes:
        raise UsageError(f"--skunk {args.skunk} is past the last hole {info.holes}")
    return BoardLights(tracks, Effects(None if args.winner is None else args.winner - 1, args.skunk), brightness)


@failing
def run_set(args: argparse.Namespace) -> int:
    _picture(args, None)  # a typing slip is reported before any board is opened
    with connect(args.port) as link:
        assert link.info is not None
        info = link.info
        picture = _picture(args, info)
        frames: tuple[Frame, ...] = (SetState(1, picture.tracks), SetEffects(2, picture.effects),
                                     SetBrightness(3, picture.brightness))
        try:
            for seq, frame in enumerate(frames, 1):
                link.request(frame, seq, timeout=RESEND_S, attempts=ATTEMPTS)
        except NotAcknowledged as exc:
            raise BoardFailed(str(exc)) from None
        report = checked_report(link, info)
    expected = (shown_tracks(picture.tracks, info), picture.effects, picture.brightness)
    if (report.tracks, report.effects, report.brightness) != expected:
        raise BoardFailed(f"the board at {args.port} acknowledged the picture but reports it shows "
                          f"{shows_text(report)}")
    print(f"the board at {args.port} now shows {shows_text(report)}")
    return 0


def shows_text(report: Report) -> str:
    """What a REPORT says the board shows, every part of it, tracks counted from 1."""
    tracks = ", ".join(f"track {n} " + ("dark" if t.colour == 0 and t.front == 0 else t.text())
                       for n, t in enumerate(report.tracks, 1))
    fx = report.effects
    winner = "no winner" if fx.winner is None else f"winner track {fx.winner + 1} flashing"
    skunk = "no skunk line" if fx.skunk is None else f"skunk line at hole {fx.skunk}"
    return f"{tracks}; {winner}; {skunk}; brightness {report.brightness}"


@failing
def run_get(args: argparse.Namespace) -> int:
    with connect(args.port) as link:
        assert link.info is not None
        info = link.info
        report = checked_report(link, info)
    if args.json:
        print(json.dumps(report_json(info, report)))
    else:
        print(format_report(info, report))
    return 0


def report_json(info: BoardInfo, report: Report) -> dict[str, Any]:
    """The INFO and REPORT as the board sent them: track indexes count from 0, as on the wire."""
    return {
        "board": {"protocol": info.version, "firmware": info.firmware, "tracks": info.tracks,
                  "holes": info.holes, "leds": info.leds},
        "seq": report.seq,
        "brightness": report.brightness,
        "effects": {"winner_index": report.effects.winner, "skunk_hole": report.effects.skunk},
        "tracks": [{"index": i, "front": t.front, "back": t.back, "colour": f"#{t.colour:06X}",
                    "highlight": t.highlight} for i, t in enumerate(report.tracks)],
        "power": None if report.power is None else {"wanted_ma": report.power[0], "budget_ma": report.power[1]},
    }


def format_report(info: BoardInfo, report: Report) -> str:
    """The REPORT for a person: tracks counted from 1."""
    lines = [f"board {info.firmware}, protocol {info.version}, {info.tracks} tracks x {info.holes} holes, "
             f"{info.leds} LEDs",
             f"last seq {report.seq}, brightness {report.brightness}"]
    for n, t in enumerate(report.tracks, 1):
        lines.append(f"track {n}  {t.text():>7}  #{t.colour:06X}" + ("  highlighted" if t.highlight else ""))
    fx = report.effects
    lines.append("effects: " + (", ".join(
        ([f"winner track {fx.winner + 1} flashing"] if fx.winner is not None else [])
        + ([f"skunk line at {fx.skunk}"] if fx.skunk is not None else [])) or "none"))
    if report.power is not None:
        wanted, budget = report.power
        lines.append(f"power: the picture wants {wanted} mA of a {budget} mA budget"
                     + (" (dimmed to fit)" if wanted > budget else ""))
    return "\n".join(lines)


# -- demo ------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DemoMove:
    """One peg move of the demo game with the call a player says for it (a hand's or crib's whole count)."""

    move: PegMove
    call: str


@dataclass(frozen=True, slots=True)
class DemoEnd:
    """How the demo game ended: the winning seat, the scores, and the skunk line lit (None: no skunk)."""

    winner: int
    scores: tuple[int, int]
    skunk: str | None
    skunk_line: int | None


def demo_game(seed: int, target: int = 121) -> tuple[list[DemoMove], DemoEnd]:
    """A whole game between two computer players, every peg move with its real call."""
    from engine.computer.players import make_player
    from engine.core.game import Game
    from engine.core.observation import observe
    from engine.core.rules import Rules

    rules = Rules(players=2, target=target)
    game = Game(rules, seed=seed)
    players = [make_player("expected", seed * 2 + 1), make_player("expected", seed * 2 + 2)]
    moves: list[DemoMove] = []
    while not game.over:
        for seat in game.to_act():
            moves.extend(_narrated(game.apply(players[seat].choose(observe(game, seat)))))
            if game.over:
                break
    assert game.winner is not None
    skunk = game.skunk()
    line = None if skunk is None else rules.double_skunk_line if skunk == "double skunk" else rules.skunk_line
    return moves, DemoEnd(game.winner, (game.scores[0], game.scores[1]), skunk, line)


def _narrated(events: list[Event]) -> Iterator[DemoMove]:
    """The Pegged events with their calls: a hand or crib is called as it was counted (its Shown event),
    a play as the card scored."""
    shown: Shown | None = None
    for event in events:
        if isinstance(event, Shown):
            shown = event
        elif isinstance(event, Pegged):
            move = event.move
            whole = move.reason in (PegReason.HAND, PegReason.CRIB) and shown is not None
            yield DemoMove(move, shown.breakdown.call if whole and shown is not None else move.call)


def _demo_target(args: argparse.Namespace, info: BoardInfo, url: str) -> int:
    """The game to play: what the board's INFO allows (tracks for two players, holes for the target)."""
    if info.tracks < 2:
        raise BoardFailed(f"the board at {url} has {info.tracks} track; the demo needs 2")
    target = args.target or (121 if info.holes >= 121 else 61)
    if info.holes < target:
        raise BoardFailed(f"the board at {url} has {info.holes} holes; a game to {target} needs {target}")
    return int(target)


@failing
def run_demo(args: argparse.Namespace) -> int:
    if args.delay < 0:
        raise UsageError(f"--delay {args.delay} is negative")
    with connect(args.port) as link:  # clear errors before the driver starts retrying in the background
        assert link.info is not None
        target = _demo_target(args, link.info, args.port)
    moves, end = demo_game(args.seed, target)
    pegs = [(0, 0), (0, 0)]
    driver = BoardDriver(args.port, timing=Timing(handshake_timeout=HANDSHAKE_S)).start()
    try:
        for demo in moves:
            move = demo.move
            pegs[move.seat] = (move.front, move.back)
            driver.set_pegs([default_track(i, f, b, highlight=(i == move.seat)) for i, (f, b) in enumerate(pegs)])
            print(f"deal {move.deal + 1:>2}  player {move.seat + 1}  +{move.points:<2} {move.reason.value:<5} "
                  f"{pegs[0][0]:>3}/{pegs[0][1]:<3} {pegs[1][0]:>3}/{pegs[1][1]:<3} {demo.call}", flush=True)
            if args.delay:
                time.sleep(args.delay)
        driver.set_effects(Effects(end.winner, end.skunk_line))
    finally:
        result = driver.finish(FINISH_S)
    if not result.synced:
        raise BoardFailed(f"the board at {args.port}: {result.message}")
    status = driver.status()
    loser = end.scores[1 - end.winner]
    skunk_text = f", a {end.skunk}" if end.skunk else ""
    print(f"player {end.winner + 1} wins {end.scores[end.winner]}-{loser}{skunk_text}; the board shows it "
          f"({status.frames_sent} frames, {status.resends} resent, {status.connections - 1} reconnects)")
    return 0
