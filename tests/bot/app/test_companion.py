"""The companion features through the controller, without Discord: score, analyze, rules, table mode
with a simulated LED board, counting practice, the deal review, statistics and the leaderboard."""

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from board_driver import sim
from board_driver.driver import BoardDriver, Timing
from board_driver.model import NO_EFFECTS, Effects, default_track
from bot.app.commands import (
    AnalyzeDiscards,
    AnswerDrill,
    LatestGame,
    Leaderboard,
    MemberStats,
    NewDrill,
    ReviewDeal,
    RulesHelp,
    ScoreHand,
    TableEnd,
    TableNextDeal,
    TablePeg,
    TableStart,
    TableStatus,
    TableUndo,
)
from bot.app.companion.tablemode import TablePlayer
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.autopilot import play_out
from bot.app.shown.ids import ComponentId, Verb
from bot.app.shown.replies import Button, Reply
from bot.i18n import Lang
from bot.storage import SqliteStorage
from engine.analysis.winprob import Unavailable
from engine.core.rules import Rules
from engine.table.session import Pegs
from tests.waiting import wait_until

ANN, BOB, EVE = Member("u1", "Ann"), Member("u2", "Bob"), Member("u3", "Eve")
SEATS = (TablePlayer("Ann", "u1"), TablePlayer("Bob", "u2"))
FAST = Timing(ack_timeout=0.01, handshake_timeout=0.5, heartbeat_s=0.2, backoff_min=0.01, backoff_max=0.05)
_boards = itertools.count()


def make(path: str | Path = ":memory:", *, images: bool = False, board: str | None = None, seed: int = 7,
         win: object = None) -> Controller:
    tables = itertools.count(1)
    c = Controller(SqliteStorage(path), images=images, seeds=lambda: seed, board_url=board,
                   driver_factory=lambda url: BoardDriver(url, timing=FAST).start(), win_table=win,  # type: ignore[arg-type]
                   ids=lambda: f"game{next(tables)}")
    c.tables._table_ids = lambda: f"t{next(tables)}"
    return c




@pytest.fixture
def board_name() -> Iterator[str]:
    name = f"companion-{next(_boards)}"
    yield name
    sim.remove_board(name)


# ---------------------------------------------------------------------- score, analyze, rules

async def test_score_a_hand_with_the_calls_and_the_picture() -> None:
    c = make(images=True)
    a = await c.run(ScoreHand("5h 5c 5♦ js", "5S"))
    assert a.ok and a.public and [f.filename for f in a.files] == ["breakdown.png"]
    assert a.text == ("Hand 5♥ 5♣ 5♦ J♠ with starter 5♠\nfifteen two, fifteen four, fifteen six, fifteen eight, "
                      "fifteen ten, fifteen twelve, fifteen fourteen, fifteen sixteen, double pair royal is "
                      "twenty-eight, and one for his nobs is twenty-nine\nTotal: 29")
    zh = await c.run(ScoreHand("5H 5C 5D JS", "5S", lang=Lang.ZH))
    assert zh.text.startswith("手牌 5♥ 5♣ 5♦ J♠，起始牌 5♠\nfifteen two（十五 2 分）")
    assert zh.text.endswith("合计：29 分")
    crib = await c.run(ScoreHand("2H 4H 6H 8H", "KS", crib=True))
    assert crib.text == ("Crib 2♥ 4♥ 6♥ 8♥ with starter K♠\nnineteen (nothing)\nTotal: 0\n"
                         "Four of a suit in the crib without the starter: no flush.")


async def test_score_refusals_name_the_bad_input() -> None:
    c = make()
    bad = await c.run(ScoreHand("5h 5c 5x js", "5s"))
    assert not bad.ok and not bad.public
    assert bad.text == ("“5x” is not a card. Write cards as a rank A 2-10 J Q K (T for ten) then a suit S H D C "
                        "or ♠ ♥ ♦ ♣, in any case: 5H, 10h, TH, 5♥, as.")
    assert (await c.run(ScoreHand("5H 5C 5D JS", "ZZ"))).text.startswith("“ZZ” is not a card.")
    assert (await c.run(ScoreHand("5H 5C 5D JS", "5H"))).text == "The starter 5♥ is also in the hand."
    assert (await c.run(ScoreHand("5H 5C 5D", "5S"))).text.startswith("Those cards cannot be used:")


