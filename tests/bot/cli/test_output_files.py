"""Output files are written whole or not at all: real `cribbage` processes writing on a real small file system (a
160 KB tmpfs, when this machine lets the tests mount one) and under a file-size limit (`ulimit -f`, which needs no
privilege). A failure exits 1 in one line, leaves the file as it was and leaves no temporary file behind."""

from __future__ import annotations

import json
import os
import resource
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from bot.cli.errors import UsageError
from bot.cli.files import LineFile, WriteFailed, write_all, write_whole
from bot.cli.paths import check_output
from tests.small_disk import small_disk as mounted

ROOT = Path(__file__).resolve().parents[3]
OLD = b"old contents, kept whole\n"


def _environment(folder: Path) -> dict[str, str]:
    return {**os.environ, "CRIBBAGE_CONFIG": "", "CRIBBAGE_DATABASE_URL": "", "XDG_DATA_HOME": str(folder),
            "PYTHONPATH": str(ROOT)}


def _limit(size: int) -> Callable[[], None]:
    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return limited


def cribbage(argv: Sequence[str], folder: Path, *, stdout: int | None = subprocess.PIPE, file_size: int | None = None
             ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli.main", *argv], cwd=folder, env=_environment(folder),
                          stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=300,
                          preexec_fn=None if file_size is None else _limit(file_size), check=False)


def hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob(".*"))


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 160 KB file system (tmpfs), mounted for the test; skipped where mounting is not permitted."""
    with mounted(tmp_path / "disk") as disk:
        yield disk


def fill(disk: Path, leave: int) -> None:
    """Take all but about `leave` bytes of the disk."""
    info = os.statvfs(disk)
    free = info.f_bavail * info.f_frsize
    (disk / "filler").write_bytes(b"\0" * max(0, free - leave))


# ---------------------------------------------------------------------------- a full disk (tmpfs)

SHOW = ["render", "show", "--starter", "5S", "--hand", "5H 5C 5D JS", "--hand", "4H 6C 7D 8S", "-o"]


def test_a_picture_on_a_full_disk_leaves_the_old_file_and_exits_1(small_disk: Path) -> None:
    (small_disk / "show.png").write_bytes(OLD)
    fill(small_disk, 8 << 10)
    ran = cribbage([*SHOW, "show.png"], small_disk)
    assert (ran.returncode, ran.stderr) == (1, "cribbage render: cannot write 'show.png': No space left on device; "
                                               "it is as it was\n")
    assert (small_disk / "show.png").read_bytes() == OLD and hidden(small_disk) == []
    ran = cribbage([*SHOW, "new.png"], small_disk)
    assert (ran.returncode, ran.stderr) == (1, "cribbage render: cannot write 'new.png': No space left on device; "
                                               "nothing was written\n")
    assert not (small_disk / "new.png").exists() and hidden(small_disk) == []


def test_the_gallery_and_a_template_are_written_whole_or_not_at_all(small_disk: Path) -> None:
    ran = cribbage(["render", "gallery", "-o", "g"], small_disk)
    assert ran.returncode == 1 and ran.stderr.startswith("cribbage render: cannot write 'g/")
    assert ran.stderr.endswith(": No space left on device; none of the 21 files was written (those there before "
                               "are kept)\n")
    assert list((small_disk / "g").iterdir()) == []
    ran = cribbage(["board", "template", "-o", "board"], small_disk)
    assert ran.returncode == 1 and ran.stderr.endswith("none of the 11 files was written (those there before are "
                                                       "kept)\n"), ran.stderr
    assert [p.name for p in small_disk.iterdir()] == ["g"]


def test_selfplay_on_a_full_disk_keeps_the_old_record_file(small_disk: Path) -> None:
    (small_disk / "games.jsonl").write_bytes(OLD)
    ran = cribbage(["selfplay", "--games", "60", "--record", "games.jsonl"], small_disk)
    assert (ran.returncode, ran.stdout, ran.stderr) == (
        1, "", "cribbage selfplay: cannot write 'games.jsonl': No space left on device; it is as it was\n")
    assert (small_disk / "games.jsonl").read_bytes() == OLD and hidden(small_disk) == []


def test_records_appended_to_standard_output_on_a_full_disk_stay_whole(small_disk: Path) -> None:
    path = small_disk / "games.jsonl"
    path.write_bytes(OLD)
    with path.open("ab") as out:
        ran = cribbage(["selfplay", "--games", "60", "--record", "-"], small_disk, stdout=out.fileno())
    assert ran.returncode == 1 and ran.stderr.startswith("cribbage selfplay: cannot write standard output: No space "
                                                         "left on device; the ")
    lines = path.read_bytes().split(b"\n")
    assert lines[0] + b"\n" == OLD and lines[-1] == b""  # the last line is whole: no cut record after it
    records = [json.loads(line) for line in lines[1:-1]]
    assert ran.stderr.endswith(f" the {len(records)} record(s) before it are whole\n") and len(records) > 5
    assert all(r["format"] == "cribbage-record" for r in records)


def test_a_win_table_on_a_full_disk_keeps_the_old_table(small_disk: Path) -> None:
    (small_disk / "t.json.gz").write_bytes(OLD)
    fill(small_disk, 12 << 10)
    ran = cribbage(["wintable", "build", "--deals", "500", "--simulator", "python", "--out", "t.json.gz"], small_disk)
    assert ran.returncode == 1
    assert ran.stderr.splitlines()[-1] == ("cribbage wintable: cannot write 't.json.gz': No space left on device; "
                                           "it is as it was")
    assert (small_disk / "t.json.gz").read_bytes() == OLD and hidden(small_disk) == []


# ---------------------------------------------------------------------------- a file-size limit (no privilege)


def test_a_file_size_limit_leaves_the_old_picture(tmp_path: Path) -> None:
    (tmp_path / "show.png").write_bytes(OLD)
    ran = cribbage([*SHOW, "show.png"], tmp_path, file_size=16 << 10)
    assert (ran.returncode, ran.stderr) == (1, "cribbage render: cannot write 'show.png': File too large; "
                                               "it is as it was\n")
    assert (tmp_path / "show.png").read_bytes() == OLD and hidden(tmp_path) == []


def test_a_file_size_limit_keeps_the_old_records_and_cuts_no_line(tmp_path: Path) -> None:
    (tmp_path / "games.jsonl").write_bytes(OLD)
    ran = cribbage(["selfplay", "--games", "40", "--record", "games.jsonl"], tmp_path, file_size=64 << 10)
    assert (ran.returncode, ran.stderr) == (1, "cribbage selfplay: cannot write 'games.jsonl': File too large; "
                                               "it is as it was\n")
    assert (tmp_path / "games.jsonl").read_bytes() == OLD and hidden(tmp_path) == []
    with (tmp_path / "games.jsonl").open("ab") as out:
        ran = cribbage(["selfplay", "--games", "40", "--record", "-"], tmp_path, stdout=out.fileno(),
                       file_size=64 << 10)
    assert ran.returncode == 1 and "cannot write standard output: File too large" in ran.stderr
    data = (tmp_path / "games.jsonl").read_bytes()
    assert data.startswith(OLD) and data.endswith(b"\n") and 30 << 10 < len(data) <= 64 << 10
    assert all(json.loads(line)["format"] == "cribbage-record" for line in data[len(OLD):].splitlines())


# ---------------------------------------------------------------------------- the helpers themselves


def test_a_file_replaced_keeps_its_permissions_and_a_link_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "real.png"
    target.write_bytes(OLD)
    target.chmod(0o640)
    link = tmp_path / "link.png"
    link.symlink_to(target)
    write_whole(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640 and hidden(tmp_path) == []


def test_a_device_is_written_in_place_not_replaced() -> None:
    write_whole(os.devnull, b"anything")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_a_set_of_files_is_written_whole_or_none_of_it(tmp_path: Path) -> None:
    (tmp_path / "a").write_bytes(OLD)
    with pytest.raises(WriteFailed) as failed:
        write_all([(tmp_path / "a", b"new a"), (tmp_path / "no" / "b", b"new b")])
    assert str(failed.value) == (f"cannot write '{tmp_path}/no/b': No such file or directory; none of the 2 files "
                                 "was written (those there before are kept)")
    assert (tmp_path / "a").read_bytes() == OLD and hidden(tmp_path) == []


def test_lines_are_staged_until_kept_and_dropped_on_a_failure(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_bytes(OLD)
    with LineFile(str(path)) as out:
        out.write("{}")
        assert path.read_bytes() == OLD and out.staged is not None and Path(out.staged).read_bytes() == b"{}\n"
    assert path.read_bytes() == b"{}\n" and hidden(tmp_path) == []
    with pytest.raises(RuntimeError), LineFile(str(path)) as out:
        out.write("[]")
        raise RuntimeError("the work failed")
    assert path.read_bytes() == b"{}\n" and hidden(tmp_path) == []
    with pytest.raises(KeyboardInterrupt), LineFile(str(path)) as out:  # a stop keeps the whole lines written
        out.write("[1]")
        raise KeyboardInterrupt
    assert path.read_bytes() == b"[1]\n" and hidden(tmp_path) == []


def test_a_descriptors_name_is_written_in_place(tmp_path: Path) -> None:
    """`--record /dev/stdout` (a pipe here) is written as it goes, not replaced by a file of that name."""
    ran = cribbage(["selfplay", "--games", "2", "--record", "/dev/stdout"], tmp_path)
    lines = ran.stdout.splitlines()
    assert ran.returncode == 0 and [json.loads(line)["format"] for line in lines[:2]] == ["cribbage-record"] * 2
    assert lines[2].startswith("2 games, ") and hidden(tmp_path) == []


def test_a_file_whose_folder_takes_no_new_file_is_refused_before_the_work(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A file is replaced by a new one made beside it, so its folder must take one: said at once (exit status 2),
    where a device such as /dev/null, written in place, needs nothing of its folder."""
    (tmp_path / "x.png").write_bytes(OLD)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: real_access(path, mode) and Path(path) != tmp_path)
    with pytest.raises(UsageError) as refused:
        check_output(str(tmp_path / "x.png"), "-o")
    assert str(refused.value) == (f"cannot write -o '{tmp_path}/x.png': no permission to write in '{tmp_path}', "
                                  "where it is made anew and put in place")
    check_output(os.devnull, "-o")
