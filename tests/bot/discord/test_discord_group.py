"""Three- and four-player games with muggins through the Discord door, played the way members play them.

Every interaction is a gateway payload through the real client (tests/bot/discord_helpers.py): the
invitation's buttons, /cribbage play|seat|resign|record|hand, the panels' selects and buttons, the DECLARE
button's number pad and the Muggins!/Let-it-pass buttons. `Members` plays a whole game: whoever must act
looks at their private panel (the message their last interaction left open, refreshed by the bot as the
game moves) and presses an enabled control on it; it fails when a member who must act is offered none.
"""

from __future__ import annotations

import io
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.app.commands import (
    GameInfo,
    GameMessage,
    ShowHand,
)
from bot.app.controller import Controller
from bot.discord.publishing import Panels
from bot.i18n import LANGS, t
from bot.storage import SqliteStorage
from engine.core.cards import parse_card
from engine.core.record import replay
from engine.core.scoring import score_hand
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
from tests.waiting import Clock

CAT, DAN = Person(4, "cat"), Person(5, "dan")
CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
MENTION = re.compile(r"^<@\d+> (?=(?:" + "|".join(re.escape(t("turn.mention", lang)) for lang in LANGS) + r")$)")
"""A turn mention (tests/bot/discord/test_discord_mentions.py): not one of the thread's posts read here."""
CLAIM_AFTER = 120.0


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