async def test_analyze_with_and_without_the_chance_of_winning() -> None:
    c = make(images=True)
    a = await c.run(AnalyzeDiscards("5H 5C 6D JS KD 2C", True, "95,88"))
    assert a.ok and not a.public and [f.filename for f in a.files] == ["analysis.png"]
    lines = a.text.splitlines()
    assert lines[:3] == ["5♥ 5♣ 6♦ J♠ K♦ 2♣ as dealer", "Best: lay away 6♦ 2♣, keep 5♥ 5♣ J♠ K♦ (16.8 expected).",
                         "Most wins: lay away 6♦ 2♣, 88% to win (400 deals played out per option)."]
    assert lines[5] == "6♦ 2♣    5♥ 5♣ J♠ K♦    12.43  +4.37  16.81  87.6%"
    pone = await c.run(AnalyzeDiscards("5H 5C 6D JS KD 2C", False, None, Lang.ZH))
    assert pone.text.splitlines()[:2] == ["5♥ 5♣ 6♦ J♠ K♦ 2♣，身份：闲家",
                                          "最佳：扔出 6♦ 2♣，留下 5♥ 5♣ J♠ K♦（期望 8.1 分）。"]
    bad = await c.run(AnalyzeDiscards("5H 5C 6D JS KD 2C", False, "95"))
    assert not bad.ok and bad.text == "Scores are two numbers like 95,88, each from 0 to 120, not “95”."
    assert (await c.run(AnalyzeDiscards("5H 5C 6D JS KD", False))).text.startswith("Those cards cannot be used:")
    c.close()
    none = make(win=Unavailable("no table file"))
    a = await none.run(AnalyzeDiscards("5H 5C 6D JS KD 2C", True, "95,88"))
    assert a.ok and a.text.splitlines()[2] == "Win probability unavailable: no table file."
    none.close()


async def test_rules_pages() -> None:
    c = make()
    page = await c.run(RulesHelp("skunk"))
    assert page.ok and page.text.startswith("**Cribbage rules: Winning and skunks**\nThe game ends the moment")
    overview = await c.run(RulesHelp(None, Lang.ZH))
    assert overview.ok and "faq" in overview.text
    unknown = await c.run(RulesHelp("bowling"))
    assert not unknown.ok and "There is no rules topic “bowling”." in unknown.text


# ---------------------------------------------------------------------- table mode

# The game of tests/bot/app/test_table_board.py (Ann ends on 121 exactly; Bob on 108), shared with it.
from tests.bot.app.test_table_board import DEALS  # noqa: E402


def script() -> list[object]:
    out: list[object] = []
    for deal in DEALS:
        out.extend(deal)
        out.append("deal")
    return out[:-1]


def press(answer: object, label: str) -> str:
    """The custom id of the board message's button with this label."""
    return next(b.custom_id for b in answer.controls if isinstance(b, Button) and b.label == label)  # type: ignore[attr-defined]


async def step(c: Controller, table: str, what: object, by: Member) -> object:
    if what == "undo":
        answer = await c.run(TableUndo(table, by))
    elif what == "deal":
        answer = await c.run(TableNextDeal(table, by))
    else:
        seat, points, reason = what  # type: ignore[misc]
        answer = await c.run(TablePeg(table, by, seat, points, reason))
    assert answer.ok, answer.text  # type: ignore[attr-defined]
    return answer


