"""Every argument of every `cribbage` subcommand says what it is for in --help."""

import argparse
from collections.abc import Iterator

import pytest

from bot.cli.main import build_parser, main


def walk(parser: argparse.ArgumentParser, path: str) -> Iterator[tuple[str, argparse.Action]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                yield f"{path} {name}", argparse.Action([name], name, help=helps.get(name))
                yield from walk(sub, f"{path} {name}")
        elif not isinstance(action, argparse._HelpAction):
            yield path, action


def test_every_argument_of_every_subcommand_has_a_description() -> None:
    found = list(walk(build_parser(), "cribbage"))
    missing = [f"{path}: {'/'.join(a.option_strings) or a.dest}" for path, a in found
               if not a.help or a.help == argparse.SUPPRESS or not str(a.help).strip()]
    assert missing == []
    assert len(found) > 100  # the walk reached every subcommand's arguments


@pytest.mark.parametrize(("argv", "words"), [
    (["analyze", "--help"], "--target {121,61} the game's target, for the chances of winning with --scores"),
    (["selfplay", "--help"], "--muggins muggins: a point a player misses in their own count goes to the opponent"),
    (["wintable", "build", "--help"], "--seed SEED seed of the simulation: shard i of the build uses seed*1000+i"),
    (["wintable", "merge", "--help"], "FILE table files written by `wintable build` (each shard once)"),
])
def test_help_shows_the_descriptions(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 0
    assert words in " ".join(capsys.readouterr().out.split())  # argparse wraps to the terminal's width


def test_version_names_the_release_that_is_installed(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == "cribbage 0.2.0\n"


def test_the_version_is_written_once_and_the_package_metadata_reads_it() -> None:
    from importlib.metadata import version

    from engine.core.version import __version__

    assert __version__ == "0.2.0"
    assert version("cribbage-table") == __version__
