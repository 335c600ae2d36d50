import io
import json

import pytest

from bot.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "5H", "5C", "5D", "JS", "--starter", "5S", "--json")
    data = json.loads(out)
    assert status == 0
    assert data["hand"] == ["5H", "5C", "5D", "JS"] and data["starter"] == "5S" and data["crib"] is False
    assert data["total"] == 29 and len(data["items"]) == 10
    assert data["items"][0] == {"kind": "fifteen", "cards": ["5S", "JS"], "points": 2, "call": "fifteen two"}


def test_score_text_and_crib(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "2h", "4h", "6h", "8h", "--starter", "KS", "--crib")
    assert status == 0 and out.strip().endswith("total 0")
    status, out, _ = run(capsys, "score", "2h", "4h", "6h", "8h", "--starter", "KS")
    assert "a flush of four is four" in out and out.strip().endswith("total 4")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "5H", "5X", "5D", "JS", "--starter", "5S"], "unknown suit 'X' in '5X'"),
        (["score", "5H", "5D", "JS", "--starter", "5S"], "expected 4 cards, got 3"),
        (["score", "5H", "5H", "5D", "JS", "--starter", "5S"], "card 5H appears twice"),
        (["score", "5H", "5C", "5D", "JS"], "give the starter with --starter"),
        (["selfplay", "--games", "2", "--players", "random,genius", "--record", "-"],
         "unknown player 'genius'"),
        (["replay", "/nonexistent/file.jsonl"], "cannot read /nonexistent/file.jsonl"),
    ],
)
def test_bad_input_is_named(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and message in err


def test_score_batch_answers_every_good_line(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    lines = "5H 5C 5D JS 5S\n5H 5H 5D JS 5S\n\n2h 4h 6h 8h qh crib\nAS 2S\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    status, out, _ = run(capsys, "score", "--batch", "--json")
    rows = [json.loads(x) for x in out.splitlines()]
    assert status == 1
    assert [r.get("total", r.get("error")) for r in rows] == [
        29, "card 5H appears twice", 5, "expected 4 hand cards and a starter, got 2 card(s)"]
    assert rows[1]["line"] == 2 and rows[3]["line"] == 5
    monkeypatch.setattr("sys.stdin", io.StringIO("5H 5C 5D JS 5S\nTH 10D 5C 5S JD crib\n"))
    status, out, _ = run(capsys, "score", "--batch")
    assert status == 0 and out.splitlines() == ["5H 5C 5D JS 5S: 29", "10H 10D 5C 5S JD crib: 16"]


def test_batch_json_fast_path_matches_the_breakdown(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from engine.core.cards import DECK
    from engine.core.scoring import breakdown_json, score_hand

    rng = random.Random(3)
    hands = [rng.sample(DECK, 5) for _ in range(3000)]
    text = "".join(" ".join(map(str, h)) + (" crib" if i % 3 == 0 else "") + "\n"
                   for i, h in enumerate(hands))
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    _, out, _ = run(capsys, "score", "--batch", "--json")
    expected = [breakdown_json(score_hand(h[:4], h[4], crib=i % 3 == 0)) for i, h in enumerate(hands)]
    assert [json.loads(x) for x in out.splitlines()] == expected


def test_distribution_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "stats", "distribution", "--json")
    data = json.loads(out)
    assert status == 0 and data["crib"] is False and len(data["counts"]) == 30
    assert data["counts"][29] == 4 and data["counts"][19] == 0 and data["counts"][0] == 1009008


def test_selfplay_then_replay(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    path = tmp_path / "games.jsonl"
    status, out, _ = run(capsys, "selfplay", "--games", "6", "--seed", "5", "--record", str(path))
    assert status == 0 and out.startswith("6 games, ")
    records = [json.loads(x) for x in path.read_text().splitlines()]
    assert len(records) == 6 and all(r["winner"] in (0, 1) for r in records)
    assert records[0]["seats"] == ["computer:random", "computer:random"]
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0 and out.strip() == "6 replayed, 0 did not"
    records[2]["pegs"][1]["front"] += 2
    path.write_text("\n".join(json.dumps(r) for r in records) + "\nnot json\n")
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 1
    assert "line 3: peg 1: front is" in out and "line 7: not JSON" in out
    assert out.strip().endswith("5 replayed, 2 did not")


def test_selfplay_three_players_to_61(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    status, _, _ = run(capsys, "selfplay", "--games", "3", "--seats", "3", "--target", "61",
                       "--record", str(path))
    rec = json.loads(path.read_text().splitlines()[0])
    assert status == 0 and rec["rules"]["players"] == 3 and rec["rules"]["target"] == 61
    assert len(rec["deals"][0]["deck_to_crib"]) == 1


def test_batch_with_workers_keeps_order_and_line_numbers() -> None:
    import random

    from bot.cli.commands.score import run_batch
    from engine.core.cards import DECK

    rng = random.Random(9)
    lines = [" ".join(map(str, rng.sample(DECK, 5))) for _ in range(25_000)]
    lines[12_344] = "5H 5H 5D JS 5S"  # line 12,345 is bad
    text = "\n".join(lines) + "\n"
    one, two = io.StringIO(), io.StringIO()
    assert run_batch(io.StringIO(text), one, as_json=True, workers=1) == 1
    assert run_batch(io.StringIO(text), two, as_json=True, workers=2) == 1
    assert one.getvalue() == two.getvalue()
    rows = one.getvalue().splitlines()
    assert len(rows) == 25_000
    assert json.loads(rows[12_344]) == {"line": 12345, "error": "card 5H appears twice"}


def test_db_commands_say_where_a_postgresql_database_is_backed_up(monkeypatch, capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", "postgresql://cribbage@127.0.0.1:5/cribbage")
    monkeypatch.chdir(tmp_path)
    assert main(["db", "backup", "copy.sqlite3"]) == 2
    assert capsys.readouterr().err.strip() == (
        "cribbage db: the games are in PostgreSQL ([storage] url or $CRIBBAGE_DATABASE_URL): use pg_dump to back "
        "it up (docs/deploy.md); --db FILE names an SQLite file")
    assert main(["db", "check"]) == 2  # checked where it is (tests/bot/storage/postgres): here, no server answers
    err = capsys.readouterr().err.strip()
    assert err.startswith("cribbage db: cannot open the database postgresql://cribbage@127.0.0.1:5/cribbage: ")
    assert "\n" not in err
