"""The storage's behaviour, the same on both backends: each test marked with `store` or `reopen` runs on SQLite
and on a PostgreSQL server the session starts (tests/pg_server.py; skipped with its reason without one)."""

import multiprocessing
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.settings import of_game
from bot.storage import DamagedGame, SqliteStorage, StaleWrite, Storage, StorageError, decode_action, encode_action
from bot.storage.errors import Damage
from bot.storage.values import (
    Declaration,
    GameMeta,
    GameSummary,
    PlayerLine,
    SeasonRow,
    Seat,
    SeatChange,
    SeatKind,
    Status,
    StoredTable,
)
from engine.core.actions import Declare, Discard, Go, Muggins, Play
from engine.core.cards import parse_card, parse_cards
from engine.core.rules import Rules

ANN = Seat(SeatKind.HUMAN, "ann", "u1")
CPU = Seat(SeatKind.COMPUTER, "computer (easy)", "", "easy")


def meta(gid: str = "g1", status: Status = Status.ACTIVE, place: str = "chan") -> GameMeta:
    return GameMeta(gid, Rules(target=61, skunk=True), (ANN, CPU), 42, status, place, 100.0, 100.0)


def test_actions_round_trip_as_compact_json() -> None:
    actions = [Discard(0, parse_cards("5H JS")), Play(1, parse_card("10C")), Go(0), Declare(1, 12),
               Muggins(0, True)]
    texts = [encode_action(a) for a in actions]
    assert texts[0] == '{"t":"lay","seat":0,"cards":["5H","JS"]}'
    assert texts[1] == '{"t":"play","seat":1,"card":"10C"}'
    assert [decode_action(t) for t in texts] == actions


def test_unreadable_action_names_the_text() -> None:
    with pytest.raises(StorageError, match=r"""unreadable action '\{"t":"play","seat":0,"card":"5X"\}'"""):
        decode_action('{"t":"play","seat":0,"card":"5X"}')
    with pytest.raises(StorageError, match="unknown action kind"):
        decode_action('{"t":"dance","seat":0}')


def test_game_and_log_survive_reopening(reopen: Callable[[], Storage]) -> None:
    s = reopen()
    s.create(meta())
    s.append("g1", 0, [Discard(0, parse_cards("5H JS")), Discard(1, parse_cards("2C 3C"))], now=110.0)
    s.append("g1", 2, [Play(1, parse_card("10C"))], now=120.0)
    s.close()
    again = reopen()
    stored = again.load("g1")
    assert stored is not None
    assert stored.meta == GameMeta("g1", Rules(target=61, skunk=True), (ANN, CPU), 42, Status.ACTIVE, "chan",
                                   100.0, 120.0, rev=2)
    assert stored.actions == (Discard(0, parse_cards("5H JS")), Discard(1, parse_cards("2C 3C")),
                              Play(1, parse_card("10C")))
    assert again.load("nope") is None
    again.close()


def test_a_games_auto_go_and_the_mention_settings_survive_reopening(reopen: Callable[[], Storage]) -> None:
    s = reopen()
    s.create(replace(meta("g1"), settings=(("auto_go", "false"),)))
    s.create(meta("g2"))
    assert s.settings_of("server", "srv") == {} and s.setting_values("member", "mentions", ["u1", "u2"]) == {}
    s.set_setting("server", "srv", "mentions", "false")
    s.set_setting("member", "u1", "mentions", "false")
    s.set_setting("member", "u2", "mentions", "false")
    s.set_setting("member", "u2", "mentions", None)  # back to the default: no row
    s.set_setting("server", "srv", "rated", "3")  # any name: the storage keeps text, bot/settings.py reads it
    s.close()
    again = reopen()
    assert [of_game(again.load(g).meta, "auto_go") for g in ("g1", "g2")] == [False, True]  # type: ignore[union-attr]
    assert (again.settings_of("server", "srv"), again.settings_of("server", "other")) == (
        {"mentions": "false", "rated": "3"}, {})
    assert again.setting_values("member", "mentions", ["u1", "u2", "u3"]) == {"u1": "false"}
    assert again.setting_values("member", "mentions", []) == {}
    assert (again.owners_with("member", "mentions"), again.owners_with("server", "rated")) == (
        {"u1": "false"}, {"srv": "3"})
    again.close()


