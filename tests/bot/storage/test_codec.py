"""The rows' codec both backends share: a game's row read back as written, and the statistics' rows."""

from dataclasses import replace

import pytest

from bot.storage import StorageError
from bot.storage.codec.game_rows import (
    DIFFICULTIES,
    GAME_COLUMNS,
    LANGS,
    NEW_GAME_COLUMNS,
    action_rows,
    changes_json,
    game_meta,
    new_game_row,
)
from bot.storage.codec.tables import TABLE_COLUMNS, stored_table
from bot.storage.codec.totals import guild_totals, player_line
from bot.storage.values import GameMeta, GuildTotals, PlayerLine, Seat, SeatChange, SeatKind, Status
from engine.core.actions import Go, Play
from engine.core.cards import parse_card
from engine.core.rules import Rules

ANN = Seat(SeatKind.HUMAN, "ann", "u1")
CPU = Seat(SeatKind.COMPUTER, "computer (easy)", "", "easy")


def as_read(row: tuple[object, ...], reminded: object = 0, rev: object = 3) -> tuple[object, ...]:
    """A new game's written values as a GAME_COLUMNS row, with the columns the database fills in."""
    written = dict(zip(NEW_GAME_COLUMNS.split(", "), row, strict=True))
    return tuple({**written, "reminded": reminded, "rev": rev}[c] for c in GAME_COLUMNS.split(", "))  # no moves


def test_a_game_row_reads_back_as_the_game_written() -> None:
    meta = GameMeta("g1", Rules(target=61, skunk=True), (ANN, CPU), 42, Status.ACTIVE, "chan", 100.0, 120.0,
                    guild="srv", self_count=(0,), lang="zh", changes=(SeatChange(1, "bob", "hard", 110),))
    assert game_meta(as_read(new_game_row(meta, 0))) == GameMeta(
        "g1", Rules(target=61, skunk=True), (ANN, CPU), 42, Status.ACTIVE, "chan", 100.0, 120.0, guild="srv",
        self_count=(0,), lang="zh", changes=(SeatChange(1, "bob", "hard", 110),), rev=3)
    assert game_meta(as_read(new_game_row(meta, 0), reminded=True)).reminded is True  # PostgreSQL's boolean


def test_a_game_without_changes_of_seat_writes_empty_text() -> None:
    meta = GameMeta("g2", Rules(), (ANN, CPU), 7, Status.ACTIVE, "chan", 1.0, 1.0)
    row = new_game_row(meta, 0)
    assert changes_json(()) == "" and row[-3] == "" and row[-5] == "" and row[-2] == 0  # changes, self_count, moves
    assert row[-1] == "" and game_meta(as_read(row)).settings == ()  # no setting set: each has its default
    assert game_meta(as_read(row)).changes == ()


def test_an_unreadable_game_row_names_the_game() -> None:
    meta = GameMeta("g3", Rules(), (ANN, CPU), 7, Status.ACTIVE, "chan", 1.0, 1.0)
    row = list(as_read(new_game_row(meta, 0)))
    row[4] = "dancing"
    with pytest.raises(StorageError) as bad:
        game_meta(row)
    assert str(bad.value) == "game g3: unreadable row: 'dancing' is not a valid Status"


BOB = Seat(SeatKind.HUMAN, "bob", "u2")
DAMAGE = {
    "an unknown language": ({"lang": "xx"}, "unknown language 'xx'"),
    "a computer of unknown strength": ({"seats": (ANN, Seat(SeatKind.COMPUTER, "c", "", "godlike"))},
                                       "a computer of unknown strength 'godlike'"),
    "a member in both seats": ({"seats": (ANN, ANN)}, "the member u1 in two seats"),
    "a person with no member id": ({"seats": (ANN, Seat(SeatKind.HUMAN, "x"))},
                                   "a person's seat with no member"),
    "a seat too few": ({"seats": (ANN,)}, "1 seat(s) for 2 players"),
    "a seat too many": ({"seats": (ANN, BOB, CPU)}, "3 seat(s) for 2 players"),
    "a self-counting seat past the seats": ({"self_count": (5,)}, "self-counting seats (5,) for 2 players"),
    "a self-counting seat twice": ({"self_count": (0, 0)}, "self-counting seats (0, 0) for 2 players"),
    "a winner past the seats": ({"winner": 7}, "a winner 7 not among 2 seats"),
    "a winner that is not a seat": ({"winner": 1.5}, "a winner 1.5 not among 2 seats"),
    "a seat handed to an unknown strength": ({"changes": (SeatChange(1, "bob", "godlike", 4),)},
                                             "a seat change to seat 1 by 'godlike'"),
    "a seat handed over past the seats": ({"changes": (SeatChange(2, "bob", "easy", 4),)},
                                          "a seat change to seat 2 by 'easy'"),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_row_no_game_of_this_program_could_hold_does_not_read(damage: str) -> None:
    """What reads is what the application can play: a row that would crash it is unreadable (a damaged game)."""
    changed, said = DAMAGE[damage]
    meta = replace(GameMeta("g4", Rules(), (ANN, CPU), 7, Status.ACTIVE, "chan", 1.0, 1.0), **changed)
    with pytest.raises(StorageError) as bad:
        game_meta(as_read(new_game_row(meta, 0)))
    assert str(bad.value) == f"game g4: unreadable row: {said}"


def test_the_names_a_row_may_hold_are_the_applications() -> None:
    from bot.i18n import LANGS as APP_LANGS
    from engine.computer.players import DIFFICULTIES as APP_DIFFICULTIES

    assert (tuple(lang.value for lang in APP_LANGS), tuple(APP_DIFFICULTIES)) == (LANGS, DIFFICULTIES)


def test_log_rows_are_numbered_from_the_first() -> None:
    assert action_rows("g1", 4, [Go(0), Play(1, parse_card("5H"))]) == [
        ("g1", 4, '{"t":"go","seat":0}'), ("g1", 5, '{"t":"play","seat":1,"card":"5H"}')]


def test_a_table_row_and_the_statistics_rows() -> None:
    assert TABLE_COLUMNS.split(", ")[3] == "session"
    table = stored_table(("t1", "chan", "srv", '{"log":[1]}', True, 5, 6.5, "m1", 2))
    assert (table.session, table.live, table.created, table.rev) == ({"log": [1]}, True, 5.0, 2)
    with pytest.raises(StorageError, match="^table t1: unreadable session: "):
        stored_table(("t1", "chan", "srv", "{", 1, 5, 6, "", 1))
    assert player_line(("u1", "ann", 3, 2, 0, 0, 0, 0, 20, 10, 40, 90, 30, 1)) == PlayerLine(
        "u1", "ann", (3, 2, 0, 0, 0, 0, 20, 10, 40, 90, 30, 1))
    assert guild_totals([]) == GuildTotals(0, 0, 0)
    assert guild_totals([(4, 31, 3)]) == GuildTotals(4, 31, 3)
