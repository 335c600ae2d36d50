"""The layers and their arrows (docs/architecture.md), read from every import in the source: each folder
imports only from the folders below it, so no two folders import each other, however indirectly."""

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OURS = ("engine", "render", "board_driver", "firmware", "bot")
ENGINE = {"engine.core", "engine.analysis", "engine.computer", "engine.table", "engine.rating", "engine.daily",
          "engine.events"}
BELOW: dict[str, set[str]] = {
    "engine.core": set(),
    "engine.analysis": {"engine.core"},
    "engine.computer": {"engine.core", "engine.analysis"},
    "engine.table": {"engine.core", "engine.analysis"},
    "engine.rating": {"engine.core"},  # Glicko-2 and what a finished game gives
    "engine.daily": {"engine.core", "engine.analysis", "engine.computer"},  # the daily hand's pool and verdicts
    "engine.events": {"engine.core"},  # club nights, leagues, knockouts, duplicate deals (issue 57)
    "engine": set(),  # engine/__init__.py: a docstring naming the sub-packages, no front of names
    "firmware.pegboard": set(),
    "board_driver": {"firmware.pegboard"},
    "firmware": {"firmware.pegboard"},  # main.py, on the board; the host's tools for it are in board_driver
    "render": ENGINE | {"board_driver", "firmware.pegboard"},
    "bot.storage": ENGINE,  # the stores and the values they keep
    "bot": ENGINE | {"bot.storage"},  # config (which names the backends' URL schemes), shards, the message catalog
    "bot.app": ENGINE | {"bot", "bot.storage", "render", "board_driver"},
    "bot.terminal": ENGINE | {"bot", "bot.app", "render", "board_driver"},
    "bot.discord": ENGINE | {"bot", "bot.app", "bot.storage", "render"},
    "bot.cli": ENGINE | {"bot", "bot.app", "bot.storage", "bot.terminal", "bot.discord", "render",
                         "board_driver", "firmware", "firmware.pegboard"},
}
"""Each folder and the folders it may import from. A folder is a sub-package of engine, bot or firmware, or a
top-level package; a module directly in engine/, bot/ or firmware/ belongs to the package itself."""


def folder(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 1 and parts[0] in ("engine", "bot", "firmware") and (ROOT / parts[0] / parts[1]).is_dir():
        return f"{parts[0]}.{parts[1]}"
    return parts[0]


def imports() -> dict[str, dict[str, str]]:
    """Folder -> imported folder -> one place it happens (path:line)."""
    found: dict[str, dict[str, str]] = defaultdict(dict)
    for top in OURS:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT)
            here = folder(".".join(rel.with_suffix("").parts))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level \
                    else [a.name for a in node.names] if isinstance(node, ast.Import) else []
                for name in names:
                    there = folder(name)
                    if name.split(".")[0] in OURS and there != here:
                        found[here].setdefault(there, f"{rel}:{node.lineno}")
    return found


def test_every_folder_imports_only_from_the_folders_below_it() -> None:
    found = imports()
    assert set(found) <= set(BELOW), sorted(set(found) - set(BELOW))
    wrong = [f"{here} -> {there} ({where})" for here, targets in sorted(found.items())
             for there, where in sorted(targets.items()) if there not in BELOW[here]]
    assert wrong == []


def test_the_declared_arrows_have_no_cycle() -> None:
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, " -> ".join((*path, node))
        if node not in done:
            for nxt in sorted(BELOW[node]):
                visit(nxt, (*path, node))
            done.add(node)

    for node in sorted(BELOW):
        visit(node, ())


def test_discord_is_imported_by_the_discord_door_alone() -> None:
    users = set()
    for top in OURS:
        for path in (ROOT / top).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level \
                    else [a.name for a in node.names] if isinstance(node, ast.Import) else []
                if any(n == "discord" or n.startswith("discord.") for n in names):
                    users.add(folder(".".join(path.relative_to(ROOT).with_suffix("").parts)))
    assert users == {"bot.discord"}


def module_imports() -> dict[str, set[str]]:
    """Module -> the modules of ours it imports anywhere in it (a function's own imports too)."""
    paths = {}
    for top in OURS:
        for path in (ROOT / top).rglob("*.py"):
            rel = path.relative_to(ROOT).with_suffix("")
            paths[".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)] = path
    graph: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                wanted = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                wanted = [a.name for a in node.names]
            else:
                continue
            graph[name] |= {w for w in wanted if w in paths and w != name}
    return graph


def test_no_module_imports_another_that_imports_it_however_indirectly() -> None:
    graph = module_imports()
    circles: list[list[str]] = []
    reach: dict[str, set[str]] = {}

    def reachable(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for nxt in graph[todo.pop()] - seen:
                seen.add(nxt)
                todo.append(nxt)
        return seen

    for name in sorted(graph):
        reach[name] = reachable(name)
    for name in sorted(graph):
        if name in reach[name] and not any(name in c for c in circles):
            circles.append(sorted(m for m in reach[name] if name in reach[m]))
    assert circles == []


def test_no_two_classes_share_a_name() -> None:
    """A class name means one thing across the source: two classes of one name (two Configs, two Sides) make a
    reader, and an import, pick the wrong one."""
    where: dict[str, list[str]] = defaultdict(list)
    for package in OURS:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.ClassDef):
                    where[node.name].append(str(path.relative_to(ROOT)))
    assert {name: files for name, files in where.items() if len(files) > 1} == {}