def moves(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The enabled controls that act in the game (a panel's review button only says something privately)."""
    return [c for c in enabled(message) if not c["custom_id"].endswith(":review")]


TABLE_HEADS = tuple(t("game.table_head", lang, target="\0", scores="").split("\0")[0] for lang in LANGS)
SHOW_TITLES = tuple(t("game.show_title", lang) for lang in LANGS)
MOVED_LINES = {t("game.table_moved", lang) for lang in LANGS}


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
        """The thread's posts as written, in order, the table left out: each new message, and each old table
        message rewritten into a post when the table was posted anew below it."""
        here = f"/channels/{self.thread['id']}/messages"
        return [c for c in self.bot.fake.calls if (c.route == f"POST {here}" or c.route.startswith(f"PATCH {here}/"))
                and not c.content.startswith(TABLE_HEADS) and c.content not in MOVED_LINES
                and not MENTION.match(c.content)]

    def texts(self) -> list[str]:
        return [c.content for c in self.posts()]

    def panel(self, who: Person) -> dict[str, Any]:
        return self.bot.original(self.panel_of[str(who.id)])

    def answered(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Every interaction is answered (its first request is the callback), and nothing failed."""
        calls = self.bot.of(payload)
        assert calls and calls[0].route.endswith("/callback"), f"unanswered: {payload['data']}"
        if calls[0].body["type"] == 5:  # "thinking…" must be filled in
            assert len(calls) > 1, f"left thinking: {payload['data']}"
        failures = {t("adapter.failure", lang) for lang in LANGS}
        assert not [c for c in calls if c.content in failures]
        return payload

    async def open_hand(self, who: Person) -> dict[str, Any]:
        """The member asks for their panel: bob and cat send /cribbage hand in the thread, ann presses Open my panel
        on the table (the thread's newest public message); either way a new private message."""
        if who.id % 2 == 0:
            payload = await self.bot.command("hand", who, channel=self.thread, **self.locale)
        else:
            meta = await self.controller.run(GameInfo(self.game))
            assert meta is not None
            table = self.bot.fake.messages[int(meta.message)]
            payload = await self.bot.click(table, f"crib:{self.game}:0:hand", who, channel=self.thread, **self.locale)
        assert exchange(self.bot.of(self.answered(payload))) == [("callback", 5, EPHEMERAL), ("edit-original", None, 0)]
        self.panel_of[str(who.id)] = payload
        return self.bot.original(payload)

    def open(self, user: str) -> bool:
        return user in self.panel_of and self.panels.is_open(self.game, user)

    def check_panels(self, waiting: tuple[str, ...]) -> None:
        """Each seated member's open panel offers controls exactly when they must act."""
        for user, who in self.seated.items():
            if self.open(user):
                message = self.panel(who)
                assert bool(moves(message)) == (user in waiting), (who.name, waiting, message["content"])

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
        state = await self.controller.run(GameMessage(self.game))
        if state.finished:
            return None
        assert state.waiting, "the game is not over, but nobody is asked to act"
        user = state.waiting[0]
        who = self.seated[user]
        if not self.open(user):
            await self.open_hand(who)
        self.check_panels(state.waiting)
        message = self.panel(who)
        offered = moves(message)
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
                await self.check_shows(shows)
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
        return [c for c in self.posts() if c.content.startswith(SHOW_TITLES)]

    async def check_shows(self, before: int) -> None:
        """A show post comes once a show is over: the next deal is being laid away, or the game ended."""
        new = self.show_posts()[before:]
        if not new:
            return
        meta = await self.controller.run(GameInfo(self.game))
        assert meta is not None and len(new) == 1
        deals = len(self.bot.front.controller.games.load(self.game).game.deals)
        self.shows.append(deals - (2 if meta.status.live else 1))
        if meta.status.live:
            hand = await self.controller.run(ShowHand(next(iter(self.seated)), self.game))
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
        meta = await self.controller.run(GameInfo(self.game))
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
    invitation = await invite(bot, {"opponent": BOB, "second": CAT, "muggins": True, "target": 61,
                                    "auto_go": False},  # every go pressed: the members' choices as written
                              "Invitation sent to bob and cat.")
    assert invitation["content"] == ("<@2> <@4> bob and cat: ann invites you to a game of cribbage for 3, to 61. "
                                     "Seats: ann, bob (invited), cat (invited). The game starts when every seat is "
                                     "filled. Muggins is on: everyone declares their own counts, and an opponent may "
                                     "claim what is missed.")
    assert labels(invitation) == ["Accept", "Decline", "Computer for empty seats", "Cancel"]
    _, said, invitation = await answer(bot, invitation, "accept", BOB)
    assert said == "bob accepted."
    assert invitation["content"] == ("bob accepted.\ncat: ann invites you to a game of cribbage for 3, to 61. Seats: "
                                     "ann, bob (accepted), cat (invited). The game starts when every seat is filled."
                                     " Muggins is on: everyone declares their own counts, and an opponent may claim "
                                     "what is missed.")
    accepted, said, invitation = await answer(bot, invitation, "accept", CAT)
    here = thread_of(bot)
    assert said == (f"The game is in <#{here['id']}>: press “Open my panel” on its table there to see your cards and "
                    "play.")
    start = bot.fake.find(f"POST /channels/{here['id']}/messages")[0]
    assert start.content.startswith("<@1> <@2> <@4> The game is on. Each player: press “Open my panel”")
    # every seat accepted: the invitation is redrawn to say so, and where the game went
    assert invitation["content"] == ("ann's game of cribbage for 3, to 61. Seats: ann, bob (accepted), cat (accepted)."
                                     " Muggins is on: everyone declares their own counts, and an opponent may claim "
                                     "what is missed.\n"
                                     f"The game has started: it is in <#{here['id']}>.")
    assert invitation["components"] == []
    members = Members(bot, clock, "game1", here, {"1": ANN, "2": BOB, "4": CAT},
                      declare=schedule("short", "true", "over", "true"),
                      claim=answers((True,), (False,), (None,), (False, True)), panel_of={"4": accepted})
    assert await members.play_out() is None

    # bob declares 2 of his 4: he waits; cat and ann, on his left, may call muggins; cat does first
    first = members.said[0]
    assert (first.name, first.declared, first.total, first.pad) == ("bob", 2, 4, "Your count")
    assert first.panel == "Scores ann 6 · bob 4 · cat 1. The show, with muggins: waiting for cat, ann."
    assert first.claimants == {"cat": ["Muggins!", "Let it pass"], "ann": ["Muggins!", "Let it pass"]}
    assert first.prompts["ann"] == ("Scores ann 6 · bob 4 · cat 1. bob's hand: Q♠ A♣ 2♣ 4♣ + J♠ — declares 2. Call "
                                    "muggins "
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
    assert [c.files for c in shows] == [("show.png",)] * 8  # one picture a show
    # three hands and the crib in two columns; bob's hand won the game in the last show: three counts, one column
    sizes = [Image.open(io.BytesIO(c.data["show.png"])).size for c in shows]
    assert sizes == [(1100, 464)] * 7 + [(1100, 696)]
    assert posts[-1].content == ("Game over: bob wins (ann 58 · bob 65 · cat 56).\n"
                                 "Ratings: ann 1500 → 1500, bob 1500 → 1747, cat 1500 → 1253")  # bob > ann > cat
    assert posts[-1].files == ("table.png", "cribbage-game1.json")

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


async def test_four_players_cut_for_partners_a_declined_seat_and_the_overcount_penalty(
        fake: Any, caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    controller = group_controller(clock=clock, seed=7)
    bot = await start_bot(controller, fake)
    invitation = await invite(bot, {"opponent": BOB, "second": CAT, "third": DAN, "muggins": True, "target": 61,
                                    "overcount": "penalty", "auto_go": False},
                              "Invitation sent to bob and cat and dan.")
    assert invitation["content"] == (
        "<@2> <@4> <@5> Cut for partners: ann 6♣, bob K♦, cat 7♠, dan Q♣. ann and cat play against bob and dan.\n"
        "bob and cat and dan: ann invites you to a game of cribbage for 4, to 61. Seats: ann, bob (invited), "
        "cat (invited), dan (invited). The game starts when every seat is filled. Muggins is on: everyone declares "
        "their own counts, and an opponent may claim what is missed.")
    # dan declines (his client speaks Chinese: so does his answer); his seat opens
    _, said, invitation = await answer(bot, invitation, "decline", DAN, locale="zh-CN")
    assert said == "dan 拒绝了；其座位空出（发起人可交给电脑）。"
    assert invitation["content"] == (
        "dan declined; their seat is open (the host can give it to the computer).\nbob and cat: ann invites you to a "
        "game of cribbage for 4, to 61. Seats: ann, bob (invited), cat (invited), an open seat (dan declined). The "
        "game "
        "starts when every seat is filled. Muggins is on: everyone declares their own counts, and an opponent may "
        "claim what is missed.")
    _, said, invitation = await answer(bot, invitation, "fill", BOB)
    assert said == "Only ann, who started this game, can do that."
    _, said, invitation = await answer(bot, invitation, "accept", BOB)
    _, said, invitation = await answer(bot, invitation, "accept", CAT)
    assert said == "cat accepted."
    assert invitation["content"] == (
        "cat accepted.\nann's game of cribbage for 4, to 61. Seats: ann, bob (accepted), cat (accepted), an open seat "
        "(dan declined). Every member has answered; the game starts when ann gives the open seats to the computer."
        " Muggins is on: everyone declares their own counts, and an opponent may claim what is missed.")
    filled, said, invitation = await answer(bot, invitation, "fill", ANN)
    here = thread_of(bot)
    assert said == (f"The game is in <#{here['id']}>: press “Open my panel” on its table there to see your cards and "
                    "play.")
    # the invitation, redrawn: who accepted and who declined, the seat the host filled (not "accepted"), and where
    assert invitation["content"] == (
        "ann's game of cribbage for 4, to 61. Seats: ann, bob (accepted), cat (accepted), computer (normal)."
        " Muggins is on: everyone declares their own counts, and an opponent may claim what is missed.\ndan "
        "declined.\nThe computer (normal) takes the empty seats.\n"
        f"The game has started: it is in <#{here['id']}>.")
    assert invitation["components"] == []
    # the thread: the table names the partners together and says muggins is on; then who partners whom
    posted = [c.content for c in fake.find(f"POST /channels/{here['id']}/messages")]
    (table,) = [text for text in posted if text.startswith("Cribbage")]
    (partners,) = [text for text in posted if text.startswith("Partners")]
    assert table.startswith("Cribbage to 61, with muggins: ann and cat 0 · bob and computer (normal) 0\n")
    assert partners == "Partners: ann and cat play against bob and computer (normal)."
    members = Members(bot, clock, "game1", here, {"1": ANN, "2": BOB, "4": CAT},
                      declare=schedule("short", "true", "over", "true"),
                      claim=answers((False,), (True,), (False, True)), panel_of={"1": filled})
    assert await members.play_out() is None

    # ann declares 6 of 8: her partner cat may not call it; bob may, and the computer waits for him
    first = members.said[0]
    assert (first.name, first.declared, first.total) == ("ann", 6, 8)
    assert first.panel == ("Scores ann and cat 14 · bob and computer (normal) 3. The show, with muggins: waiting for "
                           "bob, computer (normal).")
    assert first.claimants == {"bob": ["Muggins!", "Let it pass"]} and first.others == {"cat": []}
    assert members.shorts == [[("bob", False)], [("bob", True)], [("bob", False)]]
    second = members.said[4]
    assert (second.name, second.panel) == ("cat", "Scores ann and cat 37 · bob and computer (normal) 30. The show, "
                                                  "with muggins: waiting for "
                                                  "computer (normal), bob.")
    show = members.show_posts()[0].content
    assert "ann's hand: 6♦ 8♣ 9♠ 7♥ + 4♠ — declares 6\n  ann pegs 6 → 14\n" \
           "  computer (normal): muggins: 2 missed → 5\n" in show
    # the penalty: cat pegs the true 10 and the 3 she over-declared go to the computer on her left
    assert "cat's hand: Q♠ A♠ 4♣ 10♠ + 4♠ — declares 13\n  cat pegs 10 → 24\n" \
           "  computer (normal): muggins: 3 over-claimed → 16\n" in show
    assert show.endswith("cat declared 13 for the hand; it counts 10: 3 over-claimed.\n"
                         "computer (normal) declared 3 for the hand: right.\n"
                         "computer (normal) declared 3 for the crib: right.")
    # the end note names both partners of the winning side
    assert members.texts()[-1] == ("Game over: bob and computer (normal) win (ann and cat 60 · bob and computer "
                                   "(normal) 61).")

    record = await record_of(bot, ANN, here)
    assert record["seats"] == ["ann", "bob", "cat", "computer (normal)"] and "seat_changes" not in record
    assert record["rules"] == {"players": 4, "target": 61, "muggins": True, "skunk": True, "overcount": "penalty"}
    assert record["final"] == [60, 61, 60, 61] and record["winner"] == 3  # partners opposite share one score
    assert [(p["seat"], p["points"]) for p in record["pegs"] if p["reason"] == "muggins"] == [
        (3, 2), (3, 3), (1, 2), (1, 3), (3, 2)]
    assert [d["declarations"][k] for d, k in zip(record["deals"], (0, 1, 2), strict=True)] == [
        {"seat": 0, "crib": False, "declared": 6, "claimed": True, "claimant": 3, "passes": [1]},
        {"seat": 2, "crib": False, "declared": 6, "claimed": True, "claimant": 1, "passes": []},
        {"seat": 0, "crib": False, "declared": 2, "claimed": True, "claimant": 3, "passes": [1]}]
    await bot.client.close()
    assert no_errors(caplog) == []


async def test_seats_go_to_the_computer_and_the_game_goes_on_across_a_restart(
        fake: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path, clock = tmp_path / "bot.sqlite3", Clock()
    controller = group_controller(path, clock, seed=3)
    bot = await start_bot(controller, fake)
    invitation = await invite(bot, {"opponent": BOB, "second": CAT, "computers": 1, "partners": "listed",
                                    "muggins": True, "target": 61, "auto_go": False}, "Invitation sent to bob and cat.")
    assert invitation["content"] == (
        "<@2> <@4> bob and cat: ann invites you to a game of cribbage for 4, to 61. Seats: ann, bob (invited), "
        "cat (invited), computer (easy). The game starts when every seat is filled. Muggins is on: everyone declares "
        "their own counts, and an opponent may claim what is missed.")
    _, _, invitation = await answer(bot, invitation, "accept", BOB)
    accepted, _, _ = await answer(bot, invitation, "accept", CAT)
    here = thread_of(bot)
    members = Members(bot, clock, "game1", here, {"1": ANN, "2": BOB, "4": CAT},
                      declare=schedule("short", "true", "over", "true"), claim=answers((False,), (True,)),
                      panel_of={"4": accepted})
    assert await members.play_out(lambda who, control: len(members.shows) == 1) is not None

    # the host gives cat's seat to the computer: said in the thread; only the host may
    stale = members.panel(CAT)  # cat's panel as she saw it before
    seat = await bot.command("seat", ANN, {"member": CAT}, channel=here)
    assert exchange(bot.of(seat)) == [("callback", 5, EPHEMERAL), ("edit-original", None, 0)]
    assert bot.of(seat)[-1].content == "ann gives cat's seat to the computer."
    assert members.texts()[-1] == "ann gives cat's seat to the computer."
    refused = await bot.command("seat", BOB, {"member": ANN}, channel=here)
    assert bot.of(refused)[-1].content == "Only ann, who started this game, can do that."
    del members.seated["4"]
    assert enabled(members.panel(CAT)) == []  # her panel is closed; a press from before is refused, nothing changed
    lay = enabled(stale)[0]
    late = await bot.click(stale, lay["custom_id"], CAT, [lay["options"][0]["value"]], channel=here)
    assert bot.of(late)[-1].content == ("Only ann and bob and computer 1 (easy) and computer 2 (easy) play in this "
                                        "game; you can watch.")

    # bob opens the pad to declare his hand; the bot restarts before he submits it
    turn = await members.play_out(lambda who, control: who is BOB and ":declare:" in control["custom_id"])
    assert turn is not None
    pad = await bot.click(turn.message, turn.control["custom_id"], BOB, channel=here)
    assert bot.of(pad)[0].body["type"] == 9
    await bot.client.close()
    controller.close()
    controller = group_controller(path, clock, seed=3)
    bot = members.bot = await start_bot(controller, fake)
    total = true_count(turn.message["content"], crib=False)
    declared = await bot.submit(turn.control["custom_id"], BOB, {"number": str(total)}, message=turn.message,
                                channel=here)
    assert exchange(bot.of(declared)) == [("callback", 5, EPHEMERAL), ("edit-original", None, 0)]
    members.panel_of["2"] = declared
    assert bot.of(declared)[-1].content == (
        "Scores ann and computer 1 (easy) 49 · bob and computer 2 (easy) 41. Muggins is on: count your crib (6♥ 4♥ "
        "10♦ 3♣ + starter 5♣) and declare the "
        "total; points you miss can be claimed.")
    table = {"id": (await controller.run(GameInfo("game1"))).message}  # where the table was before the restart
    edits = len(fake.find(f"PATCH /channels/{here['id']}/messages/{table['id']}"))
    assert await members.play_out(lambda who, control: len(members.shows) == 2) is not None
    resign = await bot.command("resign", BOB, channel=here)
    assert bot.of(resign)[-1].content == "You resigned."
    assert members.texts()[-1] == "bob leaves the game; the computer takes their seat."
    del members.seated["2"]
    assert await members.play_out() is None
    assert len(fake.find(f"PATCH /channels/{here['id']}/messages/{table['id']}")) > edits  # found after it

    said = members.texts()
    assert said.index("ann gives cat's seat to the computer.") < said.index(
        "bob leaves the game; the computer takes their seat.")
    assert said[-1] == (
        "Game over: computer 3 (easy) and computer 2 (easy) win (ann and computer 1 (easy) 60 · computer 3 (easy) and "
        "computer 2 (easy) 67).")
    record = await record_of(bot, ANN, here)
    # a computer's name never moves: the one seated from the start is 'computer 2' once cat's seat is handed over
    assert record["seats"] == ["ann", "computer 3 (easy)", "computer 1 (easy)", "computer 2 (easy)"]
    assert record["seat_changes"] == [{"seat": 2, "was": "cat", "by": "easy", "version": 38},
                                      {"seat": 1, "was": "bob", "by": "easy", "version": 65}]
    assert record["rules"]["players"] == 4 and record["final"] == [60, 67, 60, 67]
    assert record["deals"][0]["declarations"][0] == {"seat": 1, "crib": False, "declared": 4, "claimed": False,
                                                     "claimant": None, "passes": [2, 0]}
    assert record["deals"][1]["declarations"][2] == {"seat": 0, "crib": False, "declared": 6, "claimed": True,
                                                     "claimant": 1, "passes": []}
    await bot.client.close()
    assert no_errors(caplog) == []


async def test_a_group_game_in_chinese_in_public_and_in_private(fake: Any, caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    controller = group_controller(clock=clock, seed=8)
    bot = await start_bot(controller, fake, sweep_every=0.02)
    zh = {"locale": "zh-CN", "guild_locale": "zh-CN"}
    invitation = await invite(bot, {"opponent": BOB, "computers": 1, "muggins": True, "target": 61, "auto_go": False},
                              "已向 bob 发出邀请。", **zh)
    assert invitation["content"] == ("<@2> bob：ann 邀请你参加一局 3 人、61 分的克里比奇牌。座位：ann，bob（已邀请），"
                                     "computer (easy)。所有座位坐满后游戏开始。罚分规则（muggins）开启：每人自己报分，"
                                     "漏报的分数可被对手喊走。")
    assert labels(invitation) == ["接受", "拒绝", "空位由电脑补上", "取消"]
    accepted, said, invitation = await answer(bot, invitation, "accept", BOB, **zh)
    here = thread_of(bot)
    assert said == f"游戏在 <#{here['id']}>：在那里的牌桌上点“我的面板”查看手牌并出牌。"
    assert invitation["content"] == ("ann 发起的 3 人、61 分的克里比奇牌。座位：ann，bob（已接受），"
                                     "computer (easy)。罚分规则（muggins）开启：每人自己报分，漏报的分数可被"
                                     f"对手喊走。\n游戏已开始：在 <#{here['id']}>。")
    members = Members(bot, clock, "game1", here, {"1": ANN, "2": BOB},
                      declare=schedule("short", "true", "over", "true"), claim=answers((None,), (True,), (False,)),
                      panel_of={"2": accepted}, locale=zh)
    assert await members.play_out() is None

    posts = members.texts()
    assert posts[0] == "<@1> <@2> 游戏开始。各位玩家：点击下方牌桌上的“我的面板”查看手牌并出牌（面板只有你能看到）。"
    first_table = bot.fake.find(f"POST /channels/{here['id']}/messages")[1].content
    assert first_table.startswith("克里比奇牌，61 分获胜，罚分规则（muggins）开启：ann 0 分，bob 0 分，"
                                  "computer (easy) 0 分\n"
                                  "第 1 局，ann 发牌。正在放底牌：ann，bob。")
    # bob declares 2 of 4: ann may call it, the computer waits for her; she does not answer in time
    first = members.said[0]
    assert (first.name, first.declared, first.total, first.pad) == ("bob", 2, 4, "你的分数")
    assert first.panel == ("比分 ann 1 分，bob 4 分，computer (easy) 4 分。亮牌（罚分规则）：等待 "
                           "computer (easy)，ann。")
    assert first.claimants == {"ann": ["罚分！", "放过"]}
    assert first.prompts["ann"] == ("比分 ann 1 分，bob 4 分，computer (easy) 4 分。bob 的手牌：8♦ Q♦ 5♦ 6♣ + 6♠ — "
                                    "报 2 分。如有漏分可喊“罚分！”（先喊者得分），或放过。")
    assert members.said[1].panel == ("比分 ann 6 分，bob 4 分，computer (easy) 10 分。罚分规则开启：请计算你的底牌"
                                     "（7♥ 7♠ 2♥ 5♠ + 翻牌 6♠）并报出总分；漏报的分数可被对手拿走。")
    assert members.shorts == [[("ann", None)], [("ann", True)]]
    assert posts[1] == "罚分时间已过：ann 放过了这次报分。"
    # then the computer takes the points: it claims only once the members have let them go
    assert posts[2] == ("亮牌：\nbob 的手牌：8♦ Q♦ 5♦ 6♣ + 6♠ — 报 2 分\n  bob 得 2 分 → 4\n"
                        "  computer (easy)：muggins: 2 missed（抢分（muggins），2 分） → 6\n"
                        "computer (easy) 的手牌：10♠ Q♠ 2♣ 3♦ + 6♠ — 报 4 分\n  computer (easy) 得 4 分 → 10\n"
                        "ann 的手牌：6♥ 8♥ J♥ J♠ + 6♠ — 报 5 分\n  ann 得 5 分 → 6\n"
                        "ann 的底牌：7♥ 7♠ 2♥ 5♠ + 6♠ — 报 15 分\n  ann 得 12 分 → 18\n"
                        "bob 的手牌报了 2 分，实际 4 分：漏了 2 分。\ncomputer (easy) 的手牌报了 4 分：正确。\n"
                        "ann 的手牌报了 5 分：正确。\nann 的底牌报了 15 分，实际 12 分：多报了 3 分。")
    assert "  ann：muggins: 2 missed（抢分（muggins），2 分） → 29\n" in posts[5]
    assert posts[-1] == ("游戏结束：ann 获胜（ann 66 分，bob 22 分，computer (easy) 52 分）。\n"
                         "等级分：ann（1500 → 1662），bob（1500 → 1338）")
    assert members.shows == [0, 1, 2, 3, 4, 5]

    record = await record_of(bot, BOB, here, **zh)
    assert record["seats"] == ["ann", "bob", "computer (easy)"]
    assert record["deals"][0]["declarations"][0] == {"seat": 1, "crib": False, "declared": 2, "claimed": True,
                                                     "claimant": 2, "passes": [0]}
    await bot.client.close()
    assert no_errors(caplog) == []


async def test_a_member_against_three_computers_hears_the_cut_for_partners(
        fake: Any, caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    controller = group_controller(clock=clock, seed=7)
    bot = await start_bot(controller, fake)
    play = await bot.command("play", ANN, {"computers": 3, "muggins": True, "target": 61})
    here = thread_of(bot)
    assert bot.of(play)[-1].content.startswith(f"Your game is in <#{here['id']}>: press “Open my panel”")
    members = Members(bot, clock, "game1", here, {"1": ANN}, declare=schedule("short", "over"),
                      panel_of={"1": play})
    cut, start = members.texts()
    table = bot.last_message(int(here["id"]))["content"]
    assert start.startswith("<@1> The game is on.")
    # the table names the partners together, and says muggins is on
    assert table.startswith("Cribbage to 61, with muggins: ann and computer 2 (easy) 0 · computer 1 (easy) and "
                            "computer 3 (easy) 0\n")
    assert cut == ("Cut for partners: ann 6♣, computer 1 (easy) K♦, computer 2 (easy) 7♠, computer 3 (easy) Q♣. "
                   "ann and computer 2 (easy) play against computer 1 (easy) and computer 3 (easy).")
    assert await members.play_out() is None
    record = await record_of(bot, ANN, here)
    assert record["seats"] == ["ann", "computer 1 (easy)", "computer 2 (easy)", "computer 3 (easy)"]
    final = record["final"]
    assert final[0] == final[2] and final[1] == final[3]
    # only computers may claim ann's short counts: each one at once, by the first on her left
    short = [d for deal in record["deals"] for d in deal["declarations"] if d["seat"] == 0 and d["claimed"]]
    assert short and all(d["claimant"] == 1 and d["passes"] == [] for d in short)
    await bot.client.close()
    assert no_errors(caplog) == []


async def three_members(fake: Any, clock: Clock, **kwargs: Any) -> Members:
    """ann, bob and cat at a muggins game to 61 in the channel's thread (seed 5: bob declares first), every panel
    open."""
    bot = await start_bot(group_controller(clock=clock, seed=5), fake)
    invitation = await invite(bot, {"opponent": BOB, "second": CAT, "muggins": True, "target": 61},
                              "Invitation sent to bob and cat.")
    _, _, invitation = await answer(bot, invitation, "accept", BOB)
    accepted, _, _ = await answer(bot, invitation, "accept", CAT)
    assert accepted  # cat's answer in the channel points to the thread; her panel opens there
    members = Members(bot, clock, "game1", thread_of(bot), {"1": ANN, "2": BOB, "4": CAT}, **kwargs)
    for who in (ANN, BOB, CAT):
        await members.open_hand(who)
    return members


@pytest.mark.parametrize(("locale", "said", "now"), [
    ("en-US", "cat called first and took the missed points; nothing changed. Here is your hand now.",
     "Scores ann 6 · bob 6 · cat 3. The show, with muggins: waiting for cat."),
    ("zh-CN", "cat 先喊了罚分，拿走了漏掉的分；没有任何改变。这是你现在的手牌。",
     "比分 ann 6 分，bob 6 分，cat 3 分。亮牌（罚分规则）：等待 cat。")])
async def test_the_member_who_loses_a_muggins_race_hears_who_called_first(
        fake: Any, locale: str, said: str, now: str, caplog: pytest.LogCaptureFixture) -> None:
    members = await three_members(fake, Clock(), declare=schedule("short"), claim=answers((True,)))
    bot, here = members.bot, members.thread
    # bob declares 2 of his 4: cat and ann may both call muggins, and both press Muggins! at once
    turn = await members.play_out(lambda who, control: ":muggins:" in control["custom_id"])
    assert turn is not None and turn.who is CAT
    ann = members.panel(ANN)
    (call,) = [c["custom_id"] for c in enabled(ann) if c["custom_id"].endswith(":yes")]
    await members.press(turn)  # cat's call comes first
    late = await bot.click(ann, call, ANN, channel=here, locale=locale)
    assert exchange(bot.of(late)) == [("callback", 6, 0), ("edit-original", None, 0)]
    # who won the race, not "that choice was from an earlier moment", and her panel as it is now, right below
    assert bot.of(late)[-1].content == f"{said}\n\n{now}"
    await bot.client.close()
    assert no_errors(caplog) == []


async def test_a_member_who_resigns_or_whose_seat_is_given_away_keeps_no_live_panel(
        fake: Any, caplog: pytest.LogCaptureFixture) -> None:
    members = await three_members(fake, Clock())
    bot, here = members.bot, members.thread
    assert enabled(members.panel(BOB)) and enabled(members.panel(CAT))  # laying away: each may choose
    resign = await bot.command("resign", BOB, channel=here)
    assert bot.of(resign)[-1].content == "You resigned."
    assert members.panel(BOB)["content"] == "You resigned." and enabled(members.panel(BOB)) == []
    seat = await bot.command("seat", ANN, {"member": CAT}, channel=here)
    assert bot.of(seat)[-1].content == "ann gives cat's seat to the computer."
    assert members.panel(CAT)["content"] == ("Your seat in this game is the computer's now; you can watch the game "
                                             "in its thread.")
    assert enabled(members.panel(CAT)) == []
    assert enabled(members.panel(ANN))  # the host plays on
    await bot.client.close()
    assert no_errors(caplog) == []


async def test_my_review_of_a_deal_answers_in_a_group_game(fake: Any, caplog: pytest.LogCaptureFixture) -> None:
    members = await three_members(fake, Clock())
    bot, here = members.bot, members.thread
    assert await members.play_out(lambda who, control: len(members.shows) == 1) is not None
    message = members.panel(BOB)  # the review is offered in bob's own panel, not on the public show post
    review = await bot.click(message, "crib:game1:0:review", BOB, channel=here)
    assert exchange(bot.of(review)) == [("callback", 5, EPHEMERAL), ("edit-original", None, 0)]  # only bob sees it
    assert bot.of(review)[-1].content == (
        "Your review of deal 1\nLay-away: 7♣ (2.1 points expected for you), choice 2 of 5. Best: Q♠ (5.0). Cost: 2.9 "
        "points.\nJudged from your own five cards, as you saw them when laying away: the four you kept over every "
        "starter, and ann's crib over every card you could not see; its points count half against you, since the "
        "third player loses by them too.\nPegging and the chance of winning are reviewed in games of two only.")
    spectator = await bot.click(message, "crib:game1:0:review", Person(7, "eve"), channel=here, locale="zh-CN")
    assert bot.of(spectator)[-1].content == "只有本局的玩家可以查看复盘。"
    await bot.client.close()
    assert no_errors(caplog) == []
