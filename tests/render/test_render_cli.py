"""`cribbage render ...` through the command line's main, with files in tmp_path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli.main import main
from render.board import make_board, peg_centre
from render.board import size as board_size
from render.style import PLAYER_COLOURS
from tests.render.render_helpers import decode, near, rgb_at


def render(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "out.png"
    assert main(["render", *args, "-o", str(out)]) == 0
    return out


def fails(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run a bad command; return its error message after checking the exit status is 2."""
    assert main(["render", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cribbage render: ")
    return err


def test_card_and_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = render(tmp_path, "card", "QH")
    assert decode(out.read_bytes()).size == (150, 210)
    assert "wrote" in capsys.readouterr().out
    assert decode(render(tmp_path, "card", "back", "--width", "80").read_bytes()).size == (80, 112)
    assert decode(render(tmp_path, "card", "10d", "--four-colour").read_bytes()).size == (150, 210)


def test_hand(tmp_path: Path) -> None:
    image = decode(render(tmp_path, "hand", "5H", "5C", "6D", "7S", "JH", "KD", "--labels").read_bytes())
    assert image.size[0] > 6 * 110


def test_table(tmp_path: Path) -> None:
    out = render(tmp_path, "table", "--players", "Alice,Bob", "--dealer", "bob", "--starter", "5D",
                 "--played", "7H,8S,9D:bob", "--crib", "4", "--to-play", "Alice")
    assert decode(out.read_bytes()).size[0] == 820


def test_board_pegs_as_the_board_command_writes_them(tmp_path: Path) -> None:
    out = render(tmp_path, "board", "--pegs", "87/80,95/91", "--names", "Alice,Bob")
    image = decode(out.read_bytes())
    board = make_board([(87, 80), (95, 91)], ["Alice", "Bob"])
    assert image.size == board_size(board)
    assert near(rgb_at(image, peg_centre(board, 1, 95)), PLAYER_COLOURS[1])


def test_board_short_game_and_colours(tmp_path: Path) -> None:
    out = render(tmp_path, "board", "--pegs", "40/31,20/12,0/0", "--target", "61",
                 "--colours", "#cc2020,#2020cc,#20cc20")
    board = make_board([(40, 31), (20, 12), (0, 0)], target=61)
    image = decode(out.read_bytes())
    assert image.size == board_size(board)
    assert near(rgb_at(image, peg_centre(board, 0, 40)), (0xCC, 0x20, 0x20))


def test_breakdown(tmp_path: Path) -> None:
    out = render(tmp_path, "breakdown", "5H", "5C", "5D", "JS", "--starter", "5S", "--theme", "light")
    assert decode(out.read_bytes()).size[0] == 640


def analyze_json() -> dict[str, object]:
    options = [
        {"discard": ["JH", "KD"], "keep": ["5H", "5C", "6D", "7S"], "hand_ev": 12.2, "hand_min": 8,
         "hand_max": 20, "crib_ev": 4.4, "net": 16.6},
        {"discard": ["6D", "7S"], "keep": ["5H", "5C", "JH", "KD"], "hand_ev": 12.4, "hand_min": 10,
         "hand_max": 21, "crib_ev": 5.6, "net": 18.0},
    ]
    return {"cards": ["5H", "5C", "6D", "7S", "JH", "KD"], "dealer": True, "options": options}


def test_analysis_from_analyze_json(tmp_path: Path) -> None:
    source = tmp_path / "a.json"
    source.write_text(json.dumps(analyze_json()))
    out = render(tmp_path, "analysis", "--from", str(source))
    assert decode(out.read_bytes()).size[0] == 860
    render(tmp_path, "analysis", "--from", str(source), "--pone", "--theme", "light")


def test_analysis_of_six_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import engine.analysis.discards

    if not hasattr(engine.analysis.discards, "analyze"):
        pytest.skip("the analyzer is not in this tree")
    six = ["5H", "5C", "6D", "7S", "JH", "KD"]
    out = render(tmp_path, "analysis", *six, "--dealer")
    assert decode(out.read_bytes()).size[0] == 860
    assert "--dealer or --pone" in fails(capsys, "analysis", *six, "-o", str(tmp_path / "x.png"))
    assert "or --from FILE" in fails(capsys, "analysis", "-o", str(tmp_path / "x.png"))


def test_analysis_from_stdin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(analyze_json())))
    render(tmp_path, "analysis", "--from", "-")


def test_winprob(tmp_path: Path) -> None:
    out = render(tmp_path, "winprob", "--probs", "0.5,0.6,0.42,0.7,1", "--deals", "1,3",
                 "--player", "Alice", "--opponent", "Bob")
    assert decode(out.read_bytes()).size == (760, 350)
    numbers = tmp_path / "p.txt"
    numbers.write_text("0.5\n0.55 0.6\n0.3,0.0\n")
    render(tmp_path, "winprob", "--from", str(numbers))


def test_gallery_writes_every_kind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "gallery", "-o", str(tmp_path / "g")]) == 0
    written = sorted(p.name for p in (tmp_path / "g").iterdir())
    for kind in ("card_QH", "card_back", "deck", "hand", "table", "board", "board_61", "breakdown",
                 "analysis", "winprob"):
        assert f"{kind}.png" in written
    assert len(capsys.readouterr().out.splitlines()) == len(written)
    for name in written:
        data = (tmp_path / "g" / name).read_bytes()
        assert len(data) < 150 * 1024, name
        decode(data)


