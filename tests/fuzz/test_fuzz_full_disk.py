"""Every command that writes a file, on a real small file system (a 160 KB tmpfs, where this machine lets the test
mount one) with any amount of room left: it either writes its files whole (exit 0) or says in one line that it could
not, exit 1, with the files there before exactly as they were and nothing half-written or temporary left behind."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.fuzzing import cribbage, scaled
from tests.small_disk import small_disk

OLD = b"the file as it was\n"

WRITERS: dict[str, tuple[list[str], list[str]]] = {
    "render card": (["render", "card", "QH", "-o", "out.png"], ["out.png"]),
    "render show": (["render", "show", "--starter", "5S", "--hand", "5H 5C 5D JS", "--hand", "4H 6C 7D 8S",
                     "--crib", "2C 3C 4C 9S", "-o", "out.png"], ["out.png"]),
    "render gallery": (["render", "gallery", "-o", "g"], ["g/card_QH.png", "g/show_4.png"]),
    "board template": (["board", "template", "--holes", "61", "-o", "t"], ["t.svg", "t.pdf"]),
    "selfplay": (["selfplay", "--games", "12", "--seed", "3", "--record", "games.jsonl"], ["games.jsonl"]),
    "wintable build": (["wintable", "build", "--deals", "200", "--simulator", "python", "--target", "61",
                        "--out", "t.json.gz"], ["t.json.gz"]),
}
"""Each command that writes files, and some of the files it writes (made beforehand with old contents)."""


@pytest.fixture(scope="module")
def disk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    with small_disk(tmp_path_factory.mktemp("small") / "disk") as folder:
        yield folder


def _clear(folder: Path) -> None:
    for entry in folder.iterdir():
        shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()


def _fill(folder: Path, leave: int) -> None:
    info = os.statvfs(folder)
    free = info.f_bavail * info.f_frsize
    if free > leave:
        (folder / ".filler").write_bytes(b"\0" * (free - leave))


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()
            and p.name != ".filler"}


@scaled(0.4)
@given(st.sampled_from(sorted(WRITERS)), st.integers(0, 150_000), st.booleans())
def test_a_file_is_written_whole_or_left_as_it_was(disk: Path, name: str, leave: int, old: bool) -> None:
    argv, outputs = WRITERS[name]
    _clear(disk)
    if old:
        for output in outputs:
            (disk / output).parent.mkdir(parents=True, exist_ok=True)
            (disk / output).write_bytes(OLD)
    before = _files(disk)
    _fill(disk, leave)
    cwd = Path.cwd()
    os.chdir(disk)
    try:
        ran = cribbage(argv, seconds=120)
    finally:
        os.chdir(cwd)
    after = _files(disk)
    assert not any(Path(p).name.startswith(".") for p in after), after.keys()  # nothing staged is left
    if ran.status == 0:
        assert all(after.get(output, OLD) != OLD for output in outputs), ran
        if name == "selfplay":
            assert [json.loads(line)["format"] for line in after["games.jsonl"].splitlines()] == [
                "cribbage-record"] * 12
    else:
        said = ran.err.splitlines()[-1] if ran.err else ""  # after a build's progress bar, when there is one
        assert ran.status == 1 and "Traceback" not in ran.err, ran
        assert said.startswith(f"cribbage {argv[0]}: cannot write ") and ": No space left on device; " in said, ran
        assert after == before, ran
