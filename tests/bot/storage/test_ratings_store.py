"""The rating store on both backends: a rated game applied once, two processes rating games of one member at once,
the reads (a member's rating, rank, history, the board) and the farming count."""

import threading
from collections.abc import Callable

import pytest

from bot.storage import Storage
from bot.storage.rating_values import RatedGame
from engine.rating.glicko2 import Rating
from engine.rating.rated import Pairing
from tests.bot.storage.test_stores import reopen as reopen  # the fixtures: SQLite and PostgreSQL
from tests.bot.storage.test_stores import store as store

DAY = 86_400.0


def game(gid: str, at: float, *results: Pairing, guild: str = "g") -> RatedGame:
    return RatedGame(guild, gid, at, tuple(results))


def test_a_game_is_applied_once_and_kept(store: Storage) -> None:
    changes = store.rate_game(game("x1", 1000.0, Pairing("ann", "bob", 1.0)))
    assert [(c.member, round(c.before.rating), round(c.after.rating), round(c.after.deviation)) for c in changes] \
        == [("ann", 1500, 1662, 290), ("bob", 1500, 1338, 290)]
    assert store.rate_game(game("x1", 1001.0, Pairing("ann", "bob", 1.0))) == ()  # the same game: nothing more
    ann = store.member_rating("g", "ann")
    assert ann is not None and ann.games == 1 and ann.played == 1000.0 and round(ann.rating.rating) == 1662
    assert store.member_rating("g", "cat") is None
    assert store.member_rating("other", "ann") is None  # per server
    (point,) = store.rating_history("g", "bob")
    assert (point.game, point.at, point.before, round(point.after.rating), point.results) == \
        ("x1", 1000.0, 1500.0, 1338, (("ann", 0.0),))
    assert [p.member for p in store.game_changes("g", "x1", ["bob", "ann", "cat"])] == ["bob", "ann"]


def test_a_group_game_keeps_each_members_results(store: Storage) -> None:
    store.rate_game(game("q", 50.0, Pairing("ann", "cat", 1.0), Pairing("bob", "cat", 1.0),
                         Pairing("ann", "dan", 1.0), Pairing("bob", "dan", 1.0)))
    assert store.rating_history("g", "cat")[0].results == (("ann", 0.0), ("bob", 0.0))
    assert store.rating_history("g", "ann")[0].results == (("cat", 1.0), ("dan", 1.0))
    assert store.pairings_between("g", "ann", "cat", 0.0, 50.0) == 1
    assert store.pairings_between("g", "ann", "bob", 0.0, 50.0) == 0  # partners play no rated result


def test_pairings_between_count_a_window(store: Storage) -> None:
    for i in range(4):
        store.rate_game(game(f"p{i}", 100.0 * (i + 1), Pairing("ann", "bob", 0.5 if i else 1.0)))
    store.rate_game(game("c", 250.0, Pairing("ann", "cat", 1.0)))
    assert store.pairings_between("g", "ann", "bob", 0.0, 400.0) == 4
    assert store.pairings_between("g", "bob", "ann", 100.0, 300.0) == 2  # after 100, up to 300
    assert store.pairings_between("g", "ann", "cat", 0.0, 400.0) == 1
    assert store.pairings_between("h", "ann", "bob", 0.0, 400.0) == 0


def test_rank_and_board_leave_the_provisional_out(store: Storage) -> None:
    """Twelve rounds settle ann, bob, cat and dan (deviation under 110), each winning two of three against the one
    below; eve plays once: provisional."""
    members = ["ann", "bob", "cat", "dan"]
    n = 0
    for rnd in range(12):
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                n += 1
                store.rate_game(game(f"r{n}", 10.0 * n, Pairing(a, b, 0.0 if rnd % 3 == 2 else 1.0)))
    store.rate_game(game("e", 10.0 * n + 5, Pairing("eve", "dan", 1.0)))
    now = 10.0 * n + 10
    board = store.rating_board("g", now, 10)
    assert [m.member for m in board] == ["ann", "bob", "cat", "dan"]
    assert all(m.rating.deviation <= 110 for m in board)
    assert [store.rating_rank("g", m.rating.rating, now) for m in board] == [1, 2, 3, 4]
    eve = store.member_rating("g", "eve")
    assert eve is not None and eve.rating.deviation > 110
    assert store.rating_board("g", now, 2) == board[:2]
    # two years idle: everyone provisional again (the deviation aged as the reads age it)
    assert store.rating_board("g", now + 730 * DAY, 10) == []


def test_two_processes_rating_one_member_at_once(reopen: Callable[[], Storage]) -> None:
    """Two connections each rate 15 games of ann against a different opponent, at once: every game is applied,
    one after the other (ann's count of games is all 30, each change starts from the one before)."""
    first, second = reopen(), reopen()
    errors: list[BaseException] = []

    def play(s: Storage, who: str) -> None:
        try:
            for i in range(15):
                s.rate_game(game(f"{who}{i}", 1000.0 + i, Pairing("ann", who, 1.0)))
        except BaseException as exc:  # noqa: BLE001  (said by the test)
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(s, who)) for s, who in ((first, "bob"), (second, "cat"))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    try:
        assert errors == []
        ann = first.member_rating("g", "ann")
        assert ann is not None and ann.games == 30
        history = first.rating_history("g", "ann")
        assert len(history) == 30
        steps = sorted(history, key=lambda p: p.before)  # ann wins every game: each starts where another ended
        assert all(abs(a.after.rating - b.before) < 1e-6 for a, b in zip(steps, steps[1:], strict=False))
        assert ann.rating == max(history, key=lambda p: p.after.rating).after
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize("idle_days", [0, 30])
def test_a_rating_is_aged_before_a_game(store: Storage, idle_days: int) -> None:
    store.rate_game(game("a", 0.0, Pairing("ann", "bob", 1.0)))
    changes = store.rate_game(game("b", idle_days * DAY, Pairing("ann", "bob", 1.0)))
    ann = changes[0]
    assert ann.before.rating == pytest.approx(1662.31, abs=0.01)
    assert ann.before.deviation > 290.3 if idle_days else ann.before.deviation == pytest.approx(290.32, abs=0.01)
    assert isinstance(ann.after, Rating)