@pytest.mark.parametrize(("args", "message"), [
    (["card", "ZZ", "-o", "x.png"], "unknown rank 'Z'"),
    (["card", "QH", "--width", "5", "-o", "x.png"], "card width 5"),
    (["hand", "5H", "5H", "-o", "x.png"], "5H appears twice"),
    (["board", "--pegs", "87-80,95/91", "-o", "x.png"], "track 1 is '87-80' in '87-80,95/91': expected FRONT/BACK"),
    (["board", "--pegs", "87/80", "-o", "x.png"], "2, 3 or 4 tracks, got 1"),
    (["board", "--pegs", "80/87,95/91", "-o", "x.png"], "back peg 87 must be behind the front peg 80"),
    (["board", "--pegs", "160/125,95/91", "-o", "x.png"], "track 1 front peg 160 is past the last hole 121"),
    (["board", "--pegs", "130/80,95/91", "-o", "x.png"], "track 1 front peg 130 is past the last hole 121"),
    (["board", "--pegs", "87/80,95/91", "--target", "100", "-o", "x.png"], "--target 100 is not 121 or 61"),
    (["board", "--pegs", "87/80,95/91", "--names", "A", "-o", "x.png"], "1 names for 2 tracks"),
    (["board", "--pegs", "87/80,95/91", "--colours", "red,#00ff00", "-o", "x.png"], "colour 'red'"),
    (["table", "--players", "Alice", "-o", "x.png"], "2 to 4 players, got 1"),
    (["table", "--dealer", "Zed", "-o", "x.png"], "--dealer 'Zed' is not a player"),
    (["table", "--played", "KH,QS,JD,10C", "-o", "x.png"], "counts 40, past 31"),
    (["table", "--played", "KH:Nobody", "-o", "x.png"], "'Nobody' is not a player"),
    (["breakdown", "5H", "5C", "5D", "--starter", "5S", "-o", "x.png"], "expected 4 cards, got 3"),
    (["winprob", "--probs", "0.5,abc", "-o", "x.png"], "'abc' is not a number"),
    (["winprob", "--probs", "0.5,1.5", "-o", "x.png"], "probability 1.5"),
    (["winprob", "--probs", "0.5,0.6", "--deals", "3", "-o", "x.png"], "--deals: '3' is not a move number"),
])
def test_bad_arguments_are_named(args: list[str], message: str, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert message in fails(capsys, *args)
    assert not (tmp_path / "x.png").exists()


def test_analysis_input_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "x.png")
    missing = tmp_path / "none.json"
    assert "cannot read" in fails(capsys, "analysis", "--from", str(missing), "-o", out)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert "is not JSON" in fails(capsys, "analysis", "--from", str(bad), "-o", out)
    bad.write_text(json.dumps({"cards": []}))
    assert "no \"options\" list" in fails(capsys, "analysis", "--from", str(bad), "-o", out)
    data = analyze_json()
    data["options"][0].pop("net")  # type: ignore[index]
    bad.write_text(json.dumps(data))
    assert "option 1 is not readable" in fails(capsys, "analysis", "--from", str(bad), "-o", out)


def test_png_to_stdout(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["render", "card", "AS", "-o", "-"]) == 0
    assert decode(capsysbinary.readouterr().out).size == (150, 210)


def test_unwritable_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no" / "such" / "dir" / "x.png"
    assert "cannot write" in fails(capsys, "card", "QH", "-o", str(target))


def test_missing_output_is_an_argparse_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["render", "card", "QH"])
    assert exc.value.code == 2
    assert "-o/--output" in capsys.readouterr().err


def test_live_table_of_four_on_two_partnership_tracks(tmp_path: Path) -> None:
    out = render(tmp_path, "live", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Dan", "--starter", "QD",
                 "--played", "KH,5S,AC,9H", "--to-play", "Ann", "--pegs", "52/44,40/31", "--target", "61")
    assert decode(out.read_bytes()).size == (1100, 707)


def test_live_table_needs_a_track_a_player(capsys: pytest.CaptureFixture[str]) -> None:
    err = fails(capsys, "live", "--pegs", "1/0,2/0,3/0", "-o", "x.png")
    assert err == "cribbage render: --pegs has 3 tracks; 2 players have 2\n"


def test_show_of_two_hands_and_the_crib(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = render(tmp_path, "show", "--starter", "5S", "--hand", "4H 5H 6H 6C", "--hand", "JD QD KD 10C",
                 "--crib", "5C 5D JS QS", "--players", "Alice,Bob")
    assert decode(out.read_bytes()).size == (1100, 696)
    err = fails(capsys, "show", "--starter", "5S", "--hand", "4H 5H 6H 6C", "-o", "x.png")
    assert err == "cribbage render: --hand is given 1 times; a show has 2 to 4 hands\n"


@pytest.mark.parametrize(("hands", "crib", "twice"), [
    (["5H 5C 5D JS", "5H 6C 7D 8S"], None, "5H"),
    (["5H 5C 5D JS", "4H 6C 7D 8S"], "2C 3C 4C JS", "JS"),
    (["5H 5C 5D JS", "4H 6C 7D 5S"], None, "5S"),
])
def test_show_refuses_a_card_in_two_hands(capsys: pytest.CaptureFixture[str], hands: list[str], crib: str | None,
                                          twice: str) -> None:
    argv = ["show", "--starter", "5S", *(a for h in hands for a in ("--hand", h)), *(["--crib", crib] if crib else []),
            "-o", "x.png"]
    assert fails(capsys, *argv) == f"cribbage render: card {twice} appears twice\n"


def test_analysis_from_a_file_that_starts_with_a_byte_order_mark(tmp_path: Path) -> None:
    source = tmp_path / "a.json"
    source.write_bytes(b"\xef\xbb\xbf" + json.dumps(analyze_json()).encode())
    assert decode(render(tmp_path, "analysis", "--from", str(source)).read_bytes()).size[0] > 0
