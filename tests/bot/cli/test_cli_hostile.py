"""Hostile input on the command line: each bad value is one line on stderr naming it, exit status 2, never a
traceback; a file of records is checked to its end whatever its bad lines hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli.main import main
from engine.computer.players import RandomPlayer
from engine.computer.selfplay import play_game
from engine.core.record import dumps, to_record
from engine.core.rules import Rules


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:  # argparse's own refusals
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_checks_every_record_and_prints_the_summary(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    good = dumps(to_record(play_game(Rules(), [RandomPlayer(1), RandomPlayer(2)], 4))).encode()
    record = json.loads(good)
    bad = [{**record, "pegs": [1]}, {**record, "deals": [1]},
           {**record, "deals": [{**record["deals"][0], "plays": ["x"]}]}]
    lines = [good, *(json.dumps(r).encode() for r in bad), good.replace(b'"seat":0', b'"seat":Infinity', 1),
             b"\xff" + good, b"[" * 100_000, b'{"format": ' + b"7" * 5000 + b"}", good]
    path = tmp_path / "records.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    status, out, err = run(capsys, "replay", str(path))
    report = out.splitlines()
    assert status == 1 and err == ""
    assert report == ["line 2: peg 0 must be a JSON object, not 1",
                      "line 3: deal 0: a deal must be a JSON object, not 1",
                      "line 4: deal 0: play 0 must be a JSON object, not 'x'",
                      "line 5: cut: a seat is 0 to 3, not inf",
                      "line 6: not UTF-8 text: byte 0xff at column 1",
                      "line 7: not readable: JSON nested too deeply",
                      "line 8: not readable: Exceeds the limit (4300 digits) for integer string conversion",
                      "2 replayed, 7 did not"]


@pytest.mark.parametrize(("argv", "named"), [
    (["render", "table", "--dealer", "²", "-o", "-"], "--dealer '²' is not a player"),
    (["render", "winprob", "--probs", "0.5,0.6", "--deals", "²", "-o", "-"], "--deals: '²' is not a move number"),
    (["render", "table", "--dealer", "9" * 5000, "-o", "-"], "(5,000 characters) is not a player"),
    (["analyze", "5H", "5C", "6D", "7S", "JH", "KD", "--dealer", "--scores", "95,88", "--samples", "100000000"],
     "--samples: '100000000' is not a whole number from 10 to 20000"),
    (["score", "5H", "5C", "5D", "JS", "--starter", "5" + "S" * 100_000], "unknown suit 'SSSS"),
    (["selfplay", "--games", "1", "--record", "/nonexistent/dir/x.jsonl"],
     "cannot write --record '/nonexistent/dir/x.jsonl': there is no folder"),
    (["score", "--workers", "x"], "argument --workers: 'x' is not a whole number from 0 to 64"),
    (["arena", "random", "random", "--games", "0"], "--games: '0' is not a whole number from 2 to 10000000"),
    (["arena", "random", "random", "--games", "2", "--workers", "-1"], "--workers: '-1' is not a whole number from 0"),
    (["arena", "random", "random", "--games", "2", "--workers", "100000"],
     "'100000' is not a whole number from 0 to 64"),
    (["selfplay", "--games", "0", "--record", "-"], "--games: '0' is not a whole number from 1 to 10000000"),
    (["selfplay", "--games", "1", "--seed", "١٢", "--record", "-"], "--seed: '١٢' is not a whole number from 0"),
    (["wintable", "build", "--deals", "10", "--seed=-5", "--out", "x"], "--seed: '-5' is not a whole number from 0"),
    (["board", "set", "--port", "sim://x", "--pegs", "1/0", "--skunk", "1000"],
     "--skunk: '1000' is not a whole number from 0 to 999"),
    (["board", "demo", "--port", "sim://x", "--delay", "nan"], "--delay: 'nan' is not a number from 0 to 60"),
    (["board", "demo", "--port", "sim://x", "--delay", "inf"], "--delay: 'inf' is not a number from 0 to 60"),
    (["board", "sim", "--seconds", "nan"], "--seconds: 'nan' is not a number from 0 to"),
    (["board", "sim", "--seconds", "1e309"], "--seconds: '1e309' is not a number from 0 to"),
    (["winprob", "9" * 5000, "0", "--dealer", "me"], "(5,000 characters) is not a whole number from 0 to 9999"),
    (["play", "--db", ""], "argument --db: '' names no file"),
    (["play", "--db", "/"], "argument --db: '/' is a folder: name a file"),
    (["play", "--board", "sim://t?tracks=9"], "argument --board: tracks 9 is not 1-4"),
    (["play", "--board", "socket://localhost"], "'socket://localhost' needs a host and a port from 1 to 65535"),
    (["play", "--board", "sim://t?seed=" + "9" * 3000], "a board address of 3,013 characters: more than 512 is not"),
    (["board", "get", "--port", "sim://t?drop=nan"], "option drop='nan' in 'sim://t?drop=nan' is not a number"),
    (["render", "board", "--pegs", "²/1,1/1", "-o", "-"], "track 1 is '²/1' in '²/1,1/1': expected FRONT/BACK"),
    (["analyze", "--table", "/nonexistent", "--dealer", "5H", "5C", "6D", "7S", "JH", "KD"],
     "cribbage analyze: cannot read /nonexistent: No such file or directory"),
    (["wintable", "build", "--deals", "5", "--out", "/dev/full"], "cannot write --out '/dev/full': No space left"),
    (["wintable", "build", "--deals", "5", "--out", "/"], "cannot write --out '/': it is a folder; name a file"),
    (["render", "card", "5H", "-o", "/nonexistent/x.png"], "cannot write -o '/nonexistent/x.png': there is no"),
    (["replay", "/"], "cannot read /: Is a directory"),
    (["analyze", "--dealer", "--scores", "1,2", "--samples", "١٠٠", "5H", "5C", "6D", "7S", "JH", "KD"],
     "--samples: '١٠٠' is not a whole number"),
])
def test_a_bad_value_is_one_line_naming_it(capsys: pytest.CaptureFixture[str], argv: list[str], named: str) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and named in err and len(err.splitlines()) == 1 and len(err) < 300, err


def test_render_analysis_from_json_with_a_number_for_a_card(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    source = tmp_path / "a.json"
    source.write_text(json.dumps({"options": [{"discard": [5], "keep": ["5H"], "hand_ev": 1, "hand_min": 0,
                                               "hand_max": 1, "crib_ev": 1, "net": 1}]}))
    status, _, err = run(capsys, "render", "analysis", "--from", str(source), "-o", str(tmp_path / "a.png"))
    assert status == 2 and "option 1 is not readable" in err and len(err.splitlines()) == 1
    source.write_text(json.dumps({"options": [{"discard": ["5C"], "keep": ["5H"], "hand_ev": 1}]}))
    status, _, err = run(capsys, "render", "analysis", "--from", str(source), "-o", str(tmp_path / "a.png"))
    assert status == 2 and err.endswith(": option 1 is not readable (it has no 'hand_min')\n")  # no KeyError


@pytest.mark.parametrize("typed", ["²", "9" * 5000, "١"])
def test_the_terminal_reads_unicode_and_huge_digits_as_what_they_are(typed: str) -> None:
    from bot.terminal.local_game import Ask, read_move
    from engine.core.cards import parse_cards

    hand = parse_cards("5H 5C 6D 7S JH KD")
    for ask in (Ask("play", playable=hand), Ask("lay", 2), Ask("declare")):
        with pytest.raises(ValueError) as caught:
            read_move(ask, hand, typed)
        assert "Exceeds the limit" not in str(caught.value) and "invalid literal" not in str(caught.value)


def test_a_database_path_that_loops_is_refused_by_play_and_bot_check(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    status, _, err = run(capsys, "play", "--db", str(tmp_path / "a"))
    assert status == 2 and "a symbolic link that leads round in a loop" in err
    config = tmp_path / "config.toml"
    config.write_text(f'[storage]\ndatabase = "{tmp_path / "a"}"\n')
    monkeypatch.setenv("DISCORD_TOKEN", "MTA0NTQ3NjQ1NzY3OTEwNDEzNg.GxYzAb.abcdefghijklmnopqrstuvwxyz0123456789ab")
    status, out, err = run(capsys, "bot", "--check", "--config", str(config))
    assert (status, out) == (2, "")
    assert err == f"cribbage bot: the database '{tmp_path / 'a'}': a symbolic link that leads round in a loop\n"


def test_a_long_refusal_keeps_its_two_ends(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "arena", "x" * 50_000, "random", "--games", "2")
    assert status == 2 and len(err) < 500
    assert err.startswith("cribbage arena: unknown strength 'xxx") and "characters left out" in err
    assert err.rstrip().endswith("hard, random, reference")


@pytest.mark.parametrize(("options", "named"), [
    ([{"discard": ["5H", "5C"], "keep": ["6D"], "hand_ev": 1e300, "hand_min": 0, "hand_max": 1, "crib_ev": 1,
       "net": 1}], "hand_ev must be a number from 0 to 29, not 1e+300"),
    ([{"discard": ["5H", "5C"], "keep": ["6D"], "hand_ev": 1, "hand_min": "0", "hand_max": 1, "crib_ev": 1,
       "net": 1}], "hand_min must be a number from 0 to 29, not '0'"),
    ([{}] * 16, "has 16 options: six cards have 15 discards"),
])
def test_render_analysis_refuses_numbers_no_analysis_makes(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           options: list[object], named: str) -> None:
    source = tmp_path / "a.json"
    source.write_text(json.dumps({"options": options}))
    status, _, err = run(capsys, "render", "analysis", "--from", str(source), "-o", str(tmp_path / "a.png"))
    assert status == 2 and named in err and len(err.splitlines()) == 1, err


def test_a_board_port_in_the_config_is_checked_as_board_is(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[board]\nport = "socket://localhost"\n')
    status, out, err = run(capsys, "play", "--memory", "--config", str(config))
    assert (status, out) == (2, "")
    assert err == (f"cribbage play: [board] port in {config}: 'socket://localhost' needs a host and a port from 1 to "
                   "65535: socket://HOST:PORT\n")
