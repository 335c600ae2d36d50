"""Three- and four-player games with muggins through the Discord door, played the way members play them.

Every interaction is a gateway payload through the real client (tests/bot/discord_helpers.py): the
invitation's buttons, /cribbage play|seat|resign|record|hand, the panels' selects and buttons, the DECLARE
button's number pad and the Muggins!/Let-it-pass buttons. `Members` plays a whole game: whoever must act
looks at their private panel (the message their last interaction left open, refreshed by the bot as the
game moves) and presses an enabled control on it; it fails when a member who must act is offered none.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.app.controller import Controller
from bot.discord.front import Panels
from bot.i18n import LANGS, t
from bot.storage import SqliteStorage
from engine.cards import parse_card
from engine.record import replay
from engine.scoring import score_hand
from tests.bot.conftest import start_bot
from tests.bot.discord_helpers import (
    ANN,
    BOB,
    CHANNEL,
    EPHEMERAL,
    Call,
    Harness,
    Person,
    channel_json,
    exchange,
    settle,
)

CAT, DAN = Person(4, "cat"), Person(5, "dan")
PEOPLE = {str(p.id): p for p in (ANN, BOB, CAT, DAN)}
CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
CLAIM_AFTER = 120.0


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def group_controller(path: Path | str = ":memory:", clock: Clock | None = None, *, seed: int = 11,
                     images: bool = False) -> Controller:
    """A controller over SQLite with games game1, game2 … and a clock the test moves."""
    counter = itertools.count(1)
    return Controller(SqliteStorage(path), images=images, ids=lambda: f"game{next(counter)}", seeds=lambda: seed,
                      clock=clock or Clock(), remind_after=300, forfeit_after=1800, claim_after=CLAIM_AFTER)


def controls(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", ()) for c in row["components"] if "custom_id" in c]


def enabled(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in controls(message) if not c.get("disabled")]


def labels(message: dict[str, Any]) -> list[str]:
    return [c.get("label") or c.get("placeholder") or "" for c in enabled(message)]


def true_count(text: str, crib: bool) -> int:
    """What a member counts from the declare prompt: its four cards and the starter, the last card named."""
    *hand, starter = (parse_card(c) for c in CARD.findall(text))
    return score_hand(hand[-4:], starter, crib=crib).total


Declare = Callable[[int, Person, int], int]
"""(the k-th count members declare, who, its true total) -> what they declare."""
Claim = Callable[[int, int, Person], bool | None]
"""(the k-th short count, the i-th answer to it, who) -> claim, pass, or None: nobody answers in time."""


def schedule(*plan: str) -> Declare:
    """The members' k-th count, by a plan that cycles: 'true', 'short' (two under, when the count allows)
    or 'over' (three over)."""

    def declare(k: int, who: Person, total: int) -> int:
        kind = plan[k % len(plan)]
        return total - 2 if kind == "short" and total >= 2 else total + 3 if kind == "over" else total

    return declare


def answers(*plan: tuple[bool | None, ...]) -> Claim:
    """The answers to the k-th short count, in the order members are asked (the last plan repeats)."""

    def claim(k: int, i: int, who: Person) -> bool | None:
        said = plan[min(k, len(plan) - 1)]
        return said[min(i, len(said) - 1)]

    return claim


@dataclass
class Said:
    """One count a member declared through the pad, and how the panels stood right after it."""

    name: str
    crib: bool
    declared: int
    total: int
    pad: str = ""
    """The number pad's title."""
    panel: str = ""
    """The declarer's own panel."""
    prompts: dict[str, str] = field(default_factory=dict)
    """Each member who may claim: their open panel's text."""
    claimants: dict[str, list[str]] = field(default_factory=dict)
    """Each member who may claim: the labels of the enabled controls on their open panel."""
    others: dict[str, list[str]] = field(default_factory=dict)
    """Every other seated member: the same."""