async def test_a_whole_table_game_mirrored_to_the_board_with_an_unplug(board_name: str) -> None:
    board = sim.create_board(board_name)
    c = make(images=True, board=f"sim://{board_name}")
    start = await c.run(TableStart("chan", SEATS, ANN, 121))
    assert start.ok and start.public and start.table == "t1" and [f.filename for f in start.files] == ["board.png"]
    assert start.text == ("Keeping score for Ann, Bob, first to 121. Ann deals first.\nScore to 121: Ann 0 · Bob 0\n"
                          "Deal 1: Ann deals.\ntable t1")
    assert [b.label for b in start.controls] == [  # type: ignore[union-attr]
        "Ann +1", "Ann +2", "Ann +3", "Ann +4", "Ann +6", "Ann Count…", "Bob +1", "Bob +2", "Bob +3", "Bob +4",
        "Bob +6", "Bob Count…", "Next deal"]
    assert press(start, "Bob +2") == "crib:t1:1:peg:1.2"
    table_board = c.pegboard
    assert table_board is not None and table_board.wait_synced(5.0)
    assert board.state.tracks == (default_track(0, 0, 0, highlight=True), default_track(1, 0, 0))
    steps = script()
    half = len(steps) // 2
    for what in steps[:half]:
        await step(c, "chan", what, BOB)
        assert table_board.wait_synced(5.0)
    session = c.tables.table_session("chan")
    assert session is not None and board.state.tracks == (
        default_track(0, session.scores[0], session.tracks[0].back, highlight=session.dealer == 0),
        default_track(1, session.scores[1], session.tracks[1].back, highlight=session.dealer == 1))
    mid = board.state.tracks

    board.unplug()  # the game goes on; the status says why the board is behind
    assert wait_until(lambda: not table_board.driver_status().connected)
    for what in steps[half:-3]:
        await step(c, "chan", what, ANN)
    assert wait_until(lambda: "unplugged" in (table_board.driver_status().last_error or ""))
    status = await c.run(TableStatus("chan"))
    assert status.ok and f"LED pegboard on sim://{board_name}: not working (" in status.text
    assert board.state.tracks == mid
    board.replug()
    assert table_board.wait_synced(5.0)
    assert "connected, showing table t1 (Ann vs Bob)" in (await c.run(TableStatus("chan"))).text

    for what in steps[-3:]:
        last = await step(c, "chan", what, ANN)
    assert table_board.wait_synced(5.0)
    assert last.text.splitlines()[:2] == ["Ann +4 (hand) → 121", "Score to 121: Ann 121 · Bob 108"]  # type: ignore[attr-defined]
    assert last.text.splitlines()[2] == "Ann reaches 121 and wins!"  # type: ignore[attr-defined]
    assert [b.label for b in last.controls] == ["Undo"]  # type: ignore[attr-defined]
    assert board.state.tracks == (default_track(0, 121, 117), default_track(1, 108, 104))
    assert board.state.effects == Effects(winner=0)
    assert not (await c.run(TablePeg("chan", ANN, 1, 2))).ok  # over: no live table here any more
    undone = await c.run(TableUndo("t1", ANN, version=None))
    assert undone.ok and undone.text.startswith("Took back Ann's 4: 117 again.")
    assert table_board.wait_synced(5.0)
    assert board.state.effects == NO_EFFECTS and board.state.tracks[0] == default_track(0, 117, 116)
    again = await c.run(TablePeg("chan", ANN, "ann", 4, "hand"))
    assert again.ok and "Ann reaches 121 and wins!" in again.text
    assert table_board.wait_synced(5.0)
    assert board.state.tracks == (default_track(0, 121, 117), default_track(1, 108, 104))
    assert board.state.effects == Effects(winner=0)


async def test_a_table_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    c = make(path)
    await c.run(TableStart("chan", SEATS, ANN, 61))
    for what in [(0, 5, "play"), (1, 12, "hand"), "deal", (1, 3, "go")]:
        await step(c, "chan", what, ANN)
    c.close()
    again = make(path)
    session = again.tables.table_session("chan")
    assert session is not None and session.tracks == (Pegs(5, 0), Pegs(15, 12)) and session.dealer == 1
    undo = await again.run(TableUndo("t1", BOB, version=5))
    assert undo.ok and undo.text.startswith("Took back Bob's 3: 12 again.")
    assert "Bob +6" in [b.label for b in undo.controls]  # type: ignore[union-attr]


