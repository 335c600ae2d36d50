"""`cribbage board firmware`: the firmware the guide copies to the Pico, written from the installed package with the
board's settings filled in, and run as written."""

import ast
import re
import shlex
from importlib import resources
from pathlib import Path

import pytest

from bot.cli.main import main
from tests.board_driver.test_board_guide import TEXT as GUIDE


def settings(main_py: str) -> dict[str, object]:
    tree = ast.parse(main_py)
    return {n.targets[0].id: ast.literal_eval(n.value) for n in tree.body
            if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name) and n.targets[0].id.isupper()
            and isinstance(n.value, ast.Constant)}


def test_the_guide_s_command_writes_the_package_s_firmware_set_for_the_usb_board(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    line = next(x for x in GUIDE.splitlines() if x.strip().startswith("~/cribbage/bin/cribbage board firmware"))
    monkeypatch.chdir(tmp_path)
    assert main(shlex.split(line)[1:]) == 0
    out = capsys.readouterr().out
    assert out.startswith("wrote pico/main.py (traditional, 2 tracks, 121 holes, BUDGET_MA 450, GP0) and "
                          "pico/pegboard/")
    package = resources.files("firmware")
    for name in ("__init__.py", "core.py", "layout.py", "picture.py"):
        assert (tmp_path / "pico" / "pegboard" / name).read_text() == package.joinpath("pegboard", name).read_text()
    written = (tmp_path / "pico" / "main.py").read_text()
    assert written == package.joinpath("main.py").read_text()  # the USB board is main.py's own default
    copied = re.findall(r"mpremote cp (.*) :", GUIDE)
    assert all(Path(tmp_path / p).exists() for line in copied for p in line.replace("\\", " ").split()), copied


def test_the_options_set_main_py_and_nothing_else(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "four"
    assert main(["board", "firmware", "-o", str(out), "--layout", "straight", "--tracks", "4", "--holes", "61",
                 "--budget", "2000", "--data-pin", "2"]) == 0
    written = (out / "main.py").read_text()
    original = resources.files("firmware").joinpath("main.py").read_text()
    assert {k: v for k, v in settings(written).items() if settings(original)[k] != v} == {
        "DATA_PIN": 2, "LAYOUT": "straight", "TRACKS": 4, "HOLES": 61, "BUDGET_MA": 2000}
    assert len(written.splitlines()) == len(original.splitlines())
    assert sorted(p.name for p in out.iterdir()) == ["main.py", "pegboard"]  # nothing half-written left beside


@pytest.mark.parametrize(("argv", "error"), [
    (["--tracks", "5"], "argument --tracks: '5' is not a whole number from 1 to 4"),
    (["--layout", "round"], "argument --layout: invalid choice: 'round'"),
    (["--budget", "0"], "argument --budget: '0' is not a whole number from 1 to 20000"),
])
def test_bad_options_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                                  error: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["board", "firmware", "-o", str(tmp_path / "x"), *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert error in err and len(err.splitlines()) == 1
    assert not (tmp_path / "x").exists()
