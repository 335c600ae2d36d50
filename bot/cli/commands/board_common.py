"""What every `cribbage board` action that talks to a board shares: the --port option, opening a board with its
handshake, its REPORT checked against its INFO, and board failures as one line with exit status 1.

Kept apart from board.py so the actions in modules of their own (board_test.py) use the same words and limits.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from board_driver.errors import BoardError, NotAcknowledged, PortNotFound, PortUnusable
from board_driver.link import BoardLink
from board_driver.model import BoardInfo
from board_driver.protocol import Report, report_problem
from bot.cli.board_url import board_url
from bot.cli.errors import UsageError

HANDSHAKE_S = 1.5
RESEND_S = 0.1
"""A board answers within milliseconds; a one-shot command asks again soon when a line is lost."""
ATTEMPTS = 20
NUMBERING = "Tracks are counted from 1 (track 1 is the first in --pegs)."


class BoardFailed(Exception):
    """The board (not the command line) is at fault: printed, exit status 1."""


def port_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", required=True, metavar="URL", type=board_url,
                   help="/dev/ttyUSB0, /dev/serial/by-id/..., socket://HOST:PORT or sim://NAME")


def failing(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Board failures (a board that stops answering, goes away mid-line or contradicts itself) are one line
    and exit status 1, never a traceback: the input was fine."""
    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except (BoardFailed, BoardError) as exc:
            print(f"cribbage board: {exc}", file=sys.stderr)
            return 1
    run.__doc__ = func.__doc__
    return run


def connect(url: str) -> BoardLink:
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


def checked_report(link: BoardLink, info: BoardInfo) -> Report:
    """The board's REPORT, refused when it contradicts the board's own INFO."""
    try:
        report = link.query(timeout=RESEND_S, attempts=ATTEMPTS)
    except NotAcknowledged as exc:
        raise BoardFailed(str(exc)) from None
    problem = report_problem(report, info)
    if problem is not None:
        raise BoardFailed(f"the board at {link.url} contradicts itself: {problem}")
    return report
