"""Three- and four-player games through the controller: invitations, partners, open seats, the computer
taking over a seat, forfeits per seat, and a restart in the middle."""

import itertools
import json
from pathlib import Path

from bot.app.commands import (
    AcceptInvite,
    CancelInvite,
    DeclineInvite,
    FillSeats,
    GameInfo,
    GameMessage,
    GameRecord,
    HandSeatOver,
    MakeMove,
    Resign,
    ReviewDeal,
    Sweep,
)
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.autopilot import play_out
from bot.app.game.moves import LayAway
from bot.app.game.seating import Partners, cut_for_partners
from bot.app.shown.ids import ComponentId
from bot.app.shown.replies import Button, Reply
from bot.i18n import Lang
from bot.storage import SqliteStorage
from bot.storage.values import SeatKind, Status
from engine.core.record import replay
from engine.core.rules import Rules
from tests.waiting import Clock

ANN, BOB, CAT, DAN = Member("u1", "ann"), Member("u2", "bob"), Member("u3", "cat"), Member("u4", "dan")


def make(path: str | Path = ":memory:", clock: Clock | None = None) -> Controller:
    counter = itertools.count(1)
    return Controller(SqliteStorage(path), images=False, ids=lambda: f"g{next(counter)}", clock=clock or Clock(),
                      remind_after=300, forfeit_after=1800)


def verbs(reply: Reply) -> list[str]:
    return [ComponentId.parse(c.custom_id).verb.value for p in reply.posts for c in p.controls
            if isinstance(c, Button)]


async def test_three_players_start_when_the_invitee_accepts_and_play_to_the_end() -> None:
    c = make()
    invite = await c.run(NewGame("chan", ANN, (BOB, "easy"), Rules(target=61), seed=3))
    assert invite.note == "Invitation sent to bob."
    (post,) = invite.posts
    assert post.text == ("bob: ann invites you to a game of cribbage for 3, to 61. Seats: ann, bob (invited), "
                         "computer (easy). The game starts when every seat is filled.")
    assert post.mentions == ("u2",) and verbs(invite) == ["accept", "decline", "fill", "cancel"]
    assert (await c.run(AcceptInvite(ANN, "g1"))).note == "You started this game; the others answer the invitation."
    assert (await c.run(FillSeats(BOB, "g1"))).note == "Only ann, who started this game, can do that."
    started = await c.run(AcceptInvite(BOB, "g1"))
    assert started.ok and started.live is not None and started.names == ("ann", "bob", "computer (easy)")
    assert {p.user for p in started.panels} == {"u1", "u2"} and all(p.phase == "discard" for p in started.panels)
    assert [len(p.hand) for p in started.panels] == [5, 5]
    end = await play_out(c, started)
    assert end.finished
    record = json.loads((await c.run(GameRecord("g1"))).data)  # type: ignore[union-attr]
    assert record["seats"] == ["ann", "bob", "computer (easy)"] and record["rules"]["players"] == 3
    assert replay(record).game.over


async def test_four_players_cut_for_partners_and_an_open_seat_goes_to_the_computer() -> None:
    c = make()
    invite = await c.run(NewGame("chan", ANN, (BOB, CAT, DAN), seed=7))
    cards = cut_for_partners(7)
    low = sorted(range(4), key=lambda i: cards[i].rank)[:2]
    listed = ["ann", "bob", "cat", "dan"]
    partner = next(listed[i] for i in range(1, 4) if (i in low) == (0 in low))
    meta = await c.run(GameInfo("g1"))
    assert meta is not None and meta.status is Status.INVITED and meta.rules.players == 4
    assert meta.seats[0].name == "ann" and meta.seats[2].name == partner
    first = invite.posts[0].text.splitlines()[0]
    assert first.startswith("Cut for partners: ann ") and f"ann and {partner} play against" in first
    declined = await c.run(DeclineInvite(CAT, "g1"))
    assert declined.ok and declined.note.startswith("cat declined; their seat is open")
    assert "an open seat" in declined.posts[0].text and "cat" not in declined.posts[0].mentions
    assert (await c.run(AcceptInvite(BOB, "g1"))).note == "bob accepted."
    started = await c.run(FillSeats(ANN, "g1", "easy"))
    assert started.ok and started.lines[0] == "The computer (easy) takes the empty seats."
    meta = await c.run(GameInfo("g1"))
    assert meta is not None and meta.status is Status.ACTIVE
    kinds = [s.kind for s in meta.seats]
    assert kinds.count(SeatKind.COMPUTER) == 2 and kinds.count(SeatKind.HUMAN) == 2
    assert sorted(s.name for s in meta.seats if s.kind is SeatKind.COMPUTER) == ["computer 1 (easy)",
                                                                               "computer 2 (easy)"]
    assert (await c.run(AcceptInvite(DAN, "g1"))).note == "This invitation has already been answered."