async def test_table_refusals_change_nothing() -> None:
    c = make()
    assert (await c.run(TableStatus("chan"))).text == "There is no table being scored in this channel."
    await c.run(TableStart("chan", SEATS, ANN, 121))
    again = await c.run(TableStart("chan", SEATS, ANN, 121))
    assert again.text == "A table is already being scored here; end it first."
    assert (await c.run(TablePeg("chan", EVE, 0, 2))).text == "Only this table's players can move its pegs."
    assert (await c.run(TablePeg("chan", ANN, 0, 30))).text == "Peg from 1 to 29 points, not 30."
    assert (await c.run(TablePeg("chan", ANN, "zed", 3))).text == "zed is not a player at this table."
    assert (await c.run(TableUndo("chan", ANN))).text == "There is no peg to take back."
    await c.run(TablePeg("chan", ANN, 0, 2))
    stale = await c.run(TableUndo("t1", BOB, version=1))
    assert not stale.ok and stale.text.startswith("That button is from before the last move")
    assert c.tables.table_session("chan").scores == (2, 0)  # type: ignore[union-attr]
    ended = await c.run(TableEnd("chan", BOB))
    assert ended.ok and ended.text == "Stopped keeping score. Final: Ann 2, Bob 0."
    assert (await c.run(TablePeg("chan", ANN, 0, 2))).text == "There is no table being scored in this channel."
    three = await c.run(TableStart("chan", [*SEATS, TablePlayer("Cy")], ANN, 61))
    assert three.ok and three.text.startswith("Keeping score for Ann, Bob, Cy, first to 61.")
    assert "No LED pegboard is configured." in (await c.run(TableStatus("chan"))).text
    await c.run(TableEnd("chan", ANN))
    assert (await c.run(TableStart("chan", SEATS, ANN, 61))).table == "t3"
    for _ in range(3):
        won = await c.run(TablePeg("chan", BOB, 1, 21, "hand"))
    assert won.text == "Bob +21 (hand) → 63\nScore to 61: Ann 0 · Bob 63\nBob wins 63 to 0: a skunk!\ntable t3"
    await c.run(TableStart("chan", SEATS, ANN, 61))  # the next game at the same table
    assert (await c.run(TableUndo("t3", BOB))).text == "A table is already being scored here; end it first."


async def test_a_failing_board_never_stops_the_game() -> None:
    def broken(url: str) -> BoardDriver:
        raise OSError(f"cannot open {url}: no such port")

    c = Controller(SqliteStorage(":memory:"), images=False, board_url="/dev/ttyNOPE", driver_factory=broken)
    start = await c.run(TableStart("chan", SEATS, ANN, 121))
    assert start.ok
    assert (await c.run(TablePeg("chan", BOB, 1, 6, "hand"))).ok
    status = await c.run(TableStatus("chan"))
    assert ("LED pegboard on /dev/ttyNOPE: not working (cannot open /dev/ttyNOPE: no such port). The game goes on; "
            "the board catches up when it returns.") in status.text


async def test_table_coaching_in_the_status() -> None:
    c = make()
    await c.run(TableStart("chan", SEATS, ANN, 121))
    for what in [(0, 6, "play"), (1, 9, "hand"), (0, 14, "hand"), (0, 4, "crib"), "deal"]:
        await step(c, "chan", what, ANN)
    lines = (await c.run(TableStatus("chan"))).text.splitlines()
    assert lines[0:2] == ["Score to 121: Ann 24 · Bob 9", "Deal 2: Bob deals."]
    assert lines[2].startswith("Pace: Ann is +") and lines[2].endswith("after 1 deals; par 16.5).")
    assert lines[4] == "Ann: You are ahead of the pace: play safe and give little away."
    assert lines[7] == "Bob: You are behind the pace: play for more points and take chances."
    assert lines[8] == "Ann: Not dealing: try to keep out of 76-86 and 102-112 at the end of this deal."


# ---------------------------------------------------------------------- practice

