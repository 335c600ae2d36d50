"""Fail when a module uses another module's private name (one starting with a single `_`).

A leading underscore says "only this module relies on me": reaching past it couples two files so that a
change inside one silently breaks the other. Run over package directories:
`python3 scripts/check_private_imports.py engine render board_driver bot firmware`. Each offender is one line,
`path:line imports _name from module` or `path:line uses module._name`, and the exit status is 1 when there
is any. Dunder names (`__version__`) are public by convention and allowed.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Offender:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.what}"


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def offenders(path: Path, source: str, ours: frozenset[str]) -> Iterator[Offender]:
    """The private names `source` takes from our other modules, by import or by attribute."""
    tree = ast.parse(source, str(path))
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.split(".")[0] in ours:
            for alias in node.names:
                if is_private(alias.name):
                    yield Offender(str(path), node.lineno, f"imports {alias.name} from {node.module}")
                else:
                    modules.add(alias.asname or alias.name)  # may be a module: `from bot.app.plumbing import retry`
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in ours:
                    modules.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr) and _root(node.value) in modules:
            yield Offender(str(path), node.lineno, f"uses {ast.unparse(node)}")


def _root(node: ast.expr) -> str | None:
    """The name an attribute chain starts from (`engine.core.cards` -> `engine`), or None."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def check(packages: Sequence[str]) -> list[Offender]:
    ours = frozenset(Path(p).name for p in packages)
    found: list[Offender] = []
    for package in packages:
        for path in sorted(Path(package).rglob("*.py")):
            found.extend(offenders(path, path.read_text(encoding="utf-8"), ours))
    return found


def main(argv: Sequence[str]) -> int:
    if not argv:
        print("usage: check_private_imports.py PACKAGE_DIR ...", file=sys.stderr)
        return 2
    found = check(argv)
    for offender in found:
        print(offender)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