async def test_partners_as_listed_and_the_host_cancels() -> None:
    c = make()
    await c.run(NewGame("chan", ANN, (BOB, "easy", "hard"), partners=Partners.LISTED, seed=1))
    meta = await c.run(GameInfo("g1"))
    assert meta is not None and [s.name for s in meta.seats] == ["ann", "bob", "computer 1 (easy)",
                                                                 "computer 2 (hard)"]
    cancelled = await c.run(CancelInvite(ANN, "g1"))
    assert cancelled.finished and cancelled.note == "You cancelled the invitation."
    # the invitation, redrawn: its seats as they were answered, and that the host called it off
    assert cancelled.invitation == ("ann's game of cribbage for 4, to 121. Seats: ann, bob (invited), computer 1 "
                                    "(easy), computer 2 (hard).\nann withdrew the invitation.")
    assert (await c.run(GameInfo("g1"))).status is Status.DECLINED  # type: ignore[union-attr]


async def test_a_member_who_resigns_a_group_game_leaves_it_to_the_computer_and_the_record_says_so() -> None:
    c = make()
    await c.run(NewGame("chan", ANN, (BOB, CAT), Rules(target=61), seed=5))
    await c.run(AcceptInvite(BOB, "g1"))
    started = await c.run(AcceptInvite(CAT, "g1"))
    left = await c.run(Resign(BOB, "g1"))
    assert left.ok and left.lines[0] == "bob leaves the game; the computer takes their seat."
    assert left.names == ("ann", "computer (normal)", "cat")
    handed = await c.run(HandSeatOver(ANN, "g1", "u3"))
    assert handed.lines[0] == "ann gives cat's seat to the computer."
    stranger = await c.run(HandSeatOver(ANN, "g1", "u9"))
    assert stranger.note == "That member does not play in this game (or it is over)."
    end = await play_out(c, handed if handed.waiting else started)
    assert end.finished
    record = json.loads((await c.run(GameRecord("g1"))).data)  # type: ignore[union-attr]
    assert record["seats"] == ["ann", "computer 1 (normal)", "computer 2 (normal)"]
    assert record["seat_changes"] == [{"seat": 1, "was": "bob", "by": "normal", "version": 0},
                                      {"seat": 2, "was": "cat", "by": "normal", "version": 1}]
    assert replay(record).game.over


async def test_a_member_who_stops_answering_is_replaced_by_the_computer_not_the_whole_table(tmp_path: Path) -> None:
    clock = Clock()
    c = make(tmp_path / "db.sqlite3", clock)
    await c.run(NewGame("chan", ANN, (BOB, "easy"), Rules(target=61), seed=9))
    started = await c.run(AcceptInvite(BOB, "g1"))
    assert started.waiting == ("u1", "u2")  # both lay away
    await c.run(MakeMove(ANN, "g1", started.version, LayAway(tuple(started.panels[0].hand[:1]))))
    clock.now += 301
    (reminder,) = await c.run(Sweep())
    assert reminder.posts[0].mentions == ("u2",)
    clock.now += 1800
    (forfeit,) = await c.run(Sweep())
    assert forfeit.lines[0] == "bob did not play for 35 minutes; the computer takes their seat."
    assert forfeit.names[1] == "computer 1 (easy)" and not forfeit.finished
    # bob's open panel is closed: no cards, nothing to press; ann's goes on
    assert [(p.user, p.text, p.hand, p.controls) for p in forfeit.panels if p.user == "u2"] == [
        ("u2", "Your seat in this game is the computer's now; you can watch the game in its thread.", (), ())]
    assert [p.user for p in forfeit.panels if p.controls] == ["u1"]
    # a restart in the middle: a new controller over the same file goes on exactly
    again = make(tmp_path / "db.sqlite3", clock)
    table = await again.run(GameMessage("g1"))
    assert table.ok and table.version == forfeit.version and table.names == forfeit.names
    end = await play_out(again, table)
    assert end.finished


async def test_a_table_for_five_is_refused_for_its_size() -> None:
    from bot.app.controller import ControllerError
    from bot.app.game.play import NewGameProblem

    c = make()
    try:
        await c.run(NewGame("chan", ANN, (BOB, CAT, DAN, "easy")))
    except ControllerError as exc:
        assert (exc.code, exc.text(Lang.EN)) == (NewGameProblem.PLAYERS, "A table seats 2 to 4 players, not 5.")
    else:
        raise AssertionError("a table for five was started")