async def test_practice_counts_once_and_keeps_the_tally(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    c = make(path, images=True)
    drill = await c.run(NewDrill())
    assert drill.ok and not drill.public and [f.filename for f in drill.files] == ["drill.png"]
    assert drill.text == "Count this hand: 3♣ 8♥ 10♠ K♥, starter 4♠."
    assert [b.custom_id for b in drill.controls] == ["crib:7:0:count"]  # type: ignore[union-attr]
    over = await c.run(AnswerDrill(ANN, 7, False, "4"))
    assert over.text.splitlines()[:2] == ["You said 4; it is 2. That is 2 too many.",
                                          "Your counting: 0 of 1 exact (0%); points missed 0, over-claimed 2."]
    assert [b.custom_id for b in over.controls] == ["crib:p:0:drill", "crib:p:1:drill"]  # type: ignore[union-attr]
    twice = await c.run(AnswerDrill(ANN, 7, False, "2"))
    assert twice.text.splitlines()[0] == "You answered this drill already; it counts once."
    assert (await c.run(AnswerDrill(ANN, 8, True, "30"))).text == "A count is a whole number from 0 to 29, not “30”."
    assert (await c.run(AnswerDrill(ANN, 8, True, "x"))).text == "“x” is not a whole number."
    c.close()
    again = make(path)
    crib = await again.run(NewDrill(crib=True, seed=8))
    assert crib.text == "Count this crib: 2♥ 9♠ J♥ Q♥, starter K♠ (a crib flush needs all five)."
    missed = await again.run(AnswerDrill(ANN, 8, True, "0"))
    assert missed.text.splitlines()[:3] == ["You said 0; it is 3. You missed 3.", "Probably missed: run J♥ Q♥ K♠ (3).",
                                            "Your counting: 0 of 2 exact (0%); points missed 3, over-claimed 2."]
    right = await again.run(AnswerDrill(BOB, 8, True, "3"))
    assert right.text.splitlines()[:2] == ["Right: 3.", "Your counting: 1 of 1 exact (100%); points missed 0, "
                                           "over-claimed 0."]


# ---------------------------------------------------------------------- review, stats

async def finished_game(c: Controller, seed: int, guild: str = "g1") -> None:
    first = await c.run(NewGame("chan", ANN, ("easy",), Rules(target=61), seed=seed, guild=guild,
                                settings={"auto_go": False}))
    last = await play_out(c, first)
    assert last.finished


async def test_the_review_of_a_deal_and_its_button() -> None:
    c = make()
    first = await c.run(NewGame("chan", ANN, ("easy",), Rules(target=61), seed=11, guild="g1"))
    shown: list[Reply] = []
    await play_out(c, first, moves=12, on_reply=lambda r: shown.extend([r] if r.posts else []))
    assert shown, "a deal was shown"
    assert shown[0].posts[0].controls == ()  # the show post is public: a review is offered in the panel
    panel = shown[0].panel  # ann's own, right after the show: the next deal is laid away
    assert panel is not None and panel.phase == "discard"
    button = panel.controls[-1]
    assert isinstance(button, Button) and button.label == "My review of deal 1"
    assert ComponentId.parse(button.custom_id).verb is Verb.REVIEW
    cid = ComponentId.parse(button.custom_id)
    review = await c.run(ReviewDeal(ANN, cid.game, cid.version))
    assert review.ok and review.text.splitlines()[0] == "Your review of deal 1"
    assert review.text.splitlines()[1].startswith("Lay-away: ")
    assert (await c.run(ReviewDeal(EVE, cid.game, 0))).text == "Only the players of this game get its review."
    early = await c.run(ReviewDeal(ANN, cid.game, 40))
    assert early.text == ("No review of deal 41: it is not finished yet, or the game has "
                                                        "no such deal.")
    latest = await c.run(LatestGame("chan", "u1"))
    assert latest is not None and latest.id == cid.game


async def test_stats_and_leaderboard_from_finished_games() -> None:
    c = make()
    for seed in (11, 12, 13, 14):
        await finished_game(c, seed)
    await c.run(AnswerDrill(ANN, 7, False, "2"))
    stats = await c.run(MemberStats("g1", "u1", "Ann"))
    assert stats.ok and not stats.public
    assert stats.text == ("Statistics of Ann\nGames 4, wins 1, losses 3 (25%).\n"
                          "Skunks given 0 (double 0), taken 1 (double 0).\n"
                          "Per deal: pegging 2.6, hand 3.2; crib 5.4 per crib.\n"
                          "Counting: 1 of 1 exact (100%); points missed 0, over-claimed 0.")
    assert (await c.run(MemberStats("g2", "u1", "Ann"))).text.splitlines()[1] == "Ann has no finished games yet."
    board = await c.run(Leaderboard("g1"))
    assert board.public and board.text == ("This server: 4 games, 20 deals, 2 players.\n"
                                           "Leaderboard (at least 3 games)\n1. Ann: won 1 of 4 (25%)")


async def test_an_old_database_gains_the_new_tables(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE games (id TEXT PRIMARY KEY, rules TEXT NOT NULL, seats TEXT NOT NULL, seed INTEGER NOT NULL,
            status TEXT NOT NULL, place TEXT NOT NULL, message TEXT NOT NULL DEFAULT '', winner INTEGER,
            created REAL NOT NULL, updated REAL NOT NULL, reminded INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE actions (game TEXT NOT NULL REFERENCES games (id), seq INTEGER NOT NULL, action TEXT NOT NULL,
            PRIMARY KEY (game, seq)) WITHOUT ROWID;
        INSERT INTO games VALUES ('old1', '{"players": 2, "target": 61}', '[{"kind": "human", "name": "Ann",
            "user": "u1"}, {"kind": "computer", "name": "computer (easy)", "difficulty": "easy"}]', 11, 'active',
            'chan', '', NULL, 1.0, 1.0, 0);
    """)
    db.commit()
    db.close()
    storage = SqliteStorage(path)
    stored = storage.load("old1")
    assert stored is not None and stored.meta.guild == "" and stored.meta.seats[0].name == "Ann"
    assert storage.table_at("chan") is None and storage.tally("u1") is None
    storage.close()


async def test_the_number_pad_scores_a_typed_hand_or_crib() -> None:
    c = make()
    await c.run(TableStart("pad", SEATS, ANN, 121))
    answer = await c.run(TablePeg("pad", ANN, 0, "5H 5C 5D JS 5S", None))
    assert answer.ok and "Ann +29" in answer.text and "double pair royal is twenty-eight" in answer.text
    crib = await c.run(TablePeg("pad", ANN, 1, "2h 4h 6h 8h qh crib", None))
    assert crib.ok and "Bob +5" in crib.text and "a flush of five is five" in crib.text
    session = c.tables.table_session("pad")
    assert session is not None and session.scores == (29, 5)
    assert [a.reason.value for a in session.log if hasattr(a, "reason")] == ["hand", "crib"]
    nothing = await c.run(TablePeg("pad", ANN, 1, "2C 4D 6H 8S QD", None))
    assert not nothing.ok and "counts nothing (nineteen)" in nothing.text
    typo = await c.run(TablePeg("pad", ANN, 1, "5H 5X 5D JS 5S", None))
    assert not typo.ok and typo.text.startswith("“5X” is not a card. Write cards as a rank")
    word = await c.run(TablePeg("pad", ANN, 1, "lots", None))
    assert not word.ok and "is neither points" in word.text


async def test_a_table_that_cannot_start_says_why_in_the_members_language() -> None:
    c = make()
    five = [TablePlayer(n) for n in ("Ann", "Bob", "Cat", "Dan", "Eve")]
    assert (await c.run(TableStart("chan", five, ANN, 121))).text == "A table seats 2, 3, 4 players, not 5."
    assert (await c.run(TableStart("chan", SEATS, ANN, 100, Lang.ZH))).text == "游戏目标分为 121, 61，不能是 100。"
    assert (await c.run(TableStart("chan", SEATS, ANN, 121))).ok