def test_wal_mode_and_full_sync(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    SqliteStorage(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    db.close()


def test_an_action_is_never_logged_twice(store: Storage) -> None:
    store.create(meta())
    store.append("g1", 0, [Go(0)], now=101.0)
    with pytest.raises(StaleWrite, match="game g1: action 0 appended, but 1 are logged"):
        store.append("g1", 0, [Go(0)], now=102.0)
    with pytest.raises(StaleWrite, match="action 5 appended, but 1 are logged"):
        store.append("g1", 5, [Go(0)], now=102.0)
    assert store.action_count("g1") == 1
    assert store.load("g1").meta.updated == 101.0  # the refused write changed nothing


def test_a_game_is_created_with_its_first_actions_and_its_seats_change_with_a_move(store: Storage) -> None:
    bob = Seat(SeatKind.HUMAN, "bob", "u2", accepted=False)
    store.create(meta("g1", Status.INVITED), [Go(1)])
    change = SeatChange(1, "carl", "easy", 1)
    store.append("g1", 1, [Go(0), Go(1)], now=120.0, status=Status.ACTIVE, seating=((ANN, bob), (change,)), rev=0)
    loaded = store.load("g1")
    assert loaded is not None
    assert (loaded.actions, loaded.meta.status, loaded.meta.seats, loaded.meta.changes, loaded.meta.rev) == \
        ((Go(1), Go(0), Go(1)), Status.ACTIVE, (ANN, bob), (change,), 1)
    with pytest.raises(StorageError, match="game g1 already exists"):
        store.create(meta("g1"), [Go(0)])
    assert store.action_count("g1") == 3  # the refused create logged nothing


def test_duplicate_game_is_refused(store: Storage) -> None:
    store.create(meta())
    with pytest.raises(StorageError, match="game g1 already exists"):
        store.create(meta())


def test_status_place_and_lookups(store: Storage) -> None:
    store.create(meta("g1"))
    store.create(meta("g2", Status.INVITED, place="other"))
    store.create(meta("g3", place="chan"))
    store.append("g3", 0, [Go(1)], now=130.0, status=Status.OVER, winner=1)
    assert [m.id for m in store.live_games()] == ["g1", "g2"]
    assert [m.id for m in store.find("chan")] == ["g1"]
    store.set_message("g2", "thread9", "msg7")
    store.set_reminded("g1", True)
    store.set_status("g1", Status.RESIGNED, now=140.0, winner=1)
    assert [m.id for m in store.find("thread9")] == ["g2"]
    g1 = store.load("g1").meta
    assert (g1.status, g1.winner, g1.updated, g1.reminded) == (Status.RESIGNED, 1, 140.0, True)
    g3 = store.load("g3").meta
    assert (g3.status, g3.winner, g3.updated) == (Status.OVER, 1, 130.0)
    assert store.load("g2").meta.message == "msg7"


def test_bad_synchronous_setting(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="synchronous must be FULL, NORMAL, EXTRA or OFF, not 'fast'"):
        SqliteStorage(tmp_path / "x.sqlite3", synchronous="fast")


def test_self_counting_seats_language_and_declarations_are_kept(store: Storage) -> None:
    store.create(replace(meta(), self_count=(0,), lang="zh"))
    loaded = store.load("g1")
    assert loaded is not None and (loaded.meta.self_count, loaded.meta.lang) == ((0,), "zh")
    hand = Declaration("g1", 2, 0, False, 10, 12)
    tally = {"attempts": 1, "exact": 0, "points_missed": 2, "points_over": 0}
    assert store.add_declaration(hand, user="u1", tally=tally, now=500.0) is True
    assert store.add_declaration(hand, user="u1", tally={"attempts": 9}, now=600.0) is False  # settled once
    assert store.add_declaration(Declaration("g1", 2, 0, True, None, 4), user="", tally=None, now=700.0)
    assert store.declarations("g1") == [hand, Declaration("g1", 2, 0, True, None, 4)]
    assert store.tally("u1") == tally
    assert store.load("g1").meta.updated == 700.0  # type: ignore[union-attr]


def test_a_database_from_before_the_new_columns_opens(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE games (id TEXT PRIMARY KEY, rules TEXT NOT NULL, seats TEXT NOT NULL, seed INTEGER NOT NULL,
            status TEXT NOT NULL, place TEXT NOT NULL, message TEXT NOT NULL DEFAULT '', winner INTEGER,
            created REAL NOT NULL, updated REAL NOT NULL, reminded INTEGER NOT NULL DEFAULT 0,
            guild TEXT NOT NULL DEFAULT '');
        CREATE TABLE actions (game TEXT NOT NULL REFERENCES games (id), seq INTEGER NOT NULL, action TEXT NOT NULL,
            PRIMARY KEY (game, seq)) WITHOUT ROWID;
    """)
    db.execute("INSERT INTO games (id, rules, seats, seed, status, place, created, updated) VALUES "
               "('old', ?, ?, 1, 'active', 'chan', 1.0, 1.0)",
               ('{"target": 121}', '[{"kind": "human", "name": "ann", "user": "u1"}, {"kind": "computer", "name": '
                                   '"c", "difficulty": "easy"}]'))
    db.executemany("INSERT INTO actions VALUES ('old', ?, ?)", [(0, '{"t":"go","seat":0}'), (1, '{"t":"go","seat":1}')])
    db.commit()
    db.close()
    looked = SqliteStorage(path, readonly=True)  # a check or a backup adds nothing: missing columns read as defaults
    assert looked.warnings() == [] and [m.id for m in looked.live_games()] == ["old"]
    assert of_game(looked.load("old").meta, "auto_go") is True  # type: ignore[union-attr]
    looked.close()
    store = SqliteStorage(path)
    loaded = store.load("old")
    assert loaded is not None
    assert (loaded.meta.self_count, loaded.meta.lang, of_game(loaded.meta, "auto_go")) == ((), "en", True)
    assert store.settings_of("server", "srv") == {} and store.setting_values("member", "mentions", ["u1"]) == {}
    assert loaded.actions == (Go(0), Go(1))  # its row's count of moves is made from the log it holds
    store.append("old", 2, [Go(0)], now=2.0)
    assert store.action_count("old") == 3 and len(store.load("old").actions) == 3  # type: ignore[union-attr]
    store.close()


def test_a_database_from_before_the_count_of_moves_is_checked_read_only_and_counted_when_opened(
        tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = SqliteStorage(path)
    store.create(meta())
    store.append("g1", 0, [Go(0), Go(1)], now=150.0)
    store.close()
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE games DROP COLUMN moves")  # as the program before it made the file
    db.commit()
    db.close()
    read_only = SqliteStorage(path, readonly=True)  # `db check` and `db backup` do not bring it up to date
    assert read_only.opened.ok and len(read_only.load("g1").actions) == 2  # type: ignore[union-attr]
    read_only.close()
    assert [row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(games)")][-1] != "moves"
    store = SqliteStorage(path)
    assert store.load("g1") is not None and store._read("SELECT moves FROM games") == [(2,)]
    store.close()


def _open_at_once(path: str, barrier: Any, answers: Any) -> None:
    barrier.wait(30)
    try:
        SqliteStorage(path).close()
        answers.put("opened")
    except StorageError as exc:
        answers.put(str(exc))


def test_processes_opening_a_file_together_bring_it_up_to_date_once(tmp_path: Path) -> None:
    """Bot processes started together on a new file (the tables made, then their later columns added), and on
    a file from before those columns: each change is applied once, and every process opens it."""
    old = tmp_path / "old.sqlite3"
    db = sqlite3.connect(old)
    db.execute("CREATE TABLE games (id TEXT PRIMARY KEY, rules TEXT NOT NULL, seats TEXT NOT NULL, seed INTEGER NOT"
               " NULL, status TEXT NOT NULL, place TEXT NOT NULL, message TEXT NOT NULL DEFAULT '', winner INTEGER,"
               " created REAL NOT NULL, updated REAL NOT NULL, reminded INTEGER NOT NULL DEFAULT 0)")
    db.commit()
    db.close()
    spawn = multiprocessing.get_context("spawn")
    for path in (tmp_path / "new.sqlite3", old):
        barrier, answers = spawn.Barrier(6), spawn.Queue()
        procs = [spawn.Process(target=_open_at_once, args=(str(path), barrier, answers)) for _ in range(6)]
        for p in procs:
            p.start()
        got = sorted(answers.get(timeout=60) for _ in procs)
        for p in procs:
            p.join(30)
        assert got == ["opened"] * 6, (path, got)
        columns = [row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(games)")]
        assert sorted(columns) == ["auto_go", "changes", "created", "guild", "id", "lang", "message", "moves", "place",
                                   "reminded", "rev", "rules", "seats", "seed", "self_count", "settings", "status",
                                   "updated", "winner"]


def test_tables_practice_and_summaries_are_kept(store: Storage) -> None:
    first = StoredTable("t1", "chan", "srv", {"log": [1, 2]}, True, 10.0, 11.0)
    store.save_table(first)
    store.save_table(replace(first, session={"log": [1, 2, 3]}, updated=12.0, message="m1", rev=1))
    assert store.load_table("t1") == replace(first, session={"log": [1, 2, 3]}, updated=12.0, message="m1", rev=2)
    assert store.table_at("chan") is not None and store.table_at("elsewhere") is None
    store.save_table(replace(first, live=False, rev=2))
    assert store.table_at("chan") is None and store.table_at("chan", live_only=False) is not None
    assert store.add_practice("u1", "d1", 10, 12, {"attempts": 1}) is True
    assert store.add_practice("u1", "d1", 12, 12, {"attempts": 2}) is False  # a drill counts once
    assert store.tallies(["u1", "u2"]) == {"u1": {"attempts": 1}} and store.tally("u2") is None
    ann = PlayerLine("member:u1", "ann", (1, 1, 0, 0, 0, 0, 5, 3, 12, 30, 9, 2))
    cpu = PlayerLine("computer:easy", "computer", (1, 0, 0, 0, 0, 0, 5, 2, 8, 20, 5, 0))
    store.create(meta())
    store.append("g1", 0, [Go(0)], now=150.0, status=Status.OVER, winner=0,
                 summary=GameSummary("g1", "srv", 5, (ann, cpu)))
    assert store.add_summary(GameSummary("g1", "srv", 5, (ann, cpu))) is False  # counted with its end, once
    assert store.player_totals("srv", "member:u1") == ann
    assert store.top_players("srv", 1, 10) == [ann]  # members only
    assert (store.guild_totals("srv").games, store.guild_totals("srv").players) == (1, 2)
    assert store.summarized(["g1", "g2"]) == {"g1"} and store.unsummarized() == []


def test_a_write_from_an_outdated_read_is_refused(store: Storage) -> None:
    """Two processes on one database: whoever writes at a revision the row has left is refused, unchanged."""
    store.create(meta("g1"))
    assert store.revision("g1") == 0 and store.revision("nope") is None
    store.append("g1", 0, [Go(1)], now=110.0, rev=0)
    assert store.revision("g1") == 1
    with pytest.raises(StaleWrite, match="game g1: written at revision 0, but the game has changed since"):
        store.set_reminded("g1", True, rev=0)
    with pytest.raises(StaleWrite):
        store.set_status("g1", Status.TIMED_OUT, now=120.0, winner=0, rev=0)
    with pytest.raises(StaleWrite):
        store.append("g1", 1, [Go(0)], now=120.0, rev=0)
    with pytest.raises(StaleWrite):
        store.add_declaration(Declaration("g1", 0, 0, False, None, 4), user="", tally=None, now=1.0, rev=0)
    loaded = store.load("g1")
    assert loaded is not None
    assert (loaded.meta.status, loaded.meta.reminded, loaded.meta.rev, len(loaded.actions)) == \
        (Status.ACTIVE, False, 1, 1)
    assert store.declarations("g1") == []
    store.set_reminded("g1", True, rev=1)
    store.set_message("g1", "thread", "m9", rev=2)
    store.set_seats("g1", (ANN, CPU), (), now=130.0, rev=3)
    store.set_status("g1", Status.RESIGNED, now=140.0, winner=1)  # no revision given: written whatever it is
    assert store.revision("g1") == 5


def test_a_table_saved_from_an_outdated_read_is_refused(store: Storage) -> None:
    first = StoredTable("t1", "chan", "srv", {"log": [1]}, True, 10.0, 11.0)
    store.save_table(first)
    with pytest.raises(StaleWrite, match="table t2: a live table is already kept at chan"):
        store.save_table(replace(first, id="t2"))  # one live table a place, even from two processes
    store.save_table(replace(first, session={"log": [1, 2]}, rev=1))
    with pytest.raises(StaleWrite, match="table t1: written at revision 1, but it has changed since"):
        store.save_table(replace(first, session={"log": [1, 3]}, rev=1))
    assert store.load_table("t1") == replace(first, session={"log": [1, 2]}, rev=2)
    store.save_table(replace(first, live=False, rev=2))
    store.save_table(replace(first, id="t2", created=20.0))  # the place is free again
    assert store.table_at("chan") == replace(first, id="t2", created=20.0, rev=1)


def test_a_log_that_is_not_the_one_its_row_counts_is_refused_and_never_written_under(store: Storage) -> None:
    store.create(meta(), [Go(0)])
    store.append("g1", 1, [Go(1), Go(0)], now=150.0)
    assert len(store.load("g1").actions) == 3  # type: ignore[union-attr]
    with store._transaction() as cur:  # type: ignore[attr-defined]  # as if an index hid the last row
        cur.execute("UPDATE games SET moves = 4 WHERE id = ?", ("g1",))
    with pytest.raises(DamagedGame) as refused:
        store.load("g1")
    assert (refused.value.code, dict(refused.value.fields)) == (Damage.LOG, {"game": "g1", "kept": 4, "read": 3})
    for first in (3, 4):
        with pytest.raises(DamagedGame):
            store.append("g1", first, [Go(1)], now=160.0)
    assert store.action_count("g1") == 3  # nothing written
    with store._transaction() as cur:  # type: ignore[attr-defined]  # a hole in the numbers: 0, 1, 3
        cur.execute("UPDATE actions SET seq = 3 WHERE game = ? AND seq = 2", ("g1",))
        cur.execute("UPDATE games SET moves = 3 WHERE id = ?", ("g1",))
    with pytest.raises(DamagedGame) as refused:
        store.load("g1")
    assert dict(refused.value.fields) == {"game": "g1", "kept": 3, "read": 2}  # the unbroken run from 0


def test_a_claim_is_held_by_one_until_its_lease_runs_out_and_never_taken_once_finished(store: Storage) -> None:
    assert store.claim("season:g1:3", "p1", now=100.0, lease=60.0) is True
    assert store.claim("season:g1:3", "p2", now=130.0, lease=60.0) is False  # p1's lease runs to 160
    assert store.claim("season:g1:3", "p1", now=150.0, lease=60.0) is True  # renewed, to 210
    assert store.claim("season:g1:3", "p2", now=200.0, lease=60.0) is False
    assert store.claim("season:g1:3", "p2", now=210.0, lease=60.0) is True  # p1 stopped: p2 takes it over
    assert store.finish("season:g1:3", "p1") is False  # no longer p1's to finish
    assert store.finished("season:g1:3") is False
    assert store.finish("season:g1:3", "p2") is True
    assert store.finished("season:g1:3") is True
    assert store.claim("season:g1:3", "p2", now=1000.0, lease=60.0) is False
    assert store.claim("season:g1:3", "p3", now=1000.0, lease=60.0) is False
    assert (store.claim("daily:2027-01-01", "p3", now=1000.0, lease=60.0), store.finished("nothing")) == (True, False)


def test_a_claim_is_taken_by_one_of_many_processes_at_once(reopen: Callable[[], Storage]) -> None:
    stores = [reopen() for _ in range(4)]
    try:
        import threading

        won: list[str] = []
        start = threading.Barrier(4)

        def take(i: int) -> None:
            start.wait()
            if stores[i].claim("daily:g:2027-01-02", f"p{i}", now=10.0, lease=30.0):
                won.append(f"p{i}")

        threads = [threading.Thread(target=take, args=(i,)) for i in range(4)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert len(won) == 1
    finally:
        for s in stores:
            s.close()


def rating_change(store: Storage, guild: str, member: str, game: str, at: float, rating: float) -> None:
    """A rated game's change as the ratings store writes it (its row, here by hand)."""
    with store._transaction() as cur:  # type: ignore[attr-defined]
        cur.execute("INSERT INTO rating_changes (guild, member, game, at, before, rating, deviation, volatility,"
                    " results) VALUES (?, ?, ?, ?, 1500, ?, 80, 0.06, '[]')", (guild, member, game, at, rating))


def test_seasons_are_kept_numbered_once_and_made_from_the_rating_changes_in_them(store: Storage) -> None:
    assert store.latest_seasons(["g1", "g2"]) == {}
    store.begin_seasons("g1", 100.0)
    store.begin_seasons("g1", 150.0)  # began already: the first mark stays
    assert store.latest_seasons(["g1", "g2"]) == {"g1": SeasonRow("g1", 0, 100.0, 100.0, "", "[]")}
    for member, game, when, rating in (("ann", "x1", 200.0, 1510.0), ("ann", "x2", 300.0, 1520.0),
                                       ("bob", "x1", 200.0, 1490.0), ("ann", "x3", 1000.0, 1530.0),
                                       ("cy", "y1", 300.0, 1600.0)):
        rating_change(store, "g2" if game == "y1" else "g1", member, game, when, rating)
    games = store.season_games("g1", 100.0, 1000.0)
    assert [(g.member, g.rating.rating, g.at, g.games) for g in games] == [("ann", 1520.0, 300.0, 2),
                                                                           ("bob", 1490.0, 200.0, 1)]
    first = store.add_season("g1", 100.0, 1000.0, '[[1, "ann", 1520.0, 80.0, 2]]')
    assert first == SeasonRow("g1", 1, 100.0, 1000.0, "", '[[1, "ann", 1520.0, 80.0, 2]]')
    assert store.add_season("g1", 100.0, 1000.0, "[]") == first  # made again by a process that took over: the same
    store.set_season_message("g1", 1, "m1")
    second = store.add_season("g1", 1000.0, 2000.0, "[]")
    kept = store.season("g1", 1)
    assert (second.number, kept.message if kept else None, store.season("g1", 3)) == (2, "m1", None)
    assert store.latest_seasons(["g1"]) == {"g1": second}
    store.add_summary(GameSummary("x1", "g1", 1, (PlayerLine("member:ann", "Ann", (1, 1, 0, 0, 0, 0, 1, 1, 2, 8, 4,
                                                                                    0)),)))
    assert store.member_names("g1", ["member:ann", "member:bob"]) == {"member:ann": "Ann"}