async def test_empty_seats_go_to_the_servers_computer_strength_when_the_game_names_none() -> None:
    counter = itertools.count(1)
    c = Controller(SqliteStorage(":memory:"), images=False, ids=lambda: f"g{next(counter)}", clock=Clock(),
                   difficulty="hard")
    await c.run(NewGame("chan", ANN, (BOB, CAT), seed=3))
    started = await c.run(FillSeats(ANN, "g1"))
    assert started.lines[0] == "The computer (hard) takes the empty seats."
    meta = await c.run(GameInfo("g1"))
    assert meta is not None and [s.name for s in meta.seats] == ["ann", "computer 1 (hard)", "computer 2 (hard)"]
    await c.run(NewGame("chan", ANN, (BOB, "easy"), seed=3))  # the table's own computer wins
    assert (await c.run(FillSeats(ANN, "g2"))).lines[0] == "The computer (easy) takes the empty seats."
    c.close()


async def test_a_four_player_game_with_pictures_ends_with_the_winning_partnership_on_one_track() -> None:
    counter = itertools.count(1)
    c = Controller(SqliteStorage(":memory:"), images=True, ids=lambda: f"g{next(counter)}", clock=Clock())
    await c.run(NewGame("chan", ANN, (BOB, "easy", "easy"), Rules(target=61), partners=Partners.LISTED, seed=4))
    started = await c.run(AcceptInvite(BOB, "g1"))
    end = await play_out(c, started)
    assert end.finished and end.live is not None
    names = [f.description for f in end.live.images if f.filename == "table.png"]
    record = json.loads((await c.run(GameRecord("g1"))).data)  # type: ignore[union-attr]
    final = record["final"]
    assert final[0] == final[2] and final[1] == final[3] and max(final) >= 61
    assert names == ["the table (starter, this series with the count, the crib) and the pegboard: "
                     f"ann & computer 1 (easy) {final[0]}, bob & computer 2 (easy) {final[1]}"]


async def test_the_review_of_a_deal_in_games_of_three_and_four_judges_the_card_laid_away() -> None:
    basis = "Judged from your own five cards, as you saw them when laying away: the four you kept over every starter, "
    others = "Pegging and the chance of winning are reviewed in games of two only."
    three, four = make(), make()
    for c, seats in ((three, ("easy", "easy")), (four, ("easy", "easy", "easy"))):
        started = await c.run(NewGame("chan", ANN, seats, Rules(target=61), seed=3, settings={"auto_go": False}))
        too_soon = await c.run(ReviewDeal(ANN, "g1", None, Lang.ZH))  # refusals are whole in either language
        assert (too_soon.ok, too_soon.text) == (False, "这局还没有打完的一副牌：一副牌亮牌结束后才能复盘。")
        assert (await play_out(c, started)).finished
        late = await c.run(ReviewDeal(ANN, "g1", 40, Lang.ZH))
        assert (late.ok, late.text) == (False, "无法复盘第 41 副牌：它还没有打完，或本局没有这副牌。")
    # three players: the crib of one opponent counts half against ann (the third player loses by it too)
    assert (await three.run(ReviewDeal(ANN, "g1", 0))).text == (
        "Your review of deal 1\nLay-away: 4♠ (9.1 points expected for you), choice 4 of 5. Best: 8♠ (12.1). Cost: "
        f"3.0 points.\n{basis}and the crib, which counts for you, over every card you could not see.\n{others}")
    assert (await three.run(ReviewDeal(ANN, "g1", 1))).text == (
        "Your review of deal 2\nLay-away: 6♣ (1.6 points expected for you), choice 2 of 5. Best: K♠ (2.6). Cost: "
        f"1.0 points.\n{basis}and computer 1 (easy)'s crib over every card you could not see; its points count half "
        f"against you, since the third player loses by them too.\n{others}")
    # four: the other partnership's crib counts wholly against her
    assert (await four.run(ReviewDeal(ANN, "g1", 1))).text == (
        "Your review of deal 2\nLay-away: 8♠ (1.3 points expected for you), choice 4 of 5. Best: K♣ (2.3). Cost: "
        f"1.0 points.\n{basis}and the crib of computer 1 (easy)'s side over every card you could not see, its points "
        f"against you.\n{others}")
    assert (await four.run(ReviewDeal(ANN, "g1", 0, Lang.ZH))).text == (
        "第 1 副牌复盘\n弃牌：4♠（对你期望 7.1 分），5 种中排第 4。最佳：6♦（11.7 分）。损失：4.6 分。\n"
        "依据是你放底牌时看到的五张牌：留下的四张按每一种翻牌计算，底牌（分数归你）按你看不到的每一种牌计算。\n出牌和胜率只在两人局中复盘。")
