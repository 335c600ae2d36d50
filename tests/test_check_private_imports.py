"""scripts/check_private_imports.py: a module that takes another module's private name is named, line by line."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "check_private_imports.py"


def run(cwd: Path, *packages: str) -> tuple[int, list[str]]:
    done = subprocess.run([sys.executable, str(SCRIPT), *packages], cwd=cwd, capture_output=True, text=True,
                          check=False)
    return done.returncode, done.stdout.splitlines()


def test_private_names_taken_by_import_or_by_attribute_are_named(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "inner.py").write_text("_secret = 1\nopen_value = 2\n_own = 3\nprint(_own)\n")
    (tmp_path / "pkg" / "outer.py").write_text(
        "from __future__ import annotations\n"
        "from pkg.inner import _secret, open_value\n"
        "import pkg.inner\n"
        "from pkg import inner\n"
        "from os import _exit\n"  # not ours: the standard library's business
        "print(pkg.inner._own, inner._secret, inner.__doc__, open_value)\n")
    assert run(tmp_path, "pkg") == (1, [
        "pkg/outer.py:2 imports _secret from pkg.inner",
        "pkg/outer.py:6 uses pkg.inner._own",
        "pkg/outer.py:6 uses inner._secret",
    ])


def test_a_clean_tree_passes_and_no_package_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("from pkg.b import value\n")
    (tmp_path / "pkg" / "b.py").write_text("value = 1\n_hidden = 2\n")
    assert run(tmp_path, "pkg") == (0, [])
    assert run(tmp_path)[0] == 2
