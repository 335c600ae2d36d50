"""`import engine`: the public names, each the object its module defines, and loaded only when asked for."""

import ast
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import engine

INIT = Path(engine.__file__)


def test_all_names_the_public_names_and_each_is_its_modules_object() -> None:
    assert sorted(engine.__all__) == sorted(engine._HOME)
    for name in engine.__all__:
        assert getattr(engine, name) is getattr(import_module(engine._HOME[name]), name), name


def test_the_type_checking_imports_list_the_same_names() -> None:
    tree = ast.parse(INIT.read_text())
    block = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    imported = {n.module: tuple(a.name for a in n.names) for n in block.body if isinstance(n, ast.ImportFrom)}
    assert imported == engine._MODULES


def test_the_engine_names_itself_in_errors_for_unknown_names() -> None:
    with pytest.raises(AttributeError, match="module 'engine' has no attribute 'Shuffle'"):
        engine.Shuffle  # noqa: B018


def test_import_engine_loads_no_engine_module_until_a_name_is_used() -> None:
    code = ("import sys, engine; before = sorted(m for m in sys.modules if m.startswith('engine'));"
            "engine.parse_card; print(before, sorted(m for m in sys.modules if m.startswith('engine')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['engine'] ['engine', 'engine.core', 'engine.core.cards']"
