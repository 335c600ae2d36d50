"""A member's forced moves made for them (a game's setting, auto_go, on by default): go when no card fits, the last
card held when it fits; and the log saying so."""

import itertools
import json

from bot.app.commands import (
    AcceptInvite,
    GameInfo,
)
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.autopilot import play_out
from bot.app.shown.replies import Button, Reply
from bot.i18n import Lang
from bot.settings import of_game
from bot.storage import SqliteStorage
from engine.core.record import replay
from engine.core.rules import Rules
from tests.waiting import Clock

ANN, BOB = Member("u1", "ann"), Member("u2", "bob")


def make() -> Controller:
    counter = itertools.count(1)
    return Controller(SqliteStorage(":memory:"), images=False, ids=lambda: f"game{next(counter)}", clock=Clock())


def only_go(reply: Reply) -> bool:
    """Did a member who must act get a panel whose one possible answer is go, or the last card they hold?"""
    for panel in reply.panels:
        enabled = [c for c in panel.controls if isinstance(c, Button) and not c.disabled]
        last = len(panel.hand) == 1 and len(enabled) == 1
        if panel.user in reply.waiting and (panel.can_go or [b.label for b in enabled] == ["Go"] or last):
            return True
    return False


async def played(auto_go: bool, lang: Lang = Lang.EN) -> tuple[Controller, list[str], list[bool], Reply]:
    c = make()
    first = await c.run(NewGame("chan", ANN, ("easy",), Rules(target=61), seed=11, settings={"auto_go": auto_go},
                                lang=lang))
    lines: list[str] = list(first.lines)
    forced: list[bool] = [only_go(first)]

    def seen(r: Reply) -> None:
        lines.extend(r.lines)
        forced.append(only_go(r))

    last = await play_out(c, first, on_reply=seen)
    return c, lines, forced, last


async def test_go_is_said_for_the_member_and_the_log_says_so() -> None:
    c, lines, forced, last = await played(auto_go=True)
    assert last.finished and not any(forced)
    said = [line for line in lines if line.startswith("ann") and "go" in line and "plays" not in line]
    assert said and set(said) == {"ann can't play: go (said for them)"}
    assert "computer (easy): go" in lines  # the computer's own go reads as before
    laid = [line for line in lines if line.startswith("ann plays") and line.endswith("(the last card, laid for them)")]
    assert len(laid) >= 3
    record = json.loads(last.posts[-1].files[-1].data)
    goes = [p for d in record["deals"] for p in d["plays"] if p.get("go") and p["seat"] == 0]
    assert len(goes) == len(said) and all(p == {"seat": 0, "go": True} for p in goes)  # a go is recorded as a go
    assert "auto_go" not in json.dumps(record["rules"]) and replay(record).game.winner == record["winner"]
    meta = await c.run(GameInfo("game1"))
    assert meta is not None and of_game(meta, "auto_go") is True


async def test_without_auto_go_the_member_presses_go() -> None:
    c, lines, forced, last = await played(auto_go=False)
    assert last.finished and any(forced)
    assert "ann: go" in lines and not [line for line in lines if "for them" in line]
    meta = await c.run(GameInfo("game1"))
    assert meta is not None and of_game(meta, "auto_go") is False


async def test_the_chinese_log_says_go_was_said_for_the_member() -> None:
    _, lines, _, _ = await played(auto_go=True, lang=Lang.ZH)
    assert "ann 无牌可出，代为说 go（过）" in lines
    assert [line for line in lines if line.startswith("ann 出 ") and line.endswith("（最后一张，代为出牌）")]


async def test_in_a_game_of_two_members_each_ones_go_is_said_for_them() -> None:
    c = make()
    invite = await c.run(NewGame("chan", ANN, (BOB,), Rules(target=61), seed=12))
    accept = invite.posts[0].controls[0]
    assert isinstance(accept, Button)
    started = await c.run(AcceptInvite(BOB, "game1"))
    lines: list[str] = []
    forced: list[bool] = []

    def seen(r: Reply) -> None:
        lines.extend(r.lines)
        forced.append(only_go(r))

    last = await play_out(c, started, on_reply=seen)
    assert last.finished and not any(forced)
    assert {"ann can't play: go (said for them)", "bob can't play: go (said for them)"} <= set(lines)
    assert not [line for line in lines if line in ("ann: go", "bob: go")]
