"""scripts/check_shape.py: one line per class over 400 lines or function over 60, and the exit status."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "check_shape.py"


def run(cwd: Path, *packages: str) -> tuple[int, list[str]]:
    done = subprocess.run([sys.executable, str(SCRIPT), *packages], cwd=cwd, capture_output=True, text=True,
                          check=False)
    return done.returncode, done.stdout.splitlines()


def body(prefix: str, lines: int) -> list[str]:
    return [f"    {prefix}{i} = {i}" for i in range(lines)]


def test_long_function_and_class_are_named(tmp_path: Path) -> None:
    source = [
        "def long_function() -> int:",  # line 1: 61 lines with its body
        *body("x", 59),
        "    return 0",
        "",
        "",
        "@decorator",  # line 64: the decorator does not count, so 60 lines
        "def decorated() -> int:",
        *body("y", 58),
        "    return 0",
        "",
        "",
        "class Big:",  # line 127: 401 lines with its body
        *body("a", 400),
    ]
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text("\n".join(source) + "\n")
    assert run(tmp_path, "pkg") == (1, [
        "pkg/mod.py:1 function long_function is 61 lines (max 60)",
        "pkg/mod.py:127 class Big is 401 lines (max 400)",
    ])


def test_methods_are_functions_too(tmp_path: Path) -> None:
    source = ["class Small:", "    def method(self) -> None:", *body("    z", 60)]
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "small.py").write_text("\n".join(source) + "\n")
    assert run(tmp_path, "pkg") == (1, ["pkg/small.py:2 function method is 61 lines (max 60)"])


def test_a_clean_package_passes_silently(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "pkg" / "sub" / "ok.py").write_text("class Fine:\n    def short(self) -> int:\n        return 1\n")
    (tmp_path / "pkg" / "empty.py").write_text("")
    assert run(tmp_path, "pkg") == (0, [])


def test_a_missing_package_is_a_usage_error(tmp_path: Path) -> None:
    code, out = run(tmp_path, "nowhere")
    assert (code, out) == (2, [])
