"""Fail when a class or function grows past the size a reader can hold at once.

Run over package directories: `python3 scripts/check_shape.py engine render board_driver`. Each
offender is one line, `path:line class Name is N lines (max 400)` or
`path:line function name is N lines (max 60)`, and the exit status is 1 when there is any. A
definition's length counts from its `def`/`class` line to its last line; decorators are left out.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

MAX_CLASS = 400
MAX_FUNCTION = 60


@dataclass(frozen=True, slots=True)
class Offender:
    """One definition over its limit, with what the report line needs."""

    path: str
    line: int
    kind: str
    name: str
    length: int
    limit: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.kind} {self.name} is {self.length} lines (max {self.limit})"


def _length(node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    end = node.end_lineno if node.end_lineno is not None else node.lineno
    return end - node.lineno + 1


def offenders_in(source: str, path: str) -> Iterator[Offender]:
    """Every class and function (methods and nested ones too) in one file's source over its limit."""
    for node in ast.walk(ast.parse(source, filename=path)):
        if isinstance(node, ast.ClassDef):
            kind, limit = "class", MAX_CLASS
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            kind, limit = "function", MAX_FUNCTION
        else:
            continue
        length = _length(node)
        if length > limit:
            yield Offender(path, node.lineno, kind, node.name, length, limit)


def python_files(packages: Sequence[str]) -> list[Path]:
    """The .py files under each package directory (or the file itself), in a stable order."""
    files: list[Path] = []
    for package in packages:
        root = Path(package)
        files.extend([root] if root.is_file() else sorted(root.rglob("*.py")))
    return files


def check(packages: Sequence[str]) -> list[Offender]:
    found: list[Offender] = []
    for path in python_files(packages):
        found.extend(offenders_in(path.read_text(encoding="utf-8"), str(path)))
    return sorted(found, key=lambda o: (o.path, o.line))


def main(argv: Sequence[str]) -> int:
    if not argv:
        print("usage: check_shape.py PACKAGE_DIR [PACKAGE_DIR ...]", file=sys.stderr)
        return 2
    missing = [p for p in argv if not Path(p).exists()]
    if missing:
        print(f"no such package directory: {', '.join(missing)}", file=sys.stderr)
        return 2
    found = check(argv)
    for offender in found:
        print(offender)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
