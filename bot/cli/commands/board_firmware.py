"""`cribbage board firmware -o DIR`: the board's firmware, from the installed package, set for one board.

The builder copies DIR to the Pico with `mpremote` (docs/board-hardware.md, "Putting the firmware on"): `main.py`
with its settings at the top filled in from the options, and the `pegboard` folder beside it. The files are the
package's own, so the firmware matches the `cribbage` that drives it, wherever the package was installed from.
"""

from __future__ import annotations

import argparse
import re
from importlib import resources
from pathlib import Path

from bot.cli.errors import UsageError
from bot.cli.files import WriteFailed, failed, write_all
from bot.cli.numbers import whole
from firmware.pegboard import layout as layouts

MODULES = ("__init__.py", "core.py", "layout.py", "picture.py")
"""The firmware's core, copied as `pegboard/` beside `main.py`."""


def register(boards: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = boards.add_parser("firmware", help="write the board's firmware into a folder, set for your board",
                          description="Write main.py (its settings filled in) and the pegboard folder into DIR, "
                                      "from the installed package, to copy onto the Pico with mpremote.")
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write into (made if missing)")
    p.add_argument("--layout", choices=layouts.NAMES, default="traditional", help="the board's layout")
    p.add_argument("--tracks", type=whole(1, 4), default=2, help="tracks (players or teams), 1-4")
    p.add_argument("--holes", type=whole(61, 121), choices=(61, 121), default=121, help="holes a track")
    p.add_argument("--budget", type=whole(1, 20_000), default=450, metavar="MA",
                   help="BUDGET_MA, the strip's current cap in mA: the guide's supply table (450 on USB)")
    p.add_argument("--data-pin", type=whole(0, 28), default=0, metavar="GP", help="the GPIO driving the strip")
    p.set_defaults(func=run)


def settings_text(main: str, args: argparse.Namespace) -> str:
    """main.py with its settings lines set from the options (each line's comment kept)."""
    values = {"DATA_PIN": str(args.data_pin), "LAYOUT": f'"{args.layout}"', "TRACKS": str(args.tracks),
              "HOLES": str(args.holes), "BUDGET_MA": str(args.budget)}
    for name, value in values.items():
        main, count = re.subn(rf"^{name} = \S+", f"{name} = {value}", main, count=1, flags=re.M)
        if count != 1:
            raise UsageError(f"the installed firmware's main.py has no {name} setting to fill in")
    return main


def run(args: argparse.Namespace) -> int:
    folder = Path(args.output)
    package = resources.files("firmware")
    try:
        (folder / "pegboard").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot make the folder {args.output}: {exc.strerror}") from None
    main = settings_text(package.joinpath("main.py").read_text(encoding="utf-8"), args)
    files = [(folder / "main.py", main.encode())]
    files += [(folder / "pegboard" / name, package.joinpath("pegboard", name).read_bytes()) for name in MODULES]
    try:
        write_all(files)  # every file whole, or none of them: the ones there before are kept
    except WriteFailed as exc:
        return failed("board firmware", exc)
    print(f"wrote {folder / 'main.py'} ({args.layout}, {args.tracks} tracks, {args.holes} holes, BUDGET_MA "
          f"{args.budget}, GP{args.data_pin}) and {folder / 'pegboard'}/; copy them to the Pico with:")
    print(f"  mpremote mkdir :pegboard\n  mpremote cp {folder}/pegboard/*.py :pegboard/\n"
          f"  mpremote cp {folder}/main.py :main.py\n  mpremote reset")
    return 0