@dataclass(frozen=True)
class Turn:
    """A member who must act, their panel as it is now, and the enabled control they chose."""

    who: Person
    message: dict[str, Any]
    control: dict[str, Any]
    waiting: tuple[str, ...]


@dataclass
class Members:
    """The members at a game, each pressing the enabled controls of their own private panel."""

    bot: Harness
    clock: Clock
    game: str
    thread: dict[str, Any]
    seated: dict[str, Person]
    declare: Declare = schedule("true")
    claim: Claim = answers((False,))
    panel_of: dict[str, dict[str, Any]] = field(default_factory=dict)
    """user id -> the interaction whose original message is that member's panel."""
    said: list[Said] = field(default_factory=list)
    shorts: list[list[tuple[str, bool | None]]] = field(default_factory=list)
    """For each short count: who answered, and how (None: nobody answered in time)."""
    shows: list[int] = field(default_factory=list)
    """The deal of each show post, in the order they came."""
    turn: int = 0
    locale: dict[str, Any] = field(default_factory=dict)
    """The members' and the server's locales, on every interaction."""

    @property
    def controller(self) -> Controller:
        return self.bot.front.controller  # type: ignore[no-any-return]

    @property
    def panels(self) -> Panels:
        return self.bot.front.panels  # type: ignore[no-any-return]

    def posts(self) -> list[Call]:
        return self.bot.fake.find(f"POST /channels/{self.thread['id']}/messages")

    def texts(self) -> list[str]:
        return [c.content for c in self.posts()]

    def panel(self, who: Person) -> dict[str, Any]:
        return self.bot.original(self.panel_of[str(who.id)])

    def answered(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Every interaction is answered (its first request is the callback), and nothing failed."""
        calls = self.bot.of(payload)
        assert calls and calls[0].route.endswith("/callback"), f"unanswered: {payload['data']}"
        assert not [c for c in calls if c.content.startswith("Something went wrong")]
        return payload

    async def open_hand(self, who: Person) -> dict[str, Any]:
        """My hand on the table (the thread's first message): the member's panel as a new private message."""
        table = next(m for m in self.bot.fake.messages.values() if m["channel_id"] == self.thread["id"])
        payload = self.answered(await self.bot.click(table, f"crib:{self.game}:0:hand", who, channel=self.thread,
                                                     **self.locale))
        self.panel_of[str(who.id)] = payload
        return self.bot.original(payload)

    def open(self, user: str) -> bool:
        return user in self.panel_of and self.panels.is_open(self.game, user)

    def check_panels(self, waiting: tuple[str, ...]) -> None:
        """Each seated member's open panel offers controls exactly when they must act."""
        for user, who in self.seated.items():
            if self.open(user):
                message = self.panel(who)
                assert bool(enabled(message)) == (user in waiting), (who.name, waiting, message["content"])

    async def play_out(self, stop: Callable[[Person, dict[str, Any]], bool] | None = None) -> Turn | None:
        """Play until the game is over (None), or until `stop(who, control)` holds for the control about to be
        pressed: then who, their panel and that control, unpressed."""
        while (turn := await self.next_turn()) is not None:
            if stop is not None and stop(turn.who, turn.control):
                return turn
            await self.press(turn)
        return None

    async def next_turn(self) -> Turn | None:
        """The first member who must act, their panel and the control they choose; None once the game is over."""
        state = await self.controller.table(self.game)
        if state.finished:
            return None
        assert state.waiting, "the game is not over, but nobody is asked to act"
        user = state.waiting[0]
        who = self.seated[user]
        if not self.open(user):
            await self.open_hand(who)
        self.check_panels(state.waiting)
        message = self.panel(who)
        offered = enabled(message)
        assert offered, f"{who.name} must act but their panel offers nothing: {message['content']}"
        self.turn += 1
        return Turn(who, message, offered[self.turn % len(offered)], state.waiting)

    async def press(self, turn: Turn) -> None:
        """The member presses the control: cards from a select, a card, go, the pad, or a muggins answer."""
        who, message, control = turn.who, turn.message, turn.control
        before, shows = self.controller.storage.action_count(self.game), len(self.show_posts())
        cid: str = control["custom_id"]
        if control["type"] == 3:
            k = control["min_values"]
            values = [o["value"] for o in control["options"]]
            start = self.turn % (len(values) - k + 1)
            payload = await self.bot.click(message, cid, who, values[start:start + k], channel=self.thread,
                                           **self.locale)
        elif ":declare:" in cid:
            payload = await self.declare_count(who, message, control)
        elif ":muggins:" in cid:
            answer = self.claim(len(self.shorts) - 1, len(self.shorts[-1]), who)
            if answer is None:
                self.shorts[-1] += [(self.seated[u].name, None) for u in turn.waiting]
                await self.time_out(turn.waiting)
                return
            self.shorts[-1].append((who.name, answer))
            cid = cid.rsplit(":", 1)[0] + (":yes" if answer else ":no")
            payload = await self.bot.click(message, cid, who, channel=self.thread, **self.locale)
        else:
            payload = await self.bot.click(message, cid, who, channel=self.thread, **self.locale)
        self.answered(payload)
        self.panel_of[str(who.id)] = payload
        assert self.controller.storage.action_count(self.game) > before, self.bot.original(payload)["content"]
        await self.check_shows(shows)

    def show_posts(self) -> list[Call]:
        return [c for c in self.posts() if any(i.endswith(":review") for i in c.ids)]

    async def check_shows(self, before: int) -> None:
        """A show post comes once a show is over: the next deal is being laid away, or the game ended."""
        new = self.show_posts()[before:]
        if not new:
            return
        self.shows += [int(c.ids[0].split(":")[2]) for c in new]
        meta = await self.controller.meta(self.game)
        assert meta is not None
        if meta.status.live:
            hand = await self.controller.hand(next(iter(self.seated)), self.game)
            assert hand.panel is not None and hand.panel.phase == "discard", hand.panel

    async def declare_count(self, who: Person, message: dict[str, Any], control: dict[str, Any]) -> dict[str, Any]:
        """DECLARE opens the pad; the member counts the cards on the panel and submits a number."""
        cid = control["custom_id"]
        pad = self.answered(await self.bot.click(message, cid, who, channel=self.thread, **self.locale))
        (callback,) = self.bot.of(pad)
        assert callback.body["type"] == 9 and callback.body["data"]["custom_id"] == cid
        crib = control["label"] in {t("selfcount.button_crib", lang) for lang in LANGS}
        total = true_count(message["content"], crib)
        declared = self.declare(len(self.said), who, total)
        before = self.controller.storage.action_count(self.game)
        payload = await self.bot.submit(cid, who, {"number": str(declared)}, message=message, channel=self.thread,
                                        **self.locale)
        self.answered(payload)
        self.panel_of[str(who.id)] = payload
        said = Said(who.name, crib, declared, total, callback.body["data"]["title"],
                    self.bot.original(payload)["content"])
        self.said.append(said)
        if declared < total:
            await self.check_claimants(who, said, before)
        return payload

    async def check_claimants(self, who: Person, said: Said, before: int) -> None:
        """A short count: the declarer waits; every member who may claim sees Muggins! and Let it pass on their
        open panel, nobody else does; a computer that may claim waits for the members."""
        self.shorts.append([])
        meta = await self.controller.meta(self.game)
        assert meta is not None
        declarer = next(i for i, s in enumerate(meta.seats) if s.user == str(who.id))
        team = meta.rules.team_of
        may = {s.user for i, s in enumerate(meta.seats) if team(i) != team(declarer) and s.user}
        if not may:  # only computers may claim: they did at once, and the show went on
            return
        assert self.controller.storage.action_count(self.game) == before + 1  # no computer claimed first
        assert not enabled(self.bot.original(self.panel_of[str(who.id)]))
        for user, other in self.seated.items():
            if user == str(who.id) or not self.open(user):
                continue
            ids = [c["custom_id"].rsplit(":", 1)[1] for c in enabled(self.panel(other))]
            if user in may:
                said.claimants[other.name] = labels(self.panel(other))
                said.prompts[other.name] = self.panel(other)["content"]
                assert ids == ["yes", "no"], (other.name, self.panel(other)["content"])
            else:
                said.others[other.name] = labels(self.panel(other))
                assert ids == [], (other.name, self.panel(other)["content"])

    async def time_out(self, waiting: tuple[str, ...]) -> None:
        """Nobody calls muggins: the clock runs past the limit and the bot's own sweep lets the count pass."""
        self.clock.now += CLAIM_AFTER + 1
        count = len(self.posts())

        def done() -> bool:
            still = [c for u in waiting if self.open(u) for c in enabled(self.panel(self.seated[u]))
                     if ":muggins:" in c["custom_id"]]
            return len(self.posts()) > count and not still

        await settle(self.bot.client, until=done)
        await settle(self.bot.client)


async def invite(bot: Harness, options: dict[str, Any], note: str, **kwargs: Any) -> dict[str, Any]:
    """/cribbage play with members invited: the host's private note, and the invitation in the channel."""
    play = await bot.command("play", ANN, options, **kwargs)
    assert exchange(bot.of(play)) == [("callback", 5, EPHEMERAL), ("edit-original", None, 0)]
    assert bot.of(play)[-1].content == note
    return bot.last_message(CHANNEL)


async def answer(bot: Harness, invitation: dict[str, Any], verb: str, who: Person,
                 **kwargs: Any) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """A button on the invitation: the interaction, what the member is told privately, the invitation now."""
    payload = await bot.click(invitation, f"crib:game1:0:{verb}", who, **kwargs)
    calls = bot.of(payload)
    assert calls[0].route.endswith("/callback") and calls[-1].flags in (0, EPHEMERAL)
    return payload, calls[-1].content, bot.last_message(CHANNEL)


def thread_of(bot: Harness) -> dict[str, Any]:
    return channel_json(int(bot.fake.last("POST /channels/100/threads").reply["id"]), thread_of=CHANNEL)


async def record_of(bot: Harness, who: Person, thread: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """/cribbage record in the game's thread: the JSON file attached to the private answer, replayed."""
    payload = await bot.command("record", who, channel=thread, **kwargs)
    (name,) = bot.of(payload)[-1].files
    record: dict[str, Any] = json.loads(bot.of(payload)[-1].data[name])
    replayed = replay(record)
    assert replayed.game.over and replayed.game.winner == record["winner"]
    assert [replayed.game.score(s) for s in range(len(record["seats"]))] == record["final"]
    return record


def no_errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]


async def test_three_members_play_muggins_to_the_end_with_claims_passes_and_the_time_limit(
        fake: Any, caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    controller = group_controller(clock=clock, seed=5, images=True)
    bot = await start_bot(controller, fake, sweep_every=0.02)
    invitation = await invite(bot, {"opponent": BOB, "second": CAT, "muggins": True, "target": 61},
                              "Invitation sent to bob and cat.")
    assert invitation["content"] == ("<@2> <@4> bob and cat: ann invites you to a game of cribbage for 3, to 61. "
                                     "Seats: ann, bob (invited), cat (invited). The game starts when every seat is "
                                     "filled.")
    assert labels(invitation) == ["Accept", "Decline", "Computer for empty seats", "Cancel"]
    _, said, invitation = await answer(bot, invitation, "accept", BOB)
    assert said == "bob accepted."
    assert invitation["content"] == ("bob accepted.\ncat: ann invites you to a game of cribbage for 3, to 61. Seats: "
                                     "ann, bob, cat (invited). The game starts when every seat is filled.")
    accepted, said, invitation = await answer(bot, invitation, "accept", CAT)
    here = thread_of(bot)
    assert said == f"The game is in <#{here['id']}>. Your hand (0 to 0 to 0). Lay away 1 for ann's crib."
    assert invitation["content"].endswith(f"\nAccepted: the game is in <#{here['id']}>.")
    assert invitation["components"] == []
    members = Members(bot, clock, "game1", here, {"1": ANN, "2": BOB, "4": CAT},
                      declare=schedule("short", "true", "over", "true"),
                      claim=answers((True,), (False,), (None,), (False, True)), panel_of={"4": accepted})
    assert await members.play_out() is None

    # bob declares 2 of his 4: he waits; cat and ann, on his left, may call muggins; cat does first
    first = members.said[0]
    assert (first.name, first.declared, first.total, first.pad) == ("bob", 2, 4, "Your count")
    assert first.panel == "Scores 6 to 4 to 1. The show, with muggins: waiting for cat, ann."
    assert first.claimants == {"cat": ["Muggins!", "Let it pass"], "ann": ["Muggins!", "Let it pass"]}
    assert first.prompts["ann"] == ("Scores 6 to 4 to 1. bob's hand: Q♠ A♣ 2♣ 4♣ + J♠ — declares 2. Call muggins "
                                    "if points were missed (the first to call takes them), or let it pass.")
    assert members.shorts[:4] == [[("cat", True)], [("ann", False), ("bob", False)], [("bob", None), ("cat", None)],
                                  [("cat", False), ("ann", True)]]
    posts = members.posts()
    shows = members.show_posts()
    assert shows[0].content.startswith("The show:\nbob's hand: Q♠ A♣ 2♣ 4♣ + J♠ — declares 2\n  bob pegs 2 → 4\n"
                                       "  cat: muggins: 2 missed → 3\n")
    # an over-declaration is corrected: the true count is pegged, and the show post says so once it is over
    assert "bob's hand: 2♥ K♥ 3♠ 8♠ + 4♥ — declares 10\n  bob pegs 7 → 12\n" in shows[1].content
    assert shows[1].content.endswith("cat declared 7 for the hand; it counts 9: 2 missed.\n"
                                     "ann declared 5 for the hand: right.\n"
                                     "bob declared 10 for the hand; it counts 7: 3 over-claimed.\n"
                                     "bob declared 0 for the crib: right.")
    # nobody answers the third short count: the sweep lets it pass for both, after the time limit
    timed = [c.content for c in posts if c.content.startswith("Time is up")]
    assert timed == ["Time is up for muggins: bob and cat let the count pass."]
    # one show post a deal, each after its show, with a breakdown picture for every hand and crib shown
    assert members.shows == [0, 1, 2, 3, 4, 5, 6, 7]
    assert [c.files for c in shows] == [tuple(f"show-{k}.png" for k in range(1, 5))] * 7 + [
        ("show-1.png", "show-2.png", "show-3.png")]  # bob's hand won the game in the last show
    assert posts[-1].content == "Game over: bob wins, 58 to 65 to 56."
    assert posts[-1].files == ("board.png", "cribbage-game1.json")

    record = await record_of(bot, CAT, here)
    assert record["seats"] == ["ann", "bob", "cat"] and "seat_changes" not in record
    assert record["rules"] == {"players": 3, "target": 61, "muggins": True, "skunk": True, "overcount": "correct"}
    claims = [d["declarations"][0] for d in record["deals"][:4]]
    assert claims == [
        {"seat": 1, "crib": False, "declared": 2, "claimed": True, "claimant": 2, "passes": []},
        {"seat": 2, "crib": False, "declared": 7, "claimed": False, "claimant": None, "passes": [0, 1]},
        {"seat": 0, "crib": False, "declared": 2, "claimed": False, "claimant": None, "passes": [1, 2]},
        {"seat": 1, "crib": False, "declared": 2, "claimed": True, "claimant": 0, "passes": [2]}]
    assert record["deals"][1]["declarations"][2] == {"seat": 1, "crib": False, "declared": 10, "claimed": None,
                                                    "claimant": None, "passes": []}
    await bot.client.close()
    assert no_errors(caplog) == []
