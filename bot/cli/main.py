"""The `cribbage` command line: one subcommand per module in `bot.cli.commands`."""

from __future__ import annotations

import sys

try:  # Ctrl-C while the program loads ends it as Ctrl-C at any other time: one line, exit status 130
    import argparse
    import errno
    import importlib
    import io
    from collections.abc import Sequence
    from contextlib import suppress
    from typing import NoReturn

    from bot.cli.errors import UsageError, bounded, one_line
    from bot.cli.stdin_lines import patient_stdin
    from bot.cli.stopping import Stopped, stop_on_signals
    from bot.cli.streams import flush_output, guard_closed, legible_output, output_problem, probe_output, silence_output
    from engine.core.errors import clip
    from engine.core.version import __version__
except KeyboardInterrupt:
    if sys.stderr is not None:
        try:  # noqa: SIM105 (contextlib itself may not be loaded yet)
            sys.stderr.write("\ncribbage: stopped by SIGINT\n")
        except (OSError, ValueError):
            pass
    raise SystemExit(130) from None

COMMAND_MODULES = (
    "bot.cli.commands.score",
    "bot.cli.commands.stats",
    "bot.cli.commands.selfplay",
    "bot.cli.commands.replay",
    "bot.cli.commands.play",
    "bot.cli.commands.analyze",
    "bot.cli.commands.wintable",
    "bot.cli.commands.arena",
    "bot.cli.commands.render",
    "bot.cli.commands.board",
    "bot.cli.commands.botcmd",
    "bot.cli.commands.db",
    "bot.cli.commands.daily",
)
"""Each module has `register(subparsers)`, which adds its parser with `func` set to its runner."""


class CommandParser(argparse.ArgumentParser):
    """argparse with a one-line error (naming the bad value, a few dozen characters of it) in place of the
    usage block: the error is the one thing to read. Subcommands' parsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {one_line(bounded(message, 240))} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = CommandParser(
        prog="cribbage",
        description="Cribbage: score hands, play games, analyse discards, drive an LED pegboard.",
    )
    parser.add_argument("--version", action="version", version=f"cribbage {__version__}",
                        help="the installed release's version, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; Ctrl-C at any point, the loading of a command's modules too, exits 130 in one line."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        with suppress(OSError, ValueError):
            print("\ncribbage: stopped by SIGINT", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    guard_closed()
    patient_stdin()
    legible_output(sys.stdout)  # a non-UTF-8 locale (LC_ALL=C) writes cards as 5H, not a UnicodeEncodeError
    legible_output(sys.stderr)
    _replace_undecodable(sys.stdin)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help: argparse ignores a failing output, so it is tried here
        if stop.code not in (0, None):
            raise
        try:
            probe_output()
            flush_output()
        except OSError as exc:
            return _output_failed("cribbage", exc)
        raise
    try:
        with stop_on_signals():
            probe_output()
            status = int(args.func(args) or 0)
            flush_output()
        return status
    except BrokenPipeError:
        silence_output()
        return 0
    except OSError as exc:
        return _output_failed(f"cribbage {args.command}", exc)
    except UsageError as exc:
        print(f"cribbage {args.command}: {exc if exc.multiline else one_line(bounded(str(exc)))}", file=sys.stderr)
        return 2
    except Stopped as exc:
        print(f"\ncribbage {args.command}: stopped by {exc}", file=sys.stderr)
        return 128 + exc.signum
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


def _output_failed(prog: str, exc: OSError) -> int:
    """A standard stream that is closed or fails (a full disk) said in one line: 2 when closed, else 1. Any other
    OSError a command did not word itself (a file name too long for the file system) is one line too, exit 1."""
    problem = output_problem(exc)
    if problem is None:
        named = f": {clip(str(exc.filename), 120)}" if exc.filename is not None else ""
        print(f"{prog}: {exc.strerror or exc}{named}", file=sys.stderr)
        return 1
    silence_output()
    print(f"{prog}: {problem}", file=sys.stderr)
    return 2 if exc.errno == errno.EBADF else 1


def _replace_undecodable(stream: object) -> None:
    """Typed input that is not valid text (a stray byte at a prompt) reads as U+FFFD, which the prompt then refuses
    as it refuses any word it does not know, instead of ending the command; readers of bytes are not touched."""
    if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
        with suppress(ValueError, OSError):
            stream.reconfigure(errors="replace")


if __name__ == "__main__":
    sys.exit(main())
